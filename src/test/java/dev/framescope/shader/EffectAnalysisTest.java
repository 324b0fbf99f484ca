package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Json;
import dev.framescope.shader.EffectAnalysis.Analysis;
import dev.framescope.shader.EffectAnalysis.InputInfo;
import dev.framescope.shader.EffectAnalysis.PassInfo;
import dev.framescope.shader.formats.Effect;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** analyze_effect on demo effects whose passes, inputs and sizes are known. */
class EffectAnalysisTest {

    private static Analysis analyze(String root, String id, int width, int height) {
        return new EffectAnalysis().analyze(new EffectLibrary(Path.of("demo/shaders", root)), id, width, height, 20)
                .effects().preview().get(0);
    }

    @Test
    void listsTheTwoPassesOfANativeFeedbackEffect() {
        Analysis a = analyze("effects", "synth/trails", 512, 256);
        assertEquals("native", a.format());
        assertEquals("generator", a.kind());
        assertEquals(List.of(
                new PassInfo("dot", "dot", Map.of(), "dotTex", "frame", "frame", null, null, 13, 12),
                new PassInfo("blend", "blend", Map.of("dotTex", "dotTex", "prevTex", "outputTex"), "outputTex",
                        "frame", "frame", null, null, 12, 12)), a.passes());
        assertEquals(List.of("decay", "radius"), a.inputs().stream().map(InputInfo::name).toList());
        InputInfo decay = a.inputs().get(0);
        assertEquals("float", decay.type());
        assertEquals(0.9, decay.defaultValue().asDouble());
        assertEquals(0.0, decay.min().asDouble());
        assertEquals(0.99, decay.max().asDouble());
        assertEquals(List.of("dotTex"), a.textures());
        assertTrue(a.feedback());
        assertTrue(a.glsl() && a.wgsl());
        assertEquals(25, a.glslLines());
        assertEquals(24, a.wgslLines());
        assertEquals(2, a.cost().passesPerFrame());
        assertEquals(2L * 512 * 256, a.cost().pixelsPerFrame());
    }

    @Test
    void evaluatesIsfPassSizesForTheCost() {
        Analysis a = analyze("isf", "Quarter Res", 512, 256);
        assertEquals("isf", a.format());
        assertEquals(List.of("small", "pass1"), a.passes().stream().map(PassInfo::name).toList());
        PassInfo small = a.passes().get(0);
        assertEquals("small", small.target());
        assertEquals("$WIDTH/4", small.width());
        assertEquals("floor($HEIGHT/4)", small.height());
        assertEquals(false, small.persistent());
        assertEquals("outputTex", a.passes().get(1).target());
        assertFalse(a.feedback());
        assertTrue(a.glsl());
        assertFalse(a.wgsl());
        assertEquals(List.of("small"), a.textures());
        assertEquals(128L * 64 + 512L * 256, a.cost().pixelsPerFrame());
        assertEquals(20, a.glslLines());
        assertEquals(0, a.wgslLines());
    }

    @Test
    void readsATransitionsParametersAndImages() {
        Analysis a = analyze("transitions", "collection/iris", 256, 256);
        assertEquals("transition", a.kind());
        assertEquals(List.of("progress", "center", "smoothness", "closing"),
                a.inputs().stream().map(InputInfo::name).toList());
        assertEquals(Json.mapper().valueToTree(List.of(0.5, 0.5)), a.inputs().get(1).defaultValue());
        assertEquals(List.of("from", "to"), a.imageInputs());
        assertEquals(16, a.glslLines());
        assertNull(a.passes().get(0).wgslLines());
    }

    @Test
    void noisemakerTargetsTakeTheirDeclaredSizes() {
        Effect effect = new EffectLibrary(Path.of("demo/shaders/noisemaker-state")).select("filter/accumulate").get(0);
        Analysis a = EffectAnalysis.analyze(effect, 32, 32);
        assertEquals("16", a.passes().get(0).width());
        assertEquals("1", a.passes().get(1).height());
        assertEquals("frame", a.passes().get(2).width());
        assertEquals(256 + 1 + 1024, a.cost().pixelsPerFrame());
    }
}
