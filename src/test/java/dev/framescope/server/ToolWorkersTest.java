package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolDef.Lane;
import dev.framescope.common.ToolException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The work lane's queue: a call's time limit starts when it runs, and waiting has a bound of its own. */
class ToolWorkersTest {

    @Test
    void aCallThatWaitsPastTheQueueBoundIsATimeoutNamingTheQueueAndNeverRuns() throws Exception {
        ToolWorkers workers = new ToolWorkers(Duration.ofMillis(300));
        CountDownLatch release = new CountDownLatch(1);
        try {
            List<CompletableFuture<String>> running = new ArrayList<>();
            for (int i = 0; i < ToolWorkers.RUNNING; i++) {
                running.add(workers.run(Lane.WORK, "hold", () -> { }, () -> {
                    release.await();
                    return "done";
                }, Duration.ofSeconds(30), Cancellation.none()));
            }
            AtomicBoolean ran = new AtomicBoolean();
            Cancellation queuedCall = Cancellation.none();
            long t0 = System.nanoTime();
            CompletableFuture<String> queued = workers.run(Lane.WORK, "get_frame_digest", () -> { }, () -> {
                ran.set(true);
                return "ran";
            }, Duration.ofSeconds(30), queuedCall);
            ExecutionException failed = assertThrows(ExecutionException.class, () -> queued.get(10,
                    TimeUnit.SECONDS));
            long waitedMs = (System.nanoTime() - t0) / 1_000_000;
            ToolException timeout = (ToolException) failed.getCause();
            assertEquals(ErrorCode.TIMEOUT, timeout.code());
            assertEquals("queued", timeout.context().get("reason"), timeout.context().toString());
            assertTrue(timeout.getMessage().contains("get_frame_digest") && timeout.getMessage().contains("queue")
                    && timeout.getMessage().contains(ToolWorkers.RUNNING + " places"), timeout.getMessage());
            assertTrue(waitedMs >= 300 && waitedMs < 5_000, waitedMs + " ms");
            assertTrue(queuedCall.isCancelled(), "its engines are told to stop");

            release.countDown();
            for (CompletableFuture<String> call : running) {
                assertEquals("done", call.get(10, TimeUnit.SECONDS), "the calls ahead were not stopped");
            }
            Thread.sleep(200); // the queued task is dequeued once a place is free: it must not run then
            assertFalse(ran.get(), "a call answered TIMEOUT in the queue never runs");
        } finally {
            release.countDown();
            workers.shutdown();
        }
    }

    @Test
    void aCallsTimeLimitStartsWhenItRunsNotWhileItQueues() throws Exception {
        ToolWorkers workers = new ToolWorkers(Duration.ofSeconds(30));
        CountDownLatch release = new CountDownLatch(1);
        try {
            for (int i = 0; i < ToolWorkers.RUNNING; i++) {
                workers.run(Lane.WORK, "hold", () -> { }, () -> {
                    release.await();
                    return "done";
                }, Duration.ofSeconds(30), Cancellation.none());
            }
            CompletableFuture<String> queued = workers.run(Lane.WORK, "short", () -> { }, () -> {
                Thread.sleep(100);
                return "ran";
            }, Duration.ofMillis(500), Cancellation.none());
            Thread.sleep(800); // longer than its limit, waiting
            release.countDown();
            assertEquals("ran", queued.get(10, TimeUnit.SECONDS));
        } finally {
            release.countDown();
            workers.shutdown();
        }
    }
}
