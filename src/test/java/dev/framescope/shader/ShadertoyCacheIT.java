package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.formats.Effect;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Shadertoy passes that cache by discarding (issue 33 point 4), on real WebGL2: demo/shaders/shadertoy-cache (made
 * with its ground truth by scripts/make-shadertoy-cache.py) draws Buffer A while iFrame <= 1 and discards after, as
 * public exports do; drawn only at the last frame, the cache was lost and the disc came out flat grey, answered as
 * ok with "earlier frames cannot change it". cache-first draws at iFrame 0 only, so the copy odd frames read was
 * never drawn (flat there, as on Shadertoy). cache-columns and cache-common have a second discard (in the pass, in
 * Common): each frame up to the idiom's draws other columns, and one draw of the copy the last frame reads showed one
 * column where Shadertoy shows every column drawn on that copy. Public LunarCubemap caches its Cube A the same way.
 */
@Timeout(300)
class ShadertoyCacheIT {

    private static final Path ROOT = Path.of("demo/shaders/shadertoy-cache");
    private static final Path EXPORTS = Path.of("demo/shaders/shadertoy-exports");
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();

    private static Pixels render(Path root, String id, int size, double time, Integer frames) {
        Effect effect = new EffectLibrary(root).select(id).get(0);
        Pixels pixels = BROWSER.harness().withPage(page -> RuntimePage.render(page, effect, Backend.webgl2, size,
                size, time, Effect.uniforms(effect.definition(), Map.of()), Map.of(), frames), 120_000);
        assertEquals("ok", pixels.status(), id + ": " + pixels.diagnostics() + " " + pixels.note());
        return pixels;
    }

    @Test
    void aCachingBufferShowsWhatItDrewAtTheFirstFramesAsTheGroundTruthSays() throws Exception {
        JsonNode truth = Json.mapper().readTree(ROOT.resolve("ground-truth.json").toFile());
        int size = truth.get("width").asInt();
        for (Map.Entry<String, JsonNode> effect : truth.get("effects").properties()) {
            String id = effect.getKey();
            for (JsonNode c : effect.getValue().get("cases")) {
                Integer frames = c.get("frames").isNull() ? null : c.get("frames").asInt();
                Pixels pixels = render(ROOT, id, size, c.get("time").asDouble(), frames);
                String at = id + " at time " + c.get("time") + ", frames " + c.get("frames") + " ("
                        + pixels.note() + ")";
                ShaderCalls.matchesPixels(pixels, c.get("pixels"), at);
                int last = c.get("last_iframe").asInt();
                assertFalse(pixels.note().contains("cannot change it"), at);
                if (last > 1) {
                    String passes = id.equals("cache-common") ? "Buffer A and Image" : "Buffer A";
                    assertTrue(pixels.note().contains("(iFrame 0.." + last + ", " + passes + " can discard, keeping "
                            + "what earlier frames drew)"), at);
                }
            }
        }
    }

    @Test
    void theIdiomsBufferIsDrawnOnceForTheCopyTheLastFrameReadsAndTheImageOnlyAtTheLastFrame() {
        String note = render(ROOT, "cache", 64, 0.5, null).note();
        assertTrue(note.contains("frames each pass was drawn in: Buffer A 1, Image 1"), note);
        // The discard after other statements is not the idiom: that buffer is drawn every frame.
        String late = render(ROOT, "cache-late", 64, 0.5, null).note();
        assertTrue(late.contains("frames each pass was drawn in: Buffer A 241, Image 1"), late);
        // A second discard, in the pass or in Common: every frame up to the idiom's draws (one draw would leave one
        // column of five); Common reaches the Image pass too, which is then drawn every frame.
        String columns = render(ROOT, "cache-columns", 64, 0.5, null).note();
        assertTrue(columns.contains("frames each pass was drawn in: Buffer A 5, Image 1"), columns);
        String common = render(ROOT, "cache-common", 64, 0.5, null).note();
        assertTrue(common.contains("frames each pass was drawn in: Buffer A 5, Image 241"), common);
    }

    @Test
    void lunarCubemapsCachedCubeAShowsTheSameMoonAfterTwoFramesAsAfterTwoHundredAndFortyOne() {
        // frames 2 ends at iFrame 1, reading the copy Cube A drew there; the default schedule at time 0.5 ends at
        // iFrame 240 (even), reading the copy drawn at iFrame 0, which holds the same craters.
        Pixels two = render(EXPORTS, "LunarCubemap", 64, 0.5, 2);
        Pixels all = render(EXPORTS, "LunarCubemap", 64, 0.5, null);
        assertArrayEquals(two.rgba(), all.rgba(), all.note());
        assertTrue(all.note().startsWith("Shadertoy: 241 frame(s) drawn (iFrame 0..240, Cube A can discard"),
                all.note());
        assertTrue(all.note().contains("Cube A 1, Image 1"), all.note());
    }
}
