package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.shader.EffectLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ISF headers mapped to globals and filter inputs; the prelude keeps the file's line numbers. */
class IsfImportTest {

    private final EffectLibrary isf = new EffectLibrary(Path.of("demo/shaders/isf"));

    @Test
    void inputsBecomeGlobalsWithRangesAndInputImageMakesAFilter() {
        List<Effect> effects = isf.select("Broken Line,Channel Swap,Radial Pulse");
        JsonNode pulse = effects.get(2).definition();
        assertEquals("float", pulse.at("/globals/rings/type").asText());
        assertEquals(20.0, pulse.at("/globals/rings/max").asDouble());
        assertEquals("vec2", pulse.at("/globals/center/type").asText());
        assertEquals("vec4", pulse.at("/globals/tint/type").asText());
        assertFalse(Effect.isFilter(pulse));
        JsonNode swap = effects.get(1).definition();
        assertTrue(Effect.isFilter(swap));
        assertTrue(swap.at("/globals/inputImage").isMissingNode(), "the image input is the filter's input");
        assertNull(effects.get(1).programs().get(0).wgsl(), "ISF is GLSL only");
    }

    @Test
    void passesBecomeOnePassPerEntryOfTheSameFileWithTargetsAndImportedImagesBoundByName() {
        Effect quarter = isf.select("Quarter Res").get(0);
        assertEquals(2, quarter.programs().size());
        JsonNode first = quarter.programs().get(0).spec();
        assertEquals("small", first.at("/outputs/fragColor").asText());
        assertEquals("$WIDTH/4", first.get("width").asText());
        assertEquals("outputTex", quarter.programs().get(1).spec().at("/outputs/fragColor").asText());
        assertEquals("small", quarter.programs().get(1).spec().at("/inputs/small").asText());
        assertEquals(Map.of("width", 16, "height", 12, "float", false, "persistent", false),
                IsfImport.targetOptions(first, 64, 48, Map.of()));
        String pass1 = quarter.source(quarter.programs().get(1), quarter.programs().get(1).glsl());
        assertTrue(pass1.contains("#define PASSINDEX 1\n") && pass1.contains("uniform sampler2D small;"), pass1);

        Effect accumulator = isf.select("Slow Accumulator").get(0);
        assertTrue(accumulator.programs().get(0).spec().get("persistent").asBoolean());
        assertTrue(accumulator.readsAnyLaterOutput(), "a persistent target read back is feedback");
        assertFalse(quarter.readsAnyLaterOutput(), "a non-persistent one is not");

        Effect palette = isf.select("Imported Palette").get(0);
        assertTrue(palette.usesPassRuntime());
        @SuppressWarnings("unchecked")
        Map<String, Object> image = (Map<String, Object>) IsfImport.images(palette.root(), palette.dir(), palette.definition())
                .get("palette");
        assertEquals(4, image.get("width"));
        byte[] rgba = java.util.Base64.getDecoder().decode((String) image.get("rgba"));
        assertEquals(64 * 3 + 16, rgba[4 * (3 * 4 + 3)] & 0xff, "pixel (3, 3) red, top-down rows");
    }

    @Test
    void wrappedSourceResetsLineNumbersToTheFile() {
        Effect swap = isf.select("Channel Swap").get(0);
        String wrapped = swap.source(swap.programs().get(0), swap.programs().get(0).glsl());
        assertTrue(wrapped.contains("uniform sampler2D inputTex;\n#define inputImage inputTex"), wrapped);
        assertTrue(wrapped.contains("uniform float mixAmount;"), wrapped);
        assertTrue(wrapped.contains("\n#line 1\n/*{"), "the file follows #line 1 unchanged");
    }

    @Test
    void everyImageInputIsDeclaredAndBound(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("Wipe.fs"), """
                /*{"ISFVSN": "2", "INPUTS": [{"NAME": "startImage", "TYPE": "image"},
                {"NAME": "endImage", "TYPE": "image"}, {"NAME": "progress", "TYPE": "float"}]}*/
                void main() { gl_FragColor = mix(IMG_THIS_PIXEL(startImage), IMG_THIS_PIXEL(endImage), progress); }
                """);
        JsonNode definition = new EffectLibrary(root).select("Wipe").get(0).definition();
        // Every image input is now fed (a card or a bound file), so it is declared and bound, never "undeclared".
        assertEquals("{\"startImage\":\"startImage\",\"endImage\":\"endImage\"}",
                definition.at("/passes/0/inputs").toString());
        String wrapped = IsfImport.wrap("void main() {}", definition, 0);
        assertTrue(wrapped.contains("uniform sampler2D startImage;\nuniform sampler2D endImage;\n"), wrapped);
    }

    @Test
    void anIsfImportOutsideTheEffectsRootIsRefused(@TempDir Path root, @TempDir Path outside) throws Exception {
        Files.copy(Path.of("demo/shaders/isf/palette.png"), outside.resolve("stolen.png"));
        String shader = Files.readString(Path.of("demo/shaders/isf/Imported Palette.fs"))
                .replace("\"palette.png\"", "\"" + outside.resolve("stolen.png") + "\"");
        Files.writeString(root.resolve("Thief.fs"), shader);
        Effect thief = new EffectLibrary(root).select("Thief").get(0);
        ToolException error = assertThrows(ToolException.class,
                () -> IsfImport.images(thief.root(), thief.dir(), thief.definition()));
        assertEquals(ErrorCode.INVALID_ARGUMENT, error.code());
    }
}
