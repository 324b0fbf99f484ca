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
 *
 * <p>A call that changes what later calls see (replace_shader's shader in the replay) holds that {@link Change} here
 * until its answer goes out: a call cancelled (or failed) before that is undone, so a caller that got no answer, or an
 * error, finds everything as it was. Whoever delivers the answer says so with {@link #answered()} (the stdio
 * transport as it writes it, the invoker for in-process callers); created with {@link #none()}, nobody does, and a
 * change is kept as soon as it is held. A change held after the answer went out (or the call failed) is undone: that
 * answer, a TIMEOUT sent while the work still ran, could not reflect it.
 */
public final class Cancellation {

    private static final Logger log = LoggerFactory.getLogger(Cancellation.class);

    /** For callers that cannot cancel (the CLI, unit tests). */
    public static Cancellation none() {
        return new Cancellation(false);
    }

    /** For a call whose answer is delivered later: changes it holds wait for {@link #answered()} or are undone. */
    public static Cancellation untilAnswered() {
        return new Cancellation(true);
    }

    /** What a call changed, kept when its answer goes out, undone when it is cancelled or fails first. */
    public interface Change {
        void keep();

        void undo();
    }

    private final List<Runnable> listeners = new ArrayList<>();
    private final boolean answeredLater;
    /** Changes waiting for the answer, oldest first; guarded by this. */
    private final List<Change> held = new ArrayList<>();
    /** The call's answer went out, or it failed: what it holds from now on no answer reflects. Guarded by this. */
    private boolean answered;
    private volatile String reason;
    /** {@link System#nanoTime()} when cancelled; set before {@link #reason}, so whoever sees the one sees the other. */
    private volatile long cancelledAtNanos;

    private Cancellation(boolean answeredLater) {
        this.answeredLater = answeredLater;
    }

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
        List<Change> toUndo;
        synchronized (this) {
            if (reason != null) {
                return;
            }
            cancelledAtNanos = System.nanoTime();
            reason = why;
            toRun = new ArrayList<>(listeners);
            listeners.clear();
            toUndo = takeHeld();
        }
        toRun.forEach(Cancellation::runQuietly);
        undo(toUndo);
    }

    /**
     * Holds {@code change} until the call's answer goes out ({@link #answered()}); undone if the call is cancelled or
     * fails before. Kept at once when nobody says when the answer goes out ({@link #none()}); undone at once when the
     * call is already cancelled, or its answer already went out or failed (the work outlived its answer).
     */
    public void holdUntilAnswered(Change change) {
        boolean undo;
        synchronized (this) {
            undo = reason != null || answeredLater && answered;
            if (!undo && answeredLater) {
                held.add(change);
                return;
            }
        }
        runQuietly(undo ? change::undo : change::keep);
    }

    /**
     * The call's answer goes out now: the changes it holds are kept, and a cancel from here on undoes nothing. False
     * when it was cancelled first: its changes were undone, and the answer must not go out as a success.
     */
    public boolean answered() {
        List<Change> toKeep;
        synchronized (this) {
            if (reason != null) {
                return false;
            }
            answered = true;
            toKeep = takeHeld();
        }
        toKeep.forEach(change -> runQuietly(change::keep));
        return true;
    }

    /** The call ends in an error: the changes it holds are undone, and any it holds later too. */
    public void failed() {
        List<Change> toUndo;
        synchronized (this) {
            answered = true;
            toUndo = takeHeld();
        }
        undo(toUndo);
    }

    private List<Change> takeHeld() {
        List<Change> taken = new ArrayList<>(held);
        held.clear();
        return taken;
    }

    private static void undo(List<Change> changes) {
        for (int i = changes.size() - 1; i >= 0; i--) { // newest first
            runQuietly(changes.get(i)::undo);
        }
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
