package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Echo;
import dev.framescope.common.Json;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An abusive client's huge arguments do not come back whole: a 3 MiB path in a tool's error, the server's own
 * diagnostics that keep each tool's last error, the SDK's protocol errors (unknown prompt, method, resource) and a
 * prompt that quotes its argument. A line over the message limit is answered with its own id when its start has one.
 */
@Timeout(60)
class EchoBoundsTest {

    /** A path of 3 MiB, as the abusive client sent it. */
    private static final String HUGE = "/tmp/" + "a".repeat(3 * 1024 * 1024);
    /** Room for a message, the echo and the JSON around them; the huge value is 600 times larger. */
    private static final int SMALL_REPLY = 5_000;

    @TempDir
    Path stateDir;

    private StdioSession session(int maxMessageBytes) throws Exception {
        StdioSession session = new StdioSession(ToolGroups.create(Config.fromEnvironment(Map.of(
                "FRAMESCOPE_STATE_DIR", stateDir.toString(),
                "FRAMESCOPE_MAX_MESSAGE_BYTES", String.valueOf(maxMessageBytes)))));
        session.initialize();
        return session;
    }

    /** Enough of a long text to say which it is in a failure. */
    private static String start(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }

    private static String call(String tool, String argument, String value) {
        return "{\"name\":\"" + tool + "\",\"arguments\":{\"" + argument + "\":\"" + value + "\"}}";
    }

    @Test
    void aToolErrorAndTheDiagnosticsQuoteOnlyTheStartOfAHugePath() throws Exception {
        try (StdioSession session = session(16 << 20)) {
            JsonNode reply = session.request(1, "tools/call", call("open_recording", "recording", HUGE));
            String text = reply.at("/result/content/0/text").asText();
            assertTrue(reply.at("/result/isError").asBoolean(), start(text));
            assertTrue(text.length() < SMALL_REPLY, "error of " + text.length() + " characters");
            JsonNode error = Json.mapper().readTree(text);
            assertEquals("NOT_FOUND", error.get("code").asText());
            String message = error.get("message").asText();
            assertTrue(message.startsWith("recording '" + HUGE.substring(0, 400)), message);
            assertTrue(message.matches("recording '/tmp/a+… \\(3145735 characters\\) not found; call list_recordings.*"),
                    message);
            error.get("context").forEach(v -> assertTrue(v.toString().length() <= Echo.MAX_CHARS + 40, v.toString()));

            JsonNode diagnostics = session.request(2, "tools/call",
                    "{\"name\":\"get_server_diagnostics\",\"arguments\":{\"include_environment\":false}}");
            assertFalse(diagnostics.at("/result/isError").asBoolean(), start(diagnostics.toString()));
            JsonNode last = null;
            for (JsonNode tool : diagnostics.at("/result/structuredContent/tools/preview")) {
                if (tool.get("tool").asText().equals("open_recording")) {
                    last = tool.get("last_error");
                }
            }
            assertEquals("NOT_FOUND", last.get("code").asText(), diagnostics.toString());
            assertTrue(last.get("message").asText().length() <= Echo.MAX_MESSAGE_CHARS, last.toString());
        }
    }

    @Test
    void protocolErrorsAndPromptsQuoteOnlyTheStartOfAHugeValue() throws Exception {
        try (StdioSession session = session(16 << 20)) {
            String[][] requests = {
                {"tools/call", "{\"name\":\"" + HUGE + "\",\"arguments\":{}}"},
                {"prompts/get", "{\"name\":\"" + HUGE + "\",\"arguments\":{}}"},
                {"resources/read", "{\"uri\":\"file://" + HUGE + "\"}"},
                {HUGE, "{}"},
                {"completion/complete", "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"" + HUGE + "\"},"
                        + "\"argument\":{\"name\":\"capture\",\"value\":\"x\"}}"},
                {"prompts/get", "{\"name\":\"triage-capture\",\"arguments\":{\"capture\":\"" + HUGE + "\"}}"}};
            int id = 10;
            for (String[] request : requests) {
                session.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + request[0] + "\",\"params\":"
                        + request[1] + "}");
                JsonNode reply = session.receive();
                assertEquals(id, reply.get("id").asInt(), start(reply.toString()));
                assertTrue(reply.has("error"), start(reply.toString()));
                assertTrue(reply.toString().length() < SMALL_REPLY, start(request[0]) + ": a reply of "
                        + reply.toString().length() + " characters");
                id++;
            }
        }
    }

    @Test
    void aLineOverTheLimitIsAnsweredWithItsOwnIdWhenItsStartHasOne() throws Exception {
        try (StdioSession session = session(4096)) {
            String pad = "x".repeat(10_000);
            session.send("{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"tools/call\",\"params\":{\"name\":\"open_recording\","
                    + "\"arguments\":{\"recording\":\"" + pad + "\"}}}");
            JsonNode numbered = session.receive();
            assertEquals(41, numbered.get("id").asInt(), numbered.toString());
            assertEquals(-32600, numbered.at("/error/code").asInt(), numbered.toString());
            assertTrue(numbered.at("/error/message").asText().startsWith("Request too large: 10"),
                    numbered.toString());

            session.send("{\"id\":\"call-7\",\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"params\":{\"p\":\"" + pad
                    + "\"}}");
            assertEquals("call-7", session.receive().get("id").asText());

            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"params\":{\"p\":\"" + pad + "\"},\"id\":9}");
            JsonNode late = session.receive();
            assertTrue(late.get("id").isNull(), "an id after the kept start cannot be read: " + late);

            JsonNode pong = session.request(42, "ping", "{}");
            assertEquals(42, pong.get("id").asInt(), "still serving: " + pong);
        }
    }

    /**
     * The client's answer to one of our requests (a form filled in through elicitation) that is over the limit
     * fails the question waiting for it at once, saying why, instead of leaving it to wait for its timeout.
     */
    @Test
    void anAnswerOverTheLimitFailsTheQuestionWaitingForIt() throws Exception {
        try (StdioSession session = new StdioSession(ToolGroups.create(Config.fromEnvironment(Map.of(
                "FRAMESCOPE_STATE_DIR", stateDir.toString(), "FRAMESCOPE_MAX_MESSAGE_BYTES", "4096",
                "FRAMESCOPE_DIALOG_CHANNEL", "elicitation"))))) {
            session.request(0, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":"
                    + "{\"elicitation\":{}},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}");
            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            session.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":"
                    + "\"ask_text\",\"arguments\":{\"question\":\"Name?\",\"timeout_s\":600}}}");
            JsonNode asked = session.receive();
            while (!"elicitation/create".equals(asked.path("method").asText())) {
                asked = session.receive();
            }
            session.send("{\"jsonrpc\":\"2.0\",\"id\":" + asked.get("id") + ",\"result\":{\"action\":\"accept\","
                    + "\"content\":{\"text\":\"" + "x".repeat(10_000) + "\"}}}");
            JsonNode answer = session.receive();
            while (answer.has("method")) {
                answer = session.receive(); // progress while it waited
            }
            assertEquals(5, answer.get("id").asInt(), answer.toString());
            assertTrue(answer.toString().contains("too large"), answer.toString());
        }
    }
}
