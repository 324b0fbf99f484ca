package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.server.ToolGroups;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.formats.Effect;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * ISF as hosts run it, on real WebGL2: .vs companions, every image input (cards and bound files), audio inputs,
 * DATE and the GLSL ES 1.00 path, checked on pixels of the demo/shaders/isf-complete files.
 */
@Timeout(180)
class IsfCompleteIT {

    private static final Path ISF = Path.of("demo/shaders/isf-complete");
    private static final int SIZE = 64;
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();


    private static Pixels pixels(Path root, String id, Map<String, Object> uniforms, Map<String, String> images) {
        Effect effect = new EffectLibrary(root).select(id).get(0);
        return BROWSER.harness().withPage(page -> {
            return RuntimePage.render(page, effect, Backend.webgl2, SIZE, SIZE, 0.5,
                    Effect.uniforms(effect.definition(), uniforms), images, null);
        }, 60_000);
    }

    private static int[] rgb(String id, Map<String, Object> uniforms, Map<String, String> images) {
        Pixels pixels = pixels(ISF, id, uniforms, images);
        return ShaderCalls.rgb(pixels, id);
    }

    private static int diff(int[] a, int ia, int[] b, int ib) {
        int d = 0;
        for (int c = 0; c < 3; c++) {
            d = Math.max(d, Math.abs(a[3 * ia + c] - b[3 * ib + c]));
        }
        return d;
    }

    @Test
    void progressZeroShowsStartImagesCardAndOneEndImagesAndABoundFileReplacesAnInput(@TempDir Path dir)
            throws Exception {
        int[] start = rgb("Two Image Wipe", Map.of("progress", 0.0), Map.of());
        int[] end = rgb("Two Image Wipe", Map.of("progress", 1.0), Map.of());
        for (int p = 0; p < SIZE * SIZE; p++) {
            assertTrue(diff(start, p, end, p) >= 40, "the two cards differ at pixel " + p);
        }
        // startImage is the first card (the filters' test card: its top-left quadrant is red-dominant).
        assertTrue(start[0] > start[1] && start[0] > start[2], "test card top-left red");
        BufferedImage green = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 8; x++) {
                green.setRGB(x, y, 0x0AF00A);
            }
        }
        Path file = dir.resolve("green.png");
        ImageIO.write(green, "png", file.toFile());
        int[] bound = rgb("Two Image Wipe", Map.of("progress", 1.0), Map.of("endImage", file.toString()));
        for (int p = 0; p < SIZE * SIZE; p++) {
            assertTrue(Math.abs(bound[3 * p] - 10) <= 1 && Math.abs(bound[3 * p + 1] - 240) <= 1,
                    "the bound file shows at pixel " + p);
        }
    }

    @Test
    void theVsCompanionShiftsTheOutputByHalfTheFrame() {
        int[] card = rgb("Two Image Wipe", Map.of("progress", 0.0), Map.of());
        int[] shifted = rgb("Shifted", Map.of(), Map.of());
        int moved = 0;
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                int p = y * SIZE + x;
                assertTrue(diff(shifted, p, card, y * SIZE + (x + SIZE / 2) % SIZE) <= 2,
                        "pixel (" + x + ", " + y + ") shows the card's pixel half a frame away");
                moved += diff(shifted, p, card, p) > 10 ? 1 : 0;
            }
        }
        assertTrue(moved > SIZE * SIZE / 2, "the output moved: " + moved);
    }

    @Test
    void aVsErrorNamesTheVsFileAndItsLine(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("Bad.fs"), "/*{\"ISFVSN\": \"2\", \"INPUTS\": []}*/\n"
                + "void main() { gl_FragColor = vec4(isf_FragNormCoord, 0.0, 1.0); }\n");
        Files.writeString(root.resolve("Bad.vs"), "void main() {\n    isf_vertShaderInit();\n"
                + "    gl_Position.x += notDeclared;\n}\n");
        Pixels pixels = pixels(root, "Bad", Map.of(), Map.of());
        assertEquals("error", pixels.status());
        EffectCompiler.Diagnostic d = pixels.diagnostics().get(0);
        assertEquals("vertex", d.stage(), pixels.diagnostics().toString());
        assertEquals(3, d.line(), pixels.diagnostics().toString());
        assertTrue(d.message().startsWith("Bad.vs: ") && d.message().contains("notDeclared"), d.message());
    }

    @Test
    void audioInputsAreNonConstantSignalsAndDateIsTodays() {
        int[] audio = rgb("Audio Bars", Map.of(), Map.of());
        Set<Integer> wave = new HashSet<>();
        Set<Integer> fft = new HashSet<>();
        for (int x = 0; x < SIZE; x++) {
            wave.add(audio[3 * (8 * SIZE + x)]);
            fft.add(audio[3 * (56 * SIZE + x)]);
        }
        assertTrue(wave.size() > 20, "the waveform varies along x: " + wave);
        assertTrue(fft.size() > 5, "the spectrum varies along x: " + fft);
        int[] date = rgb("Date Clock", Map.of(), Map.of());
        LocalDate today = LocalDate.now();
        assertTrue(Math.abs(date[0] - Math.round(255 * today.getMonthValue() / 12.0)) <= 1, "month " + date[0]);
        assertTrue(Math.abs(date[1] - Math.round(255 * today.getDayOfMonth() / 31.0)) <= 1, "day " + date[1]);
        assertEquals(255, date[2], "year after 2000");
    }

    @Test
    void compileEffectSaysWhichVersionCompiled(@TempDir Path state) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        JsonNode report = ShaderCalls.call(toolkit, "compile_effect", Map.of("effect", "*", "backend", "webgl2",
                "effects_root", ISF.toAbsolutePath().toString()));
        assertEquals("5 effect(s) compiled on webgl2: 5 ok, 0 with errors.", report.get("summary").asText());
        JsonNode legacy = ShaderCalls.effect(report, "Legacy Sign").at("/programs/0/diagnostics/0");
        assertEquals("info", legacy.get("severity").asText(), legacy.toString());
        assertTrue(legacy.get("message").asText().startsWith("compiled as GLSL ES 1.00") && legacy.get("message")
                .asText().contains("'round'"), legacy.toString());
        assertEquals(0, ShaderCalls.effect(report, "Shifted").at("/programs/0/diagnostics").size());
    }

    @Test
    void aFileValidOnlyUnderGlslEs100CompilesThereAndSaysSo() {
        Pixels pixels = pixels(ISF, "Legacy Sign", Map.of(), Map.of());
        assertEquals("ok", pixels.status(), pixels.diagnostics() + " " + pixels.note());
        assertNotNull(pixels.note());
        assertTrue(pixels.note().contains("compiled as GLSL ES 1.00"), pixels.note());
        int v = pixels.rgba()[0] & 0xff;
        assertTrue(Math.abs(v - 128) <= 1, "round(5.4) / 10 = 0.5: " + v);
    }
}
