package dev.framescope.dialogs;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.options.FilePayload;
import dev.framescope.common.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A person at the dialog page, played by Playwright in headless Chromium: the demo's scripted person and the tests'.
 * It uses the page exactly as a person would (clicks, typing, file choosing), never the socket directly.
 */
public final class ScriptedPerson implements AutoCloseable {

    private final Playwright playwright;
    private final Browser browser;
    public final Page page;

    public ScriptedPerson(Path chromium) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
        playwright = Playwright.create(new Playwright.CreateOptions().setEnv(env));
        browser = playwright.chromium().launch(new BrowserType.LaunchOptions().setHeadless(true)
                .setExecutablePath(chromium));
        page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1100, 900));
    }

    /** With the Chromium FrameScope is configured to use (FRAMESCOPE_CHROMIUM, default /usr/bin/chromium). */
    public static ScriptedPerson withConfiguredChromium() {
        return new ScriptedPerson(Config.fromEnvironment(System.getenv()).chromium());
    }

    public void open(String url) {
        page.navigate(url);
        page.waitForSelector("#connection[data-state=open]");
    }

    /** Waits until the page shows a question of this tool and returns its id. */
    public String waitFor(String tool) {
        page.waitForSelector("#dialog[data-tool=" + tool + "]");
        return page.getAttribute("#dialog", "data-id");
    }

    public void addContext(String text) {
        page.fill("#additional-context", text);
    }

    public void pick(String value) {
        page.check("#dialog .options input[value=\"" + value.replace("\"", "\\\"") + "\"]");
    }

    /** Chooses the planner's thinking mode (normal or deep). */
    public void thinking(String mode) {
        page.check("#dialog input[name=thinking_mode][value=\"" + mode + "\"]");
    }

    public void type(String text) {
        page.fill("#text-answer", text);
    }

    /** Chooses an image file, as clicking the drop zone would; any question takes images. */
    public void upload(String name, String mimeType, byte[] bytes) {
        int before = page.locator("#previews figure").count();
        page.setInputFiles("#file", new FilePayload(name, mimeType, bytes));
        page.waitForSelector("#previews figure:nth-child(" + (before + 1) + ")");
    }

    public void click(String selector) {
        page.click(selector);
    }

    public void submit() {
        page.click("#submit");
    }

    public void screenshot(Path file) {
        page.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(true));
    }

    /**
     * Answers the question on screen as {@code script} says: {@code pick} (option values), {@code type} (text),
     * {@code upload} (a PNG or JPEG file), {@code thinking} (the planner's thinking mode), {@code context} (additional context), then clicks {@code click}
     * (default the submit button).
     */
    public void answer(JsonNode script) throws IOException {
        script.path("pick").forEach(value -> pick(value.asText()));
        if (script.has("type")) {
            type(script.get("type").asText());
        }
        if (script.has("upload")) {
            Path file = Path.of(script.get("upload").asText());
            String name = file.getFileName().toString();
            upload(name, name.endsWith(".png") ? "image/png" : "image/jpeg", Files.readAllBytes(file));
        }
        if (script.has("thinking")) {
            thinking(script.get("thinking").asText());
        }
        if (script.has("context")) {
            addContext(script.get("context").asText());
        }
        click(script.path("click").asText("#submit"));
    }

    @Override
    public void close() {
        browser.close();
        playwright.close();
    }
}
