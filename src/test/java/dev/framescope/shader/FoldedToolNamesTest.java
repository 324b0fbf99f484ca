package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import dev.framescope.common.WritableRoots;
import dev.framescope.server.RegistryCaller;
import dev.framescope.server.ToolGroups;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shader tools folded into broader ones answer by their older names as they did: list_effects is search_effects
 * without a query, check_effect_structure and compare_shaders are analyze_effect's structure and glsl_wgsl analyses.
 * "As they did" is checked against the cores the older tools called, on the demo effects with known findings.
 * Parameters one setting of a folded tool does not use are refused, naming the setting that takes them.
 */
class FoldedToolNamesTest {

    private static final Path DEMO = Path.of("demo/shaders/effects");

    @TempDir
    Path state;

    private ToolCaller caller;

    @BeforeEach
    void start() {
        caller = new RegistryCaller(ToolGroups.create(Config.defaults(state)));
    }

    private JsonNode call(String tool, Map<String, Object> args) {
        ToolCaller.Answer answer = caller.call(tool, args, ToolContext.SILENT);
        assertFalse(answer.error(), tool + ": " + answer.body());
        return answer.body();
    }

    private JsonNode refused(String tool, Map<String, Object> args) {
        ToolCaller.Answer answer = caller.call(tool, args, ToolContext.SILENT);
        assertTrue(answer.error(), tool + " " + args + " should be refused: " + answer.body());
        assertEquals("INVALID_ARGUMENT", answer.errorCode(), answer.body().toString());
        return answer.body();
    }

    private static JsonNode entry(JsonNode report, String id) {
        for (JsonNode e : report.at("/effects/preview")) {
            if (e.get("id").asText().equals(id)) {
                return e;
            }
        }
        throw new AssertionError(id + " missing from " + report);
    }

    @Test
    void listEffectsIsSearchEffectsWithoutAQuery() {
        JsonNode listed = call("list_effects", Map.of("effect", "synth/*"));
        EffectCatalog catalog = new EffectCatalog(new WritableRoots(List.of(state), "the state folder"));
        JsonNode before = Json.tree(catalog.list(new EffectLibrary(DEMO), "synth/*", 0, 200));
        assertEquals(before.get("effects"), listed.get("effects"));
        assertEquals(before.get("summary"), listed.get("summary"));
        assertEquals(listed, call("search_effects", Map.of("effect", "synth/*")));
        assertEquals(listed, call("listEffects", Map.of("effect", "synth/*")));
        assertEquals(6, listed.at("/effects/count").asInt(), listed.toString());
        assertEquals("generator", entry(listed, "synth/gradient").get("kind").asText());
        assertEquals("[\"dot\",\"blend\"]", entry(listed, "synth/trails").get("passes").toString());

        // list_effects took up to 1000 per preview; search_effects now takes as many
        assertEquals(2, call("list_effects", Map.of("effect", "synth/*", "limit", 2)).at("/effects/preview").size());
        assertTrue(call("list_effects", Map.of("limit", 1000)).at("/effects/count").asInt() > 10);
        // with a query it still searches
        JsonNode found = call("search_effects", Map.of("query", "gradient"));
        assertTrue(found.has("effects_searched") && !found.has("effects_root"), found.toString());
        assertTrue(entry(found, "synth/gradient").get("fields").toString().contains("\"name\""), found.toString());
    }

    @Test
    void checkEffectStructureIsTheStructureAnalysis() {
        Map<String, Object> selection = Map.of("effect", "broken/unused-file,broken/leaked-uniform,synth/gradient");
        JsonNode older = call("check_effect_structure", selection);
        JsonNode before = Json.tree(new StructureCheck("glslangValidator").check(new EffectLibrary(DEMO),
                (String) selection.get("effect")));
        assertEquals(before.get("effects"), older.get("effects"));
        assertEquals("LEAKED_UNIFORM", older.at("/effects/preview/0/findings/0/code").asText(), older.toString());
        assertEquals("UNUSED_FILE", older.at("/effects/preview/1/findings/0/code").asText(), older.toString());
        assertEquals(0, older.at("/effects/preview/2/findings").size(), "synth/gradient is clean");
        assertEquals(older, call("analyze_effect", Map.of("effect", selection.get("effect"), "analysis",
                "structure")));
        // the preset wins over what the caller asked for: the older name means its own analysis
        assertEquals(older, call("checkEffectStructure", Map.of("effect", selection.get("effect"), "analysis",
                "overview")));
    }

    @Test
    void compareShadersIsTheGlslWgslAnalysis() {
        String root = Path.of("demo/shaders/compare").toString();
        JsonNode older = call("compare_shaders", Map.of("effect", "pair/wave", "effects_root", root));
        JsonNode before = Json.tree(new ShaderComparison().compare(new EffectLibrary(Path.of(root)), "pair/wave",
                null, null, BatchPage.Mode.full));
        assertEquals(before, older);
        assertEquals("compared", older.at("/effects/preview/0/status").asText(), older.toString());
        assertEquals("tint", older.at("/effects/preview/0/passes/0/uniforms/only_glsl/0/name").asText(),
                older.toString());
        assertEquals(older, call("analyze_effect", Map.of("effect", "pair/wave", "effects_root", root,
                "analysis", "glsl_wgsl")));
        assertEquals(older, call("compareShaders", Map.of("effect", "pair/wave", "effects_root", root)));
    }

    @Test
    void analyzeEffectStillSummarisesByDefault() {
        JsonNode overview = call("analyze_effect", Map.of("effect", "filter/blur", "width", 100, "height", 10));
        assertEquals(List.of("horizontal", "vertical"), List.of(overview.at("/effects/preview/0/passes/0/name")
                .asText(), overview.at("/effects/preview/0/passes/1/name").asText()), overview.toString());
        assertEquals(2000, overview.at("/effects/preview/0/cost/pixels_per_frame").asLong(), overview.toString());
        assertEquals(overview, call("analyzeEffect", Map.of("effect", "filter/blur", "width", 100, "height", 10)));
    }

    @Test
    void aSettingRefusesTheParametersOfAnother() {
        JsonNode width = refused("analyze_effect", Map.of("effect", "*", "analysis", "structure", "width", 64));
        assertEquals("width", width.at("/context/parameter").asText(), width.toString());
        assertTrue(width.get("message").asText().contains("analysis overview"), width.toString());
        refused("compare_shaders", Map.of("effect", "*", "height", 64));

        JsonNode time = refused("test_pixel_parity", Map.of("effect", "synth/gradient", "time", 0.5));
        assertEquals("time", time.at("/context/parameter").asText(), time.toString());
        assertTrue(time.get("message").asText().contains("checks other than parity"), time.toString());
        assertEquals("uniforms", refused("test_effect", Map.of("effect", "synth/gradient", "check", "parity",
                "uniforms", Map.of("hue", 0.5))).at("/context/parameter").asText());
        assertEquals("backend", refused("checkAlgEquiv", Map.of("effect", "synth/gradient", "backend",
                "webgl2")).at("/context/parameter").asText());
        for (String parityOnly : List.of("times", "move_uniforms", "epsilon")) {
            Object value = switch (parityOnly) {
                case "times" -> List.of(0.5);
                case "move_uniforms" -> false;
                default -> 2;
            };
            JsonNode body = refused("test_uniform_responsiveness", Map.of("effect", "synth/gradient", parityOnly,
                    value));
            assertEquals(parityOnly, body.at("/context/parameter").asText(), body.toString());
            assertTrue(body.get("message").asText().contains("check parity"), body.toString());
        }
    }

    @Test
    void sizeDefaultsFollowTheCheckAsBeforeTheFold() {
        ShaderArgs.TestEffectArgs uniforms = new ShaderArgs.TestEffectArgs("x", null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null);
        assertEquals(List.of(64, 64, 0.25), List.of(uniforms.width(), uniforms.height(), uniforms.time()));
        ShaderArgs.TestEffectArgs parity = new ShaderArgs.TestEffectArgs("x", ShaderArgs.EffectCheck.parity, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null);
        assertEquals(List.of(128, 128), List.of(parity.width(), parity.height()));
        assertEquals(List.of(0.0, 0.5), parity.times());
        assertEquals(EffectCompiler.Backend.both, parity.backend());
    }

    @Test
    void goldenChecksRenderOneBackendTheReferenceAtItsOwnSizeAndRefuseTheOthersKnobs() {
        ShaderArgs.TestEffectArgs reference = new ShaderArgs.TestEffectArgs("x", ShaderArgs.EffectCheck.reference,
                null, null, null, null, null, null, null, null, null, null, null, null, "golden", null);
        assertEquals(EffectCompiler.Backend.webgl2, reference.backend());
        assertEquals(Arrays.asList(null, null, 1), Arrays.asList(reference.width(),
                reference.height(), reference.tolerance()), "the size is the reference's own");
        ShaderArgs.TestEffectArgs endpoints = new ShaderArgs.TestEffectArgs("x", ShaderArgs.EffectCheck.endpoints,
                null, null, null, null, null, null, null, null, null, null, null, null, null, 0);
        assertEquals(List.of(64, 64, 0), List.of(endpoints.width(), endpoints.height(), endpoints.tolerance()));

        JsonNode both = refused("test_effect", Map.of("effect", "x", "check", "reference", "reference", "g.png",
                "backend", "both"));
        assertEquals("backend", both.at("/context/parameter").asText(), both.toString());
        JsonNode missing = refused("test_effect", Map.of("effect", "x", "check", "reference"));
        assertEquals("reference", missing.at("/context/parameter").asText(), missing.toString());
        JsonNode stray = refused("test_effect", Map.of("effect", "x", "check", "endpoints", "reference", "g.png"));
        assertTrue(stray.get("message").asText().contains("check reference"), stray.toString());
        JsonNode tolerance = refused("test_effect", Map.of("effect", "x", "check", "parity", "tolerance", 3));
        assertEquals("tolerance", tolerance.at("/context/parameter").asText(), tolerance.toString());
        assertTrue(tolerance.get("message").asText().contains("check reference or endpoints"), tolerance.toString());
    }
}
