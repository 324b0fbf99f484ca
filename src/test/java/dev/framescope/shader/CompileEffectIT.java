package dev.framescope.shader;

import static dev.framescope.shader.ShaderCalls.call;
import static dev.framescope.shader.ShaderCalls.effect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.server.ToolGroups;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** compile_effect in real headless Chromium (Debian's, SwiftShader) on the demo effects with known defects. */
@Timeout(180)
class CompileEffectIT {

    @TempDir
    Path stateDir;

    private static JsonNode program(JsonNode effect, String language) {
        for (JsonNode p : effect.get("programs")) {
            if (p.get("language").asText().equals(language)) {
                return p;
            }
        }
        throw new AssertionError(language + " missing from " + effect);
    }

    @Test
    void reportsKnownErrorsAtTheirLinesOnBothBackendsAndTheBatchGoesOn() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        JsonNode report = call(toolkit, "compile_effect", Map.of("effect", "*"));
        long onDisk;
        try (var files = java.nio.file.Files.find(Path.of("demo/shaders/effects"), 3,
                (p, a) -> p.getFileName().toString().equals("definition.json"))) {
            onDisk = files.count();
        }
        assertEquals(onDisk, report.at("/effects/count").asLong(), "every effect on disk is compiled");
        assertTrue(report.get("webgl2_renderer").asText().contains("SwiftShader"), report.toString());
        assertTrue(report.get("webgpu_adapter").asText().contains("swiftshader"), report.toString());

        JsonNode glslError = program(effect(report, "broken/glsl-error"), "glsl");
        assertEquals("error", glslError.get("status").asText());
        assertEquals(8, glslError.at("/diagnostics/0/line").asInt());
        assertTrue(glslError.at("/diagnostics/0/message").asText().contains("undeclaredValue"));
        assertEquals("ok", program(effect(report, "broken/glsl-error"), "wgsl").get("status").asText());

        JsonNode wgslError = program(effect(report, "broken/wgsl-error"), "wgsl");
        assertEquals("error", wgslError.get("status").asText());
        assertEquals(6, wgslError.at("/diagnostics/0/line").asInt());
        assertEquals(9, wgslError.at("/diagnostics/0/column").asInt());

        JsonNode clean = effect(report, "synth/gradient");
        assertEquals("ok", clean.get("status").asText(), clean.toString());

        JsonNode diagnostics = call(toolkit, "get_server_diagnostics", Map.of("include_environment", false));
        assertEquals("running", diagnostics.at("/components/0/state").asText(), diagnostics.toString());
    }

    @Test
    void unknownEffectAndMissingChromiumAreStructuredErrors() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        JsonNode unknown = call(toolkit, "compile_effect", Map.of("effect", "nope/*"));
        assertEquals("NOT_FOUND", unknown.get("code").asText());
        ToolGroups.Toolkit noBrowser = ToolGroups.create(Config.fromEnvironment(Map.of(
                "FRAMESCOPE_STATE_DIR", stateDir.toString(), "FRAMESCOPE_CHROMIUM", "/nonexistent/chromium")));
        JsonNode missing = call(noBrowser, "compile_effect", Map.of("effect", "synth/gradient"));
        assertEquals("ENGINE_UNAVAILABLE", missing.get("code").asText());
        assertTrue(missing.get("message").asText().contains("apt-get install -y chromium"), missing.toString());
    }

    @Test
    void strictModeLaunchesAFreshBrowserForEveryCall() throws Exception {
        ToolGroups.Toolkit strict = ToolGroups.create(Config.fromEnvironment(Map.of(
                "FRAMESCOPE_STATE_DIR", stateDir.toString(), "FRAMESCOPE_BROWSER_STRICT", "1")));
        for (int i = 0; i < 2; i++) {
            JsonNode report = call(strict, "compile_effect", Map.of("effect", "synth/gradient", "backend", "webgl2"));
            assertEquals("ok", effect(report, "synth/gradient").get("status").asText(), report.toString());
        }
        JsonNode browser = call(strict, "get_server_diagnostics", Map.of("include_environment", false))
                .at("/components/0");
        assertEquals("stopped", browser.get("state").asText(), browser.toString());
        assertTrue(browser.get("detail").asText().contains("2 launches"), browser.toString());
    }

    @Test
    void glslOnlyFilesOnWebGpuMissingImageInputsAndLinkErrorsAreSaidAsTheyAre(@TempDir Path root) throws Exception {
        java.nio.file.Files.writeString(root.resolve("Wipe.fs"), """
                /*{"ISFVSN": "2", "INPUTS": [{"NAME": "startImage", "TYPE": "image"},
                {"NAME": "endImage", "TYPE": "image"}, {"NAME": "progress", "TYPE": "float"}]}*/
                void main() {
                \tgl_FragColor = mix(IMG_THIS_PIXEL(startImage), IMG_THIS_PIXEL(endImage), progress);
                }
                """);
        // A varying that only a .vs companion would write: the fragment compiles, the link fails.
        java.nio.file.Files.writeString(root.resolve("Needs Vertex.fs"), """
                /*{"ISFVSN": "2", "INPUTS": []}*/

                in vec2 left_coord;
                void main() {
                \tgl_FragColor = vec4(left_coord, 0.0, 1.0);
                }
                """);
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        JsonNode gpu = call(toolkit, "compile_effect", Map.of("effect", "*", "backend", "webgpu",
                "effects_root", root.toString()));
        assertEquals("2 effect(s) compiled on webgpu: 0 ok, 0 with errors, 2 not available (no WGSL to compile).",
                gpu.get("summary").asText());
        assertEquals("not_available", effect(gpu, "Wipe").get("status").asText());

        JsonNode gl = call(toolkit, "compile_effect", Map.of("effect", "*", "backend", "webgl2",
                "effects_root", root.toString()));
        // Every image input is fed (a card, or a file bound to its name), so a two-image transition compiles.
        JsonNode wipe = program(effect(gl, "Wipe"), "glsl");
        assertEquals("ok", wipe.get("status").asText(), wipe.toString());
        JsonNode link = program(effect(gl, "Needs Vertex"), "glsl");
        assertTrue(link.get("file").asText().endsWith("Needs Vertex.fs"), link.toString());
        JsonNode diagnostic = link.at("/diagnostics/0");
        assertEquals("link", diagnostic.get("stage").asText(), link.toString());
        assertEquals(3, diagnostic.path("line").asInt(), diagnostic.toString());
        assertTrue(diagnostic.get("message").asText().contains("fragment: line 3 declares 'left_coord'")
                && diagnostic.get("message").asText().contains("vertex: FrameScope's built-in full-screen vertex "
                + "shader"), diagnostic.toString());
    }
}
