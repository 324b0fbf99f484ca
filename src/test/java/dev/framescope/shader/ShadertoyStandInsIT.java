package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.formats.Effect;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What shadertoy.com draws and FrameScope once refused, on real WebGL2 (demo/shaders/shadertoy/probes): globals named
 * {@code time} and {@code resolution}; the keyboard, sound, video and webcam stand-ins, texel by texel and named in
 * the note; Cube A and a media cubemap read back along six tilted axes; one draw for a pass without feedback.
 */
@Timeout(240)
class ShadertoyStandInsIT {

    private static final Path ROOT = Path.of("demo/shaders/shadertoy");
    private static final int SIZE = 60;
    /** The cube test card's face colours (testcard.js), +X, −X, +Y, −Y, +Z, −Z. */
    private static final int[][] CUBE_COLOURS = {{200, 40, 40}, {40, 200, 200}, {40, 200, 40}, {200, 40, 200},
        {40, 40, 200}, {200, 200, 40}};
    private static final double[][] AXES = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();

    private static Pixels pixels(String id, double time, Map<String, Object> values) {
        Effect effect = new EffectLibrary(ROOT).select(id).get(0);
        return BROWSER.harness().withPage(page -> RuntimePage.render(page, effect, Backend.webgl2, SIZE, SIZE, time,
                Effect.uniforms(effect.definition(), values), Map.of(), null), 120_000);
    }

    private static int[] at(int[] rgb, int x, int y) {
        int i = 3 * (y * SIZE + x);
        return new int[] {rgb[i], rgb[i + 1], rgb[i + 2]};
    }

    private static void near(int[] expected, int[] actual, int tolerance, String why) {
        for (int c = 0; c < 3; c++) {
            assertTrue(Math.abs(expected[c] - actual[c]) <= tolerance, why + ": expected " + List.of(expected[0],
                    expected[1], expected[2]) + ", got " + List.of(actual[0], actual[1], actual[2]));
        }
    }

    @Test
    void globalsNamedTimeAndResolutionCompileAsOnShadertoy() {
        int[] rgb = ShaderCalls.rgb(pixels("probes/globals", 0.5, Map.of()), "globals");
        // time = 0.25 and resolution.x = 2.0 are the shader's own; iTime 4 s is still the host's.
        near(new int[] {64, 64, 128}, at(rgb, 10, 10), 1, "the globals and iTime");
    }

    @Test
    void keyboardSoundVideoAndWebcamReadNamedStandIns() {
        Pixels pixels = pixels("probes/standins", 0.0, Map.of());
        int[] rgb = ShaderCalls.rgb(pixels, "stand-ins");
        near(new int[] {0, 0, 128}, at(rgb, 5, 30), 1, "space key up, FFT 0, wave 0.5");
        byte[] card = BROWSER.harness().withPage(page -> RuntimePage.testCard(page, SIZE, SIZE), 60_000);
        for (int[] xy : new int[][] {{40, 10}, {55, 25}, {40, 40}, {50, 55}}) {
            int i = 4 * (xy[1] * SIZE + xy[0]);
            near(new int[] {card[i] & 0xff, card[i + 1] & 0xff, card[i + 2] & 0xff}, at(rgb, xy[0], xy[1]), 1,
                    (xy[1] < 30 ? "video" : "webcam") + " reads the test card upright at " + xy[0] + "," + xy[1]);
        }
        for (String named : List.of("iChannel0 of Image (keyboard): all keys up",
                "iChannel1 of Image (music): silence", "iChannel2 of Image (video): the test card",
                "iChannel3 of Image (webcam): the test card")) {
            assertTrue(pixels.note().contains(named), named + " in " + pixels.note());
        }
    }

    @Test
    void cubeAAndAMediaCubemapReadBackAlongEachAxis() {
        Pixels pixels = pixels("probes/cube", 0.0, Map.of());
        int[] rgb = ShaderCalls.rgb(pixels, "cube");
        for (int face = 0; face < 6; face++) {
            double[] dir = new double[3];
            for (int c = 0; c < 3; c++) {
                dir[c] = AXES[face][c] + 0.3 * AXES[(face + 2) % 6][c] + 0.2 * AXES[(face + 4) % 6][c];
            }
            double length = Math.sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
            int[] drawn = new int[3];
            for (int c = 0; c < 3; c++) {
                drawn[c] = (int) Math.round(255 * (dir[c] / length * 0.5 + 0.5));
            }
            int x = face * 10 + 5;
            near(drawn, at(rgb, x, 15), 3, "Cube A along axis " + face + " gives back the ray Cube A drew");
            double k = 0.6 + 0.4 * faceS(face, dir);
            int[] card = new int[3];
            for (int c = 0; c < 3; c++) {
                card[c] = (int) Math.round(CUBE_COLOURS[face][c] * k);
            }
            near(card, at(rgb, x, 45), 2, "the cube card's face " + face + " at s " + faceS(face, dir));
        }
        assertTrue(pixels.note().contains("Cube A faces 64×64 (Shadertoy's are 1024×1024)"), pixels.note());
        assertTrue(pixels.note().contains("iChannel1 of Image (cubemap): FrameScope's cube test card"),
                pixels.note());
    }

    /** The face's s coordinate of a direction whose major axis is that face's, by GL's cube-map table. */
    private static double faceS(int face, double[] d) {
        double[] sc = {-d[2], d[2], d[0], d[0], d[0], -d[0]};
        double ma = Math.abs(d[face / 2]);
        return (sc[face] / ma + 1) / 2;
    }

    @Test
    void aPassWithoutFeedbackIsDrawnOnceAndFeedbackEveryFrame() {
        Pixels uv = pixels("probes/uv", 0.5, Map.of());
        assertTrue(uv.note().startsWith("Shadertoy: 1 frame(s) drawn (iFrame 240, no pass reads an earlier frame or "
                + "can discard, so earlier frames cannot change it)"), uv.note());
        near(new int[] {0, 0, 128}, new int[] {0, 0, at(ShaderCalls.rgb(uv, "uv"), 5, 5)[2]}, 1, "iTime 4 s");
        Pixels trail = pixels("trail", 0.25, Map.of());
        assertTrue(trail.note().startsWith("Shadertoy: 121 frame(s) drawn (iFrame 0..120, Buffer A reads an earlier "
                + "frame)"), trail.note());
        // The Image pass's frames before the last are read by no later frame: it is drawn once.
        assertTrue(trail.note().contains("frames each pass was drawn in: Buffer A 121, Image 1"), trail.note());
        assertEquals("ok", trail.status());
    }
}
