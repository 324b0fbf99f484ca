package dev.framescope.common;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Whether a client has just asked something and waits for the answer, so that work nobody waits for (reading a
 * recording's series after it opened) can step aside. On two cores, two such threads otherwise take both, and every
 * thread an answer passes through (reading the request, the handler, rendering, writing) gets a third of the time:
 * calls made right after open_recording took up to twice their CPU time in wall time. Only requests that arrived
 * within {@value #RECENT_MS} ms count: one that runs long (a person answering a question, a long render) must not
 * hold the background back for its whole length. The client also counts as active for {@value #GRACE_MS} ms after
 * each answer: an agent's batch or a script asks again at once, and when the background had both cores back by
 * then, reading the answer and sending the next request waited for them (3-8 ms of a 5 ms call; docs/benchmarks.md).
 */
public final class RequestActivity {

    public static final long RECENT_MS = 200;
    public static final long GRACE_MS = 5;

    /** The client's requests over stdio; the server reports each one it reads and answers. */
    public static final RequestActivity CLIENT = new RequestActivity(RECENT_MS, GRACE_MS);

    private final long recentNanos;
    private final long graceNanos;
    private final AtomicInteger unanswered = new AtomicInteger();
    private volatile long lastArrival;
    private volatile long lastAnswer;

    /**
     * Activity where a request counts as recent for {@code recentMs} after it arrived, and the client as active for
     * {@code graceMs} after an answer (tests use their own).
     */
    public RequestActivity(long recentMs, long graceMs) {
        this.recentNanos = TimeUnit.MILLISECONDS.toNanos(recentMs);
        this.graceNanos = TimeUnit.MILLISECONDS.toNanos(graceMs);
        this.lastArrival = System.nanoTime() - recentNanos;
        this.lastAnswer = System.nanoTime() - graceNanos;
    }

    /** A request was read; {@link #answered()} must follow once for it. */
    public void arrived() {
        lastArrival = System.nanoTime();
        unanswered.incrementAndGet();
    }

    public void answered() {
        lastAnswer = System.nanoTime();
        unanswered.decrementAndGet();
    }

    /** Some request, however old, is not answered yet. */
    public boolean anyUnanswered() {
        return unanswered.get() > 0;
    }

    /**
     * Some request is unanswered and the last one arrived less than {@value #RECENT_MS} ms ago, or an answer went out
     * less than {@value #GRACE_MS} ms ago.
     */
    public boolean recentRequestWaiting() {
        long now = System.nanoTime();
        return unanswered.get() > 0 && now - lastArrival < recentNanos || now - lastAnswer < graceNanos;
    }
}
