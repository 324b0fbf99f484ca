package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import dev.framescope.common.Config;
import dev.framescope.shader.harness.PageServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The page a person uses, driven like a person would in real Chromium: the effect runs on both backends, a slider
 * changes both pictures, a multi-pass effect picked from the list draws on both. Leaves a screenshot in
 * target/shader-page.png to look at.
 */
@Timeout(120)
class ShaderPageIT {

    private static String centre(Page page, String language) {
        return page.evaluate("l => Array.from(document.getElementById('view-' + l).getContext('2d')"
                + ".getImageData(256, 256, 1, 1).data).join(',')", language).toString();
    }

    private static int lit(Page page, String language) {
        return ((Number) page.evaluate("l => { const d = document.getElementById('view-' + l).getContext('2d')"
                + ".getImageData(0, 0, 512, 512).data; let n = 0; for (let i = 0; i < d.length; i += 4) "
                + "if (d[i] > 100) n++; return n; }", language)).intValue();
    }

    private static void waitForFrames(Page page, int more) {
        int now = Integer.parseInt(String.valueOf(page.evaluate("() => document.body.dataset.frames ?? '0'")));
        page.waitForFunction("n => Number(document.body.dataset.frames ?? 0) >= n", now + more);
    }

    @Test
    void aPersonPicksAnEffectMovesASliderAndSeesBothBackendsFollow() throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
        Path chromium = Config.fromEnvironment(System.getenv()).chromium();
        try (PageServer server = PageServer.start(Path.of("demo/shaders/effects"), 0);
             Playwright playwright = Playwright.create(new Playwright.CreateOptions().setEnv(env));
             Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions().setHeadless(true)
                     .setExecutablePath(chromium).setArgs(List.of("--enable-unsafe-webgpu")))) {
            Page page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1280, 900));
            page.navigate(server.url("index.html?effect=broken/dead-uniform"));
            waitForFrames(page, 3);
            String glsl = centre(page, "glsl");
            String wgsl = centre(page, "wgsl");
            assertNotEquals("0,0,0,0", glsl, "WebGL2 draws the effect");
            assertNotEquals("0,0,0,0", wgsl, "WebGPU draws the effect");
            Locator hue = page.locator("#u-hue");
            hue.fill("0.9");
            waitForFrames(page, 3);
            assertNotEquals(glsl, centre(page, "glsl"), "moving the hue slider changes the WebGL2 picture");
            assertNotEquals(wgsl, centre(page, "wgsl"), "and the WebGPU one");
            page.click("#effects [data-effect='synth/trails']");
            waitForFrames(page, 5);
            for (String language : List.of("glsl", "wgsl")) {
                int n = lit(page, language);
                assertTrue(n > 100, "the multi-pass trail is drawn on " + language + ": " + n + " lit pixels");
            }
            Files.createDirectories(Path.of("target"));
            page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/shader-page.png")));
            // The screenshot itself shows the effect: the page draws read-back pixels into a 2D canvas, because a
            // WebGPU canvas comes out blank in headless screenshots.
            java.awt.image.BufferedImage shot = javax.imageio.ImageIO.read(Path.of("target/shader-page.png").toFile());
            int yellow = 0;
            for (int y = 0; y < shot.getHeight(); y++) {
                for (int x = 0; x < shot.getWidth(); x++) {
                    int rgb = shot.getRGB(x, y);
                    if ((rgb >> 16 & 0xff) > 150 && (rgb >> 8 & 0xff) > 120 && (rgb & 0xff) < 120) {
                        yellow++;
                    }
                }
            }
            assertTrue(yellow > 1000, "the screenshot shows the trail's yellow dots: " + yellow + " pixels");
        }
    }
}
