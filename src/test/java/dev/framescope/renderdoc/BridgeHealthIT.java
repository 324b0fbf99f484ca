package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.renderdoc.RenderDocArgs.OpenCaptureArgs;
import dev.framescope.renderdoc.bridge.BridgeDiagnostics;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether the bridge report (get_server_diagnostics' renderdoc_bridge) tells the truth, on real bridge processes
 * (RenderDoc 1.24's replay): a bridge frozen by SIGSTOP fails its call well before the 60 s limit and the next call
 * works; a native crash is listed among the recent errors and leaves a post-mortem with the log's last lines; the
 * status goes back to healthy after a recovery; counters stay consistent across restarts; only requests in flight
 * are active; a bridge that died idle does not fail the next call. Each test has its own bridge and state directory.
 */
@Timeout(180)
class BridgeHealthIT {

    private static final String GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();

    @TempDir
    Path state;
    private BridgeProcess bridge;
    private Captures captures;

    @BeforeEach
    void start() throws Exception {
        bridge = new BridgeProcess(FaultyPython.in(state), state);
        captures = new Captures(bridge, List.of(Path.of("")));
    }

    @AfterEach
    void stop() {
        bridge.close();
    }

    @Test
    void aFrozenBridgeFailsItsCallAsStalledLongBeforeTheLimitAndTheNextCallRecovers() throws Exception {
        assertEquals("OpenGL", captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT).get("api").asText());
        CompletableFuture<JsonNode> frozen = CompletableFuture.supplyAsync(() -> bridge.call("sleep",
                Map.of("seconds", 30), 60_000));
        BridgeDiagnostics.Active active = ActiveRequests.await(bridge, "sleep");
        long pid = bridge.handle().pid();
        signal("STOP", pid);
        long stoppedAt = System.nanoTime();

        Thread.sleep(6_500); // past the 5 s a heartbeat may be quiet
        BridgeDiagnostics during = bridge.diagnostics(16);
        assertEquals("stalled", during.status(), during.toString());
        assertEquals(active.requestId(), during.active().requestId(), "still in flight while frozen");

        ExecutionException failed = assertThrows(ExecutionException.class, () -> frozen.get(30, TimeUnit.SECONDS));
        double failedAfterS = (System.nanoTime() - stoppedAt) / 1e9;
        ToolException stalled = (ToolException) failed.getCause();
        assertEquals(ErrorCode.ENGINE_FAILED, stalled.code());
        assertEquals("stalled", stalled.context().get("reason"), stalled.toString());
        assertEquals("sleep", stalled.context().get("tool"));
        assertTrue(stalled.getMessage().contains("stalled during sleep"), stalled.getMessage());
        assertTrue(failedAfterS < 15, "failed " + failedAfterS + " s after the stop, not at the 60 s limit");
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the frozen bridge was killed");

        BridgeDiagnostics lost = bridge.diagnostics(16);
        assertEquals("stopped", lost.status(), "no bridge until the next call");
        assertEquals("stalled", lost.lastLoss().kind());
        assertTrue(lost.recentErrors().stream().anyMatch(e -> e.path("kind").asText().equals("stalled")),
                lost.toString());

        assertEquals("OpenGL", captures.open(new OpenCaptureArgs(GL),
                ToolContext.SILENT).get("api").asText(), "the next call starts a bridge and works");
        BridgeDiagnostics after = bridge.diagnostics(16);
        assertEquals("healthy", after.status(), after.toString());
        assertEquals(1, after.counters().stalls());
        assertEquals(1, after.counters().recoveries());
        assertEquals(2, after.counters().starts());
        assertEquals("stalled", after.lastLoss().kind(), "the loss stays on record after the recovery");
        assertNull(after.active());
        assertTrue(Files.exists(state.resolve("renderdoc-postmortem/last-crash.json")));
    }

    @Test
    void aBridgeBusyInALongCallIsNotStalledThoughItsHeartbeatIsSilent() throws Exception {
        bridge.call("ping", Map.of(), 30_000);
        // "busy" holds Python's lock and burns CPU for 13 s, as a long RenderDoc replay call on lavapipe does.
        CompletableFuture<JsonNode> busy = CompletableFuture.supplyAsync(() -> bridge.call("busy",
                Map.of("seconds", 13), 60_000));
        ActiveRequests.await(bridge, "busy");
        Thread.sleep(11_000);
        BridgeDiagnostics during = bridge.diagnostics(0);
        assertTrue(during.heartbeatAgeS() > 10, "the heartbeat is silent: " + during);
        assertEquals("healthy", during.status(), "busy, not stalled");
        assertEquals(13, busy.get(30, TimeUnit.SECONDS).get("busy").asInt(), "not killed");
        assertEquals(0, bridge.diagnostics(0).counters().stalls());
    }

    @Test
    void aHungBridgeUsingNoCpuFailsAsStalled() throws Exception {
        bridge.call("ping", Map.of(), 30_000);
        long start = System.nanoTime();
        // "hang" holds Python's lock in a C call that uses no CPU, as a deadlocked driver would.
        ToolException hung = assertThrows(ToolException.class, () -> bridge.call("hang", Map.of("seconds", 40),
                60_000));
        double s = (System.nanoTime() - start) / 1e9;
        assertEquals("stalled", hung.context().get("reason"), hung.toString());
        assertTrue(s < 16, "failed after " + s + " s, not at the 60 s limit");
        assertTrue(bridge.call("ping", Map.of(), 30_000).has("renderdoc"));
        assertEquals("healthy", bridge.diagnostics(0).status());
    }

    @Test
    void aNativeCrashIsARecentErrorAndLeavesAPostmortemWithTheLogsLastLinesThatOutlivesTheServer()
            throws Exception {
        captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT);
        // The tool named is the one called, not the bridge step that served it.
        ToolException crash = assertThrows(ToolException.class, () -> bridge.call("open_capture", "crash",
                Map.of("capture", Path.of(GL).toAbsolutePath().toString()), 60_000, Cancellation.none()));
        assertEquals(ErrorCode.ENGINE_FAILED, crash.code());
        assertTrue(crash.getMessage().contains("exited during open_capture (exit 139"), crash.getMessage());
        assertEquals("open_capture", crash.context().get("tool"));
        assertEquals("crash", crash.context().get("method"));

        BridgeDiagnostics d = bridge.diagnostics(16);
        assertEquals("stopped", d.status());
        List<JsonNode> errors = d.recentErrors();
        assertTrue(errors.stream().anyMatch(e -> e.path("kind").asText().equals("crash")
                && e.path("tool").asText().equals("open_capture")), errors.toString());
        assertEquals(139, d.lastLoss().exitCode());

        Path json = state.resolve("renderdoc-postmortem/last-crash.json");
        Path log = state.resolve("renderdoc-postmortem/last-crash.log");
        JsonNode report = Json.mapper().readTree(Files.readString(json));
        assertEquals("crash", report.at("/loss/kind").asText());
        assertEquals("open_capture", report.at("/loss/tool").asText());
        assertEquals(139, report.at("/diagnostics/last_loss/exit_code").asInt());
        String tail = Files.readString(log);
        // faulthandler's report of the SIGSEGV, with the Python stack of the replay call that died
        assertTrue(tail.contains("Segmentation fault"), tail);
        assertTrue(tail.contains("in dispatch"), tail);
        List<String> bridgeLog = Files.readAllLines(state.resolve("renderdoc-bridge.log"));
        assertTrue(tail.strip().endsWith(bridgeLog.get(bridgeLog.size() - 1).strip()), "the log's very last line");

        assertThrows(ToolException.class, () -> captures.open(new OpenCaptureArgs(state.resolve("missing.rdc").toString()),
                ToolContext.SILENT));
        assertEquals("degraded", bridge.diagnostics(0).status(), "a new bridge, but nothing has succeeded since");
        captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT);
        BridgeDiagnostics recovered = bridge.diagnostics(16);
        assertEquals("healthy", recovered.status(), recovered.toString());
        assertEquals(1, recovered.counters().recoveries());
        assertEquals(1, recovered.counters().crashes());

        bridge.close();
        assertTrue(Files.exists(json) && Files.exists(log), "the post-mortem outlives the server");
        assertFalse(Files.exists(state.resolve("renderdoc-spool-" + ProcessHandle.current().pid())));
    }

    @Test
    void countersAreLifetimeAcrossRestartsAndOnlyRequestsInFlightAreActive() throws Exception {
        for (int i = 0; i < 5; i++) {
            bridge.call("ping", Map.of(), 30_000);
        }
        CompletableFuture<JsonNode> slow = CompletableFuture.supplyAsync(() -> bridge.call("sleep",
                Map.of("seconds", 1.5), 30_000));
        assertEquals("sleep", ActiveRequests.await(bridge, "sleep").method());
        assertNotNull(slow.get(10, TimeUnit.SECONDS));
        assertNull(bridge.diagnostics(16).active(), "answered: no longer active, though the heartbeat still says so");

        ProcessHandle idle = bridge.handle();
        idle.destroyForcibly(); // dies while idle
        idle.onExit().get(10, TimeUnit.SECONDS);
        for (int i = 0; i < 3; i++) {
            assertTrue(bridge.call("ping", Map.of(), 30_000).has("renderdoc"), "an idle death fails no call");
            assertNull(bridge.diagnostics(0).active());
        }
        BridgeDiagnostics d = bridge.diagnostics(16);
        assertEquals(9, d.counters().requests(), d.toString());
        assertEquals(9, d.counters().completed(), "completed counts over both bridges, as requests do");
        assertEquals(0, d.counters().failures());
        assertEquals(2, d.counters().starts());
        assertEquals(1, d.counters().crashes());
        assertEquals(1, d.counters().recoveries());
        assertEquals("healthy", d.status());
        assertEquals("exited_idle", d.lastLoss().kind(), d.lastLoss().toString());
        assertTrue(d.recentErrors().stream().anyMatch(e -> e.path("kind").asText().equals("exited_idle")),
                d.recentErrors().toString());
    }

    @Test
    void aBridgeFrozenWhileIdleIsReplacedAndTheNextCallSucceeds() throws Exception {
        captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT);
        long pid = bridge.handle().pid();
        signal("STOP", pid);
        Thread.sleep(6_000);
        assertEquals("stalled", bridge.diagnostics(0).status());
        long start = System.nanoTime();
        JsonNode status = captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT);
        assertEquals("OpenGL", status.get("api").asText(), "served by the next bridge");
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(15));
        BridgeDiagnostics d = bridge.diagnostics(16);
        assertEquals("healthy", d.status(), d.toString());
        assertEquals(0, d.counters().failures());
        assertEquals(1, d.counters().stalls());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }

    private static void signal(String name, long pid) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor());
    }
}
