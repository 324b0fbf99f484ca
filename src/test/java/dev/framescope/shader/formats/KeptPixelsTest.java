package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.shader.EffectLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Effects of any format whose frame depends on earlier frames although no pass reads one (issue 33 review): a pass
 * that can discard, blends or draws points leaves its target's pixels as earlier frames drew them, so the effect is
 * drawn from its first frame and counts as feedback; a discard in a comment does not.
 */
class KeptPixelsTest {

    private static Effect effect(Path root, String id) {
        return new EffectLibrary(root).select(id).get(0);
    }

    @Test
    void aDiscardingIsfPassOrABlendedOrPointDrawKeepsHistoryWithoutReadingAnEarlierFrame() {
        Effect dots = effect(Path.of("demo/shaders/pass-history/isf"), "Paint Dots");
        assertFalse(dots.readsAnyLaterOutput());
        assertTrue(dots.format().keepsHistory(dots), "its one pass discards");
        assertTrue(dots.format().isFeedback(dots));
        Effect points = effect(Path.of("demo/shaders/noisemaker-state"), "synth/pointDeposits");
        assertFalse(points.readsAnyLaterOutput());
        assertTrue(points.format().keepsHistory(points), "additive point draws");
        Effect decay = effect(Path.of("demo/shaders/pass-history/noisemaker"), "synth/depositDecay");
        assertTrue(KeptPixels.keeps(decay, decay.programs().get(0)), "deposit blends");
        assertFalse(KeptPixels.keeps(decay, decay.programs().get(1)), "diffuse draws over its target");
        Effect swap = effect(Path.of("demo/shaders/isf"), "Channel Swap");
        assertFalse(swap.format().keepsHistory(swap));
    }

    @Test
    void aDiscardInACommentOrAWordIsNone(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("Commented.fs"), "/*{\"ISFVSN\": \"2\", \"INPUTS\": []}*/\n"
                + "// if (x) discard;\n/* discard */\nvoid main() { float discarded = 1.0; "
                + "gl_FragColor = vec4(discarded); }\n");
        Effect commented = effect(dir, "Commented");
        assertFalse(commented.format().keepsHistory(commented));
    }
}
