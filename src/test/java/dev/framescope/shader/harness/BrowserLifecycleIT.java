package dev.framescope.shader.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Real Chromium processes around tool calls: what is left after a call, after a kill in the middle of one, after a
 * call that runs over its time, and after shutdown. Counts only this harness's processes (its browser, found by
 * the marker switch, and everything under it), so other tests' browsers in the same JVM do not count.
 */
@Timeout(180)
class BrowserLifecycleIT {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    /** Renderers rewrite their argv in place, which ProcessHandle.Info cannot parse; /proc has it as text. */
    private static List<ProcessHandle> renderers(BrowserHarness harness) {
        return harness.chromiumProcesses().stream().filter(p -> {
            try {
                return Files.readString(Path.of("/proc", String.valueOf(p.pid()), "cmdline")).contains("--type=renderer");
            } catch (IOException e) {
                return false; // exited meanwhile
            }
        }).toList();
    }

    /** Waits up to 10 s for the condition: processes take a moment to exit after their parent closes them. */
    private static boolean eventually(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }

    private static int openContexts(BrowserHarness harness) {
        try {
            return harness.openContexts();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int rendererCountDuringACall(BrowserHarness harness) {
        return harness.withPage(page -> renderers(harness).size(), 60_000);
    }

    /**
     * Chromium 156 gave every new context's headless window a WebUI omnibox popup in a renderer of its own (~0.5 s
     * of CPU per call on two cores, more than the call's own page), and a spare renderer started ahead for a site no
     * context would load; the harness switches those features off.
     */
    @Test
    void eachContextHasOneRendererAndNoneForBrowserUi() throws Exception {
        try (BrowserHarness harness = new BrowserHarness(CHROMIUM, false)) {
            for (int call = 0; call < 3; call++) {
                List<String> browserUi = harness.withPage(page -> {
                    assertEquals("object", page.evaluate("() => typeof window.framescope"));
                    return renderers(harness).stream().map(p -> {
                        try {
                            return Files.readString(Path.of("/proc", String.valueOf(p.pid()), "cmdline"));
                        } catch (IOException e) {
                            return ""; // exited meanwhile
                        }
                    }).filter(cmdline -> cmdline.contains("--top-chrome-webui")).toList();
                }, 60_000);
                assertEquals(List.of(), browserUi, "browser UI renderers while a call ran");
            }
            // Idle with its prepared contexts: one renderer each, no spare renderer started ahead for another site
            assertTrue(eventually(() -> openContexts(harness) == BrowserHarness.poolSize()), "the pool refilled");
            Thread.sleep(500);
            assertEquals(BrowserHarness.poolSize(), renderers(harness).size(), "renderers for "
                    + BrowserHarness.poolSize() + " prepared contexts");
        }
    }

    @Test
    void strictModeLeavesNoChromiumProcessAfterACall() throws Exception {
        try (BrowserHarness harness = new BrowserHarness(CHROMIUM, true)) {
            assertTrue(rendererCountDuringACall(harness) >= 1, "the page had a renderer while the call ran");
            assertTrue(eventually(() -> harness.chromiumProcesses().isEmpty()),
                    "left: " + harness.chromiumProcesses().stream().map(ProcessHandle::pid).toList());
        }
    }

    @Test
    void eachCallGetsAFreshContextAndOnlyThePreparedPagesStayUpAndShutdownLeavesNothing() throws Exception {
        BrowserHarness harness = new BrowserHarness(CHROMIUM, false);
        try {
            harness.withPage(page -> page.evaluate("() => { window.leftOver = 1; localStorage.setItem('k', 'v'); "
                    + "document.cookie = 'c=1'; }"), 60_000);
            for (int call = 0; call < 3; call++) {
                Object seen = harness.<Object>withPage(page -> page.evaluate("() => [typeof window.leftOver, "
                        + "localStorage.length, document.cookie].join(',')"), 60_000);
                assertEquals("undefined,0,", seen, "call " + call + " saw an earlier call's state");
                // The pool refills in background steps after the call, so the count settles rather than holds.
                assertTrue(eventually(() -> openContexts(harness) == BrowserHarness.poolSize()),
                        "only the next calls' prepared contexts stay open, the used ones are closed: "
                                + openContexts(harness));
            }
            // Back to back, each call marks its page; no call finds a mark, so no prepared context served twice.
            for (int call = 0; call < 6; call++) {
                Object seen = harness.<Object>withPage(page -> page.evaluate("() => { const was = typeof window.mark; "
                        + "window.mark = 1; return was; }"), 60_000);
                assertEquals("undefined", seen, "back-to-back call " + call + " got a used page");
            }
            // A batch runs its items in one page of its own, which the next call never sees.
            List<Object> batch = harness.forEach(List.of(1, 2, 3), (page, item) -> page.evaluate(
                    "n => { window.items = (window.items || 0) + 1; return window.items; }", item), 10_000,
                    Cancellation.none(), (index, result) -> { }, () -> false);
            assertEquals(List.of(1, 2, 3), batch, "one page for the whole batch, items in order");
            assertEquals("undefined", harness.<Object>withPage(page -> page.evaluate("() => typeof window.items"),
                    60_000), "the call after a batch saw its page");
            assertFalse(harness.chromiumProcesses().isEmpty(), "the browser itself stays up between calls");
        } finally {
            harness.close();
        }
        assertTrue(eventually(() -> harness.chromiumProcesses().isEmpty()), "shutdown left Chromium running");
    }

    /**
     * A terminal's Ctrl-C reaches Playwright's driver as well as this process, so the driver may be gone when the
     * harness closes. Playwright printed each write into the driver's closed pipe as a stack trace ("Broken pipe",
     * "Stream closed") on stderr; closing must not write to it at all.
     */
    @Test
    void closingAfterPlaywrightsDriverDiedPrintsNothing() throws Exception {
        BrowserHarness harness = new BrowserHarness(CHROMIUM, false);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        try {
            rendererCountDuringACall(harness);
            // idle: no Playwright call sees the driver die, so nothing tells Playwright before the close writes
            assertTrue(eventually(() -> openContexts(harness) == BrowserHarness.poolSize()));
            ProcessHandle driver = harness.chromiumProcesses().get(0).parent().orElseThrow();
            List<ProcessHandle> engines = new ArrayList<>(driver.descendants().toList());
            engines.add(driver);
            engines.forEach(ProcessHandle::destroyForcibly);
            assertTrue(eventually(() -> engines.stream().noneMatch(ChromiumProcesses::running)), "still running");
            System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
            harness.close();
            Thread.sleep(500); // Playwright's writer thread prints after the close has returned
        } finally {
            System.setErr(stderr);
        }
        assertEquals("", printed.toString(StandardCharsets.UTF_8));
        assertTrue(eventually(() -> harness.chromiumProcesses().isEmpty()));
    }

    @Test
    void aBrowserKilledMidCallGivesAStructuredErrorNoOrphansAndTheNextCallRelaunches() throws Exception {
        BrowserHarness harness = new BrowserHarness(CHROMIUM, false);
        try (harness) {
            rendererCountDuringACall(harness);
            CountDownLatch rendering = new CountDownLatch(1);
            CompletableFuture<Object> stuck = CompletableFuture.supplyAsync(() -> harness.<Object>withPage(page -> {
                rendering.countDown();
                return page.evaluate("() => new Promise(resolve => setTimeout(resolve, 60000))");
            }, 120_000));
            assertTrue(rendering.await(30, TimeUnit.SECONDS), "the call reached its page");
            Thread.sleep(300);
            harness.chromiumProcesses().forEach(ProcessHandle::destroyForcibly);

            Exception failure = assertThrows(Exception.class, () -> stuck.get(30, TimeUnit.SECONDS));
            ToolException error = (ToolException) failure.getCause();
            assertEquals(ErrorCode.ENGINE_FAILED, error.code(), error.getMessage());
            assertTrue(eventually(() -> harness.chromiumProcesses().isEmpty()), "killed browser left orphans");

            assertTrue(rendererCountDuringACall(harness) >= 1, "the next call relaunched Chromium");
            assertTrue(harness.status().detail().contains("launches: 2"), harness.status().toString());
        }
        assertTrue(eventually(() -> harness.chromiumProcesses().isEmpty()));
    }

    @Test
    void killsAtAnyMomentAroundACallEndItWithinSecondsAndTheNextCallWorks() throws Exception {
        BrowserHarness harness = new BrowserHarness(CHROMIUM, false);
        try (harness) {
            for (long delayMs : new long[] {0, 40, 120, 300, 600}) {
                harness.withPage(page -> 0, 60_000); // browser up, the next call's page being prepared
                CompletableFuture<Object> call = CompletableFuture.supplyAsync(() -> harness.<Object>withPage(
                        page -> page.evaluate("() => new Promise(resolve => setTimeout(() => resolve('done'), 1500))"),
                        60_000));
                Thread.sleep(delayMs);
                harness.chromiumProcesses().forEach(ProcessHandle::destroyForcibly);
                long killed = System.nanoTime();
                try {
                    // A kill before the call began is survived: the call relaunches Chromium and finishes.
                    assertEquals("done", call.get(30, TimeUnit.SECONDS), delayMs + " ms");
                } catch (java.util.concurrent.ExecutionException e) {
                    ToolException error = (ToolException) e.getCause();
                    assertEquals(ErrorCode.ENGINE_FAILED, error.code(), delayMs + " ms: " + error.getMessage());
                }
                assertTrue(System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(10), delayMs + " ms: the call "
                        + "ended within seconds of the kill, not at its 60 s timeout");
                Object two = harness.<Object>withPage(page -> page.evaluate("() => 1 + 1"), 60_000);
                assertEquals("2", String.valueOf(two), "after a kill " + delayMs + " ms into a call");
            }
        }
        assertTrue(eventually(() -> harness.chromiumProcesses().isEmpty()));
    }

    @Test
    void aCallOverItsTimeIsStoppedAndTheHarnessRecovers() throws Exception {
        BrowserHarness harness = new BrowserHarness(CHROMIUM, false);
        try (harness) {
            long start = System.nanoTime();
            ToolException timeout = assertThrows(ToolException.class, () -> harness.<Object>withPage(
                    page -> page.evaluate("() => new Promise(resolve => setTimeout(resolve, 60000))"), 8_000));
            assertEquals(ErrorCode.TIMEOUT, timeout.code());
            assertTrue(timeout.getMessage().startsWith("browser call did not finish within 8000 ms: its page work "
                    + "(compiling, drawing, reading back) ran that long") && timeout.getMessage().contains("killed "),
                    timeout.getMessage());
            assertEquals(true, timeout.context().get("page_work_started"));
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20));
            assertEquals("degraded", harness.status().state());
            Object two = harness.<Object>withPage(page -> page.evaluate("() => 1 + 1"), 60_000);
            assertEquals("2", String.valueOf(two));
            assertEquals("running", harness.status().state());
        }
        assertTrue(eventually(() -> harness.chromiumProcesses().isEmpty()));
    }
}
