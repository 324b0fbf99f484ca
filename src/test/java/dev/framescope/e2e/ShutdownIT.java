package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end of a server whose client closes stdin with every engine warm: both browsers, the RenderDoc bridge with a
 * capture open, a question waiting on the dialog page and the capture console with a page listening to a run's
 * events. The process is gone within 2 s, nothing it started outlives it, and its spool folder goes with it; the
 * spool of a server that was killed is removed by the next server, never the spool of one that lives.
 */
@Timeout(240)
class ShutdownIT {

    private static final String GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();

    @TempDir
    Path dir;

    private Map<String, String> env(Path state) {
        return Map.of("FRAMESCOPE_STATE_DIR", state.toString(), "FRAMESCOPE_DIALOG_CHANNEL", "page",
                "FRAMESCOPE_DIALOG_OPEN_BROWSER", "0");
    }

    private static JsonNode ok(RawClient client, long id) throws Exception {
        JsonNode answer = client.await(id, 120_000);
        assertNotNull(answer, "no answer to " + id);
        assertFalse(answer.at("/result/isError").asBoolean(), answer.toString());
        return answer;
    }

    private static List<Path> spools(Path state) throws Exception {
        try (var entries = Files.list(state)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("renderdoc-spool-")).sorted().toList();
        }
    }

    @Test
    void everyEngineWarmAndAPageListeningTheProcessEndsWithinTwoSeconds() throws Exception {
        Path state = dir.resolve("state");
        Path stderr = dir.resolve("stderr.txt");
        try (RawClient client = new RawClient(stderr, env(state))) {
            client.initialize();
            client.call(1, "compile_effect", "{\"effect\":\"synth/gradient\"}");
            client.call(2, "open_capture", "{\"capture\":\"" + GL + "\"}");
            client.call(3, "start_capture_console", "{}");
            ok(client, 1);
            ok(client, 2);
            ok(client, 3);
            client.call(4, "ask_text", "{\"question\":\"Still there?\",\"timeout_s\":600}");
            Matcher console = Pattern.compile("FrameScope console: http://127\\.0\\.0\\.1:(\\d+)/\\?token=(\\S+)")
                    .matcher(Files.readString(stderr));
            assertTrue(console.find(), Files.readString(stderr));
            try (Socket events = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(console.group(1)))) {
                OutputStream out = events.getOutputStream();
                out.write(("GET /nl-debug/events?runId=r1&token=" + console.group(2) + " HTTP/1.1\r\nHost: 127.0.0.1:"
                        + console.group(1) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                BufferedReader in = new BufferedReader(new InputStreamReader(events.getInputStream(),
                        StandardCharsets.UTF_8));
                assertTrue(in.readLine().contains("200"), "the page listens to a run's events");
                Thread.sleep(1_000); // the question reaches the dialog page

                List<ProcessHandle> engines = client.process().descendants().toList();
                assertTrue(engines.size() >= 3, "Chromium, the driver and the bridge run: " + engines.size());
                assertEquals(1, spools(state).stream().filter(Files::isDirectory).count(), spools(state).toString());
                long exitMs = client.closeAndTimeExit(2_000);
                assertTrue(exitMs >= 0, "still running 2 s after stdin closed");
                assertEquals(0, client.process().exitValue());
                System.err.println("exited " + exitMs + " ms after stdin closed, every engine warm");
                for (ProcessHandle engine : engines) {
                    engine.onExit().get(2, TimeUnit.SECONDS); // killed, and gone
                }
            }
        }
        assertEquals(List.of(), spools(state), "the server's spool folder (and its lock) went with it");
    }

    @Test
    void aKilledServersSpoolIsRemovedByTheNextServerAndALiveServersIsKept() throws Exception {
        Path state = dir.resolve("state");
        try (RawClient live = new RawClient(dir.resolve("live.txt"), env(state));
             RawClient killed = new RawClient(dir.resolve("killed.txt"), env(state))) {
            live.initialize();
            killed.initialize();
            live.call(1, "open_capture", "{\"capture\":\"" + GL + "\"}");
            killed.call(1, "open_capture", "{\"capture\":\"" + GL + "\"}");
            ok(live, 1);
            ok(killed, 1);
            Path liveSpool = state.resolve("renderdoc-spool-" + live.process().pid());
            Path killedSpool = state.resolve("renderdoc-spool-" + killed.process().pid());
            assertTrue(Files.isDirectory(liveSpool) && Files.isDirectory(killedSpool), spools(state).toString());
            List<ProcessHandle> killedBridge = killed.process().descendants().toList();
            killed.close(); // SIGKILL: no shutdown hook runs, the spool stays behind
            killed.process().waitFor(10, TimeUnit.SECONDS);
            for (ProcessHandle bridge : killedBridge) {
                bridge.onExit().get(10, TimeUnit.SECONDS); // its stdin closed: it beats no more
            }
            assertTrue(Files.isDirectory(killedSpool), "a killed server leaves its spool");
            // A spool written in the last 30 s may be a live bridge's: as killed a minute ago, which the next removes
            long minuteAgo = System.currentTimeMillis() / 1000 - 60;
            for (Path file : List.of(killedSpool.resolve("heartbeat.json"), killedSpool,
                    killedSpool.resolveSibling(killedSpool.getFileName() + ".lock"))) {
                assertEquals(0, new ProcessBuilder("touch", "-m", "-d", "@" + minuteAgo, file.toString()).start()
                        .waitFor());
            }

            try (RawClient next = new RawClient(dir.resolve("next.txt"), env(state))) {
                next.initialize();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (Files.exists(killedSpool) && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                assertFalse(Files.exists(killedSpool), "the next server removes a killed server's spool");
            }
            assertTrue(Files.isDirectory(liveSpool), "a live server's spool is kept");
            live.call(2, "get_frame_digest", "{\"capture\":\"" + GL + "\"}");
            ok(live, 2);
        }
    }
}
