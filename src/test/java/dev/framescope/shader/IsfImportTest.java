package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ISF headers mapped to globals and filter inputs; the prelude keeps the file's line numbers. */
class IsfImportTest {

    private final EffectLibrary isf = new EffectLibrary(Path.of("demo/shaders/isf"));

    @Test
    void inputsBecomeGlobalsWithRangesAndInputImageMakesAFilter() {
        List<EffectLibrary.Effect> effects = isf.select("*");
        assertEquals(List.of("Broken Line", "Channel Swap", "Radial Pulse"),
                effects.stream().map(EffectLibrary.Effect::id).toList());
        JsonNode pulse = effects.get(2).definition();
        assertEquals("float", pulse.at("/globals/rings/type").asText());
        assertEquals(20.0, pulse.at("/globals/rings/max").asDouble());
        assertEquals("vec2", pulse.at("/globals/center/type").asText());
        assertEquals("vec4", pulse.at("/globals/tint/type").asText());
        assertFalse(EffectTests.isFilter(pulse));
        JsonNode swap = effects.get(1).definition();
        assertTrue(EffectTests.isFilter(swap));
        assertTrue(swap.at("/globals/inputImage").isMissingNode(), "the image input is the filter's input");
        assertNull(effects.get(1).programs().get(0).wgsl(), "ISF is GLSL only");
    }

    @Test
    void wrappedSourceResetsLineNumbersToTheFile() {
        EffectLibrary.Effect swap = isf.select("Channel Swap").get(0);
        String wrapped = swap.source(swap.programs().get(0).glsl());
        assertTrue(wrapped.contains("uniform sampler2D inputTex;\n#define inputImage inputTex"), wrapped);
        assertTrue(wrapped.contains("uniform float mixAmount;"), wrapped);
        assertTrue(wrapped.contains("\n#line 1\n/*{"), "the file follows #line 1 unchanged");
    }
}
