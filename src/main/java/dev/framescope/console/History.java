package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * A project's {@code history.json}, as {@code GET /projects/:id/history} answers it.
 *
 * @param version     0 for a new project, +1 on every successful write; a write naming an older version is refused
 * @param submissions JSON array, the design's submissions, kept verbatim
 * @param messages    JSON array, the design's messages, kept verbatim
 */
@JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
public record History(long version, JsonNode submissions, JsonNode messages) {

    public static History empty() {
        return new History(0, JsonNodeFactory.instance.arrayNode(), JsonNodeFactory.instance.arrayNode());
    }
}
