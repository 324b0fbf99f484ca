package dev.framescope.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The served tools as a client that is not an MCP client sees them (the capture console): find them, call them,
 * read plain JSON answers. The server implements it over its registry and invoker, so a call gets the same
 * validation, time limits, output budgets, counters and errors as a {@code tools/call}; the client depends only on
 * this interface, never on the server. Implementations are safe to call from several threads.
 */
public interface ToolCaller {

    /**
     * One call's outcome: {@code body} is the result's structured content, or {code, message, context} when
     * {@code error}; {@code text} is what an MCP client would read first (the summary line).
     */
    record Answer(String tool, Map<String, Object> arguments, boolean error, JsonNode body, String text,
                  long millis) {

        public String errorCode() {
            return error ? body.path("code").asText("INTERNAL") : null;
        }
    }

    /** A tool as a planner sees it: name, description and input schema; its hints say whether it changes anything. */
    record ToolInfo(String name, String title, String description, ObjectNode inputSchema, ToolHints hints) {
    }

    /** The tool with this name or older alias. */
    Optional<ToolInfo> find(String name);

    /** The tools of one group ("renderdoc", "physics", ...), or of all groups for null. */
    List<ToolInfo> tools(String group);

    /** Runs one tool; never throws for the tool's own failures (they come back as an error answer). */
    Answer call(String name, Map<String, Object> arguments, ToolContext context);
}
