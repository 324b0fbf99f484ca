package dev.framescope.shader;

import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.harness.BrowserHarness;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One harness on Debian's Chromium for all tests of a class, closed after them: the set-up the shader ITs that
 * render through the harness directly (not through a toolkit) share. Use as a static {@code @RegisterExtension}.
 */
final class OneBrowser implements BeforeAllCallback, AfterAllCallback {

    private BrowserHarness harness;

    @Override
    public void beforeAll(ExtensionContext context) {
        harness = new BrowserHarness(Path.of("/usr/bin/chromium"), false);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        harness.close();
    }

    BrowserHarness harness() {
        return harness;
    }

    /** An effect's frame on WebGL2 at its default uniforms, asserted "ok": RGB of every pixel, rows top-down. */
    int[] webgl2Rgb(Path root, String id, int size, double time) {
        Effect effect = new EffectLibrary(root).select(id).get(0);
        RuntimePage.Pixels pixels = harness.withPage(page -> {
            return RuntimePage.render(page, effect, EffectCompiler.Backend.webgl2, size, size, time,
                    Effect.uniforms(effect.definition(), java.util.Map.of()), java.util.Map.of(), null);
        }, 60_000);
        org.junit.jupiter.api.Assertions.assertEquals("ok", pixels.status(),
                id + ": " + pixels.diagnostics() + " " + pixels.note());
        int[] rgb = new int[size * size * 3];
        for (int i = 0; i < size * size * 3; i++) {
            rgb[i] = pixels.rgba()[i / 3 * 4 + i % 3] & 0xff;
        }
        return rgb;
    }
}
