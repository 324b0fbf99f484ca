package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.Response;
import com.microsoft.playwright.options.BoundingBox;
import dev.framescope.common.Config;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shader page as a person meets it, from the built JAR's {@code framescope page} in real Chromium: it opens on an
 * effect that works with both backends drawn side by side; an effect whose GLSL does not compile leaves no stale
 * frame on the WebGL2 canvas and shows the file, line and message over it while WebGPU still draws; the address bar
 * follows the effect picked ({@code ?effect=ns/name}), back goes back, and such a link opens that effect. Pixels are
 * read from the page's 2D canvases, which hold the read-back frames (a WebGPU canvas is blank in headless
 * screenshots). Leaves target/shader-page-error.png to look at.
 */
@Timeout(180)
class ShaderPageBackendsIT {

    private static final Pattern ADDRESS = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/)\\S*");

    @TempDir
    static Path state;

    private static Process server;
    private static String base;
    private static Playwright playwright;
    private static Browser browser;

    private Page page;
    private final List<String> consoleErrors = new ArrayList<>();

    @BeforeAll
    static void startPageAndBrowser() throws Exception {
        Path jar = Path.of(System.getProperty("framescope.jar", "target/framescope.jar")).toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString(), "page", "--port", "0").redirectErrorStream(true);
        builder.environment().put("FRAMESCOPE_STATE_DIR", state.toString());
        builder.environment().put("FRAMESCOPE_EFFECTS_ROOT", Path.of("demo/shaders/effects").toAbsolutePath().toString());
        server = builder.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while (base == null && (line = out.readLine()) != null) {
            Matcher m = ADDRESS.matcher(line);
            if (m.find()) {
                base = m.group(1);
            }
        }
        assertNotNull(base, "framescope page printed no address");
        Thread drain = new Thread(() -> out.lines().forEach(l -> { }), "shader-page-output");
        drain.setDaemon(true);
        drain.start();
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
        playwright = Playwright.create(new Playwright.CreateOptions().setEnv(env));
        browser = playwright.chromium().launch(new BrowserType.LaunchOptions().setHeadless(true)
                .setExecutablePath(Config.fromEnvironment(System.getenv()).chromium())
                .setArgs(List.of("--enable-unsafe-webgpu")));
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) {
            browser.close();
        }
        if (playwright != null) {
            playwright.close();
        }
        if (server != null) {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @BeforeEach
    void openPage() {
        page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1280, 900));
        page.setDefaultTimeout(30_000);
        page.onConsoleMessage(message -> {
            if (message.type().equals("error")) {
                consoleErrors.add(message.text());
            }
        });
    }

    @AfterEach
    void closePage() {
        page.close();
    }

    private void waitForBackend(String language, String state) {
        page.waitForFunction("([l, s]) => document.getElementById('panel-' + l)?.dataset.state === s",
                List.of(language, state));
    }

    /** Frames both backends have drawn, counted by the page; waits for {@code more} beyond now. */
    private void waitForFrames(int more) {
        int now = Integer.parseInt(String.valueOf(page.evaluate("() => document.body.dataset.frames ?? '0'")));
        page.waitForFunction("n => Number(document.body.dataset.frames ?? 0) >= n", now + more);
    }

    /** The canvas's pixels: [pixels with alpha > 0, distinct RGBA values], read from its 2D context. */
    private int[] coverage(String language) {
        @SuppressWarnings("unchecked")
        List<Number> counts = (List<Number>) page.evaluate("l => { const c = document.getElementById('view-' + l); "
                + "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; const seen = new Set(); "
                + "let covered = 0; for (let i = 0; i < d.length; i += 4) { if (d[i + 3] > 0) covered++; "
                + "seen.add((d[i] << 24 | d[i + 1] << 16 | d[i + 2] << 8 | d[i + 3]) >>> 0); } "
                + "return [covered, seen.size]; }", language);
        return new int[] {counts.get(0).intValue(), counts.get(1).intValue()};
    }

    private String effectInAddress() {
        String query = URI.create(page.url()).getRawQuery();
        assertNotNull(query, "no query in " + page.url());
        return String.valueOf(page.evaluate("() => new URLSearchParams(location.search).get('effect')"));
    }

    @Test
    void opensOnAWorkingEffectWithBothBackendsDrawnSideBySide() {
        Response response = page.navigate(base + "index.html");
        assertTrue(response.headers().getOrDefault("content-security-policy", "").contains("script-src 'self'"),
                "the page is served under the local pages' CSP: " + response.headers());
        waitForBackend("glsl", "ok");
        waitForBackend("wgsl", "ok");
        waitForFrames(3);
        String opened = effectInAddress();
        assertFalse(opened.startsWith("broken/"), "opens on a working effect, not " + opened);
        assertEquals(opened, page.textContent("#effect-id").trim(), "the heading names the effect in the address");
        for (String language : List.of("glsl", "wgsl")) {
            int[] c = coverage(language);
            assertTrue(c[0] > 1000 && c[1] > 1, language + " canvas holds a frame: " + c[0] + " covered pixels, "
                    + c[1] + " colours");
        }
        assertTrue(page.isVisible("#panel-glsl") && page.isVisible("#panel-wgsl"), "both backends are shown");
        assertSideBySideAndStyled();
        assertEquals(List.of(), consoleErrors.stream().filter(e -> e.contains("Content Security Policy")).toList());
    }

    @Test
    void aGlslCompileErrorClearsTheWebgl2CanvasAndShowsFileLineAndMessage() throws Exception {
        page.navigate(base + "index.html?effect=synth/plasma");
        waitForBackend("glsl", "ok");
        waitForFrames(3);
        assertTrue(coverage("glsl")[0] > 1000, "plasma is drawn first");

        page.fill("#search", "glsl-error");
        page.click("#effects [data-effect='broken/glsl-error']");
        waitForBackend("glsl", "error");
        waitForBackend("wgsl", "ok");
        waitForFrames(3);
        assertEquals("broken/glsl-error", effectInAddress());
        String errors = page.textContent("#errors-glsl");
        assertTrue(errors.contains("broken/glsl-error/glsl/broken.glsl:8"), "file and line: " + errors);
        assertTrue(errors.contains("'undeclaredValue' : undeclared identifier"), "the message: " + errors);
        assertTrue(errors.contains("fragColor = vec4(uv, undeclaredValue, 1.0);"), "the source line: " + errors);
        assertFalse(errors.contains("\"message\"") || errors.contains("\"line\""), "not a JSON dump: " + errors);
        assertTrue(page.isVisible("#errors-glsl"), "the errors are shown over the canvas");
        assertEquals(0, coverage("glsl")[0], "the WebGL2 canvas is cleared, not plasma's last frame");
        int[] wgsl = coverage("wgsl");
        assertTrue(wgsl[0] > 1000 && wgsl[1] > 1, "the WGSL program still runs on WebGPU: " + wgsl[0]);
        assertFalse(page.isVisible("#errors-wgsl"), "no errors over the WebGPU canvas");

        // The same link opened afresh lands on the same state.
        page.navigate(base + "index.html?effect=broken/glsl-error");
        waitForBackend("glsl", "error");
        waitForBackend("wgsl", "ok");
        waitForFrames(3);
        assertTrue(page.textContent("#errors-glsl").contains("broken.glsl:8"));
        assertEquals(0, coverage("glsl")[0]);
        Files.createDirectories(Path.of("target"));
        page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/shader-page-error.png")));
    }

    /**
     * The two canvases sit on one row, left and right, and the page wears page.css (the console's background colour
     * and font, cards with rounded corners), not the browser's defaults.
     */
    private void assertSideBySideAndStyled() {
        BoundingBox gl = page.locator("#view-glsl").boundingBox();
        BoundingBox gpu = page.locator("#view-wgsl").boundingBox();
        assertTrue(Math.abs(gl.y - gpu.y) < 1 && gl.x + gl.width <= gpu.x && gl.width > 300,
                "the canvases side by side: WebGL2 at " + gl.x + "," + gl.y + ", WebGPU at " + gpu.x + "," + gpu.y);
        @SuppressWarnings("unchecked")
        List<String> looks = (List<String>) page.evaluate("() => [getComputedStyle(document.body).backgroundColor, "
                + "getComputedStyle(document.body).fontFamily, getComputedStyle(document.getElementById('panel-glsl'))"
                + ".borderTopLeftRadius]");
        assertEquals("rgb(246, 247, 250)", looks.get(0), "the console's background");
        assertTrue(looks.get(1).startsWith("system-ui"), "the console's font: " + looks.get(1));
        assertFalse(looks.get(2).equals("0px"), "the backends are cards");
    }

    @Test
    void aBrowserWithoutWebgpuSaysSoOnTheWebgpuSideAndStillDrawsWebgl2() throws Exception {
        // Headless Chromium without --enable-unsafe-webgpu: navigator.gpu is there, requestAdapter() answers null.
        try (Browser plain = playwright.chromium().launch(new BrowserType.LaunchOptions().setHeadless(true)
                .setExecutablePath(Config.fromEnvironment(System.getenv()).chromium()))) {
            Page noGpu = plain.newPage(new Browser.NewPageOptions().setViewportSize(1280, 900));
            noGpu.setDefaultTimeout(30_000);
            List<String> errors = new ArrayList<>();
            noGpu.onPageError(errors::add);
            noGpu.navigate(base + "index.html?effect=synth/plasma");
            assertWebgpuUnavailableBesideWebgl2(noGpu, "requestAdapter() returned null", "--enable-unsafe-webgpu");
            // Another effect keeps saying so, and a GLSL compile error is still shown on its side.
            noGpu.click("#effects [data-effect='broken/glsl-error']");
            noGpu.waitForFunction("() => document.getElementById('panel-glsl').dataset.state === 'error'");
            assertTrue(noGpu.textContent("#errors-glsl").contains("broken.glsl:8"));
            assertEquals("unavailable", noGpu.evaluate("() => document.getElementById('panel-wgsl').dataset.state"));
            Files.createDirectories(Path.of("target"));
            noGpu.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/shader-page-no-webgpu.png")));
            assertEquals(List.of(), errors, "no uncaught error in the page");
        }
    }

    @Test
    void aWebgpuAdapterThatFailsIsShownAsWebgpuUnavailableNotAsAnEffectsError() {
        // A GPU process that refuses the adapter makes requestAdapter() reject, the one failure describeBackends()
        // did not catch: both renderer lines then read "an unknown adapter" and every WGSL effect a pipeline error.
        page.addInitScript("Object.defineProperty(GPU.prototype, 'requestAdapter', "
                + "{ value: () => Promise.reject(new Error('the GPU process refused the adapter')) });");
        List<String> errors = new ArrayList<>();
        page.onPageError(errors::add);
        page.navigate(base + "index.html?effect=synth/plasma");
        assertWebgpuUnavailableBesideWebgl2(page, "the GPU process refused the adapter", "Asking for a WebGPU device");
        assertEquals(List.of(), errors, "no uncaught error in the page");
    }

    private static void assertWebgpuUnavailableBesideWebgl2(Page on, String... said) {
        on.waitForFunction("() => document.getElementById('panel-wgsl').dataset.state === 'unavailable'");
        on.waitForFunction("() => document.getElementById('panel-glsl').dataset.state === 'ok'");
        on.waitForFunction("() => Number(document.body.dataset.frames ?? 0) >= 3");
        String note = on.textContent("#errors-wgsl");
        assertTrue(on.isVisible("#errors-wgsl") && note.contains("WebGPU is not available"), "said over the canvas: " + note);
        for (String part : said) {
            assertTrue(note.contains(part), "why: " + note);
        }
        assertEquals("not available", on.textContent("#status-wgsl").trim());
        assertEquals("No WebGPU in this browser", on.textContent("#renderer-wgsl").trim());
        assertTrue(on.textContent("#renderer-glsl").startsWith("WebGL2 on "), on.textContent("#renderer-glsl"));
        assertFalse(on.isVisible("#errors-glsl"), "WebGL2 draws: " + on.textContent("#errors-glsl"));
    }

    /** The status line and headers (lower-case names) of a GET sent with this Host header, over a plain socket. */
    private static String get(String path, String host) throws Exception {
        URI uri = URI.create(base);
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: " + host
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return answer.substring(0, answer.indexOf("\r\n\r\n")).toLowerCase(Locale.ROOT);
        }
    }

    @Test
    void servesThePersonsFilesOnlyToALoopbackHostUnderTheCspAndTheHarnessPageAsBefore() throws Exception {
        String loopback = "127.0.0.1:" + URI.create(base).getPort();
        for (String path : List.of("/index.html", "/page.css", "/dom.js", "/runtime/compile.js", "/effects/index.json")) {
            String head = get(path, loopback);
            assertTrue(head.startsWith("http/1.1 200"), path + ": " + head);
            assertTrue(head.contains("content-security-policy: default-src 'none'; script-src 'self'"), path + ": " + head);
            assertTrue(head.contains("x-content-type-options: nosniff"), path + ": " + head);
            assertTrue(get(path, "rebound.example:" + URI.create(base).getPort()).startsWith("http/1.1 403"),
                    path + " is refused to a Host that is not loopback (DNS rebinding)");
        }
        assertTrue(get("/page.css", loopback).contains("content-type: text/css"));
        assertTrue(get("/dom.js", loopback).contains("content-type: text/javascript"));
        String harness = get("/harness.html", loopback);
        assertTrue(harness.startsWith("http/1.1 200") && !harness.contains("content-security-policy"),
                "the page tool calls load is one inline script, served without the CSP that would block it: " + harness);
    }

    @Test
    void pickingAnEffectUpdatesTheAddressAndBackReturnsToThePreviousOne() {
        page.navigate(base + "index.html?effect=synth/rings");
        waitForBackend("glsl", "ok");
        assertEquals("synth/rings", page.textContent("#effect-id").trim());
        page.fill("#search", "gradient");
        assertEquals(List.of("synth/gradient", "broken/parity-mismatch"),
                page.locator("#effects [data-effect]:visible").evaluateAll("bs => bs.map(b => b.dataset.effect)"),
                "the search narrows the list to the ids and descriptions that hold the word, known defects last");
        page.click("#effects [data-effect='synth/gradient']");
        page.waitForFunction("() => new URLSearchParams(location.search).get('effect') === 'synth/gradient'");
        assertTrue(page.url().contains("?effect=synth/gradient"), "a readable link: " + page.url());
        waitForBackend("glsl", "ok");
        assertEquals("synth/gradient", page.textContent("#effect-id").trim());
        page.goBack();
        page.waitForFunction("() => document.getElementById('effect-id').textContent.trim() === 'synth/rings'");
        waitForBackend("wgsl", "ok");
        assertEquals("synth/rings", effectInAddress());
    }
}
