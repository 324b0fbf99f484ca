package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Config;
import dev.framescope.server.ToolGroups;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.formats.Effect;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Patterns of the public ISF files that FrameScope's import got wrong, each in a file of our own
 * (demo/shaders/isf-cases), checked on real WebGL2 pixels: ISF 1's {@code _<image>_imgRect}/{@code _imgSize}/
 * {@code _flip}, and a pass TARGET named {@code time} like the runtime's own uniform.
 */
@Timeout(180)
class IsfCasesIT {

    private static final int SIZE = 64;
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();


    private static byte[] rgba(String root, String id, double time, Map<String, Object> uniforms) {
        Effect effect = new EffectLibrary(Path.of(root)).select(id).get(0);
        Pixels pixels = BROWSER.harness().withPage(page -> {
            return RuntimePage.render(page, effect, Backend.webgl2, SIZE, SIZE, time,
                    Effect.uniforms(effect.definition(), uniforms), Map.of(), null);
        }, 60_000);
        assertEquals("ok", pixels.status(), id + ": " + pixels.diagnostics() + " " + pixels.note());
        return pixels.rgba();
    }

    @Test
    void imgRectIsTheImagesSizeSoTheLeftHalfShowsTheInputAndTheRightHalfIsRed() {
        byte[] rect = rgba("demo/shaders/isf-cases", "Rect Sizes", 0, Map.of());
        byte[] card = rgba("demo/shaders/isf", "Channel Swap", 0, Map.of("mixAmount", 0.0));
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                int p = 4 * (y * SIZE + x);
                for (int c = 0; c < 3; c++) {
                    int expected = x < SIZE / 2 ? card[p + c] & 0xff : c == 0 ? 255 : 0;
                    assertTrue(Math.abs((rect[p + c] & 0xff) - expected) <= 2, "pixel (" + x + ", " + y
                            + ") channel " + c + ": " + (rect[p + c] & 0xff) + ", expected " + expected);
                }
            }
        }
    }

    @Test
    void aTargetNamedTimeIsTheTextureAndTimeStillTheClock() {
        for (double time : new double[] {0.25, 0.5}) {
            byte[] grey = rgba("demo/shaders/isf-cases", "Time Target", time, Map.of());
            int expected = (int) Math.round(time * 255); // TIME / 8 = the normalised time
            for (int p = 0; p < SIZE * SIZE; p++) {
                assertTrue(Math.abs((grey[4 * p] & 0xff) - expected) <= 1, "time " + time + ", pixel " + p + ": "
                        + (grey[4 * p] & 0xff) + ", expected " + expected);
            }
        }
    }

    @Test
    void aFileValidInNeitherVersionReportsWhatStopsTheGlslEs100FormToo(@org.junit.jupiter.api.io.TempDir Path state)
            throws Exception {
        var toolkit = ToolGroups.create(Config.fromEnvironment(
                Map.of("FRAMESCOPE_STATE_DIR", state.toString())));
        var program = ShaderCalls.call(toolkit, "compile_effect", Map.of("effect", "Neither Version",
                "effects_root", "demo/shaders/isf-cases", "backend", "webgl2")).at("/effects/preview/0/programs/0");
        assertEquals("error", program.get("status").asText(), program.toString());
        boolean redeclared = false;
        boolean loop = false;
        for (var d : program.get("diagnostics")) {
            String message = d.get("message").asText();
            redeclared |= d.get("line").asInt() == 8 && message.contains("sign") && !message.contains("1.00");
            loop |= d.get("line").asInt() == 14 && message.startsWith("as GLSL ES 1.00") && message.contains("Loop");
        }
        assertTrue(redeclared, "the GLSL ES 3.00 error at the file's line 8: " + program);
        assertTrue(loop, "the GLSL ES 1.00 form's loop error at the file's line 14: " + program);
    }
}
