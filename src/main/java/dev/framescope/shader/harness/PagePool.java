package dev.framescope.shader.harness;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.WaitUntilState;
import dev.framescope.common.ToolException;
import java.util.ArrayDeque;
import java.util.function.BooleanSupplier;

/**
 * A browser lane's fresh contexts with the runtime page loading, made ahead for the next calls; each is taken by
 * one call only and closed after it (never reused). Filled in small background steps (a context, its page, its
 * navigation), so a call arriving meanwhile waits for one step at most; the page finishes loading in the browser
 * while the owner thread does other work. Used on the lane's owner thread only, like everything Playwright.
 */
final class PagePool {

    /** A fresh context and its page, made for exactly one call. */
    record Prepared(Browser browser, BrowserContext context, Page page) {
    }

    private final BrowserLauncher launcher;
    private final BooleanSupplier cancelled;
    private final ArrayDeque<Prepared> ready = new ArrayDeque<>();
    /** The page being prepared in steps (page null until its step), and where it will navigate. */
    private Prepared building;
    private String buildingUrl;

    /** @param cancelled what the page's {@code framescopeCancelled()} answers: whether the running call was cancelled */
    PagePool(BrowserLauncher launcher, BooleanSupplier cancelled) {
        this.launcher = launcher;
        this.cancelled = cancelled;
    }

    /** Pages ready now; readable from any thread (other threads use it to pick the browser for a call). */
    private volatile int readyCount;

    int size() {
        return readyCount;
    }

    /** Forgets every page (their browser is gone; its objects are never touched again). */
    void clear() {
        ready.clear();
        readyCount = 0;
        building = null;
    }

    /**
     * A prepared page of {@code browser} (or a new one) whose runtime has loaded; its context serves one call. The
     * readiness check is a round trip to the page, so a browser that died since shows here as a PlaywrightException.
     */
    Prepared take(Browser browser) {
        Prepared taken = ready.poll();
        while (taken != null && !(taken.browser() == browser && browser.isConnected() && !taken.page().isClosed())) {
            if (taken.browser() == browser) {
                closeQuietly(taken);
            }
            taken = ready.poll();
        }
        readyCount = ready.size();
        Prepared page = taken != null ? taken : prepare(browser);
        if (!Boolean.TRUE.equals(page.page().evaluate(READY))) {
            closeQuietly(page);
            throw ToolException.engineFailed("Chromium", "the shader runtime page loaded without its runtime "
                    + "(window.framescope is undefined once the page is parsed)", null);
        }
        return page;
    }

    /**
     * Whether the runtime is there, waiting while the page is still being parsed: its one inline script defines
     * {@code window.framescope}, so once parsing ends it is there or never will be. One evaluate instead of
     * Playwright's waitForFunction, which first injects Playwright's own script into every fresh page and polls
     * (~25 ms more per call).
     */
    static final String READY = "() => window.framescope !== undefined || (document.readyState === 'loading' "
            + "&& new Promise(resolve => document.addEventListener('DOMContentLoaded', "
            + "() => resolve(window.framescope !== undefined))))";

    /** A new context and page now, its runtime loading (navigation committed). */
    private Prepared prepare(Browser browser) {
        BrowserContext context = newContext(browser);
        String url = launcher.runtimeUrl(context);
        Page page = context.newPage();
        navigate(page, url);
        return new Prepared(browser, context, page);
    }

    private BrowserContext newContext(Browser browser) {
        // The runtime draws into canvases of its own size and never into the window, so the window stays tiny:
        // Chromium composites and rasterises less for it (~10 ms of CPU less per call on two cores).
        BrowserContext context = browser.newContext(new Browser.NewContextOptions().setViewportSize(64, 64));
        // Long page work (a benchmark's frame loop) asks this between steps; Playwright answers it on the owner
        // thread while that thread waits in evaluate(), so no other thread touches Playwright.
        context.exposeBinding("framescopeCancelled", (source, args) -> cancelled.getAsBoolean());
        return context;
    }

    private static void navigate(Page page, String url) {
        page.navigate(url, new Page.NavigateOptions().setWaitUntil(WaitUntilState.COMMIT));
    }

    /**
     * One step towards {@code size} prepared pages of {@code browser}: a new context, its page, or the page's
     * navigation. Returns whether another step is needed.
     */
    boolean step(Browser browser, int size) {
        try {
            if (building != null && building.browser() != browser) {
                building = null; // a replaced browser's objects are never touched again
            }
            if (building == null && ready.size() >= size) {
                return false;
            }
            if (building == null) {
                BrowserContext context = newContext(browser);
                buildingUrl = launcher.runtimeUrl(context);
                building = new Prepared(browser, context, null);
            } else if (building.page() == null) {
                building = new Prepared(browser, building.context(), building.context().newPage());
            } else {
                navigate(building.page(), buildingUrl);
                ready.add(building);
                readyCount = ready.size();
                building = null;
            }
            return true;
        } catch (PlaywrightException e) {
            building = null; // the next call prepares its own and reports what fails
            return false;
        }
    }

    static void closeQuietly(Prepared prepared) {
        try {
            prepared.context().close();
        } catch (PlaywrightException e) {
            // its browser is gone already; nothing is left to close
        }
    }
}
