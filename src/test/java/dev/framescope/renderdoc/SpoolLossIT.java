package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import dev.framescope.renderdoc.bridge.BridgeQueue;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bridge's spool in a state folder other servers share, on the real bridge: a server whose pid-named spool is
 * another process's (two containers, both pid 1) serves from another name at once instead of waiting for that
 * process to end; a spool deleted under a running call fails that call as the spool's loss, not a crash of the
 * capture, which stays available.
 */
@Timeout(300)
class SpoolLossIT {

    private static final String GL = ShaderToolCalls.GL;

    @TempDir
    Path state;

    @Test
    void aServerWhosePidNamedSpoolIsAnotherProcessesServesFromAnotherNameAtOnce() throws Exception {
        Path taken = state.resolve("renderdoc-spool-" + ProcessHandle.current().pid());
        Process otherServer = new ProcessBuilder("python3", "-c", "import fcntl, sys, time\n"
                + "f = open(sys.argv[1], 'a')\nfcntl.lockf(f, fcntl.LOCK_EX)\nprint('locked', flush=True)\n"
                + "time.sleep(300)", state.resolve(taken.getFileName() + ".lock").toString()).start();
        try (BridgeProcess bridge = new BridgeProcess(Path.of("/usr/bin/python3"), state)) {
            assertEquals("locked", new BufferedReader(new InputStreamReader(otherServer.getInputStream(),
                    StandardCharsets.UTF_8)).readLine());
            JsonNode pong = assertTimeoutPreemptively(Duration.ofSeconds(60),
                    () -> bridge.call("ping", Map.of(), 30_000), "the bridge started without waiting for the lock");
            assertTrue(pong.has("open_captures"), pong.toString());
            assertEquals("healthy", bridge.diagnostics(0).status());
            try (Stream<Path> spools = Files.list(state)) {
                List<String> served = spools.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                        .filter(name -> name.startsWith(taken.getFileName() + "-")).toList();
                assertEquals(1, served.size(), "served from " + served);
            }
        } finally {
            otherServer.destroyForcibly().waitFor();
        }
    }

    @Test
    void aSpoolDeletedUnderARunningCallIsTheSpoolsLossNotACrashOfTheCapture() throws Exception {
        try (BridgeProcess bridge = new BridgeProcess(FaultyPython.in(state), state)) {
            Map<String, Object> slowOpen = Map.of("capture", GL, "method", "open_capture",
                    "params", ToolArguments.asSent("open_capture", Map.of("capture", GL)), "seconds", 2);
            CompletableFuture<JsonNode> running = CompletableFuture.supplyAsync(() -> bridge.call("open_capture",
                    "slow_after", slowOpen, 60_000, BridgeQueue.QUEUE_LIMIT_MS,
                    Cancellation.none()));
            ActiveRequests.await(bridge, "slow_after");
            try (Stream<Path> spools = Files.list(state)) {
                for (Path spool : spools.filter(p -> Files.isDirectory(p)
                        && p.getFileName().toString().startsWith("renderdoc-spool-")).toList()) {
                    deleteTree(spool); // by hand, or a cleaner that took it for a dead server's
                }
            }
            ExecutionException failed = assertThrows(ExecutionException.class,
                    () -> running.get(60, TimeUnit.SECONDS));
            ToolException lost = (ToolException) failed.getCause();
            assertEquals(ErrorCode.ENGINE_FAILED, lost.code(), lost.getMessage());
            assertEquals("spool_lost", lost.context().get("reason"), lost.getMessage());
            assertTrue(lost.getMessage().contains("spool folder was deleted"), lost.getMessage());
            assertEquals(Map.of(), bridge.diagnostics(0).unavailableCalls(), "the capture is not remembered");
            assertEquals("spool_lost", bridge.diagnostics(0).lastLoss().kind());

            JsonNode again = bridge.call("open_capture", "slow_after", Map.of("capture", GL, "method",
                    "open_capture", "params", ToolArguments.asSent("open_capture", Map.of("capture", GL)), "seconds", 0),
                    60_000,
                    BridgeQueue.QUEUE_LIMIT_MS, Cancellation.none());
            assertEquals("OpenGL", again.path("api").asText(), again.toString());
        }
    }

    private static void deleteTree(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }
}
