package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
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
 * Passes of ISF and noisemaker effects that keep what their target held, on real Chromium: demo/shaders/pass-history
 * (made with its ground truth by scripts/make-pass-history.py, which computes the pixels every pass drawn at every
 * frame gives). An ISF pass that paints one column a frame into the output and discards elsewhere was drawn at the
 * last frame only, one column shown instead of every column of the output's copy, whether another pass made the
 * effect feedback (Trail Dots) or none did (Paint Dots: not drawn before the last frame at all); a noisemaker decay
 * pass sharing a ping-pong texture with a blended deposit was skipped before the last frame, and with it its swap, so
 * the deposit added to the other copy every other frame. Paint Strokes (the discarding pass draws into a persistent
 * buffer) was right before: an ISF pass reads every buffer of its file, so that pass reads itself.
 */
@Timeout(300)
class PassHistoryIT {

    private static final Path ROOT = Path.of("demo/shaders/pass-history");
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();

    private static Pixels render(Path root, String id, Backend backend, int size, double time, Integer frames) {
        Effect effect = new EffectLibrary(root).select(id).get(0);
        Pixels pixels = BROWSER.harness().withPage(page -> RuntimePage.render(page, effect, backend, size, size, time,
                Effect.uniforms(effect.definition(), Map.of()), Map.of(), frames), 120_000);
        assertEquals("ok", pixels.status(), id + ": " + pixels.diagnostics() + " " + pixels.note());
        return pixels;
    }

    /** Every effect of one root of the ground truth, each case on {@code backends}, pixel by pixel. */
    private static void matchesTheGroundTruth(String root, List<Backend> backends) throws Exception {
        JsonNode truth = Json.mapper().readTree(ROOT.resolve("ground-truth.json").toFile());
        int size = truth.get("width").asInt();
        for (Map.Entry<String, JsonNode> effect : truth.get("roots").get(root).properties()) {
            for (Backend backend : backends) {
                for (JsonNode c : effect.getValue()) {
                    Integer frames = c.get("frames").isNull() ? null : c.get("frames").asInt();
                    Pixels pixels = render(ROOT.resolve(root), effect.getKey(), backend, size,
                            c.get("time").asDouble(), frames);
                    ShaderCalls.matchesPixels(pixels, c.get("pixels"), effect.getKey() + " on " + backend + ", "
                            + c.get("frames_drawn") + " frames (" + pixels.note() + ")");
                }
            }
        }
    }

    @Test
    void anIsfPassThatDiscardsKeepsEveryColumnOfItsCopy() throws Exception {
        matchesTheGroundTruth("isf", List.of(Backend.webgl2));
    }

    @Test
    void aNoisemakerDecaySharingTheDepositsPingPongTextureIsDrawnEveryFrame() throws Exception {
        matchesTheGroundTruth("noisemaker", List.of(Backend.webgl2, Backend.webgpu));
    }

    @Test
    void theNotesSayEveryFrameWasDrawnAndNotThatEarlierFramesCannotChangeIt() {
        for (String id : List.of("Paint Strokes", "Trail Dots", "Paint Dots")) {
            String note = render(ROOT.resolve("isf"), id, Backend.webgl2, 16, 0.25, 12).note();
            assertTrue(note.startsWith("feedback effect: 12 frame(s) rendered"), id + ": " + note);
            assertFalse(note.contains("frames each pass was drawn in"), id + ": every pass can discard: " + note);
        }
        String decay = render(ROOT.resolve("noisemaker"), "synth/depositDecay", Backend.webgl2, 16, 0.25, 12).note();
        assertTrue(decay.contains("frames each pass was drawn in: deposit 12, diffuse 12, show 1"),
                "every writer of _trail is drawn: " + decay);
    }
}
