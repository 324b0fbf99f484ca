package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** render_effect_frame in real headless Chromium: GPU readback on both backends, uniforms, images, errors. */
@Timeout(180)
class RenderEffectFrameIT {

    @TempDir
    Path stateDir;

    private static CallToolResult call(ToolGroups.Toolkit toolkit, Map<String, Object> args) {
        return toolkit.invoker().call(toolkit.registry().find("render_effect_frame").orElseThrow(), args,
                ToolContext.SILENT);
    }

    private static JsonNode frame(CallToolResult result) throws Exception {
        assertFalse(result.isError(), result.toString());
        String text = ((TextContent) result.content().get(0)).text();
        return Json.mapper().readTree(text.substring(text.indexOf('{'))).at("/frames/preview/0");
    }

    @Test
    void bothBackendsReadBackTheSamePixelsAndUniformsChangeThem() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        JsonNode gl = frame(call(toolkit, Map.of("effect", "synth/gradient", "backend", "webgl2", "width", 64,
                "height", 32)));
        JsonNode gpu = frame(call(toolkit, Map.of("effect", "synth/gradient", "backend", "webgpu", "width", 64,
                "height", 32)));
        assertEquals("ok", gl.get("status").asText(), gl.toString());
        assertEquals("ok", gpu.get("status").asText(), gpu.toString());
        assertTrue(gl.get("renderer").asText().contains("SwiftShader"), gl.toString());
        for (int c = 0; c < 3; c++) {
            assertEquals(gl.at("/metrics/mean_rgb/" + c).asDouble(), gpu.at("/metrics/mean_rgb/" + c).asDouble(),
                    1.0 / 255, "channel " + c + ": GLSL and WGSL agree (WGSL flips y)");
        }
        assertFalse(gl.at("/metrics/is_essentially_blank").asBoolean());
        assertTrue(gl.at("/metrics/unique_sampled_colors").asInt() > 10);
        // The gradient wraps, so shifting it keeps every whole-image mean: compare a pixel instead.
        int before = firstPixel(call(toolkit, Map.of("effect", "synth/gradient", "width", 64, "height", 32,
                "time", 0.25, "include_image", true)));
        int after = firstPixel(call(toolkit, Map.of("effect", "synth/gradient", "width", 64, "height", 32,
                "time", 0.25, "include_image", true, "uniforms", Map.of("speed", 2.0))));
        assertTrue(before != after, "speed moves the gradient at t = 0.25: " + Integer.toHexString(before));
    }

    private static int firstPixel(CallToolResult result) throws Exception {
        byte[] png = Base64.getDecoder().decode(((ImageContent) result.content().get(1)).data());
        return javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png)).getRGB(0, 0);
    }

    @Test
    void imageIsPngContentWithoutStructuredContent() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        CallToolResult result = call(toolkit, Map.of("effect", "synth/gradient", "include_image", true, "width", 32,
                "height", 16));
        assertNull(result.structuredContent());
        byte[] png = Base64.getDecoder().decode(((ImageContent) result.content().get(1)).data());
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
    }

    @Test
    void brokenProgramReportsItsDiagnosticsAndTheBatchGoesOn() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        CallToolResult result = call(toolkit, Map.of("effect", "broken/glsl-error,synth/gradient", "width", 16,
                "height", 16));
        String text = ((TextContent) result.content().get(0)).text();
        JsonNode frames = Json.mapper().readTree(text.substring(text.indexOf('{'))).at("/frames/preview");
        assertEquals("error", frames.at("/0/status").asText());
        assertEquals(8, frames.at("/0/diagnostics/0/line").asInt());
        assertEquals("ok", frames.at("/1/status").asText());
        JsonNode both = Json.mapper().readTree(((TextContent) call(toolkit, Map.of("effect", "synth/gradient",
                "backend", "both")).content().get(0)).text());
        assertEquals("INVALID_ARGUMENT", both.get("code").asText());
    }

    @Test
    void multiPassFeedbackRendersItsTrailOnBothBackends() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        JsonNode faint = frame(call(toolkit, Map.of("effect", "synth/trails", "time", 0.1, "width", 64, "height", 64,
                "uniforms", Map.of("decay", 0.0))));
        JsonNode trail = frame(call(toolkit, Map.of("effect", "synth/trails", "time", 0.1, "width", 64, "height", 64,
                "uniforms", Map.of("decay", 0.95))));
        assertEquals("ok", trail.get("status").asText(), trail.toString());
        assertTrue(trail.get("note").asText().startsWith("feedback effect"), trail.toString());
        assertTrue(trail.at("/metrics/mean_rgb/0").asDouble() > 1.5 * faint.at("/metrics/mean_rgb/0").asDouble(),
                "with decay the previous frames stay: " + trail + " vs " + faint);
        JsonNode gpu = frame(call(toolkit, Map.of("effect", "synth/trails", "backend", "webgpu", "time", 0.1,
                "width", 64, "height", 64, "uniforms", Map.of("decay", 0.95))));
        assertEquals("ok", gpu.get("status").asText(), gpu.toString());
        assertEquals(trail.at("/metrics/mean_rgb/0").asDouble(), gpu.at("/metrics/mean_rgb/0").asDouble(), 1.0 / 255,
                "the WGSL passes give the GLSL picture");
    }
}
