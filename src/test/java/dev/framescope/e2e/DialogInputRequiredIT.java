package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A question to the person in the stateless era (MCP 2026-07-28), through the built JAR: {@code ask_confirmation}
 * answers {@code input_required} with the same form the other era elicits with; the question stays open (counted and
 * shown in the diagnostics) until the client calls again with the person's answer, which is counted once; the same
 * state sent again is refused.
 */
@Timeout(120)
class DialogInputRequiredIT {

    private static final String ELICITING = "\"_meta\":{\"io.modelcontextprotocol/clientCapabilities\":"
            + "{\"elicitation\":{\"form\":{}}}}";

    @TempDir
    Path dir;

    private static JsonNode call(RawClient client, long id, String tool, String arguments, String more)
            throws Exception {
        client.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "," + ELICITING + (more == null ? "" : "," + more) + "}}");
        JsonNode answer = client.await(id, 60_000);
        assertTrue(answer != null, "no answer to " + tool);
        return answer.get("result");
    }

    private static JsonNode dialogs(RawClient client, long id) throws Exception {
        return call(client, id, "get_server_diagnostics", "{\"include_environment\":false}", null)
                .at("/structuredContent/dialogs");
    }

    @Test
    void theQuestionIsAskedOnceAndAnsweredOnTheRetry() throws Exception {
        try (RawClient client = RawClient.modern(dir.resolve("stderr.txt"), Map.of("FRAMESCOPE_DIALOG_OPEN_BROWSER",
                "0"))) {
            JsonNode first = call(client, 1, "ask_confirmation", "{\"question\":\"Ship the fix?\",\"warning\":"
                    + "\"It rewrites the shader\"}", null);
            assertEquals("input_required", first.get("resultType").asText(), first.toString());
            JsonNode form = first.at("/inputRequests/ask-1");
            assertEquals("elicitation/create", form.get("method").asText(), form.toString());
            assertTrue(form.at("/params/message").asText().contains("It rewrites the shader"), form.toString());
            assertTrue(form.at("/params/requestedSchema/properties/confirmed").isObject(), form.toString());
            String state = first.get("requestState").asText();

            JsonNode waiting = dialogs(client, 2);
            assertEquals(1, waiting.get("open_count").asInt(), "open until the retry: " + waiting);
            assertEquals("confirm", waiting.at("/open/0/tool").asText());

            String answer = "\"inputResponses\":{\"ask-1\":{\"action\":\"accept\",\"content\":{\"confirmed\":true,"
                    + "\"additional_context\":\"keep the logs\"}}},\"requestState\":\"" + state + "\"";
            JsonNode confirmed = call(client, 3, "ask_confirmation", "{\"question\":\"Ship the fix?\",\"warning\":"
                    + "\"It rewrites the shader\"}", answer);
            assertEquals("complete", confirmed.get("resultType").asText(), confirmed.toString());
            assertTrue(confirmed.at("/structuredContent/confirmed").asBoolean(), confirmed.toString());
            assertEquals("keep the logs", confirmed.at("/structuredContent/additional_context").asText(),
                    confirmed.toString());

            JsonNode after = dialogs(client, 4);
            assertEquals(0, after.get("open_count").asInt(), after.toString());
            assertEquals(1, after.at("/tools/0/asked").asInt(), "asked once over two rounds: " + after);
            assertEquals(1, after.at("/history").size(), after.toString());

            JsonNode replayed = call(client, 5, "ask_confirmation", "{\"question\":\"Ship the fix?\",\"warning\":"
                    + "\"It rewrites the shader\"}", answer);
            assertTrue(replayed.get("isError").asBoolean(), replayed.toString());
            assertTrue(replayed.at("/content/0/text").asText().contains("already answered"), replayed.toString());
        }
    }
}
