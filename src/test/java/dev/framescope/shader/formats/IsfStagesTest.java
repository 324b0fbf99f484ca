package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parsing of what ISF hosts provide: .vs companions, image and audio inputs, DATE, the GLSL ES 1.00 form. */
class IsfStagesTest {

    private static final String HEADER = """
            /*{"ISFVSN": "2", "INPUTS": [{"NAME": "inputImage", "TYPE": "image"},
            {"NAME": "mask", "TYPE": "image"}, {"NAME": "wave", "TYPE": "audio"},
            {"NAME": "bins", "TYPE": "audioFFT", "MAX": 32}]}*/
            """;

    @Test
    void imageAndAudioInputsBecomeNamedTexturesWithCardsAndSignals(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("Mask.fs"), HEADER + "void main() { gl_FragColor = vec4(1.0); }\n");
        JsonNode definition = IsfImport.definition(root.resolve("Mask.fs"));
        assertEquals("{\"wave\":{\"fft\":false,\"samples\":256},\"bins\":{\"fft\":true,\"samples\":32}}",
                definition.get("audioInputs").toString());
        assertEquals("{\"inputTex\":\"inputTex\",\"mask\":\"mask\",\"wave\":\"wave\",\"bins\":\"bins\"}",
                definition.at("/passes/0/inputs").toString());
        assertEquals(List.of("inputImage", "mask", "wave", "bins"), ImageInputs.names(definition));
        Map<String, Object> images = IsfStages.images(definition, Map.of(), Map.of(), 64, 32);
        assertEquals(Map.of("card", "testcard", "linear", true), images.get("inputTex"));
        assertEquals(Map.of("card", "testcard2", "linear", true), images.get("mask"));
        assertEquals(Map.of("card", "audiofft", "width", 32, "height", 2, "linear", true), images.get("bins"));
        assertFalse(definition.has("vertexShader"));
        String wrapped = IsfImport.wrap("void main() {}", definition, 0);
        assertTrue(wrapped.contains("uniform vec4 DATE;") && wrapped.contains("#define vv_FragNormCoord"), wrapped);
        assertTrue(wrapped.contains("#define isf_FragNormCoord (gl_FragCoord.xy / resolution)"), wrapped);
    }

    @Test
    void aSameNamedVsIsTheVertexStageUnderItsPrelude(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("Warp.fs"), HEADER + "varying vec2 v;\nvoid main() {}\n");
        Files.writeString(root.resolve("Warp.vs"), "varying vec2 v;\nvoid main() { isf_vertShaderInit(); }\n");
        JsonNode definition = IsfImport.definition(root.resolve("Warp.fs"));
        assertEquals("Warp.vs", definition.get("vertexShader").asText());
        String vertex = IsfStages.vertex(root.resolve("Warp.fs"), definition, 0, "300 es");
        assertTrue(vertex.startsWith("#version 300 es\n") && vertex.contains("void isf_vertShaderInit()")
                && vertex.contains("out vec2 isf_FragNormCoord;") && vertex.endsWith("#line 1\nvarying vec2 v;\n"
                + "void main() { isf_vertShaderInit(); }\n"), vertex);
        assertTrue(IsfImport.wrap("", definition, 0).contains("in vec2 isf_FragNormCoord;"));
        assertTrue(IsfStages.vertex(root.resolve("Warp.fs"), definition, 0, "100").contains("varying vec2 "
                + "isf_FragNormCoord;"));
        Effect warp = new Effect("Warp", root, definition, List.of(), root);
        assertEquals("Warp.vs: 'x' : undeclared", warp.format().explain(warp, "vertex", "'x' : undeclared"));
        Files.delete(root.resolve("Warp.vs"));
        assertNull(IsfStages.vertex(root.resolve("Warp.fs"), IsfImport.definition(root.resolve("Warp.fs")), 0,
                "300 es"));
    }

    @Test
    void theGlslEs100FormReadsSizesFromUniformsOnTheSameLines() {
        assertEquals("vec2 s = _mask_imgSize;\nvec4 c = IMG_PIXEL_(_mask_imgSize, mask, vec2(1.0));",
                IsfStages.rewrite100("vec2 s = IMG_SIZE( mask );\nvec4 c = IMG_PIXEL(mask, vec2(1.0));"));
    }

    @Test
    void dateIsYearMonthDaySeconds() {
        assertEquals(List.of(2026.0, 11.0, 24.0, 3600.0 + 60 + 1.5),
                IsfStages.date(LocalDateTime.of(2026, 11, 24, 1, 1, 1, 500_000_000)));
    }
}
