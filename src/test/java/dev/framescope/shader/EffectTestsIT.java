package dev.framescope.shader;

import static dev.framescope.shader.ShaderCalls.effect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.server.ToolGroups;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * test_effect's checks (parity, responsiveness, passthrough) and benchmark_effect_fps on the demo effects with known
 * defects, in real Chromium; the tools test_effect folded answer by their older names as before.
 */
@Timeout(180)
class EffectTestsIT {

    @TempDir
    Path stateDir;

    private JsonNode call(String tool, Map<String, Object> args) throws Exception {
        return ShaderCalls.call(ToolGroups.create(Config.defaults(stateDir)), tool, args);
    }

    @Test
    void parityFindsTheMissingYFlipAndPassesTheCleanEffect() throws Exception {
        JsonNode report = call("test_effect", Map.of("check", "parity", "effect",
                "synth/gradient,broken/parity-mismatch", "width", 64, "height", 64));
        JsonNode clean = effect(report, "synth/gradient");
        assertEquals("ok", clean.get("status").asText(), clean.toString());
        assertTrue(clean.get("webgl2_renderer").asText().contains("SwiftShader"), clean.toString());
        assertTrue(clean.get("webgpu_adapter").asText().contains("swiftshader"), clean.toString());
        assertTrue(clean.get("max_diff").asInt() <= 1, clean.toString());
        JsonNode broken = effect(report, "broken/parity-mismatch");
        assertEquals("mismatch", broken.get("status").asText());
        assertTrue(broken.get("y_flip_detected").asBoolean(), broken.toString());
        assertTrue(broken.get("mismatch_percent").asDouble() > 90, broken.toString());
        JsonNode alias = effect(call("checkAlgEquiv", Map.of("effect", "broken/parity-mismatch", "width", 64,
                "height", 64)), "broken/parity-mismatch");
        assertEquals(broken, alias, "checkAlgEquiv is the parity check under the original design's name");
        // test_pixel_parity, folded into test_effect, keeps its own defaults: 128², times 0 and 0.5, both settings
        JsonNode older = call("test_pixel_parity", Map.of("effect", "broken/parity-mismatch"));
        assertEquals(List.of(128, 128, "[0.0,0.5]", "[\"defaults\",\"moved\"]"), List.of(older.get("width").asInt(),
                older.get("height").asInt(), older.get("times").toString(), older.get("settings").toString()));
        assertEquals("mismatch", effect(older, "broken/parity-mismatch").get("status").asText(), older.toString());
    }

    @Test
    void parityComparesEveryTimeAndSettingAndNamesTheUniformOnlyOneLanguageReads(@TempDir Path root)
            throws Exception {
        // synth/gradient whose WGSL hard-codes the default speed: equal at the defaults, apart once speed moves.
        Path effect = root.resolve("test/fixed-speed");
        Path demo = Path.of("demo/shaders/effects/synth/gradient");
        Files.createDirectories(effect.resolve("glsl"));
        Files.createDirectories(effect.resolve("wgsl"));
        Files.copy(demo.resolve("definition.json"), effect.resolve("definition.json"));
        Files.copy(demo.resolve("glsl/gradient.glsl"), effect.resolve("glsl/gradient.glsl"));
        Files.writeString(effect.resolve("wgsl/gradient.wgsl"), Files.readString(demo.resolve("wgsl/gradient.wgsl"))
                .replace("@group(0) @binding(3) var<uniform> speed: f32;\n", "").replace("time * speed", "time * 0.25"));
        JsonNode report = call("test_effect", Map.of("check", "parity", "effect", "test/fixed-speed", "effects_root",
                root.toString(), "times", List.of(0.0, 0.5), "width", 64, "height", 64));
        JsonNode result = effect(report, "test/fixed-speed");
        assertEquals("mismatch", result.get("status").asText(), result.toString());
        assertEquals(List.of("program 'gradient': uniform 'speed' only in GLSL"),
                Json.mapper().convertValue(result.get("structural_differences"), List.class));
        assertEquals(4, result.get("cases").size());
        for (JsonNode c : result.get("cases")) {
            boolean apart = c.get("setting").asText().equals("moved") && c.get("time").asDouble() > 0;
            assertEquals(apart, c.get("max_diff").asInt() > 1, c.toString());
        }
        assertEquals("moved", result.at("/worst_case/setting").asText());
        assertFalse(result.get("y_flip_detected").asBoolean(), result.toString());
    }

    @Test
    void responsivenessFindsTheUniformThatChangesNothingOnBothBackends() throws Exception {
        JsonNode report = call("test_effect", Map.of("effect", "broken/dead-uniform,synth/gradient"));
        for (String backend : new String[] {"webgl2", "webgpu"}) {
            JsonNode dead = effect(report, "broken/dead-uniform", backend);
            assertTrue(dead.get("renderer").asText().toLowerCase().contains("swiftshader"), dead.toString());
            JsonNode gain = dead.at("/uniforms/0");
            assertEquals("gain", gain.get("global").asText());
            assertEquals(2.5, gain.get("tested_value").asDouble(), "default 1.0 moves halfway to the farther max 4.0");
            assertEquals(0.0, gain.get("mean_abs_diff").asDouble(), backend);
            JsonNode hue = dead.at("/uniforms/1");
            assertEquals(0.6, hue.get("tested_value").asDouble(), 1e-12);
            assertTrue(hue.get("mean_abs_diff").asDouble() > 0.1, backend + ": " + hue);
            JsonNode speed = effect(report, "synth/gradient", backend).at("/uniforms/0");
            assertFalse(speed.get("mean_abs_diff").asDouble() == 0, "speed scales time, which is 0.25 by default");
        }
        // by the name it had before it was folded into test_effect: responsiveness is still the default check
        JsonNode older = call("test_uniform_responsiveness", Map.of("effect", "broken/dead-uniform",
                "backend", "webgl2"));
        assertEquals(effect(report, "broken/dead-uniform", "webgl2"), effect(older, "broken/dead-uniform"));
    }

    @Test
    void benchmarkRendersEveryFrameOnBothBackends() throws Exception {
        for (String backend : new String[] {"webgl2", "webgpu"}) {
            JsonNode report = call("benchmark_effect_fps", Map.of("effect", "synth/gradient", "backend", backend,
                    "frames", 12, "width", 128, "height", 128));
            JsonNode result = report.at("/effects/preview/0");
            assertEquals("ok", result.get("status").asText(), result.toString());
            assertEquals(12, result.get("frames_rendered").asInt());
            double p50 = result.at("/ms_per_frame/p50").asDouble();
            assertTrue(p50 > 0 && p50 <= result.at("/ms_per_frame/max").asDouble(), result.toString());
            assertTrue(result.get("elapsed_ms").asDouble() >= 12 * result.at("/ms_per_frame/mean").asDouble() * 0.99,
                    result.toString());
        }
        JsonNode multiPass = call("benchmark_effect_fps", Map.of("effect", "synth/trails", "backend", "webgpu",
                "frames", 5, "width", 64, "height", 64));
        assertEquals(5, multiPass.at("/effects/preview/0/frames_rendered").asInt(), multiPass.toString());
        JsonNode broken = call("benchmark_effect_fps", Map.of("effect", "broken/glsl-error", "frames", 2));
        assertEquals("error", broken.at("/effects/preview/0/status").asText());
    }

    @Test
    void passthroughFilterIsCaughtOnBothBackendsAndARealFilterIsNot() throws Exception {
        for (String backend : new String[] {"webgl2", "webgpu"}) {
            JsonNode report = call("test_effect", Map.of("check", "passthrough",
                    "effect", "broken/passthrough,filter/invert,synth/gradient", "backend", backend));
            JsonNode through = effect(report, "broken/passthrough", backend);
            assertEquals(1.0, through.get("similarity").asDouble(), 1e-9, backend + ": " + through);
            assertTrue(through.get("passthrough").asBoolean());
            JsonNode invert = effect(report, "filter/invert");
            assertEquals(0.5, invert.at("/uniforms/amount").asDouble(), "default = max → mid-range");
            assertTrue(invert.get("similarity").asDouble() < 0.9, backend + ": " + invert);
            assertEquals("skipped", effect(report, "synth/gradient").get("status").asText());
        }
    }

    @Test
    void isfFilesRunUnchanged() throws Exception {
        String root = Path.of("demo/shaders/isf").toString();
        JsonNode compiled = call("compile_effect", Map.of("effect", "*", "effects_root", root));
        JsonNode broken = effect(compiled, "Broken Line").at("/programs/0");
        assertEquals(11, broken.at("/diagnostics/0/line").asInt(), "line in the .fs file: " + broken);
        assertEquals("not_available", effect(compiled, "Radial Pulse").at("/programs/1/status").asText());
        assertEquals("ok", effect(compiled, "Radial Pulse").get("status").asText());
        JsonNode swap = call("test_effect", Map.of("check", "passthrough", "effect", "Channel Swap",
                "effects_root", root));
        assertTrue(effect(swap, "Channel Swap").get("similarity").asDouble() < 0.95, swap.toString());
        JsonNode pulse = call("test_effect", Map.of("effect", "Radial Pulse", "effects_root", root));
        assertTrue(effect(pulse, "Radial Pulse").at("/uniforms/0/mean_abs_diff").asDouble() > 0.01, pulse.toString());
    }

    @Test
    void everyRealDemoEffectAgreesAcrossBackendsAndEveryRealFilterFilters() throws Exception {
        JsonNode parity = call("test_effect", Map.of("check", "parity", "effect", "synth/*,filter/*", "times",
                List.of(0.3, 0.8)));
        assertTrue(parity.at("/effects/count").asInt() >= 12, parity.toString());
        for (JsonNode e : parity.at("/effects/preview")) {
            assertEquals("ok", e.get("status").asText(), e.toString());
            assertEquals(List.of(), Json.mapper().convertValue(e.get("structural_differences"), List.class));
        }
        // by the name it had before it was folded into test_uniform_responsiveness, now test_effect
        JsonNode filters = call("test_no_passthrough", Map.of("effect", "filter/*"));
        assertTrue(filters.at("/formula").asText().contains("similarity"), filters.toString());
        for (JsonNode e : filters.at("/effects/preview")) {
            assertEquals(false, e.get("passthrough").asBoolean(), e.toString());
        }
    }
}
