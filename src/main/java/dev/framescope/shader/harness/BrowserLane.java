package dev.framescope.shader.harness;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.PlaywrightException;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One browser of the harness: one Playwright and one headless Chromium (launched here, or a Playwright browser
 * server's), created on first use, and a fresh isolated browser context and page for every call, closed when the
 * call ends. Playwright is not thread-safe, so every Playwright call runs on one owner thread ({@link OwnerThread});
 * concurrent calls queue. Up to {@value #POOL_SIZE} contexts with the runtime page loaded wait for the next calls,
 * prepared in the background when no call is waiting; each serves one call only. A browser that crashed or was
 * killed is relaunched on the next call. In strict mode the browser itself is launched for each call and closed
 * after it.
 */
final class BrowserLane implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BrowserLane.class);

    /** Fresh contexts kept ready: back-to-back calls each find one, while the pool refills between them. */
    static final int POOL_SIZE = 2;

    private final boolean strict;
    private final BrowserLauncher launcher;
    private final LaneShutdown shutdown;
    private final ChromiumProcesses processes = new ChromiumProcesses();
    /** Stops a cancelled call; a batch restarts the running call's clock through it for each item. */
    final CallStopper stopper = new CallStopper(processes::kill,
            why -> status = new ComponentStatus("browser", "degraded", why));
    private int launches;
    private volatile OwnerThread owner = new OwnerThread();
    /** What this lane is doing and has done, for picking a lane per call and for the status line. */
    final LaneLoad load = new LaneLoad();
    final MemoryBound memory;
    private volatile ComponentStatus status = ComponentStatus.notStarted("browser", "starts on the first shader tool call");
    private volatile Playwright playwright;
    private volatile Browser browser;
    /** Playwright's Node driver process, the parent of our browser: killed when Playwright itself is stuck. */
    private volatile ProcessHandle driver;
    /** The browser's main process, watched while a call runs. */
    private volatile ProcessHandle browserProcess;

    /**
     * @param remoteEndpoint a Playwright browser server's ws:// endpoint to connect to instead of launching Chromium
     *                       here, or null
     * @param stateDir       where Playwright's driver is kept unpacked between runs, or null for Playwright's default
     * @param memoryMb       the most a GPU or renderer process of a call's browser may take ({@link MemoryBound})
     */
    BrowserLane(Path chromium, boolean strict, String remoteEndpoint, Path stateDir, long memoryMb) {
        this.strict = strict;
        this.memory = new MemoryBound(memoryMb);
        this.launcher = new BrowserLauncher(chromium, remoteEndpoint, stateDir, processes);
        this.shutdown = new LaneShutdown(launcher, processes);
        this.pool = new PagePool(launcher, stopper::runningCallCancelled);
    }

    ComponentStatus status() {
        return status;
    }

    /** The endpoint, or null for a browser launched here. */
    String endpoint() {
        return launcher.isRemote() ? launcher.target() : null;
    }

    /** Whether the owner thread is in a background step now (a call would wait for it to end). */
    boolean preparing() {
        return owner.inBackground();
    }

    /** Pages prepared for the next calls now. */
    int readyPages() {
        return pool.size();
    }

    /** Whether this lane's browser is up (launched or connected). */
    boolean started() {
        Browser current = browser;
        return current != null && current.isConnected();
    }

    /** Starts the browser and fills the pool in the background, so that a later call finds them ready. */
    void warm() {
        try {
            owner.background(() -> {
                try {
                    ensureBrowser();
                } catch (IOException | RuntimeException e) {
                    log.debug("warming a browser failed: {}", e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            // shutting down
        }
    }

    /**
     * Runs {@code work} on a fresh page showing the runtime, within {@code timeoutMs} from when it starts (calls queue
     * for this lane's browser; time spent queued does not count). The page's context was made for this call alone
     * (prepared while the harness was idle, or now) and is closed after it; the next call's is then prepared, so a
     * call after a pause starts on a loaded page. When {@code cancellation} fires, a queued call never starts and a
     * running one is told through the page ({@code framescopeCancelled()}) and, if it has not ended
     * {@value CallStopper#COOPERATIVE_STOP_MS} ms later, stopped by killing Chromium, so the browser is free for the next call.
     */
    <T> T withPage(Function<Page, T> work, long timeoutMs, Cancellation cancellation) {
        load.begin();
        try {
            T answer = withPageCounted(work, timeoutMs, cancellation);
            load.served();
            return answer;
        } catch (ToolException e) {
            load.failed(e);
            throw e;
        } finally {
            load.end();
        }
    }

    @SuppressWarnings("try") // the registration is undone as the block ends: the body has no use for it
    private <T> T withPageCounted(Function<Page, T> work, long timeoutMs, Cancellation cancellation) {
        PageCall<T> call = new PageCall<>(cancellation);
        call.task = task(call, work);
        call.future = submit(call.task);
        try (Cancellation.Registration stop = cancellation.onCancel(() -> stopper.stopSoon(call))) {
            return call.await(this, timeoutMs);
        } catch (TimeoutException e) {
            throw stop(call, "a call ran over " + timeoutMs + " ms", recovery -> call.timedOut(timeoutMs, recovery));
        } catch (MemoryBound.Exceeded e) {
            throw stop(call, "a call's " + e.getMessage(), recovery -> memory.answer(e, recovery));
        } catch (InterruptedException | CancellationException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            call.future.cancel(false); // a call still queued never starts
            cancellation.throwIfCancelled();
            throw ToolException.timeout("browser call (interrupted)", timeoutMs);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ToolException toolException) {
                throw toolException;
            }
            if (cancellation.isCancelled()) {
                cancellation.throwIfCancelled(); // the kill that stopped it is what failed it
            }
            status = new ComponentStatus("browser", "degraded", "last call failed: " + e.getCause().getMessage());
            throw ToolException.engineFailed("Chromium", String.valueOf(e.getCause().getMessage()), e.getCause());
        }
    }

    /** The call as the owner thread runs it: a prepared page, the work on it, the page released after. */
    private <T> Callable<T> task(PageCall<T> call, Function<Page, T> work) {
        return () -> {
            call.started = System.nanoTime();
            stopper.started(call);
            try {
                call.cancellation.throwIfCancelled();
                PagePool.Prepared prepared = preparedPage();
                call.working = true;
                if (log.isDebugEnabled()) {
                    log.debug("browser call: queued {} ms, page ready after {} ms ({} more prepared)",
                            (call.started - call.submitted) / 1_000_000, (System.nanoTime() - call.started) / 1_000_000,
                            pool.size());
                }
                try {
                    return work.apply(prepared.page());
                } finally {
                    release(prepared);
                }
            } finally {
                stopper.ended();
                long cancelledAt = call.cancellation.cancelledAtNanos(); // the page may stop before the stopper runs
                if (cancelledAt != 0) {
                    log.info("A cancelled browser call stopped {} ms after the cancel ({})",
                            (System.nanoTime() - cancelledAt) / 1_000_000, call.killed ? "Chromium killed" : "on its own");
                }
            }
        };
    }

    /**
     * A call over its time or memory bound. Playwright is not thread-safe, so the owner thread cannot be told to
     * stop; killing Chromium makes its blocked call fail at once, frees the thread (and the memory) for the next
     * call, and that call relaunches the browser. {@code answer} makes the error from what was done.
     */
    private ToolException stop(PageCall<?> call, String why, Function<String, ToolException> answer) {
        int killed = processes.kill();
        String recovery = "killed " + killed + " Chromium process(es), the next call relaunches it";
        if (!call.finishesWithin(5_000)) {
            abandonPlaywright();
            recovery += "; Playwright did not return either, so the next call starts a new one";
        }
        status = new ComponentStatus("browser", "degraded", why + "; " + recovery);
        return answer.apply(recovery);
    }

    /** Submits to the owner, under the same lock that moves queued work when the owner is replaced. */
    synchronized <T> Future<T> submit(Callable<T> task) {
        return owner.submit(task);
    }

    /**
     * The page for this call. A browser killed between calls may still look connected to Playwright for a moment,
     * and its prepared page with it; one round trip (the pool's readiness check) tells, and then this call
     * relaunches instead of failing.
     */
    private PagePool.Prepared preparedPage() throws IOException {
        ensureBrowser();
        try {
            return pool.take(browser);
        } catch (PlaywrightException e) {
            forgetBrowser("the browser did not answer before a call ("
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse("no message") + ")");
            ensureBrowser();
            return pool.take(browser);
        }
    }

    private void release(PagePool.Prepared prepared) {
        if (strict) {
            browser.close();
            browser = null;
            status = new ComponentStatus("browser", "stopped", "strict mode: closed after the call (" + launches
                    + " launches so far)");
            return;
        }
        // Runs after the answer has gone back and when no call waits: close this call's context, then refill the pool.
        try {
            owner.background(() -> {
                if (prepared.browser() == browser) {
                    PagePool.closeQuietly(prepared); // a replaced browser's objects are never touched again
                }
            });
            owner.background(this::prepareNext);
        } catch (RejectedExecutionException e) {
            PagePool.closeQuietly(prepared); // shutting down
        }
    }

    /** Drops a browser that died: its objects are never touched again (calls on them can hang); the next relaunches. */
    private void forgetBrowser(String why) {
        browser = null;
        pool.clear();
        browserProcess = null;
        status = new ComponentStatus("browser", "degraded", why + "; relaunching");
    }

    /** The browser's main process while one runs, watched by a waiting call ({@link PageCall#await}). */
    ProcessHandle browserProcess() {
        return browserProcess;
    }

    /** Chromium died under a call and Playwright did not return: both are given up, the next call starts both. */
    void abandonStuckPlaywright() {
        abandonPlaywright();
        status = new ComponentStatus("browser", "degraded", "Chromium died and Playwright did not "
                + "return; the next call starts both again");
    }

    /** Browser contexts open now (after the calls and the background work queued so far): the prepared ones. */
    int openContexts() throws Exception {
        int[] open = {0};
        owner.background(() -> open[0] = browser == null || !browser.isConnected() ? 0 : browser.contexts().size())
                .get(30, TimeUnit.SECONDS);
        return open[0];
    }

    private final PagePool pool;

    /** One background step towards a full pool ({@link PagePool#step}); the next is queued while one is needed. */
    private void prepareNext() {
        try {
            boolean alive = browserProcess == null || ChromiumProcesses.running(browserProcess);
            Browser current = browser;
            if (!strict && current != null && current.isConnected() && alive && pool.step(current, POOL_SIZE)) {
                owner.background(this::prepareNext);
            }
        } catch (RejectedExecutionException e) {
            // shutting down
        }
    }

    /** This harness's Chromium processes (see {@link ChromiumProcesses}); other harnesses' are not included. */
    public List<ProcessHandle> chromiumProcesses() {
        return processes.list();
    }

    /**
     * A Playwright call that does not return even after its browser died leaves the owner thread stuck for good.
     * Its thread, Playwright and driver are given up (the thread is a daemon; the driver process is killed) and the
     * next call starts from scratch on a new owner thread.
     */
    private synchronized void abandonPlaywright() {
        ExecutorService stuck = owner;
        owner = new OwnerThread();
        // Calls queued behind the stuck one have callers waiting on them: they run on the new owner instead.
        for (Runnable queued : stuck.shutdownNow()) {
            owner.execute(queued);
        }
        ProcessHandle node = driver;
        if (node != null) {
            node.descendants().forEach(ProcessHandle::destroyForcibly);
            node.destroyForcibly();
        }
        driver = null;
        browserProcess = null;
        pool.clear();
        browser = null;
        playwright = null;
    }

    private void ensureBrowser() throws IOException {
        boolean running = browserProcess == null || ChromiumProcesses.running(browserProcess);
        if (browser != null && browser.isConnected() && running) {
            return;
        }
        if (browser != null) {
            forgetBrowser("the browser process is gone");
        }
        launcher.checkInstalled();
        status = new ComponentStatus("browser", "starting", launcher.target());
        if (playwright == null) {
            playwright = PlaywrightDrivers.create(launcher::createPlaywright, started -> driver = started);
        }
        try {
            browser = launcher.launch(playwright);
        } catch (ToolException e) {
            status = new ComponentStatus("browser", "failed", e.getMessage());
            throw e;
        }
        launches++;
        browserProcess = processes.list().stream().findFirst().orElse(null);
        if (!launcher.isRemote() && browserProcess != null) {
            driver = browserProcess.parent().orElse(driver);
        }
        status = new ComponentStatus("browser", "running", "Chromium " + browser.version() + launcher.describe()
                + (strict ? " (strict: one browser per call)" : "") + ", launches: " + launches);
        if (!strict) {
            owner.background(this::prepareNext); // the pool fills while this first call runs its work
        }
    }

    @Override
    public void close() {
        close(5_000);
    }

    /** Ends this lane ({@link LaneShutdown}), waiting up to {@code waitMs} for Playwright to close. */
    void close(long waitMs) {
        shutdown.close(() -> owner, driver, () -> playwright, waitMs);
    }
}
