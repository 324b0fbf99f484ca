package dev.framescope.shader.harness;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops a lane's cancelled call. The page asks {@link #runningCallCancelled()} between steps of long work and ends by
 * itself; a call still running {@value #COOPERATIVE_STOP_MS} ms after the cancel is stopped by killing Chromium, which
 * makes its blocked Playwright call fail and frees the lane's owner thread (Playwright is not thread-safe, so nothing
 * else can tell that thread to stop).
 */
final class CallStopper {

    private static final Logger log = LoggerFactory.getLogger(CallStopper.class);

    /** A cancelled call gets this long to end by itself before Chromium is killed. */
    static final long COOPERATIVE_STOP_MS = 300;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "browser-stopper");
        thread.setDaemon(true);
        return thread;
    });
    private final IntSupplier killChromium;
    private final Consumer<String> degraded;
    /** The call on the owner thread now; the page asks it whether to stop. */
    private volatile PageCall<?> running;

    /**
     * @param killChromium kills the lane's Chromium processes and says how many
     * @param degraded     told why the lane's browser is degraded after a kill
     */
    CallStopper(IntSupplier killChromium, Consumer<String> degraded) {
        this.killChromium = killChromium;
        this.degraded = degraded;
    }

    void started(PageCall<?> call) {
        running = call;
    }

    void ended() {
        running = null;
    }

    /** Restarts the running call's time limit ({@link PageCall#await}): a batch's next item has one of its own. */
    void restartClock() {
        PageCall<?> call = running;
        if (call != null) {
            call.started = System.nanoTime();
        }
    }

    /** What the page's {@code framescopeCancelled()} answers: whether the running call was cancelled. */
    boolean runningCallCancelled() {
        PageCall<?> call = running;
        return call != null && call.cancellation.isCancelled();
    }

    /** Runs on the canceller's thread: must not block. */
    void stopSoon(PageCall<?> call) {
        if (call.started == 0) {
            call.future.cancel(false); // still queued: it never starts (a running one must end by itself or be killed)
            log.info("A cancelled browser call was dropped before it started (it was still queued)");
        }
        timer.schedule(() -> {
            if (running == call) {
                call.killed = true;
                int killed = killChromium.getAsInt();
                degraded.accept("a cancelled call did not stop within " + COOPERATIVE_STOP_MS + " ms; killed "
                        + killed + " Chromium process(es), the next call relaunches it");
            }
        }, COOPERATIVE_STOP_MS, TimeUnit.MILLISECONDS);
    }
}
