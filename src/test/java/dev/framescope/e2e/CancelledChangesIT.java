package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cancelled call leaves the replay as it found it, through the built JAR over real stdio: replace_shader and its
 * restores (one shader, every shader) cancelled at every moment, from before the bridge takes them to after they
 * changed the replay and before the answer is written, are either answered and kept, or not answered and undone;
 * never a change nobody was told of. The calls after each one (queued behind it in the bridge) show which, on the GL
 * fixture's NaN quad: open_capture's replacements and analyze_nan_inf's NaN count.
 */
@Timeout(600)
class CancelledChangesIT {

    private static final String GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();
    /** From sending the call to sending its cancel: from at once to well after the answer. */
    private static final long[] DELAYS_MS = {0, 2, 10, 30, 60, 100, 150, 220, 300, 400, 550, 750, 1000, 1500, 4000};

    @TempDir
    Path dir;
    private long nextId = 10;

    private static JsonNode body(JsonNode answer) throws Exception {
        String text = answer.at("/result/content/0/text").asText();
        assertFalse(answer.at("/result/isError").asBoolean(), text);
        return RawClient.JSON.readTree(text.substring(text.indexOf('{')));
    }

    private JsonNode call(RawClient client, String tool, String arguments) throws Exception {
        long id = nextId++;
        client.call(id, tool, arguments);
        JsonNode answer = client.await(id, 120_000);
        assertNotNull(answer, "no answer to " + tool);
        return body(answer);
    }

    private static void cancel(RawClient client, long id) throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":" + id
                + ",\"reason\":\"test\"}}");
    }

    /** What a later call sees: the replacements open_capture lists and analyze_nan_inf's NaN count. */
    private record Seen(int replacements, int nanPixels) {
    }

    /**
     * Sends replace_shader with {@code arguments} and its cancel {@code delayMs} later, then waits for the call queued
     * behind it in the bridge (by then it has settled either way): whether its answer was sent.
     */
    private boolean cancelAfter(RawClient client, String what, String arguments, long delayMs, List<String> outcomes)
            throws Exception {
        long id = nextId++;
        client.call(id, "replace_shader", arguments);
        Thread.sleep(delayMs);
        cancel(client, id);
        call(client, "open_capture", "{\"capture\":\"" + GL + "\"}");
        boolean answered = client.answer("n:" + id) != null;
        outcomes.add(what + " cancelled after " + delayMs
                + " ms: " + (answered ? "answered" : "not answered"));
        return answered;
    }

    private Seen seen(RawClient client) throws Exception {
        JsonNode opened = call(client, "open_capture", "{\"capture\":\"" + GL + "\"}");
        JsonNode nans = call(client, "analyze_nan_inf", "{\"capture\":\"" + GL + "\",\"texture\":\"hdr_color\"}");
        return new Seen(opened.path("replacements").size(), nans.at("/targets/0/nan_pixels").asInt());
    }

    @Test
    void aCancelledReplacementOrRestoreIsUndoneUnlessItsAnswerWasSent() throws Exception {
        try (RawClient client = new RawClient(dir.resolve("stderr.txt"), Map.of("FRAMESCOPE_STATE_DIR",
                dir.resolve("state").toString()))) {
            client.initialize();
            int event = call(client, "iterate_actions", "{\"capture\":\"" + GL + "\",\"marker_filter\":"
                    + "\"Frame/Defects/NaN quad\",\"draws_only\":true}").at("/preview/0/event_id").asInt();
            String source = call(client, "get_shader_info", "{\"capture\":\"" + GL + "\",\"event_id\":" + event
                    + "}").at("/source_files/0/source").asText();
            assertTrue(source.contains("zero / zero"), source);
            String guarded = source.replace("zero / zero", "(zero == 0.0 ? 0.0 : zero / zero)");
            String replace = RawClient.JSON.writeValueAsString(Map.of("capture", GL, "event_id", event, "source",
                    guarded));
            String restore = "{\"capture\":\"" + GL + "\",\"event_id\":" + event + ",\"restore\":true}";
            String restoreAll = "{\"capture\":\"" + GL + "\",\"restore\":true}";
            assertEquals(new Seen(0, 1024), seen(client), "the fixture as captured");

            List<String> outcomes = new ArrayList<>();
            Seen captured = new Seen(0, 1024);
            Seen replaced = new Seen(1, 0);
            for (long delay : DELAYS_MS) {
                boolean answered = cancelAfter(client, "replace", replace, delay, outcomes);
                assertEquals(answered ? replaced : captured, seen(client), String.join("\n", outcomes));
                if (answered) {
                    call(client, "replace_shader", restore);
                }
            }
            for (int i = 0; i < DELAYS_MS.length; i++) {
                call(client, "replace_shader", replace);
                boolean answered = i % 2 == 0 ? cancelAfter(client, "restore", restore, DELAYS_MS[i], outcomes)
                        : cancelAfter(client, "restore all", restoreAll, DELAYS_MS[i], outcomes);
                assertEquals(answered ? captured : replaced, seen(client), String.join("\n", outcomes));
                if (!answered) {
                    call(client, "replace_shader", restore);
                }
            }
            long undone = outcomes.stream().filter(o -> o.contains("not answered")).count();
            assertTrue(undone > 0 && undone < outcomes.size() && outcomes.stream().anyMatch(o -> o.startsWith(
                    "restore") && o.contains("not answered")), "both sides of the race were met for both:\n"
                    + String.join("\n", outcomes));
            System.err.println(String.join("\n", outcomes));
        }
    }
}
