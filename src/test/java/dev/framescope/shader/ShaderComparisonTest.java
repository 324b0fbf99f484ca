package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.shader.ShaderComparison.EffectComparison;
import dev.framescope.shader.ShaderComparison.Item;
import dev.framescope.shader.ShaderComparison.PassComparison;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** compare_shaders on demo effects with both languages, and on one with GLSL only. */
class ShaderComparisonTest {

    private static EffectComparison compare(String root, String id) {
        return new ShaderComparison().compare(new EffectLibrary(Path.of("demo/shaders", root)), id, 20).effects()
                .preview().get(0);
    }

    private static List<String> names(List<Item> items) {
        return items.stream().map(Item::name).toList();
    }

    @Test
    void listsSharedAndOneSidedFunctionsUniformsAndConstants() {
        EffectComparison c = compare("compare", "pair/wave");
        assertEquals("compared", c.status());
        PassComparison p = c.passes().get(0);
        assertEquals("pair/wave/glsl/wave.glsl", p.glslFile());
        assertEquals(List.of("wave", "palette", "main"), names(p.functions().matched()));
        assertEquals(List.of(new Item("shade", "1", null)), p.functions().onlyGlsl());
        assertEquals(List.of(new Item("glow", null, "1")), p.functions().onlyWgsl());
        assertEquals(List.of("palette: 1 parameter(s) in GLSL, 2 in WGSL"), p.parameterCountMismatches());
        assertEquals(List.of("resolution", "time", "speed"), names(p.uniforms().matched()));
        assertEquals(List.of(new Item("tint", "vec3", null)), p.uniforms().onlyGlsl());
        assertEquals(List.of(new Item("gain", null, "f32")), p.uniforms().onlyWgsl());
        assertEquals(List.of("PI"), names(p.constants().matched()));
        assertEquals(List.of(new Item("STEPS", "#define", null)), p.constants().onlyGlsl());
        assertTrue(p.constants().onlyWgsl().isEmpty());
    }

    @Test
    void pairsTexturesAndSamplersOfAMultiPassDemo() {
        EffectComparison c = compare("effects", "synth/trails");
        PassComparison blend = c.passes().get(1);
        assertEquals("blend", blend.pass());
        assertEquals(List.of("main"), names(blend.functions().matched()));
        assertEquals(List.of("dotTex", "prevTex"), names(blend.textures().matched()));
        assertEquals(List.of("inputSampler"), names(blend.textures().onlyWgsl()));
        assertEquals(List.of("resolution", "decay"), names(blend.uniforms().matched()));
    }

    @Test
    void reportsUnsupportedWhenOneLanguageIsMissing() {
        EffectComparison c = compare("isf", "Quarter Res");
        assertEquals("unsupported", c.status());
        assertTrue(c.message().startsWith("UNSUPPORTED: "), c.message());
        assertTrue(c.message().contains("GLSL only"), c.message());
        assertNull(c.passes());
    }

    @Test
    void countsWgslParametersWithAttributesAndGenerics() {
        ShaderComparison.Shape w = ShaderComparison.wgsl("fn f(@builtin(position) p: vec4<f32>, q: array<f32, 4>,)"
                + " -> f32 { return 1.0; }\nfn g() {}\n");
        assertEquals("2", w.functions().get("f"));
        assertEquals("0", w.functions().get("g"));
    }
}
