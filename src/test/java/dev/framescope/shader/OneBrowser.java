package dev.framescope.shader;

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
}
