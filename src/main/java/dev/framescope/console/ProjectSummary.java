package dev.framescope.console;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One row of {@code GET /projects}: camelCase on the wire, as the design's front end reads it.
 *
 * @param updatedAt  ISO 8601 UTC, the last change to the project (capture, history, resource)
 * @param hasCapture whether the project holds at least one stored capture
 */
@JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
public record ProjectSummary(String id, String name, String updatedAt, boolean hasCapture) {
}
