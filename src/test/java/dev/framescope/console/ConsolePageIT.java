package dev.framescope.console;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Download;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.options.WaitForSelectorState;
import dev.framescope.common.Config;
import dev.framescope.e2e.RunningConsole;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capture console in real Chromium against the built JAR ({@code framescope console --port 0 --projects DIR}),
 * used as a person would, with the keyboard where a person would: create a project, upload the committed GL capture
 * through the file button, ask "why are there NaNs?", see the builtin planner's answer name the NaN draw with its
 * picture and pipeline row, find the history after a reload and after a restart of the console, export the project
 * and import it back, store an API key that is never shown back; no script error or CSP violation on the way. Leaves
 * target/console.png (1280×800, an answered question), the picture docs/images/console.png is taken from.
 */
@Timeout(300)
class ConsolePageIT {

    private static final Path CAPTURE = Path.of("demo/captures/gl_defects.rdc");

    @TempDir
    static Path projects;
    @TempDir
    static Path state;
    @TempDir
    static Path downloads;

    private static RunningConsole console;
    private static Playwright playwright;
    private static Browser browser;
    private static Page page;
    /** Script errors and CSP violations: the page must run under the server's policy without either. */
    private static final List<String> pageErrors = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        console = new RunningConsole(projects, state);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
        playwright = Playwright.create(new Playwright.CreateOptions().setEnv(env));
        browser = playwright.chromium().launch(new BrowserType.LaunchOptions().setHeadless(true)
                .setExecutablePath(Config.fromEnvironment(System.getenv()).chromium()));
        page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1280, 800).setAcceptDownloads(true));
        page.onPageError(pageErrors::add);
        page.onConsoleMessage(m -> {
            if (m.text().contains("Content Security Policy")) {
                pageErrors.add(m.text());
            }
        });
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) {
            browser.close();
            playwright.close();
        }
        if (console != null) {
            console.close();
        }
    }

    @Test
    void aPersonUploadsAsksReloadsExportsAndImportsAndTheAnswerWithItsPictureSurvivesEachStep() throws Exception {
        page.navigate(console.url());
        page.waitForSelector("body[data-ready=true]");

        // A project, created with the keyboard (Enter in the name field).
        page.fill("#new-project-name", "NaN hunt");
        page.press("#new-project-name", "Enter");
        page.waitForSelector("#project:not([hidden])");
        assertEquals("NaN hunt", page.textContent("#project-name"));
        String projectId = page.getAttribute("#project", "data-id");
        assertEquals(1, page.locator("#projects li").count());

        // A file dropped on the zone goes to the server, which refuses one that is not a capture; the page says so.
        page.evaluate("() => { const data = new DataTransfer();"
                + " data.items.add(new File(['not a capture'], 'notes.rdc'));"
                + " document.getElementById('drop').dispatchEvent(new DragEvent('drop', {dataTransfer: data,"
                + " bubbles: true, cancelable: true})); }");
        page.waitForSelector("#status[data-kind=error]:not([hidden])");
        assertTrue(page.textContent("#status").contains("notes.rdc"), page.textContent("#status"));

        // The capture through the file button: stored byte for byte, and offered to the question box.
        page.setInputFiles("#capture-file", CAPTURE);
        page.waitForSelector("#upload-progress[data-done=true]");
        assertTrue(page.inputValue("#capture-select").endsWith("gl_defects.rdc"), page.inputValue("#capture-select"));
        assertArrayEquals(Files.readAllBytes(CAPTURE), Files.readAllBytes(storedCapture()),
                "the stored capture is the uploaded file");
        page.waitForSelector("#projects .project[aria-current=true] .tag.capture");

        // The question, asked with Enter; steps stream in while it runs, then the answer with its evidence.
        page.fill("#question", "why are there NaNs?");
        page.press("#question", "Enter");
        Locator answer = page.locator("#answers .answer").first();
        answer.waitFor(new Locator.WaitForOptions().setTimeout(120_000));
        assertNull(page.getAttribute("body", "data-asking"), "the page is not still waiting once the answer shows");
        assertNaNAnswer(answer);
        page.waitForFunction("() => Number(document.body.dataset.liveSteps || 0) > 0", null,
                new Page.WaitForFunctionOptions().setTimeout(10_000));
        assertEquals("", page.inputValue("#question"), "the box is cleared for the next question");

        page.waitForSelector("#status", new Page.WaitForSelectorOptions()
                .setState(WaitForSelectorState.HIDDEN));
        Files.createDirectories(Path.of("target"));
        page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/console.png")));
        page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/console-full.png")).setFullPage(true));

        // What the person types is shown as text, never run as HTML.
        page.fill("#question", "<img src=x onerror=\"window.__pwned=1\"> NaN?");
        page.click("#ask");
        page.waitForFunction("() => document.querySelectorAll('#answers .answer').length === 2", null,
                new Page.WaitForFunctionOptions().setTimeout(120_000));
        assertEquals("<img src=x onerror=\"window.__pwned=1\"> NaN?", page.textContent("#answers .answer h4"));
        assertEquals(0, page.locator("#answers .answer h4 img").count());
        assertNull(page.evaluate("() => window.__pwned"));

        // A capture already on this machine, copied in by its path.
        page.fill("#source-path", CAPTURE.resolveSibling("vk_defects.rdc").toAbsolutePath().toString());
        page.press("#source-path", "Enter");
        page.waitForFunction("() => document.querySelectorAll('#capture-select option').length === 2");
        assertTrue(page.inputValue("#capture-select").endsWith("vk_defects.rdc"), "the new capture is preselected");

        // Reload: the history comes back from the server's storage, the project still selected.
        page.reload();
        page.waitForSelector("body[data-ready=true]");
        page.waitForFunction("() => document.querySelectorAll('#answers .answer').length === 2");
        assertEquals(projectId, page.getAttribute("#project", "data-id"));
        assertNaNAnswer(page.locator("#answers .answer").last());

        // Restart the console on the same projects: a new port and token, the same history.
        console.close();
        console = new RunningConsole(projects, state);
        page.navigate(console.url() + "#project=" + projectId);
        page.waitForSelector("body[data-ready=true]");
        page.waitForFunction("() => document.querySelectorAll('#answers .answer').length === 2");
        assertNaNAnswer(page.locator("#answers .answer").last());

        // Export: a zip with the project and its history.
        Download download = page.waitForDownload(() -> page.click("#export"));
        Path zip = downloads.resolve("exported.zip");
        download.saveAs(zip);
        Set<String> entries = zipEntries(zip);
        assertTrue(entries.contains("project.json") && entries.contains("history.json"), entries.toString());

        // Import it back: a second project, selected, with the same two answers and a picture that loads.
        page.setInputFiles("#import-file", zip);
        page.waitForFunction("() => document.querySelectorAll('#projects li').length === 2");
        page.waitForFunction("id => document.querySelector('#project').dataset.id !== id", projectId);
        assertNotEquals(projectId, page.getAttribute("#project", "data-id"));
        page.waitForFunction("() => document.querySelectorAll('#answers .answer').length === 2");
        assertNaNAnswer(page.locator("#answers .answer").last());

        // Settings: builtin is offered; a key typed and stored with Enter is kept by the server and never shown back.
        page.click("#open-settings");
        page.waitForSelector("#settings[open]");
        assertTrue(page.locator("#settings-planner option[value=builtin]").count() == 1);
        String key = "sk-console-page-it-0123456789";
        page.fill("#api-key", key);
        page.press("#api-key", "Enter");
        page.waitForSelector("#key-state[data-has-key=true]");
        assertEquals("", page.inputValue("#api-key"));
        assertTrue(page.evaluate("() => document.documentElement.outerHTML").toString().indexOf(key) < 0);
        JsonNode settings = console.get("/settings");
        assertTrue(settings.path("hasApiKey").asBoolean(), settings.toString());
        assertTrue(settings.toString().indexOf(key) < 0, "the key is never returned");
        page.keyboard().press("Escape");
        page.waitForSelector("#settings", new Page.WaitForSelectorOptions()
                .setState(WaitForSelectorState.HIDDEN));
        assertEquals(List.of(), pageErrors);
    }

    /** The builtin planner's answer to "why are there NaNs?" on gl_defects.rdc, as the page shows it. */
    private static void assertNaNAnswer(Locator answer) {
        answer.locator(".tag.resolved").waitFor();
        String text = answer.innerText();
        assertTrue(text.contains("Frame/Defects/NaN quad"), text);
        assertTrue(Pattern.compile("\\b35\\b").matcher(text).find(), "the answer names event 35: " + text);
        assertEquals(5, answer.locator(".pipeline .stage").count(), "the IA VS RS PS OM row");
        assertTrue(answer.locator(".timeline .step").count() >= 2, "planned calls and the explanation");
        Locator picture = answer.locator("img.evidence-image[data-kind=colorBuffer]");
        picture.waitFor();
        page.waitForFunction("img => img.complete && img.naturalWidth > 0", picture.elementHandle(),
                new Page.WaitForFunctionOptions().setTimeout(10_000));
    }

    private static Path storedCapture() throws IOException {
        try (Stream<Path> files = Files.walk(projects)) {
            List<Path> captures = new ArrayList<>(files.filter(p -> p.toString().endsWith(".rdc")).toList());
            assertEquals(1, captures.size(), captures.toString());
            return captures.get(0);
        }
    }

    private static Set<String> zipEntries(Path zip) throws IOException {
        Set<String> names = new HashSet<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                names.add(entry.getName());
            }
        }
        return names;
    }
}
