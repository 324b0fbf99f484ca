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

    @SuppressWarnings("unchecked")
    private static Map<String, Object> render(String call, boolean loseAfterDraw) {
        return BROWSER.harness().withPage(page -> (Map<String, Object>) page.evaluate("async ([source, lose]) => {"
                + "  if (lose) { const draw = WebGL2RenderingContext.prototype.drawArrays;"
                + "    WebGL2RenderingContext.prototype.drawArrays = function (...a) {"
                + "      draw.apply(this, a); this.getExtension('WEBGL_lose_context').loseContext(); }; }"
                + "  const options = { width: 8, height: 8, time: 0, frames: 1, uniforms: {} };"
                + "  return " + call + "; }", java.util.List.of(WHITE, loseAfterDraw)), 60_000);
    }

    private static void assertLost(Map<String, Object> answer) {
        assertEquals(false, answer.get("ok"), String.valueOf(answer));
        assertTrue(String.valueOf(answer.get("diagnostics")).contains("WebGL2 context was lost"), String.valueOf(answer));
    }

    @Test
    void aLostContextIsAFailureNotABlackFrame() {
        String passes = "framescope.renderPasses('glsl', [{ source, inputs: {}, output: 'outputTex' }], options)";
        Map<String, Object> drawn = render(passes, false);
        assertEquals(true, drawn.get("ok"), "the same effect renders when nothing is lost: " + drawn);

        assertLost(render(passes, true));
        assertLost(render("framescope.renderGlsl(source, options)", true));
    }
}
