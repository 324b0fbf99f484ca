package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A looping agent floods the person with questions over one stdio connection, from a client without elicitation,
 * so every question waits on the dialog page. The questions past the rate limit are refused at once, and the
 * questions left waiting for the person hold none of the places other tools run in: a diagnostics call and a
 * recording query sent after the flood are answered while every question still waits (they wait 600 s here, so
 * an answer that only comes when they time out fails the test).
 */
@Timeout(300)
class DialogFloodIT {

    private static final String RECORDING = Path.of("demo/recordings/drop_settle.db").toAbsolutePath().toString();
    /** Far below the questions' own 600 s timeout, far above what a loaded CI machine needs for the answers. */
    private static final long PROMPT_MS = 90_000;

    @TempDir
    Path dir;

    private RawClient flood(Map<String, String> env, int questions) throws Exception {
        RawClient client = new RawClient(dir.resolve("stderr.txt"), env);
        client.initialize();
        for (int n = 0; n < questions; n++) {
            client.call(n, "ask_confirmation", "{\"question\":\"Delete frame " + n + "?\",\"timeout_s\":600}");
        }
        return client;
    }

    private static Map<String, String> env(Path dir, String rateLimit) {
        return Map.of("FRAMESCOPE_DIALOG_OPEN_BROWSER", "0", "FRAMESCOPE_DIALOG_PORT", "0",
                "FRAMESCOPE_DIALOG_RATE_LIMIT", rateLimit, "FRAMESCOPE_STATE_DIR", dir.toString());
    }

    @Test
    void questionsPastTheRateLimitAreRefusedAtOnceAndWaitingOnesBlockNoOtherTool() throws Exception {
        try (RawClient client = flood(env(dir, "100"), 150)) {
            client.call(1000, "get_server_diagnostics", "{\"tool_limit\":1}");
            client.call(1001, "get_recording_frame", "{\"recording\":\"" + RECORDING + "\",\"frame_id\":7,"
                    + "\"limit\":1}");

            JsonNode diagnostics = client.await(1000, PROMPT_MS);
            assertNotNull(diagnostics, "get_server_diagnostics waited behind the questions waiting for the person");
            JsonNode frame = client.await(1001, PROMPT_MS);
            assertNotNull(frame, "get_recording_frame waited behind the questions waiting for the person");
            assertEquals(7, body(frame).path("frame_id").asInt(), frame.toString());

            int refused = 0;
            for (int n = 0; n < 150; n++) {
                JsonNode answer = client.await(n, n >= 100 ? PROMPT_MS : 0);
                if (answer != null) {
                    JsonNode error = error(answer);
                    assertEquals("RATE_LIMITED", error.get("code").asText(), answer.toString());
                    assertEquals(100, error.at("/context/limit_per_minute").asInt(), error.toString());
                    assertEquals("confirm", error.at("/context/tool").asText(), error.toString());
                    refused++;
                }
            }
            assertEquals(50, refused, "the 50 questions past the limit of 100 a minute are refused, the rest wait");

            // A question is counted open once the dialog page it waits on has started: on a loaded machine its
            // first start can take seconds, so ask again until all 100 are there (or the deadline says they never are).
            int open = -1;
            long deadline = System.nanoTime() + 30_000_000_000L;
            for (int id = 1002; open != 100 && System.nanoTime() < deadline; id++) {
                client.call(id, "get_server_diagnostics", "{\"tool_limit\":1}");
                open = body(client.await(id, PROMPT_MS)).get("dialogs").get("open_count").asInt();
                if (open != 100) {
                    Thread.sleep(200);
                }
            }
            assertEquals(100, open, "the 100 questions asked wait for the person");
            assertEquals(List.of(), client.notJsonLines(), "stdout carries JSON-RPC only");

            // The client goes away: every waiting question ends and the process exits.
            long exitMs = client.closeAndTimeExit(30_000);
            assertTrue(exitMs >= 0, "the server still runs 30 s after stdin closed");
            assertEquals(0, client.process().exitValue());
        }
    }

    @Test
    void aQuestionPastTheWaitingLimitIsRefusedAtOnceNamingIt() throws Exception {
        int waitingLimit = 256;
        try (RawClient client = flood(env(dir, "10000"), waitingLimit + 20)) {
            int refused = 0;
            for (int n = 0; n < waitingLimit + 20; n++) {
                JsonNode answer = client.await(n, n >= waitingLimit ? PROMPT_MS : 0);
                if (answer != null) {
                    JsonNode error = error(answer);
                    assertEquals("RATE_LIMITED", error.get("code").asText(), answer.toString());
                    assertEquals(waitingLimit, error.at("/context/limit_waiting").asInt(), error.toString());
                    assertTrue(error.get("message").asText().contains(waitingLimit + " questions"), error.toString());
                    refused++;
                }
            }
            assertEquals(20, refused, "questions past the " + waitingLimit + " already waiting are refused");
            client.call(9000, "get_server_diagnostics", "{\"tool_limit\":1}");
            JsonNode answer = client.await(9000, PROMPT_MS);
            assertNotNull(answer, "get_server_diagnostics waited behind the questions waiting for the person");
            assertEquals(waitingLimit, body(answer).at("/dialogs/open_count").asInt());
        }
    }

    private static JsonNode body(JsonNode answer) throws Exception {
        assertNotNull(answer);
        String text = answer.at("/result/content/0/text").asText();
        assertFalse(answer.at("/result/isError").asBoolean(), text);
        return RawClient.JSON.readTree(text.substring(text.indexOf('{')));
    }

    private static JsonNode error(JsonNode answer) throws Exception {
        assertTrue(answer.at("/result/isError").asBoolean(), answer.toString());
        return RawClient.JSON.readTree(answer.at("/result/content/0/text").asText());
    }
}
