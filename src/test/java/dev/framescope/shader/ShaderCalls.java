package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.util.Map;

/** Calls shader tools in-process through the real registry and invoker, and finds effects in their reports. */
final class ShaderCalls {

    private ShaderCalls() {
    }

    /** The JSON body of the call's result (a success's body or an error's {code, message, context}). */
    static JsonNode call(ToolGroups.Toolkit toolkit, String tool, Map<String, Object> args) throws Exception {
        CallToolResult result = toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(), args,
                ToolContext.SILENT);
        String text = ((TextContent) result.content().get(0)).text();
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }

    static JsonNode effect(JsonNode report, String id) {
        return effect(report, id, null);
    }

    /** The result for {@code id} on {@code backend} (any backend when null) in a per-effect report. */
    static JsonNode effect(JsonNode report, String id, String backend) {
        for (JsonNode e : report.at("/effects/preview")) {
            if (e.get("effect").asText().equals(id) && (backend == null || backend.equals(e.path("backend").asText()))) {
                return e;
            }
        }
        throw new AssertionError(id + " (" + backend + ") missing from " + report);
    }
}
