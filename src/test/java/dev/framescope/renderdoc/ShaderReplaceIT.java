package dev.framescope.renderdoc;

import static dev.framescope.renderdoc.ShaderToolCalls.GL;
import static dev.framescope.renderdoc.ShaderToolCalls.LIGHTING;
import static dev.framescope.renderdoc.ShaderToolCalls.VK;
import static dev.framescope.renderdoc.ShaderToolCalls.VKCUBE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * replace_shader on the GL and Vulkan defect fixtures: the NaN draw's pixel shader, edited from its own source to
 * guard the division, takes the target's NaN count to 0 and every later tool sees it; restore brings back the exact
 * count; the other draws using the shader are named; a compile error comes back with its line; SPIR-V assembly
 * works on Vulkan; closing the capture (LRU eviction) undoes the replacement; the .rdc's MD5 never changes.
 */
@Timeout(300)
class ShaderReplaceIT {

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    static Path state;
    @TempDir
    static Path work;
    private static ShaderToolCalls tools;

    @BeforeAll
    static void start() throws Exception {
        tools = new ShaderToolCalls(state);
    }

    /** The NaN draw's pixel shader source, as get_shader_info gives it, with its 0/0 division guarded. */
    private static String guarded(String capture, int event, String division) throws Exception {
        String source = tools.call("get_shader_info", "capture", capture, "event_id", event)
                .at("/source_files/0/source").asText();
        assertTrue(source.contains(division), source);
        String zero = division.substring(0, division.indexOf(' '));
        return source.replace(division, "(" + zero + " == 0.0 ? 0.0 : " + division + ")");
    }

    private static JsonNode target(JsonNode answer) {
        return answer.at("/targets/0");
    }

    private static void assertPicture(CallToolResult result) {
        ImageContent image = (ImageContent) result.content().get(1);
        assertEquals("image/png", image.mimeType());
        byte[] png = Base64.getDecoder().decode(image.data());
        assertArrayEquals(PNG, Arrays.copyOf(png, 4));
        assertTrue(png.length < 64 * 1024, "a small picture: " + png.length + " bytes");
        assertTrue(result.structuredContent() == null, "Claude Code would show structured content instead");
    }

    /** Replace, see every tool measure with it, restore, see the original count back; the file never changes. */
    private static JsonNode roundTrip(String capture, String name, String division) throws Exception {
        String md5 = ShaderToolCalls.md5(capture);
        JsonNode draw = tools.draw(name, "writes_nan");
        int event = tools.eventOf(capture, draw.get("marker").asText());
        JsonNode r = draw.get("region");
        int area = (r.get(2).asInt() - r.get(0).asInt()) * (r.get(3).asInt() - r.get(1).asInt());
        int before = tools.nanPixels(capture, "hdr_color");
        assertEquals(area, before, "the fixture's NaN quad");

        CallToolResult result = tools.raw("replace_shader", "capture", capture, "event_id", event, "source",
                guarded(capture, event, division), "pixels", List.of(Map.of("x", r.get(0).asInt(), "y",
                        r.get(1).asInt())));
        JsonNode replaced = ShaderToolCalls.answer(result);
        assertEquals("replaced", replaced.get("status").asText());
        assertEquals(area, target(replaced).at("/nan_pixels/before").asInt());
        assertEquals(0, target(replaced).at("/nan_pixels/after").asInt(), replaced.toString());
        assertEquals(0, target(replaced).at("/nan_pixels_frame_end/after").asInt());
        assertEquals("NaN", replaced.at("/pixels/0/before/0").asText());
        assertEquals(0.0, replaced.at("/pixels/0/after/0").asDouble(), replaced.toString());
        assertFalse(replaced.get("findings_after").toString().contains("nan_written"), replaced.toString());
        assertEquals(area, replaced.at("/picture/non_finite_pixels_shown/before").asInt(), "256x256, unscaled");
        assertEquals(0, replaced.at("/picture/non_finite_pixels_shown/after").asInt());
        assertPicture(result);
        assertTrue(replaced.get("summary").asText().contains("NaN pixels " + area + " → 0"),
                replaced.get("summary").asText());

        assertEquals(0, tools.nanPixels(capture, "hdr_color"), "analyze_nan_inf sees the replacement");
        JsonNode opened = tools.call("open_capture", "capture", capture);
        assertEquals(event, opened.at("/replacements/0/event_id").asInt(), opened.toString());
        JsonNode digest = tools.call("get_frame_digest", "capture", capture);
        assertFalse(digest.get("anomalies").toString().contains("\"nan_written\""), digest.toString());
        assertEquals(1, digest.get("replacements").size());

        JsonNode restored = ShaderToolCalls.answer(tools.raw("replace_shader", "capture", capture, "event_id", event,
                "restore", true));
        assertEquals("restored", restored.get("status").asText());
        assertEquals(area, target(restored).at("/nan_pixels/after").asInt(), "the exact count is back");
        assertEquals(before, tools.nanPixels(capture, "hdr_color"));
        assertFalse(tools.call("open_capture", "capture", capture).has("replacements"));
        assertEquals("nothing_to_restore", tools.call("replace_shader", "capture", capture, "event_id", event,
                "restore", true).get("status").asText());
        assertEquals(md5, ShaderToolCalls.md5(capture), "the .rdc is never written");
        return replaced;
    }

    @Test
    void guardingTheDivisionClearsTheNanOnOpenGl() throws Exception {
        JsonNode replaced = roundTrip(GL, "gl_defects", "zero / zero");
        assertEquals(List.of(), list(replaced.get("other_events")), "nan_program's shader is its own");
    }

    @Test
    void guardingTheDivisionClearsTheNanOnVulkanAndNamesEveryDrawUsingTheShader() throws Exception {
        JsonNode replaced = roundTrip(VK, "vk_defects", "draw.zero / draw.zero");
        List<Integer> draws = new ArrayList<>();
        tools.call("iterate_actions", "capture", VK, "draws_only", true).at("/preview")
                .forEach(a -> draws.add(a.get("event_id").asInt()));
        draws.remove(Integer.valueOf(replaced.get("event_id").asInt()));
        assertEquals(draws, list(replaced.get("other_events")), "one fragment shader serves every draw");
        assertEquals(1024, target(replaced).at("/inf_pixels_frame_end/after").asInt(), "the Inf quad is left");
    }

    @Test
    void aCompileErrorComesBackWithItsLineAndBadInputReplacesNothing() throws Exception {
        int gl = tools.eventOf(GL, tools.draw("gl_defects", "writes_nan").get("marker").asText());
        JsonNode glError = tools.error("replace_shader", "capture", GL, "event_id", gl, "source",
                "#version 330 core\nout vec4 frag;\n\nvoid main() {\n  frag = vec4(undeclared);\n}\n");
        assertEquals("INVALID_ARGUMENT", glError.get("code").asText());
        assertEquals(5, glError.at("/context/compile_errors/0/line").asInt(), glError.toString());
        assertTrue(glError.get("message").asText().contains("line 5"), glError.toString());
        int vk = tools.eventOf(VK, tools.draw("vk_defects", "writes_nan").get("marker").asText());
        JsonNode vkError = tools.error("replace_shader", "capture", VK, "event_id", vk, "source",
                "#version 450\nlayout(location = 0) out vec4 frag;\nvoid main() {\n  frag = vec4(undeclared);\n}\n");
        assertEquals(4, vkError.at("/context/compile_errors/0/line").asInt(), vkError.toString());
        assertTrue(vkError.at("/context/compile_errors/0/message").asText().contains("undeclared"));
        JsonNode outside = tools.error("replace_shader", "capture", VK, "event_id", vk, "source",
                guarded(VK, vk, "draw.zero / draw.zero"), "pixels", List.of(Map.of("x", 256, "y", 0)));
        assertEquals("pixels", outside.at("/context/parameter").asText(), outside.toString());
        assertFalse(tools.call("open_capture", "capture", VK).has("replacements"), "nothing was replaced");
        JsonNode asm = tools.error("replace_shader", "capture", VK, "event_id", vk, "language", "spirv_asm",
                "source", "; SPIR-V\nOpCapability Shader\nOpBogus %1\n");
        assertEquals(3, asm.at("/context/compile_errors/0/line").asInt(), asm.toString());
        assertEquals("language", tools.error("replace_shader", "capture", GL, "event_id", gl, "language",
                "spirv_asm", "source", "x").at("/context/parameter").asText(), "GL takes GLSL only");
        assertEquals("source", tools.error("replace_shader", "capture", GL, "event_id", gl).at("/context/parameter")
                .asText());
        assertEquals("event_id", tools.error("replace_shader", "capture", GL, "event_id", 1, "source", "x")
                .at("/context/parameter").asText());
    }

    @Test
    void spirvAssemblyReplacesAVulkanShader() throws Exception {
        int event = tools.eventOf(VK, tools.draw("vk_defects", "writes_nan").get("marker").asText());
        Path glsl = work.resolve("guarded.frag");
        Files.writeString(glsl, guarded(VK, event, "draw.zero / draw.zero"));
        run("glslangValidator", "-V", "-o", work.resolve("guarded.spv").toString(), glsl.toString());
        run("spirv-dis", "-o", work.resolve("guarded.spvasm").toString(), work.resolve("guarded.spv").toString());
        JsonNode replaced = ShaderToolCalls.answer(tools.raw("replace_shader", "capture", VK, "event_id", event,
                "language", "spirv_asm", "source", Files.readString(work.resolve("guarded.spvasm"))));
        assertEquals(0, target(replaced).at("/nan_pixels/after").asInt(), replaced.toString());
        assertEquals("spirv_asm", replaced.at("/replacements/0/language").asText());
        assertEquals("restored", tools.call("replace_shader", "capture", VK, "restore", true).get("status").asText(),
                "restore without event_id undoes every replacement");
        assertEquals(1024, tools.nanPixels(VK, "hdr_color"));
    }

    @Test
    void closingTheCaptureUndoesTheReplacement() throws Exception {
        int event = tools.eventOf(VK, tools.draw("vk_defects", "writes_nan").get("marker").asText());
        tools.call("replace_shader", "capture", VK, "event_id", event, "source",
                guarded(VK, event, "draw.zero / draw.zero"));
        assertEquals(0, tools.nanPixels(VK, "hdr_color"));
        JsonNode traced = tools.call("debug_shader", "capture", VK, "event_id", event, "x", 20, "y", 20);
        assertTrue(traced.get("replaced").asBoolean(), "debug_shader runs the replacement and says so");
        assertTrue(traced.get("first_non_finite").isNull(), traced.toString());
        tools.call("open_capture", "capture", LIGHTING);
        tools.call("open_capture", "capture", VKCUBE); // the bridge keeps two captures open: vk_defects is closed
        assertEquals(1024, tools.nanPixels(VK, "hdr_color"), "reopened as captured");
        assertFalse(tools.call("open_capture", "capture", VK).has("replacements"));
    }

    private static List<Integer> list(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asInt()));
        return out;
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", command) + ": " + out);
    }
}
