package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.server.ToolGroups;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.EffectCompiler.EffectResult;
import dev.framescope.shader.EffectCompiler.ProgramResult;
import dev.framescope.shader.UniformResponsiveness.ResponsivenessResult;
import dev.framescope.shader.UniformResponsiveness.UniformResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Summaries count what happened: ok, failed and not available apart; tests that ran, or why none did. */
class ShaderSummariesTest {

    private static ProgramResult program(String language, String status) {
        return new ProgramResult("main", "main", language, null, status, List.of());
    }

    @Test
    void glslOnlyEffectsOnWebGpuAreNotAvailableNotOk() {
        List<ProgramResult> wgslMissing = List.of(program("wgsl", "not_available"));
        assertEquals("not_available", EffectCompiler.status(wgslMissing));
        assertEquals("ok", EffectCompiler.status(List.of(program("glsl", "ok"), program("wgsl", "not_available"))));
        assertEquals("error", EffectCompiler.status(List.of(program("glsl", "error"),
                program("wgsl", "not_available"))));
        List<EffectResult> results = List.of(new EffectResult("A", "not_available", wgslMissing, null),
                new EffectResult("B", "not_available", wgslMissing, null));
        assertEquals("2 effect(s) compiled on webgpu: 0 ok, 0 with errors, 2 not available (no WGSL to compile).",
                EffectCompiler.summary(results, Backend.webgpu));
    }

    @Test
    void noUniformTestRanIsSaidWithTheReason() {
        List<ResponsivenessResult> none = List.of(
                new ResponsivenessResult("A", "webgpu", null, "not_available", List.of(), "no WGSL program main",
                        null),
                new ResponsivenessResult("B", "webgpu", null, "not_available", List.of(), "no WGSL program main",
                        null));
        assertEquals("2 effect(s) on [webgpu]: no uniform test ran. Effect runs that tested nothing: 2 not_available "
                + "(first: A on webgpu: no WGSL program main).", UniformResponsiveness.summary(2,
                List.of(Backend.webgpu), none));
        List<ResponsivenessResult> some = new ArrayList<>(none.subList(0, 1));
        some.add(new ResponsivenessResult("A", "webgl2", "r", "ok", List.of(
                new UniformResult("speed", "speed", "float", 1.0, 2.0, 0.0, 0, 0, false, List.of()),
                new UniformResult("scale", "scale", "float", 1.0, 2.0, 0.1, 30, 12, true, List.of())), null, null));
        assertEquals("1 effect(s) on [webgl2, webgpu]: 2 uniform test(s) ran, 1 changed no pixel. Effect runs that "
                + "tested nothing: 1 not_available (first: A on webgpu: no WGSL program main).",
                UniformResponsiveness.summary(1, List.of(Backend.webgl2, Backend.webgpu), some));
    }

    @Test
    void toolsThatRenderOnOneBackendDoNotOfferBoth(@TempDir Path state) {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        for (String tool : List.of("render_effect_frame", "benchmark_effect_fps")) {
            JsonNode backend = toolkit.registry().inputSchema(toolkit.registry().find(tool).orElseThrow())
                    .at("/properties/backend/enum");
            assertEquals("[\"webgl2\",\"webgpu\"]", backend.toString(), tool);
        }
        JsonNode compile = toolkit.registry().inputSchema(toolkit.registry().find("compile_effect").orElseThrow())
                .at("/properties/backend/enum");
        assertTrue(compile.toString().contains("both"), "compile_effect runs both: " + compile);
    }

    @Test
    void describeOnlyParametersAreRefusedWithoutDescribeAndItsLimitsWithIt(@TempDir Path state) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        String[][] cases = {
                {"question", "{\"effect\": \"synth/gradient\", \"question\": \"what?\"}", "only with describe"},
                {"ask_model", "{\"effect\": \"synth/gradient\", \"ask_model\": false}", "only with describe"},
                {"width", "{\"effect\": \"synth/gradient\", \"describe\": true, \"width\": 2000}", "8 to 1024"},
                {"frames", "{\"effect\": \"synth/gradient\", \"describe\": true, \"frames\": 3}", "absent"}};
        for (String[] c : cases) {
            @SuppressWarnings("unchecked")
            java.util.Map<String, Object> args = Json.mapper().readValue(c[1],
                    java.util.Map.class);
            JsonNode error = ShaderCalls.call(toolkit, "render_effect_frame", args);
            assertEquals("INVALID_ARGUMENT", error.get("code").asText(), error.toString());
            assertEquals(c[0], error.at("/context/parameter").asText(), error.toString());
            assertTrue(error.at("/context/expected").asText().contains(c[2]), error.toString());
        }
        // the former describe_effect_frame keeps its own range: describe is implied by the name
        JsonNode wide = ShaderCalls.call(toolkit, "describe_effect_frame", java.util.Map.of("effect", "synth/gradient",
                "width", 2000));
        assertEquals("width", wide.at("/context/parameter").asText(), wide.toString());
    }
}
