package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A WebGL2 context lost while an effect renders (Chromium resets one whose draw outruns its GPU watchdog, or the
 * oldest of too many in one page) reads back as zeros: before this check such a frame came back "ok, essentially
 * blank". Here the page's own draw call loses the context right after drawing, through WEBGL_lose_context, in real
 * Chromium; the runtime must answer with a pipeline failure instead of pixels.
 */
@Timeout(120)
class ContextLossIT {

    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();

    private static final String WHITE = "precision highp float;\nout vec4 fragColor;\nvoid main() { fragColor = vec4(1.0); }\n";
    private static final String DISCARDS = "precision highp float;\nout vec4 fragColor;\nvoid main() { discard; }\n";
    private static final String PASSES =
            "framescope.renderPasses('glsl', [{ source, inputs: {}, output: 'outputTex' }], options)";

    private static Map<String, Object> render(String call, boolean loseAfterDraw) {
        return render(call, WHITE, loseAfterDraw
                ? "draw.apply(this, a); this.getExtension('WEBGL_lose_context').loseContext();" : null);
    }

    /** Renders {@code source} through {@code call}; {@code drawArrays}, when given, replaces the draw call's body. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> render(String call, String source, String drawArrays) {
        return BROWSER.harness().withPage(page -> (Map<String, Object>) page.evaluate("async ([source, body]) => {"
                + "  if (body) { const draw = WebGL2RenderingContext.prototype.drawArrays;"
                + "    WebGL2RenderingContext.prototype.drawArrays = new Function('draw', 'return function (...a) {'"
                + "      + body + '}')(draw); }"
                + "  const options = { width: 8, height: 8, time: 0, frames: 1, uniforms: {} };"
                + "  return " + call + "; }", java.util.Arrays.asList(source, drawArrays)), 60_000);
    }

    private static void assertLost(Map<String, Object> answer) {
        assertEquals(false, answer.get("ok"), String.valueOf(answer));
        assertTrue(String.valueOf(answer.get("diagnostics")).contains("WebGL2 context was lost"), String.valueOf(answer));
    }

    @Test
    void aLostContextIsAFailureNotABlackFrame() {
        Map<String, Object> drawn = render(PASSES, false);
        assertEquals(true, drawn.get("ok"), "the same effect renders when nothing is lost: " + drawn);

        assertLost(render(PASSES, true));
        assertLost(render("framescope.renderGlsl(source, options)", true));
    }

    /**
     * A draw that writes no fragment leaves the target's zeros, which read as a transparent black frame: SwiftShader
     * dropped filter/octaveWarp's draw that way (no GL error, no lost context). The final pass's occlusion query
     * tells; here the draw call is made to do nothing, as the driver did, and a shader discards every fragment.
     */
    @Test
    void aFinalPassThatWritesNoFragmentIsAFailureNotATransparentFrame() {
        for (Map<String, Object> answer : java.util.List.of(render(PASSES, WHITE, "/* dropped */"),
                render("framescope.renderGlsl(source, options)", WHITE, "/* dropped */"),
                render(PASSES, DISCARDS, null))) {
            assertEquals(false, answer.get("ok"), String.valueOf(answer));
            assertTrue(String.valueOf(answer.get("diagnostics")).contains("the final pass wrote no fragment"),
                    String.valueOf(answer));
        }
    }
}
