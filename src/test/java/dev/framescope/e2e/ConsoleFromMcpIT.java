package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An MCP session starts the capture console on demand: the result names the address without the token, the
 * progress message carries the person's link, and that link opens the page; a second call reports the same one.
 */
@Timeout(120)
class ConsoleFromMcpIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anMcpSessionStartsTheConsoleAndThePersonsLinkWorks() throws Exception {
        List<String> progress = new CopyOnWriteArrayList<>();
        McpSyncClient client = BuiltJar.client(spec -> spec.progressConsumer(n -> progress.add(n.message())));
        try {
            CallToolResult first = client.callTool(new CallToolRequest("start_capture_console", Map.of(),
                    Map.of("progressToken", "p1")));
            String text = ((TextContent) first.content().get(0)).text();
            assertFalse(Boolean.TRUE.equals(first.isError()), text);
            assertFalse(text.contains("token="), "the token stays out of the transcript: " + text);
            JsonNode started = JSON.readTree(text.substring(text.indexOf('{')));
            Matcher found = personsLink(progress);
            String link = found == null ? null : found.group(1) + "/?token=" + found.group(2);
            assertTrue(link != null && link.startsWith(started.get("address").asText()), progress.toString());
            HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(link))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode());
            String token = link.substring(link.indexOf("token=") + 6);
            HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    started.get("address").asText() + "health")).header("X-FrameScope-Token", token).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals("ok", JSON.readTree(health.body()).get("status").asText());
            CallToolResult again = client.callTool(new CallToolRequest("start_capture_console", Map.of(), null));
            JsonNode second = JSON.readTree(((TextContent) again.content().get(0)).text().substring(
                    ((TextContent) again.content().get(0)).text().indexOf('{')));
            assertTrue(second.get("already_running").asBoolean());
            assertEquals(started.get("port"), second.get("port"));
        } finally {
            client.closeGracefully();
        }
    }

    /**
     * The mcp-sampling planner: the console started from this session plans and explains with the client's own model
     * (here the test client's sampling handler, answering as a model would: one tool call, then done, then words).
     */
    @Test
    void theClientsOwnModelPlansAndExplainsThroughSampling() throws Exception {
        List<String> progress = new CopyOnWriteArrayList<>();
        List<String> asked = new CopyOnWriteArrayList<>();
        McpSyncClient client = BuiltJar.client(spec -> spec.progressConsumer(n -> progress.add(n.message()))
                .capabilities(io.modelcontextprotocol.spec.McpSchema.ClientCapabilities.builder().sampling().build())
                .sampling(request -> {
                    String prompt = request.messages().toString();
                    asked.add(prompt);
                    String reply = asked.size() == 1 ? "{\"tool\": \"get_frame_digest\", \"arguments\": {}}"
                            : asked.size() == 2 ? "```json\n{\"done\": true}\n```"
                            : "The digest puts NaN writes first, at event 35 (Frame/Defects/NaN quad).";
                    return io.modelcontextprotocol.spec.McpSchema.CreateMessageResult.builder(
                            io.modelcontextprotocol.spec.McpSchema.Role.ASSISTANT, reply, "client-model").build();
                }));
        try {
            client.callTool(new CallToolRequest("start_capture_console", Map.of(), Map.of("progressToken", "p1")));
            Matcher link = personsLink(progress);
            assertTrue(link != null, progress.toString());
            String base = link.group(1);
            String token = link.group(2);
            String capture = java.nio.file.Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();
            HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base
                    + "/nl-debug")).header("X-FrameScope-Token", token).POST(HttpRequest.BodyPublishers.ofString(
                    JSON.createObjectNode().put("question", "why are there NaNs?").put("capturePath", capture)
                            .put("plannerModel", "mcp-sampling").toString())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode(), answer.body());
            JsonNode reply = JSON.readTree(answer.body());
            assertEquals("mcp-sampling", reply.at("/planner/id").asText(), reply.toString());
            assertEquals("get_frame_digest", reply.at("/planned/tool").asText());
            assertEquals(35, reply.at("/mcp/result/anomalies/preview/0/event_id").asInt(), "the real digest ran");
            assertTrue(reply.get("explanation").asText().contains("event 35"), reply.toString());
            assertEquals("resolved", reply.at("/submission/status").asText());
            assertEquals(3, asked.size(), "plan, plan (done), explain");
            assertTrue(asked.get(0).contains("why are there NaNs?"));
        } finally {
            client.closeGracefully();
        }
    }

    /**
     * The client's SDK hands progress notifications to the consumer on its own thread, so the one carrying the link
     * can be delivered just after the tool's result: wait a little for it rather than read the list once.
     */
    private static Matcher personsLink(List<String> progress) throws InterruptedException {
        Pattern linkPattern = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+)/\\?token=(\\S+)");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            for (String message : progress) {
                Matcher m = linkPattern.matcher(message);
                if (m.find()) {
                    return m;
                }
            }
            Thread.sleep(20);
        }
        return null;
    }
}
