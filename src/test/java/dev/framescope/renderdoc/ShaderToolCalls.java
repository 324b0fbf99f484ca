package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Calls into the RenderDoc tools through the tool registry (schema check, conversion, output budget, the real
 * bridge) for the shader tool tests, and the capture fixtures' ground truth they assert against.
 */
final class ShaderToolCalls {

    static final Path CAPTURES = Path.of("demo/captures");
    static final String GL = CAPTURES.resolve("gl_defects.rdc").toAbsolutePath().toString();
    static final String VK = CAPTURES.resolve("vk_defects.rdc").toAbsolutePath().toString();
    static final String LIGHTING = CAPTURES.resolve("vk_lighting.rdc").toAbsolutePath().toString();
    static final String VKCUBE = CAPTURES.resolve("vkcube.rdc").toAbsolutePath().toString();

    private final ToolGroups.Toolkit toolkit;
    private final JsonNode truth;

    ShaderToolCalls(Path state) throws Exception {
        toolkit = ToolGroups.create(Config.defaults(state));
        truth = Json.mapper().readTree(Files.readString(CAPTURES.resolve("ground-truth.json")));
    }

    CallToolResult raw(String tool, Object... keyValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            args.put((String) keyValues[i], keyValues[i + 1]);
        }
        return toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(), args, ToolContext.SILENT);
    }

    /** The JSON answer of a call that must succeed. */
    JsonNode call(String tool, Object... keyValues) throws Exception {
        return answer(raw(tool, keyValues));
    }

    static JsonNode answer(CallToolResult result) throws Exception {
        String text = ((TextContent) result.content().get(0)).text();
        assertFalse(Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }

    /** The {code, message, context} of a call that must fail. */
    JsonNode error(String tool, Object... keyValues) throws Exception {
        CallToolResult result = raw(tool, keyValues);
        String text = ((TextContent) result.content().get(0)).text();
        assertTrue(Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text);
    }

    /** The draw of a capture's ground truth with this kind. */
    JsonNode draw(String capture, String kind) {
        for (JsonNode d : truth.at("/captures/" + capture + "/draws")) {
            if (d.get("kind").asText().equals(kind)) {
                return d;
            }
        }
        throw new AssertionError(kind + " in " + capture);
    }

    JsonNode truth(String capture) {
        return truth.at("/captures/" + capture);
    }

    int eventOf(String capture, String marker) throws Exception {
        return call("iterate_actions", "capture", capture, "marker_filter", marker, "draws_only", true)
                .at("/preview/0/event_id").asInt();
    }

    /** NaN pixels of the named float target after the frame, as analyze_nan_inf counts them. */
    int nanPixels(String capture, String texture) throws Exception {
        return call("analyze_nan_inf", "capture", capture, "texture", texture).at("/targets/0/nan_pixels").asInt();
    }

    static String md5(String file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(Files.readAllBytes(Path.of(file))));
    }
}
