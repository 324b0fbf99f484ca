package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link ToolCaller} over this server's registry and invoker: the same validation, time limits, output budgets,
 * counters and errors as a {@code tools/call}, answered as plain JSON.
 */
public final class RegistryCaller implements ToolCaller {

    private final ToolRegistry registry;
    private final ToolInvoker invoker;

    public RegistryCaller(ToolGroups.Toolkit toolkit) {
        this.registry = toolkit.registry();
        this.invoker = toolkit.invoker();
    }

    @Override
    public Optional<ToolInfo> find(String name) {
        return registry.find(name).map(this::info);
    }

    @Override
    public List<ToolInfo> tools(String group) {
        return registry.groups().stream().filter(g -> group == null || group.equals(g.name()))
                .flatMap(g -> registry.tools(g).stream()).map(this::info).toList();
    }

    private ToolInfo info(ToolDef<?> tool) {
        return new ToolInfo(tool.name(), tool.title(), tool.description(), registry.inputSchema(tool), tool.hints());
    }

    @Override
    public Answer call(String name, Map<String, Object> arguments, ToolContext context) {
        long start = System.nanoTime();
        Optional<ToolDef<?>> tool = registry.find(name);
        if (tool.isEmpty()) {
            ObjectNode error = Json.mapper().createObjectNode().put("code", "NOT_FOUND")
                    .put("message", "no tool named " + name);
            return new Answer(name, arguments, true, error, error.get("message").asText(), 0);
        }
        CallToolResult result = invoker.call(tool.get(), registry.arguments(name, arguments), context);
        String text = result.content().isEmpty() || !(result.content().get(0) instanceof TextContent t) ? ""
                : t.text();
        boolean error = Boolean.TRUE.equals(result.isError());
        JsonNode body;
        if (result.structuredContent() != null) {
            body = Json.mapper().valueToTree(result.structuredContent());
        } else {
            body = parse(text.substring(Math.max(0, text.indexOf('{'))));
        }
        String summary = error ? body.path("message").asText(text) : text.contains("\n\n")
                ? text.substring(0, text.indexOf("\n\n")) : body.path("summary").asText("");
        return new Answer(name, arguments, error, body, summary, (System.nanoTime() - start) / 1_000_000);
    }

    private static JsonNode parse(String text) {
        try {
            return Json.mapper().readTree(text);
        } catch (Exception e) {
            return Json.mapper().createObjectNode().put("text", text);
        }
    }
}
