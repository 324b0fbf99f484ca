package dev.framescope.console;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * {@code GET /projects/:id}: the project's identity and the captures stored in it. The capture list is read from
 * the {@code captures/} folder, not kept in {@code project.json}, so the two can never disagree.
 *
 * @param createdAt ISO 8601 UTC
 * @param updatedAt ISO 8601 UTC
 */
@JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
public record Project(String id, String name, String createdAt, String updatedAt, List<Capture> captures) {

    public Project {
        captures = List.copyOf(captures);
    }

    /**
     * @param path     relative to the project ({@code captures/frame.rdc}); what nl-debug's capturePath takes
     * @param size     bytes
     * @param storedAt ISO 8601 UTC, when the capture was stored (its file's modification time)
     */
    @JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
    public record Capture(String path, long size, String storedAt) {
    }
}
