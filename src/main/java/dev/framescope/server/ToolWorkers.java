package dev.framescope.server;

import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolDef.Lane;
import dev.framescope.common.ToolException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads tool calls run on, in two lanes ({@link Lane}). On the work lane a fixed number run at once and the
 * rest queue; each call's time limit starts when it starts running, not while it queues, and a call still queued
 * after {@link #QUEUE_LIMIT} is answered {@code TIMEOUT} naming the queue and never runs. A call that runs past its
 * limit, or is cancelled, is answered at once and its thread interrupted; if the thread still does not come back
 * (blocked in native code, say on a FIFO), it is written off and the pool grows by one until it does, so stuck calls
 * can never use up the pool. Calls that wait for a person (questions, up to their timeout) run on the person lane
 * instead, so a flood of questions never holds the places analysis calls need: each starts at once, up to
 * {@link #WAITING_FOR_PERSON} at a time, and one past that is refused at once. A call's admission (a rate limit) is
 * decided on the submitting thread, after it has its place and before it runs, so a refusal is answered at once too.
 * Thread-safe: calls are submitted from the stdin reader and from the CLI.
 */
final class ToolWorkers {

    private static final Logger log = LoggerFactory.getLogger(ToolWorkers.class);

    /** Calls that run at once on the work lane. Shader calls queue again for a browser. */
    static final int RUNNING = 64;

    /**
     * Calls waiting for a person at once. Each holds a thread while it waits; no person follows more questions than
     * this, and the rate limit alone would let a looping agent pile up a hundred a minute for as long as they wait.
     */
    static final int WAITING_FOR_PERSON = 256;

    /**
     * How long a call may wait for one of the {@link #RUNNING} places. Waiting is not running, so it does not use up
     * the call's time limit, but no client waits for ever either; the answer then names the queue, not the tool.
     */
    static final Duration QUEUE_LIMIT = Duration.ofMinutes(5);

    private final ThreadPoolExecutor pool;
    private final ThreadPoolExecutor personLane;
    private final Semaphore personPlaces = new Semaphore(WAITING_FOR_PERSON);
    private final Set<Cancellation> waitingForPerson = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService timers;
    private final AtomicInteger writtenOff = new AtomicInteger();
    private final AtomicLong writtenOffTotal = new AtomicLong();
    private final Duration queueLimit;

    ToolWorkers() {
        this(QUEUE_LIMIT);
    }

    ToolWorkers(Duration queueLimit) {
        this.queueLimit = queueLimit;
        AtomicInteger count = new AtomicInteger();
        pool = new ThreadPoolExecutor(RUNNING, RUNNING, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                runnable -> daemon(runnable, "tool-worker-" + count.incrementAndGet()));
        pool.allowCoreThreadTimeOut(true);
        AtomicInteger waiting = new AtomicInteger();
        // No queue: a call waiting for a person starts at once on its own thread; personPlaces bounds the threads.
        personLane = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
                runnable -> daemon(runnable, "person-wait-" + waiting.incrementAndGet()));
        timers = Executors.newSingleThreadScheduledExecutor(runnable -> daemon(runnable, "tool-time-limits"));
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }

    /**
     * Runs {@code work} on a worker of {@code lane} within {@code limit}, once {@code admission} (run here, on the
     * caller's thread) lets it; a refusal by the admission, or a full person lane, is thrown here as a
     * {@link ToolException}. The future fails with {@code TIMEOUT} when the limit passes and with {@code CANCELLED}
     * when {@code cancellation} fires; in both cases {@code cancellation} is cancelled too, so the work's own
     * listeners stop its engine.
     */
    <T> CompletableFuture<T> run(Lane lane, String what, Runnable admission, Callable<T> work, Duration limit,
                                 Cancellation cancellation) {
        if (lane == Lane.WORK) {
            admission.run();
            return run(pool, what, work, limit, cancellation, () -> { });
        }
        if (!personPlaces.tryAcquire()) {
            throw waitingLimit(what);
        }
        try {
            admission.run();
            waitingForPerson.add(cancellation);
            return run(personLane, what, work, limit, cancellation, () -> {
                waitingForPerson.remove(cancellation);
                personPlaces.release();
            });
        } catch (RuntimeException | Error e) {
            waitingForPerson.remove(cancellation);
            personPlaces.release();
            throw e;
        }
    }

    /**
     * Stops every call waiting for a person: when the client has gone, no answer can reach it, and waiting for one
     * would only hold up the end of the process.
     */
    void stopWaitingForPerson(String reason) {
        waitingForPerson.forEach(cancellation -> cancellation.cancel(reason));
    }

    private static ToolException waitingLimit(String what) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("tool", what);
        context.put("limit_waiting", WAITING_FOR_PERSON);
        return new ToolException(ErrorCode.RATE_LIMITED, "Not asked: " + WAITING_FOR_PERSON + " questions are "
                + "already waiting for the person, this server's limit. Wait for their answers (or cancel some) "
                + "before asking more, and check you are not asking in a loop.", context);
    }

    private <T> CompletableFuture<T> run(ThreadPoolExecutor executor, String what, Callable<T> work, Duration limit,
                                         Cancellation cancellation, Runnable done) {
        CompletableFuture<T> result = new CompletableFuture<>();
        boolean writeOffs = executor == pool;
        AtomicBoolean taken = new AtomicBoolean(); // set by whichever comes first: a worker, or the queue's bound
        ScheduledFuture<?> queueBound = writeOffs ? timers.schedule(() -> {
            if (taken.compareAndSet(false, true)) {
                // Told to stop before the answer goes out: whoever reads the TIMEOUT sees the call already cancelled.
                cancellation.cancel("it waited " + queueLimit.toMillis() + " ms for a place to run, its queue's bound");
                result.completeExceptionally(queueTimeout(what));
            }
        }, queueLimit.toMillis(), TimeUnit.MILLISECONDS) : null;
        executor.execute(() -> {
            if (!taken.compareAndSet(false, true)) {
                return; // answered while it queued
            }
            if (queueBound != null) {
                queueBound.cancel(false);
            }
            if (cancellation.isCancelled()) {
                result.completeExceptionally(cancelled(cancellation));
                done.run();
                return;
            }
            Running running = new Running(what, Thread.currentThread());
            Thread.interrupted(); // a late interrupt aimed at the previous call on this thread
            ScheduledFuture<?> deadline = timers.schedule(() -> {
                // only a limit that beat the answer stops the work: a call answered just before keeps its answer
                if (result.completeExceptionally(ToolException.timeout(what, limit.toMillis()))) {
                    cancellation.cancel("it ran past its time limit of " + limit.toMillis() + " ms");
                }
            }, limit.toMillis(), TimeUnit.MILLISECONDS);
            Cancellation.Registration stop = cancellation.onCancel(() -> {
                result.completeExceptionally(cancelled(cancellation));
                running.thread.interrupt();
                if (writeOffs) { // the person lane has no fixed size to make up for a stuck thread
                    timers.schedule(() -> writeOffIfStuck(running), STOP_GRACE_MS, TimeUnit.MILLISECONDS);
                }
            });
            try {
                result.complete(work.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            } finally {
                deadline.cancel(false);
                stop.close();
                returned(running);
                done.run();
                Thread.interrupted(); // an interrupt meant for this call must not reach the next one
            }
        });
        return result;
    }

    /** How long a stopped call's thread has to come back before it is written off. */
    static final long STOP_GRACE_MS = 2_000;

    /** One call on its worker thread; {@code finished} and {@code writtenOff} are guarded by the pool's lock. */
    private static final class Running {
        final String what;
        final Thread thread;
        boolean finished;
        boolean writtenOff;

        Running(String what, Thread thread) {
            this.what = what;
            this.thread = thread;
        }
    }

    private ToolException queueTimeout(String what) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("tool", what);
        context.put("reason", "queued");
        context.put("queue", "tool_workers");
        context.put("queue_limit_ms", queueLimit.toMillis());
        context.put("waiting", pool.getQueue().size());
        return new ToolException(ErrorCode.TIMEOUT, what + " waited " + queueLimit.toMillis() + " ms in this server's "
                + "queue for one of its " + RUNNING + " places and was not started (they were all busy with other "
                + "calls); nothing was stopped. Call again once earlier calls are answered, or cancel some.",
                context);
    }

    private static ToolException cancelled(Cancellation cancellation) {
        return new ToolException(ErrorCode.CANCELLED, "The call was stopped: " + cancellation.reason() + ".",
                Map.of("reason", String.valueOf(cancellation.reason())));
    }

    private synchronized void writeOffIfStuck(Running running) {
        if (running.finished || running.writtenOff) {
            return;
        }
        running.writtenOff = true;
        writtenOffTotal.incrementAndGet();
        resize(writtenOff.incrementAndGet());
        log.warn("{} did not stop within {} ms of being stopped (thread {} is blocked); it is written off and "
                + "another worker takes its place", running.what, STOP_GRACE_MS, running.thread.getName());
    }

    private synchronized void returned(Running running) {
        running.finished = true;
        if (running.writtenOff) {
            resize(writtenOff.decrementAndGet());
            log.info("{} came back after it was written off", running.what);
        }
    }

    /** Grows or shrinks the pool so that {@link #RUNNING} calls can run besides the written-off ones. */
    private void resize(int extra) {
        int size = RUNNING + extra;
        if (size > pool.getMaximumPoolSize()) {
            pool.setMaximumPoolSize(size);
            pool.setCorePoolSize(size);
        } else {
            pool.setCorePoolSize(size);
            pool.setMaximumPoolSize(size);
        }
    }

    /** Threads whose calls were answered (time limit or cancel) but that have not returned since. */
    int writtenOff() {
        return writtenOff.get();
    }

    /** Threads ever written off in this process. */
    long writtenOffTotal() {
        return writtenOffTotal.get();
    }

    void shutdown() {
        pool.shutdownNow();
        personLane.shutdownNow();
        timers.shutdownNow();
    }
}
