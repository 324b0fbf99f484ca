package dev.framescope.common;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Whether a client has just asked something and waits for the answer, so that work nobody waits for (reading a
 * recording's series after it opened) can step aside. On two cores, two such threads otherwise take both, and every
 * thread an answer passes through (reading the request, the handler, rendering, writing) gets a third of the time:
 * calls made right after open_recording took up to twice their CPU time in wall time. Only requests that arrived
 * within {@value #RECENT_MS} ms count: one that runs long (a person answering a question, a long render) must not
 * hold the background back for its whole length.
 */
public final class RequestActivity {

    public static final long RECENT_MS = 200;

    /** The client's requests over stdio; the server reports each one it reads and answers. */
    public static final RequestActivity CLIENT = new RequestActivity(RECENT_MS);

    private final long recentNanos;
    private final AtomicInteger unanswered = new AtomicInteger();
    private volatile long lastArrival;

    /** Activity where a request counts as recent for {@code recentMs} after it arrived (tests use their own). */
    public RequestActivity(long recentMs) {
        this.recentNanos = TimeUnit.MILLISECONDS.toNanos(recentMs);
        this.lastArrival = System.nanoTime() - recentNanos;
    }

    /** A request was read; {@link #answered()} must follow once for it. */
    public void arrived() {
        lastArrival = System.nanoTime();
        unanswered.incrementAndGet();
    }

    public void answered() {
        unanswered.decrementAndGet();
    }

    /** Some request is unanswered and the last one arrived less than {@value #RECENT_MS} ms ago. */
    public boolean recentRequestWaiting() {
        return unanswered.get() > 0 && System.nanoTime() - lastArrival < recentNanos;
    }
}
