package dev.framescope.shader.harness;

import com.microsoft.playwright.Playwright;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends a {@link BrowserLane}: closes its Playwright on the owner thread once the calls queued before are done,
 * waiting up to a bound: that closes its driver's input, and the driver closes its browser and exits; nothing more is
 * written to it, so whatever kills the driver later finds no Playwright call to break. A call still running, or a
 * browser slow to close, after half of that is ended by killing Chromium. A driver that is gone already (a signal to
 * the whole process group) is not written to at all: Playwright prints each write into its closed pipe as a "Broken
 * pipe" stack trace. What the lane holds stays the lane's: it is read here as the shutdown reaches it.
 */
final class LaneShutdown {

    private static final Logger log = LoggerFactory.getLogger(LaneShutdown.class);

    private final BrowserLauncher launcher;
    private final ChromiumProcesses processes;

    LaneShutdown(BrowserLauncher launcher, ChromiumProcesses processes) {
        this.launcher = launcher;
        this.processes = processes;
    }

    /**
     * @param owner      the lane's owner thread now (a stuck Playwright's is replaced while the lane runs)
     * @param driver     Playwright's Node driver process, or null
     * @param playwright the lane's Playwright, read on the owner thread; null when none was started
     */
    void close(Supplier<OwnerThread> owner, ProcessHandle driver, Supplier<Playwright> playwright, long waitMs) {
        if (owner.get().isShutdown()) {
            return; // closed already (the shutdown hook after an explicit close)
        }
        Future<?> shutdown = driver != null && !ChromiumProcesses.running(driver) ? null : owner.get().submit(() -> {
            Playwright current = playwright.get();
            if (current != null) {
                current.close();
            }
            launcher.closePages();
        });
        if (shutdown == null || !closes(shutdown, waitMs / 2)) {
            processes.kill(); // a call still runs, Playwright failed or is gone: end it, leave no browser behind
            if (shutdown != null && !closes(shutdown, waitMs - waitMs / 2)) {
                log.debug("Playwright did not close within {} ms; its browser was killed", waitMs);
            }
            // the page server too: its dispatcher waits in native code, which holds up the JVM's exit by 0.3 s
            launcher.closePages();
        }
        owner.get().shutdownNow();
    }

    /** Whether {@code task} ended without an exception within {@code ms}. */
    private static boolean closes(Future<?> task, long ms) {
        try {
            task.get(ms, TimeUnit.MILLISECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return false;
        }
    }
}
