package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import dev.framescope.shader.RuntimePage.Pixels;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.util.Map;

/** Calls shader tools in-process through the real registry and invoker, and finds effects in their reports. */
final class ShaderCalls {

    private ShaderCalls() {
    }

    /** The JSON body of the call's result (a success's body or an error's {code, message, context}). */
    static JsonNode call(ToolGroups.Toolkit toolkit, String tool, Map<String, Object> args) throws Exception {
        CallToolResult result = toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(),
                toolkit.registry().arguments(tool, args), ToolContext.SILENT);
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

    /** RGB of every pixel of a rendered frame (rows top-down), after asserting it rendered; {@code why} names it. */
    static int[] rgb(Pixels pixels, String why) {
        assertEquals("ok", pixels.status(), why + ": " + pixels.diagnostics() + " " + pixels.note());
        int count = pixels.width() * pixels.height();
        int[] rgb = new int[count * 3];
        for (int p = 0; p < count; p++) {
            for (int c = 0; c < 3; c++) {
                rgb[3 * p + c] = pixels.rgba()[4 * p + c] & 0xff;
            }
        }
        return rgb;
    }

    /**
     * Asserts a ground truth's pixels ({@code [{x, y, rgb}]}, y from the top, bytes) within 1 of the frame's;
     * {@code at} names the case.
     */
    static void matchesPixels(Pixels pixels, JsonNode expected, String at) {
        int[] rgb = rgb(pixels, at);
        for (JsonNode p : expected) {
            int i = 3 * (p.get("y").asInt() * pixels.width() + p.get("x").asInt());
            for (int ch = 0; ch < 3; ch++) {
                int want = p.get("rgb").get(ch).asInt();
                assertTrue(Math.abs(want - rgb[i + ch]) <= 1, at + ": pixel " + p + " channel " + ch + " is "
                        + rgb[i + ch]);
            }
        }
    }
}
