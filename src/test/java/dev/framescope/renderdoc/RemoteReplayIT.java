package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Replay through a real RenderDoc remote server ({@code renderdoccmd remoteserver}) on 127.0.0.1, started by the
 * test on a free port with the surfaceless EGL environment the local bridge uses: the same answers as local replay,
 * answers that say where they replayed, a server lost between and during calls reported with a structured error
 * within seconds (killed, or frozen by SIGSTOP), and the next call working once the server is back. The last test
 * kills the server, so the order is fixed.
 */
@Timeout(300)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RemoteReplayIT {

    private static final Path CAPTURES = Path.of("demo/captures");

    @TempDir
    static Path state;
    private static BridgeProcess bridge;
    private static Captures captures;
    private static RemoteServers.Server server;
    private static int port;
    private static String address;

    @BeforeAll
    static void start() throws Exception {
        server = RemoteServers.start(state, RemoteServers::freePort);
        port = server.port();
        address = "127.0.0.1:" + port;
        bridge = new BridgeProcess(Path.of("/usr/bin/python3"), state);
        captures = new Captures(bridge, List.of(Path.of("")));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        bridge.close();
        server.kill();
    }

    private static String capture(String name) {
        return CAPTURES.resolve(name + ".rdc").toString();
    }

    private static JsonNode query(String method, Map<String, Object> params) {
        return captures.query(method, ToolArguments.asSent(method, params), r -> "", ToolContext.SILENT);
    }

    /** An answer without what may differ between two replays of the same capture: where, and the summary. */
    private static JsonNode findings(JsonNode answer) {
        ObjectNode copy = answer.deepCopy();
        copy.remove(List.of("replayed_on", "summary"));
        return copy;
    }

    /** get_server_diagnostics' replay report once {@code ready} (it comes with the heartbeat, every 0.5 s). */
    private static JsonNode replayReport(Predicate<JsonNode> ready) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        JsonNode replay = captures.diagnostics(1).replay();
        while ((replay == null || !ready.test(replay)) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            replay = captures.diagnostics(1).replay();
        }
        return replay;
    }

    private static long millis(long since) {
        return (System.nanoTime() - since) / 1_000_000;
    }

    @ParameterizedTest
    @ValueSource(strings = {"vk_defects", "gl_defects"})
    @Order(1)
    void remoteReplayFindsWhatLocalReplayFinds(String name) throws InterruptedException {
        String path = capture(name);
        Map<String, Map<String, JsonNode>> answers = new HashMap<>();
        for (String where : List.of("local", address)) {
            long t0 = System.nanoTime();
            JsonNode opened = captures.open(new OpenCaptureArgs(path, null, null, null, where), ToolContext.SILENT);
            long opening = millis(t0);
            t0 = System.nanoTime();
            JsonNode digest = query("get_frame_digest", Map.of("capture", path));
            long digesting = millis(t0);
            t0 = System.nanoTime();
            JsonNode nans = query("analyze_nan_inf", Map.of("capture", path));
            long scanning = millis(t0);
            String said = where.equals("local") ? "local" : "remote " + address;
            assertEquals(said, opened.path("replayed_on").asText(), opened.toString());
            assertTrue(opened.path("summary").asText().contains("replayed on " + said), opened.toString());
            for (JsonNode answer : List.of(digest, nans)) {
                assertEquals(!where.equals("local"), answer.path("summary").asText().endsWith("Replayed on " + said
                        + "."), answer.path("summary").asText());
            }
            answers.put(where, Map.of("open", opened, "digest", digest, "nan", nans));
            System.out.printf("%s %s: open_capture %d ms, get_frame_digest %d ms, analyze_nan_inf %d ms%n", name,
                    said, opening, digesting, scanning);
        }
        for (String answer : List.of("open", "digest", "nan")) {
            assertEquals(findings(answers.get("local").get(answer)), findings(answers.get(address).get(answer)),
                    answer);
        }
        JsonNode target = answers.get(address).get("nan").at("/targets/0");
        assertEquals(1024, target.path("nan_pixels").asInt(), target.toString());
        assertEquals(1024, target.path("inf_pixels").asInt(), target.toString());
        String absolute = Path.of(path).toAbsolutePath().toString();
        JsonNode replay = replayReport(r -> r.at("/captures").has(absolute));
        assertEquals(address, replay.path("connected").asText(), replay.toString());
        assertEquals("remote " + address, replay.at("/captures").path(absolute).asText(), replay.toString());
    }

    @Test
    @Order(2)
    void aWrongAddressIsNamedWithinSeconds() {
        long t0 = System.nanoTime();
        ToolException nobody = assertThrows(ToolException.class, () -> query("open_capture",
                Map.of("capture", capture("gl_defects"), "remote", "127.0.0.1:" + RemoteServers.freePort())));
        assertTrue(millis(t0) < 6_000, millis(t0) + " ms");
        assertEquals(ErrorCode.ENGINE_UNAVAILABLE, nobody.code(), nobody.getMessage());
        assertEquals("remote", nobody.context().get("parameter"), nobody.context().toString());
        assertTrue(nobody.getMessage().contains("renderdoccmd remoteserver"), nobody.getMessage());

        ToolException malformed = assertThrows(ToolException.class, () -> query("open_capture",
                Map.of("capture", capture("gl_defects"), "remote", "gpu box:99999")));
        assertEquals(ErrorCode.INVALID_ARGUMENT, malformed.code());
        assertEquals("remote", malformed.context().get("parameter"), malformed.context().toString());
    }

    /**
     * FRAMESCOPE_RENDERDOC_REMOTE, through the shipped server as a client starts it. The server takes one client at
     * a time: this test's bridge let its connection go when the wrong address above closed its remote capture.
     */
    @Test
    @Order(3)
    void theEnvironmentVariableChoosesTheRemoteAndIsNamedWhenWrong() throws Exception {
        JsonNode opened = cli(address, "open_capture");
        assertEquals("remote " + address, opened.path("replayed_on").asText(), opened.toString());
        JsonNode wrong = cli("127.0.0.1:0", "get_frame_digest");
        assertEquals("INVALID_ARGUMENT", wrong.path("code").asText(), wrong.toString());
        assertEquals("FRAMESCOPE_RENDERDOC_REMOTE", wrong.at("/context/env_var").asText(), wrong.toString());
    }

    private static JsonNode cli(String remote, String tool) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("java", "-jar", "target/framescope.jar", "call", tool,
                Json.mapper().writeValueAsString(Map.of("capture", capture("vk_defects"))));
        builder.environment().put("FRAMESCOPE_RENDERDOC_REMOTE", remote);
        builder.environment().put("FRAMESCOPE_STATE_DIR", Files.createTempDirectory(state, "cli").toString());
        builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process cli = builder.start();
        String out = new String(cli.getInputStream().readAllBytes());
        assertTrue(cli.waitFor(120, TimeUnit.SECONDS));
        String json = out.lines().filter(l -> l.startsWith("{")).reduce((a, b) -> b).orElseThrow(() ->
                new AssertionError(out));
        return Json.mapper().readTree(json);
    }

    /** A server that stops answering without closing the connection (SIGSTOP) costs RenderDoc's 5 s timeout. */
    @Test
    @Order(4)
    void aFrozenServerFailsTheNextCallWithinSeconds() throws Exception {
        RemoteServers.Server frozen = RemoteServers.start(state, RemoteServers::freePort);
        try {
            String path = capture("vk_defects");
            String at = "127.0.0.1:" + frozen.port();
            query("open_capture", Map.of("capture", path, "remote", at));
            long pid = frozen.process().pid();
            assertEquals(0, new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor());
            long t0 = System.nanoTime();
            ToolException lost = assertThrows(ToolException.class, () -> query("get_frame_digest",
                    Map.of("capture", path)));
            assertTrue(millis(t0) < 9_000, millis(t0) + " ms");
            assertEquals(ErrorCode.ENGINE_FAILED, lost.code(), lost.getMessage());
            assertEquals("remote_server_lost", lost.context().get("reason"), lost.context().toString());
            assertEquals(at, lost.context().get("remote"));
            assertEquals(0, captures.diagnostics(1).counters().stalls(), "the bridge itself was not frozen");
        } finally {
            frozen.kill();
        }
    }

    @Test
    @Order(5)
    void aLostServerFailsTheCallClearlyAndTheNextCallWorksOnceItIsBack() throws Exception {
        String path = capture("gl_defects");
        query("open_capture", Map.of("capture", path, "remote", address));
        JsonNode before = query("get_frame_digest", Map.of("capture", path));

        // killed during a call: the call that was replaying fails, whatever the dead connection answered
        CompletableFuture<JsonNode> scan = CompletableFuture.supplyAsync(() -> query("analyze_nan_inf",
                Map.of("capture", path)));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        // killed once the call is past its first ping (well inside the scan, which takes ~0.2-0.5 s here)
        BridgeDiagnostics.Active active = null;
        while ((active == null || active.elapsedS() < 0.03) && !scan.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(2);
            active = captures.diagnostics(1).active();
        }
        server.kill();
        long t0 = System.nanoTime();
        Throwable during = assertThrows(Exception.class, () -> scan.get(30, TimeUnit.SECONDS)).getCause();
        assertTrue(during instanceof ToolException, String.valueOf(during));
        ToolException lost = (ToolException) during;
        assertEquals(ErrorCode.ENGINE_FAILED, lost.code(), lost.getMessage());
        assertEquals("remote_server_lost", lost.context().get("reason"), lost.context().toString());
        assertEquals(address, lost.context().get("remote"));
        assertTrue(millis(t0) < 10_000, millis(t0) + " ms after the kill");

        // still gone: the next call tries to connect again, and says so within seconds
        t0 = System.nanoTime();
        ToolException gone = assertThrows(ToolException.class, () -> query("get_frame_digest", Map.of("capture",
                path)));
        assertTrue(millis(t0) < 6_000, millis(t0) + " ms");
        assertEquals(ErrorCode.ENGINE_UNAVAILABLE, gone.code(), gone.getMessage());
        assertEquals(address, gone.context().get("remote"), gone.context().toString());
        assertTrue(gone.getMessage().contains("renderdoccmd remoteserver -h 127.0.0.1 -p " + port), gone.getMessage());
        JsonNode loss = replayReport(r -> r.at("/last_loss/remote").asText().equals(address)).path("last_loss");
        assertTrue(loss.path("how").asText().startsWith("during this call"), loss.toString());

        // back: the capture is opened there again, with the same answer as before the loss
        server = RemoteServers.start(state, () -> port);
        assertEquals(findings(before), findings(query("get_frame_digest", Map.of("capture", path))));
        assertEquals(1024, query("analyze_nan_inf", Map.of("capture", path)).at("/targets/0/nan_pixels").asInt());
        String absolute = Path.of(path).toAbsolutePath().toString();
        JsonNode replay = replayReport(r -> r.path("connected").asText().equals(address));
        assertEquals("remote " + address, replay.at("/captures").path(absolute).asText(), replay.toString());
        assertEquals("healthy", captures.diagnostics(1).status(), "a lost remote server is not a lost bridge");
    }

    /** open_capture's remote is a choice later calls follow: a cancelled open_capture leaves them where they were. */
    @Test
    @Order(6)
    void aCancelledOpenCaptureLeavesTheCaptureWhereItReplayed() {
        String path = capture("vk_defects");
        captures.open(new OpenCaptureArgs(path, null, null, null, "local"), ToolContext.SILENT);
        Cancellation cancelled = Cancellation.untilAnswered();
        JsonNode moved = captures.open(new OpenCaptureArgs(path, null, null, null, address),
                ToolContext.silent(cancelled));
        assertEquals("remote " + address, moved.path("replayed_on").asText(), "it did move, then was cancelled");
        cancelled.cancel("test: the client cancelled before the answer was written");
        JsonNode digest = query("get_frame_digest", Map.of("capture", path));
        assertFalse(digest.path("summary").asText().contains("Replayed on"), digest.path("summary").asText());
        assertEquals("local", captures.open(new OpenCaptureArgs(path),
                ToolContext.SILENT).path("replayed_on").asText());
    }
}
