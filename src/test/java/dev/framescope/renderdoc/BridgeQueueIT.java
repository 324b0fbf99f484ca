package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.renderdoc.bridge.BridgeDiagnostics;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Waiting is not running: calls queued in the bridge's spool behind others, on real bridge processes. A call's time
 * limit counts from when the bridge takes it, so a call that waited longer than its limit behind healthy calls still
 * runs and answers, and nobody kills the bridge for the wait; a call that waits past the queue's own bound answers
 * TIMEOUT naming the queue, never runs, and leaves the bridge alone; a request whose caller left is still stopped
 * at its limit by whoever waits behind it. Each test has its own bridge.
 */
@Timeout(120)
class BridgeQueueIT {

    @TempDir
    Path state;
    private BridgeProcess bridge;

    @BeforeEach
    void start() throws Exception {
        bridge = new BridgeProcess(FaultyPython.in(state), state);
        bridge.call("ping", Map.of(), 30_000); // started
    }

    @AfterEach
    void stop() {
        bridge.close();
    }

    private CompletableFuture<JsonNode> sleep(double seconds, long limitMs) {
        return CompletableFuture.supplyAsync(() -> bridge.call("sleep", Map.of("seconds", seconds), limitMs));
    }

    /** Five 1 s calls with a 2.5 s limit each, sent at once: the last waits 4 s, runs 1 s, and answers. */
    @Test
    void aCallQueuedLongerThanItsLimitStillRunsAndNoBridgeIsKilledForTheWait() throws Exception {
        List<CompletableFuture<JsonNode>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(sleep(1.0, 2_500));
        }
        for (CompletableFuture<JsonNode> call : calls) {
            assertEquals(1.0, call.get(30, TimeUnit.SECONDS).get("slept").asDouble());
        }
        BridgeDiagnostics after = bridge.diagnostics(16);
        assertEquals(1, after.counters().starts(), "the healthy bridge was never killed: " + after);
        assertEquals(0, after.counters().timeouts(), after.toString());
        assertEquals("healthy", after.status());
    }

    @Test
    void aCallPastTheQueueBoundIsATimeoutNamingTheQueueAndTheBridgeServesOn() throws Exception {
        CompletableFuture<JsonNode> running = sleep(4, 30_000);
        ActiveRequests.await(bridge, "sleep");
        long t0 = System.nanoTime();
        ToolException queued = assertThrows(ToolException.class, () -> bridge.call("get_frame_digest",
                "sleep", Map.of("seconds", 0.1), 30_000, 1_000, Cancellation.none()));
        long waitedMs = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(ErrorCode.TIMEOUT, queued.code(), queued.getMessage());
        assertEquals("queued", queued.context().get("reason"), queued.context().toString());
        assertEquals("get_frame_digest", queued.context().get("tool"));
        assertEquals(1_000L, ((Number) queued.context().get("queue_limit_ms")).longValue());
        assertEquals("sleep", queued.context().get("running"), "names what the bridge was busy with");
        assertTrue(queued.getMessage().contains("queue") && queued.getMessage().contains("get_frame_digest")
                && queued.getMessage().contains("Nothing was stopped"), queued.getMessage());
        assertTrue(waitedMs >= 1_000 && waitedMs < 3_000, waitedMs + " ms");
        assertFalse(running.isDone(), "answered while the call ahead still ran");

        assertEquals(4, running.get(30, TimeUnit.SECONDS).get("slept").asInt(), "the call ahead was not stopped");
        BridgeDiagnostics after = bridge.diagnostics(16);
        assertEquals(1, after.counters().starts(), after.toString());
        assertEquals(0, after.counters().timeouts(), "a queue timeout is no lost bridge: " + after);
        assertEquals("healthy", after.status());
        try (var left = Files.list(state.resolve("renderdoc-spool-" + ProcessHandle.current().pid()))) {
            assertFalse(left.anyMatch(f -> f.getFileName().toString().startsWith("request.")),
                    "the queued request left the spool without running");
        }
    }

    /**
     * A request still stops at its own limit when its caller cancelled and nobody waits for it any more: the call
     * queued behind it stops the bridge then, and is served by the next one, instead of waiting forever (or until
     * a limit of its own that the wait would have used up).
     */
    @Test
    void aRequestWhoseCallerLeftIsStoppedAtItsLimitAndTheCallBehindItIsServed() throws Exception {
        Cancellation leaves = Cancellation.none();
        CompletableFuture<ToolException> abandoned = CompletableFuture.supplyAsync(() -> assertThrows(
                ToolException.class, () -> bridge.call("busy", Map.of("seconds", 40), 2_000, leaves)));
        ActiveRequests.await(bridge, "busy");
        leaves.cancel("test");
        assertEquals(ErrorCode.CANCELLED, abandoned.get(10, TimeUnit.SECONDS).code());
        long t0 = System.nanoTime();
        bridge.call("ping", Map.of(), 60_000);
        double tookS = (System.nanoTime() - t0) / 1e9;
        assertTrue(tookS < 15, "served " + tookS + " s later, after the abandoned request passed its 2 s limit");
        BridgeDiagnostics after = bridge.diagnostics(16);
        assertEquals(2, after.counters().starts(), after.toString());
        assertEquals("timeout", after.lastLoss().kind(), after.toString());
        assertEquals("busy", after.lastLoss().method(), after.toString());
    }
}
