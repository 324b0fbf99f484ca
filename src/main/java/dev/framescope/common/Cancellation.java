package dev.framescope.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The caller's "stop" for one tool call: MCP {@code notifications/cancelled}, the call's time limit, or the client
 * going away. Work that takes long checks {@link #isCancelled()} between steps, and work that waits on an engine
 * registers {@link #onCancel} to drop its request there (withdraw a question, kill a render). Thread-safe: it is
 * cancelled from the stdin reader or a timer while the call runs on a worker.
 */
public final class Cancellation {

    private static final Logger log = LoggerFactory.getLogger(Cancellation.class);

    /** For callers that cannot cancel (the CLI, unit tests). */
    public static Cancellation none() {
        return new Cancellation();
    }

    private final List<Runnable> listeners = new ArrayList<>();
    private volatile String reason;
    /** {@link System#nanoTime()} when cancelled; set before {@link #reason}, so whoever sees the one sees the other. */
    private volatile long cancelledAtNanos;

    public boolean isCancelled() {
        return reason != null;
    }

    /** Why the call was cancelled ("cancelled by the client", "time limit"), or null while it runs. */
    public String reason() {
        return reason;
    }

    /**
     * When the call was cancelled ({@link System#nanoTime()}), or 0 while it runs. Work that stops because it saw
     * {@link #isCancelled()} may end before the listeners have run, so it cannot learn the moment from them.
     */
    public long cancelledAtNanos() {
        return reason == null ? 0 : cancelledAtNanos;
    }

    /** Cancels once; later calls change nothing. Listeners run on the caller's thread, so they must not block. */
    public void cancel(String why) {
        List<Runnable> toRun;
        synchronized (this) {
            if (reason != null) {
                return;
            }
            cancelledAtNanos = System.nanoTime();
            reason = why;
            toRun = new ArrayList<>(listeners);
            listeners.clear();
        }
        toRun.forEach(Cancellation::runQuietly);
    }

    /**
     * Runs {@code listener} when the call is cancelled, or at once if it already is. Close the returned handle when
     * the step it guards is over, so a long call does not collect listeners.
     */
    public Registration onCancel(Runnable listener) {
        synchronized (this) {
            if (reason == null) {
                listeners.add(listener);
                return () -> {
                    synchronized (this) {
                        listeners.remove(listener);
                    }
                };
            }
        }
        runQuietly(listener);
        return () -> {
        };
    }

    /** Throws {@code CANCELLED} when the call was cancelled; for loops over effects, frames or files. */
    public void throwIfCancelled() {
        String why = reason;
        if (why != null) {
            throw new ToolException(ErrorCode.CANCELLED, "The call was stopped: " + why + ".", Map.of("reason", why));
        }
    }

    private static void runQuietly(Runnable listener) {
        try {
            listener.run();
        } catch (RuntimeException e) {
            // one listener's failure must not keep the others from stopping their work
            log.warn("a cancel listener failed: {}", e.toString());
        }
    }

    /** A registered listener; closing it unregisters it. */
    @FunctionalInterface
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }
}
