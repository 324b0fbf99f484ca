package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.renderdoc.RenderDocArgs.OpenCaptureArgs;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Remote addresses that do not reach a healthy RenderDoc remote server, on the real bridge and a real
 * {@code renderdoccmd remoteserver}: peers that are not RenderDoc (random bytes, a web server, a socket that says
 * nothing, a server of another version) and one that answers the handshake and then garbage are named in the error
 * (a real server stopped by a signal is said to be stopped or frozen, not the wrong port),
 * and none of them makes the capture unavailable (it opens locally and on the real server right after). A real server
 * too slow to answer an open within RenderDoc's 5 s wait (stopped for 6.5 s once the open has begun) gets the open
 * tried once more, and when that times out too the error says the server is alive and timed out.
 */
@Timeout(300)
class RemoteFaultsIT {

    private static final String VK = ShaderToolCalls.VK;
    private static final String GL = ShaderToolCalls.GL;

    @TempDir
    static Path state;
    private static BridgeProcess bridge;
    private static Captures captures;
    private static RemoteServers.Server server;
    private static String address;

    @BeforeAll
    static void start() throws Exception {
        // SIGPIPE ignored, as a Windows server has none: on Linux it dies writing to a client that gave up waiting
        server = RemoteServers.start(state, RemoteServers::freePort, true);
        address = "127.0.0.1:" + server.port();
        bridge = new BridgeProcess(Path.of("/usr/bin/python3"), state);
        captures = new Captures(bridge, List.of(Path.of("")));
        open(VK, "local"); // the bridge runs: a crash would show as a second start
    }

    @AfterAll
    static void stop() throws InterruptedException {
        bridge.close();
        server.kill();
    }

    private static JsonNode open(String capture, String remote) {
        return captures.open(new OpenCaptureArgs(capture, null, null, null, remote), ToolContext.SILENT);
    }

    private static long millis(long since) {
        return (System.nanoTime() - since) / 1_000_000;
    }

    @ParameterizedTest
    @EnumSource(value = FakePeer.Kind.class, names = {"RANDOM", "HTTP", "SILENT", "OTHER_VERSION"})
    void aPeerThatIsNotARenderDocServerIsNamedAndNeverHandedToRenderDoc(FakePeer.Kind kind) throws Exception {
        try (FakePeer peer = new FakePeer(kind)) {
            long starts = bridge.diagnostics(0).counters().starts();
            long t0 = System.nanoTime();
            ToolException refused = assertThrows(ToolException.class, () -> open(VK, peer.address()));
            long tookMs = millis(t0);
            assertEquals(ErrorCode.ENGINE_UNAVAILABLE, refused.code(), refused.getMessage());
            assertEquals(peer.address(), refused.context().get("remote"), refused.context().toString());
            assertEquals("remote", refused.context().get("parameter"));
            assertEquals(switch (kind) {
                case OTHER_VERSION -> "remote_version";
                case SILENT -> "remote_silent";
                default -> "remote_not_renderdoc";
            }, refused.context().get("reason"), refused.getMessage());
            String said = switch (kind) {
                case RANDOM -> "bytes that are not RenderDoc's";
                case HTTP -> "HTTP/1.1 400";
                case SILENT -> SAID_NOTHING;
                default -> "RenderDoc 1.30";
            };
            assertTrue(refused.getMessage().contains(said) && refused.getMessage().contains(peer.address()),
                    refused.getMessage());
            assertTrue(tookMs < (kind == FakePeer.Kind.SILENT ? 8_000 : 3_000), tookMs + " ms");
            assertEquals(starts, bridge.diagnostics(0).counters().starts(), "the bridge did not crash");
            assertStillAvailable();
        }
    }

    private static final String SAID_NOTHING = "accepted the connection but said nothing in 5 s (a stopped or "
            + "frozen server?)";

    /**
     * A real server stopped by a signal: the kernel still takes connections for it, and it answers nothing. It may be
     * the right port, so the error says so, not "not a RenderDoc remote server" or "the wrong port".
     */
    @Test
    void aStoppedServerIsSaidToBeStoppedNotTheWrongPort() throws Exception {
        open(GL, "local");
        open(VK, "local"); // no capture left on the server: the next remote open makes a new connection
        ToolException silent;
        server.signal("STOP");
        try {
            silent = assertThrows(ToolException.class, () -> open(VK, address));
        } finally {
            server.signal("CONT");
        }
        assertEquals(ErrorCode.ENGINE_UNAVAILABLE, silent.code(), silent.getMessage());
        assertEquals("remote_silent", silent.context().get("reason"), silent.context().toString());
        assertEquals(address, silent.context().get("remote"));
        assertTrue(silent.getMessage().contains("the peer at " + address + " (parameter 'remote') " + SAID_NOTHING),
                silent.getMessage());
        assertFalse(silent.getMessage().contains("wrong port") || silent.getMessage().contains("not a RenderDoc"),
                silent.getMessage());
        assertStillAvailable();
    }

    /**
     * A peer that passes the handshake and answers garbage after it still crashes RenderDoc's client inside the
     * bridge: the error names the remote, and the capture is not remembered as one that crashes.
     */
    @Test
    void aCrashOnWhatARemoteAnsweredBlamesTheRemoteNotTheCapture() throws Exception {
        try (FakePeer peer = new FakePeer(FakePeer.Kind.HANDSHAKE_THEN_HTTP)) {
            ToolException crashed = assertThrows(ToolException.class, () -> open(VK, peer.address()));
            assertEquals(ErrorCode.ENGINE_FAILED, crashed.code(), crashed.getMessage());
            assertEquals("remote_crashed", crashed.context().get("reason"), crashed.context().toString());
            assertEquals(peer.address(), crashed.context().get("remote"));
            assertEquals("remote", crashed.context().get("parameter"));
            assertTrue(crashed.getMessage().contains(peer.address()) && crashed.getMessage().contains("not to blame"),
                    crashed.getMessage());
            assertStillAvailable();
        }
    }

    private static void assertStillAvailable() {
        assertEquals("local", open(VK, "local").path("replayed_on").asText());
        assertEquals("remote " + address, open(VK, address).path("replayed_on").asText());
        assertEquals(Map.of(), bridge.diagnostics(0).unavailableCalls(), "no capture was marked unavailable");
    }

    @Test
    void anOpenThatTimesOutWhileTheServerIsAliveIsTriedOnceMore() throws Exception {
        open(GL, "local");
        open(VK, "local"); // no capture left on the server: the next remote open makes a new connection
        try (Staller staller = new Staller(1)) {
            JsonNode opened = open(GL, address);
            assertEquals("remote " + address, opened.path("replayed_on").asText(), opened.toString());
            assertEquals(1, staller.stalls(), "the first open was stalled past RenderDoc's 5 s wait");
        }
        assertEquals(1024, captures.analyzeNanInf(new RenderDocArgs.AnalyzeNanInfArgs(GL, "hdr_color", null, 1),
                ToolContext.SILENT)
                .at("/targets/0/nan_pixels").asInt(), "it replays there");
        open(GL, "local");
    }

    @Test
    void anOpenThatTimesOutTwiceSaysTheServerIsAliveAndTimedOut() throws Exception {
        open(GL, "local");
        open(VK, "local");
        try (Staller staller = new Staller(2)) {
            ToolException slow = assertThrows(ToolException.class, () -> open(GL, address));
            assertEquals(ErrorCode.TIMEOUT, slow.code(), slow.getMessage());
            assertEquals("remote_timed_out", slow.context().get("reason"), slow.context().toString());
            assertEquals(address, slow.context().get("remote"));
            assertTrue(slow.getMessage().contains("still alive") && !slow.getMessage().contains("Start"),
                    slow.getMessage());
            assertEquals(2, staller.stalls());
        }
        assertEquals("remote " + address, open(GL, address).path("replayed_on").asText(), "alive indeed");
        open(GL, "local");
    }

    /**
     * Stops the server for 6.5 s (past RenderDoc's 5 s wait for an answer) 60 ms after each new connection the
     * bridge holds to it: RenderDoc's own, after the probe's (which lasts milliseconds) and during the open that
     * follows, as a loaded server's first open (the JIT of every pipeline) keeps it from answering.
     */
    private static final class Staller implements AutoCloseable {

        private final AtomicInteger stalls = new AtomicInteger();
        private final Thread thread;
        private volatile boolean done;

        Staller(int times) throws Exception {
            long bridgePid = bridge.handle().pid();
            Set<Integer> seen = new HashSet<>(RemoteServers.clientPorts(bridgePid, server.port()));
            thread = new Thread(() -> {
                try {
                    while (!done && stalls.get() < times) {
                        Set<Integer> now = RemoteServers.clientPorts(bridgePid, server.port());
                        now.removeAll(seen);
                        if (!now.isEmpty()) {
                            Thread.sleep(60);
                            if (RemoteServers.clientPorts(bridgePid, server.port()).containsAll(now)) {
                                server.signal("STOP");
                                // counted as it starts: the open it stalls can give up (RenderDoc's 5 s) and the
                                // test read the count before this stall ends
                                stalls.incrementAndGet();
                                Thread.sleep(6_500);
                                server.signal("CONT");
                            }
                            seen.addAll(now);
                        }
                        Thread.sleep(10);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, "staller");
            thread.setDaemon(true);
            thread.start();
        }

        int stalls() {
            return stalls.get();
        }

        @Override
        public void close() throws Exception {
            done = true;
            thread.join(TimeUnit.SECONDS.toMillis(10));
            server.signal("CONT");
        }
    }
}
