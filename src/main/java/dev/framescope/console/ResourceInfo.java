package dev.framescope.console;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One row of {@code GET /projects/:id/resources}.
 *
 * @param path      relative to the project, with {@code /}: what {@code GET /projects/:id/resource?path=} takes
 * @param type      "capture" (captures/*.rdc), "image", "json", "text" or "file", from the name
 * @param size      bytes
 * @param updatedAt ISO 8601 UTC, the file's modification time
 */
@JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
public record ResourceInfo(String path, String type, long size, String updatedAt) {
}
