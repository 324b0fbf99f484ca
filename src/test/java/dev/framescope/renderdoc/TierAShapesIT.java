package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden shapes of the Tier A answers: every key and the JSON types its value takes, merged over both fixtures,
 * compared with src/test/resources/golden/renderdoc/<tool>.json. A change of shape fails here and must be made on
 * purpose: run with -Dgolden.update=true to rewrite the files, then review the diff (agents and clients rely on
 * these shapes).
 */
@Timeout(180)
class TierAShapesIT {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/renderdoc");

    @TempDir
    Path state;

    @Test
    void tierAShapesAreTheGoldenOnes() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        Map<String, JsonNode> shapes = new LinkedHashMap<>();
        for (String name : new String[] {"gl_defects", "vk_defects"}) {
            String capture = "demo/captures/" + name + ".rdc";
            JsonNode actions = call(toolkit, "iterate_actions", Map.of("capture", capture, "marker_filter", "NaN quad",
                    "draws_only", true));
            int nanEvent = actions.at("/preview/0/event_id").asInt();
            // golden file name → the call; open_capture_overview is also what get_frame_summary answers now
            Map<String, Map.Entry<String, Map<String, Object>>> calls = new LinkedHashMap<>();
            calls.put("open_capture", Map.entry("open_capture", Map.of("capture", capture)));
            calls.put("open_capture_overview", Map.entry("open_capture", Map.of("capture", capture, "overview",
                    true)));
            calls.put("get_counters", Map.entry("get_counters", Map.of("capture", capture)));
            calls.put("get_event_insight", Map.entry("get_event_insight", Map.of("capture", capture, "event_id",
                    nanEvent)));
            calls.put("get_frame_digest", Map.entry("get_frame_digest", Map.of("capture", capture)));
            for (Map.Entry<String, Map.Entry<String, Map<String, Object>>> c : calls.entrySet()) {
                JsonNode shape = shape(call(toolkit, c.getValue().getKey(), c.getValue().getValue()));
                shapes.merge(c.getKey(), shape, TierAShapesIT::merge);
            }
            Thread.sleep(1_200); // two heartbeats: the bridge reports itself idle, with no active request
            JsonNode bridge = call(toolkit, "get_server_diagnostics", Map.of("include_environment", false))
                    .path("renderdoc_bridge");
            shapes.merge("renderdoc_bridge", shape(bridge), TierAShapesIT::merge);
        }
        boolean update = Boolean.getBoolean("golden.update");
        for (Map.Entry<String, JsonNode> e : shapes.entrySet()) {
            Path file = GOLDEN.resolve(e.getKey() + ".json");
            String text = Json.pretty(e.getValue()) + "\n";
            if (update) {
                Files.writeString(file, text);
            }
            assertTrue(Files.exists(file), "no golden shape " + file + "; run with -Dgolden.update=true");
            assertEquals(Files.readString(file), text, e.getKey() + " changed shape; if on purpose, run with "
                    + "-Dgolden.update=true and review the diff");
            assertTrue(e.getValue().has("schema_version"), e.getKey() + " has schema_version");
        }
    }

    private static JsonNode call(ToolGroups.Toolkit toolkit, String tool, Map<String, Object> arguments)
            throws Exception {
        CallToolResult result = toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(), arguments,
                ToolContext.SILENT);
        String text = ((TextContent) result.content().get(0)).text();
        assertTrue(!Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }

    /** Objects keep their keys (sorted), arrays become [merged element shape], scalars their JSON type. */
    static JsonNode shape(JsonNode node) {
        if (node.isObject()) {
            ObjectNode out = Json.mapper().createObjectNode();
            new TreeSet<>(iterable(node.fieldNames())).forEach(k -> out.set(k, shape(node.get(k))));
            return out;
        }
        if (node.isArray()) {
            JsonNode element = null;
            for (JsonNode item : node) {
                element = element == null ? shape(item) : merge(element, shape(item));
            }
            return Json.mapper().createArrayNode().add(element == null ? new TextNode("empty") : element);
        }
        return new TextNode(node.isNumber() ? "number" : node.isTextual() ? "string" : node.isBoolean() ? "boolean"
                : "null");
    }

    static JsonNode merge(JsonNode a, JsonNode b) {
        if (a.isObject() && b.isObject()) {
            ObjectNode out = Json.mapper().createObjectNode();
            TreeSet<String> keys = new TreeSet<>(iterable(a.fieldNames()));
            keys.addAll(iterable(b.fieldNames()));
            for (String k : keys) {
                out.set(k, !a.has(k) ? b.get(k) : !b.has(k) ? a.get(k) : merge(a.get(k), b.get(k)));
            }
            return out;
        }
        if (a.isArray() && b.isArray()) {
            JsonNode ea = a.get(0);
            JsonNode eb = b.get(0);
            return Json.mapper().createArrayNode().add(ea.asText().equals("empty") ? eb : eb.asText().equals("empty")
                    ? ea : merge(ea, eb));
        }
        TreeSet<String> types = new TreeSet<>();
        for (JsonNode n : new JsonNode[] {a, b}) {
            types.add(n.isTextual() ? n.asText() : n.isObject() ? "object" : "array");
        }
        return new TextNode(String.join("|", types));
    }

    private static java.util.List<String> iterable(Iterator<String> it) {
        java.util.List<String> list = new java.util.ArrayList<>();
        it.forEachRemaining(list::add);
        return list;
    }
}
