package dev.framescope.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolHints;
import dev.framescope.server.RegistryCaller;
import dev.framescope.server.ToolGroups;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chat-completions planner over real HTTP against a chat-completions server written here with the JDK's
 * HttpServer: it records each request and answers the way the OpenAI and OpenRouter APIs do
 * ({@code choices[0].message.tool_calls[0].function {name, arguments as a JSON string}}), or fails the ways they fail.
 */
class OpenAiCompatiblePlannerAgainstLocalChatCompletionsServerTest {

    private static final String KEY = "sk-or-v1-test-key-0123456789abcdef";
    private static final String CAPTURE = "/captures/gl_defects.rdc";

    @TempDir
    Path stateDir;

    private HttpServer server;
    private ExecutorService threads;
    private final List<Received> received = new ArrayList<>();
    private volatile Reply reply = new Reply(200, "{}", 0);
    private ConsoleSettings settings;

    /** One request as the server saw it. */
    record Received(String method, String path, String authorization, JsonNode body) {
    }

    /** What the server answers next: status, body and how long it waits first. */
    record Reply(int status, String body, long delayMs) {
    }

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        threads = Executors.newCachedThreadPool();
        server.setExecutor(threads);
        server.createContext("/v1/chat/completions", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            synchronized (received) {
                received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                        exchange.getRequestHeaders().getFirst("Authorization"), Json.mapper().readTree(body)));
            }
            Reply now = reply;
            try {
                Thread.sleep(now.delayMs());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] answer = now.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            try {
                exchange.sendResponseHeaders(now.status(), answer.length);
                exchange.getResponseBody().write(answer);
            } catch (IOException clientGone) {
                // the planner gave up (timeout test); nothing to answer
            }
            exchange.close();
        });
        server.start();
        settings = new ConsoleSettings(stateDir, Map.of(
                "FRAMESCOPE_LLM_BASE_URL", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1",
                "FRAMESCOPE_LLM_API_KEY", KEY,
                "FRAMESCOPE_LLM_PLANNER_MODEL", "test/planner-model",
                "FRAMESCOPE_LLM_ACTION_MODEL", "test/action-model"));
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
        threads.shutdownNow();
    }

    @Test
    void goodToolCallBecomesAStepAndTheRequestCarriesModelKeyToolsAndQuestion() throws Exception {
        reply = toolCall("pixel_history", "{\"capture\":\"" + CAPTURE + "\",\"texture\":\"26\",\"x\":10,\"y\":20}",
                "Follow the NaN pixel.");
        Planner.Step step = planner().next(question("why are there NaNs?"), List.of(digestAnswer()), tools());

        assertEquals("pixel_history", step.tool());
        assertEquals(Map.of("capture", CAPTURE, "texture", "26", "x", 10, "y", 20), step.arguments());
        assertEquals("Follow the NaN pixel.", step.why());

        Received request = only();
        assertEquals("POST", request.method());
        assertEquals("/v1/chat/completions", request.path());
        assertEquals("Bearer " + KEY, request.authorization());
        assertEquals("test/planner-model", request.body().path("model").asText());
        JsonNode offered = request.body().path("tools");
        assertEquals(List.of("get_frame_digest", "pixel_history"), names(offered));
        assertEquals("function", offered.path(1).path("type").asText());
        assertEquals(tools().get(1).inputSchema(), offered.path(1).path("function").path("parameters"));
        assertEquals(tools().get(1).description(), offered.path(1).path("function").path("description").asText());
        JsonNode messages = request.body().path("messages");
        assertEquals("system", messages.path(0).path("role").asText());
        assertTrue(messages.path(1).path("content").asText().contains("why are there NaNs?"));
        assertTrue(messages.path(1).path("content").asText().contains(CAPTURE));
        // the call so far goes back as the assistant's tool call and the tool's result
        assertEquals("get_frame_digest", messages.path(2).path("tool_calls").path(0).path("function").path("name")
                .asText());
        assertEquals("tool", messages.path(3).path("role").asText());
        assertEquals(messages.path(2).path("tool_calls").path(0).path("id").asText(),
                messages.path(3).path("tool_call_id").asText());
        assertTrue(messages.path(3).path("content").asText().contains("Frame/Defects/NaN quad"));
    }

    @Test
    void argumentsSentAsAnObjectByALocalServerAreTakenToo() throws Exception {
        reply = new Reply(200, """
                {"model":"local","choices":[{"message":{"role":"assistant","tool_calls":[{"id":"c1","type":"function",
                 "function":{"name":"get_frame_digest","arguments":{"capture":"/captures/gl_defects.rdc"}}}]}}]}""", 0);
        Planner.Step step = planner().next(question("what is wrong?"), List.of(), tools());
        assertEquals(Map.of("capture", CAPTURE), step.arguments());
        assertEquals("chosen by local", step.why());
    }

    @Test
    void unknownToolIsRefused() {
        reply = toolCall("delete_everything", "{}", null);
        var e = assertThrows(Planner.PlannerException.class,
                () -> planner().next(question("why?"), List.of(), tools()));
        assertTrue(e.getMessage().contains("'delete_everything', which is not one of the 2 RenderDoc tools"),
                e.getMessage());
    }

    @Test
    void malformedArgumentsAreRefused() {
        reply = toolCall("pixel_history", "{\"capture\": \"/c.rdc\", \"x\": ", null);
        var e = assertThrows(Planner.PlannerException.class,
                () -> planner().next(question("why?"), List.of(), tools()));
        assertTrue(e.getMessage().contains("arguments for pixel_history that are not JSON"), e.getMessage());

        reply = toolCall("pixel_history", "[1, 2]", null);
        e = assertThrows(Planner.PlannerException.class, () -> planner().next(question("why?"), List.of(), tools()));
        assertTrue(e.getMessage().contains("not a JSON object"), e.getMessage());
    }

    @Test
    void serverErrorIsAPlannerExceptionThatNeverShowsTheKey() {
        // some gateways echo the header they refused; the reason must still not carry the key
        reply = new Reply(500, "{\"error\":{\"message\":\"upstream failed for Bearer " + KEY + "\",\"code\":500}}", 0);
        var e = assertThrows(Planner.PlannerException.class,
                () -> planner().next(question("why?"), List.of(), tools()));
        assertTrue(e.getMessage().contains("answered HTTP 500: upstream failed"), e.getMessage());
        assertFalse(e.getMessage().contains(KEY), e.getMessage());

        reply = new Reply(401, "{\"error\":{\"message\":\"No auth credentials found\",\"code\":401}}", 0);
        e = assertThrows(Planner.PlannerException.class, () -> planner().explain(question("why?"), List.of()));
        assertTrue(e.getMessage().contains("HTTP 401") && e.getMessage().contains("check the API key"),
                e.getMessage());
    }

    @Test
    void slowServerPastTheTimeoutIsAPlannerException() {
        reply = new Reply(200, toolCall("get_frame_digest", "{}", null).body(), 3_000);
        var planner = new OpenAiCompatiblePlanner(settings, Duration.ofSeconds(1), Duration.ofMillis(300));
        long start = System.nanoTime();
        var e = assertThrows(Planner.PlannerException.class,
                () -> planner.next(question("why?"), List.of(), tools()));
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertTrue(e.getMessage().contains("no answer from 127.0.0.1 within 300 ms"), e.getMessage());
        assertTrue(tookMs < 2_500, "gave up after " + tookMs + " ms, not at the 300 ms limit");
    }

    @Test
    void interruptingTheWaitingThreadCancelsTheRequest() throws Exception {
        reply = new Reply(200, toolCall("get_frame_digest", "{}", null).body(), 5_000);
        var outcome = new java.util.concurrent.CompletableFuture<Throwable>();
        Thread run = new Thread(() -> {
            try {
                planner().next(question("why?"), List.of(), tools());
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(t);
            }
        });
        long start = System.nanoTime();
        run.start();
        Thread.sleep(300);
        run.interrupt();
        Throwable thrown = outcome.get(2, java.util.concurrent.TimeUnit.SECONDS);
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertTrue(thrown instanceof Planner.PlannerException, String.valueOf(thrown));
        assertEquals("the request to 127.0.0.1 was cancelled", thrown.getMessage());
        assertTrue(tookMs < 2_000, "took " + tookMs + " ms");
    }

    @Test
    void noChoicesIsAPlannerException() {
        reply = new Reply(200, "{\"id\":\"gen-1\",\"model\":\"test/planner-model\",\"choices\":[]}", 0);
        var e = assertThrows(Planner.PlannerException.class,
                () -> planner().next(question("why?"), List.of(), tools()));
        assertTrue(e.getMessage().contains("no choices[0].message"), e.getMessage());

        reply = new Reply(200, "<html>not an API</html>", 0);
        e = assertThrows(Planner.PlannerException.class, () -> planner().next(question("why?"), List.of(), tools()));
        assertTrue(e.getMessage().contains("not a JSON object"), e.getMessage());
    }

    @Test
    void answerWithoutToolCallMeansDone() throws Exception {
        reply = new Reply(200, """
                {"model":"test/planner-model","choices":[{"index":0,"finish_reason":"stop",
                 "message":{"role":"assistant","content":"The digest already answers it."}}]}""", 0);
        assertNull(planner().next(question("why are there NaNs?"), List.of(digestAnswer()), tools()));
    }

    @Test
    void explainSendsTheResultsToTheActionModelAndReturnsItsTextAndName() throws Exception {
        reply = new Reply(200, """
                {"model":"vendor/explainer-2025-06","choices":[{"message":{"role":"assistant",
                 "content":"Event 35 (Frame/Defects/NaN quad) wrote the NaNs."}}]}""", 0);
        Planner.Explanation explanation = planner().explain(question("why are there NaNs?"), List.of(digestAnswer()));

        assertEquals("Event 35 (Frame/Defects/NaN quad) wrote the NaNs.", explanation.text());
        assertEquals("vendor/explainer-2025-06", explanation.author());
        assertEquals("resolved", explanation.status());
        Received request = only();
        assertEquals("test/action-model", request.body().path("model").asText());
        assertFalse(request.body().has("tools"));
        String user = request.body().path("messages").path(1).path("content").asText();
        assertTrue(user.contains("why are there NaNs?") && user.contains("Frame/Defects/NaN quad"), user);
        assertTrue(request.body().path("messages").path(0).path("content").asText().contains("language"));
    }

    @Test
    void explanationOfOnlyFailedCallsIsAWarning() throws Exception {
        reply = new Reply(200, "{\"choices\":[{\"message\":{\"content\":\"Could not open the capture.\"}}]}", 0);
        ObjectNode error = Json.mapper().createObjectNode().put("code", "NOT_FOUND").put("message", "no capture");
        var failed = new ToolCaller.Answer("get_frame_digest", Map.of("capture", CAPTURE), true, error, "no capture", 3);
        Planner.Explanation explanation = planner().explain(question("why?"), List.of(failed));
        assertEquals("warning", explanation.status());
        assertEquals("test/action-model", explanation.author(), "no model in the reply: the one asked for");
    }

    @Test
    void keyGivenWithTheRequestIsUsedForThatRequestOnly() throws Exception {
        reply = toolCall("get_frame_digest", "{}", null);
        var question = new Planner.Question("why?", CAPTURE, "other/model", null, "sk-one-request-only");
        planner().next(question, List.of(), tools());
        assertEquals("Bearer sk-one-request-only", only().authorization());
        assertEquals("other/model", only().body().path("model").asText());
        assertFalse(Files.exists(settings.file()), "a request's key is never stored");
    }

    @Test
    void remoteEndpointWithoutKeyIsUnavailableAndSendsNothing() {
        var remote = new ConsoleSettings(stateDir.resolve("other"),
                Map.of("FRAMESCOPE_LLM_BASE_URL", "https://llm.example.invalid/api/v1"));
        var planner = new OpenAiCompatiblePlanner(remote);
        assertTrue(planner.unavailableReason().startsWith("no API key for llm.example.invalid"),
                planner.unavailableReason());
        var e = assertThrows(Planner.PlannerException.class,
                () -> planner.next(question("why?"), List.of(), tools()));
        assertEquals(planner.unavailableReason(), e.getMessage());
        assertNull(new OpenAiCompatiblePlanner(settings).unavailableReason());
    }

    @Test
    void promptStaysWithinBudgetHoweverLargeAndManyTheResults() throws Exception {
        reply = toolCall("get_frame_digest", "{}", null);
        List<ToolCaller.Answer> done = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ObjectNode body = Json.mapper().createObjectNode();
            body.put("summary", "call " + i).put("blob", "x".repeat(50_000));
            done.add(new ToolCaller.Answer("pixel_history", Map.of("capture", CAPTURE, "x", i, "y", i), false, body,
                    "call " + i, 5));
        }
        planner().next(question("why?"), done, tools());
        String messages = only().body().path("messages").toString();
        assertTrue(messages.length() < 24 * 1024, "messages took " + messages.length() + " characters");
        assertEquals(2 + 2 * 30, only().body().path("messages").size(), "every call is still listed");
    }

    @Test
    void realRenderDocToolsGoOutWithTheirSchemas() throws Exception {
        reply = toolCall("get_frame_digest", "{\"capture\":\"" + CAPTURE + "\"}", null);
        List<ToolCaller.ToolInfo> renderdoc = new RegistryCaller(ToolGroups.create(Config.defaults(stateDir)))
                .tools("renderdoc");
        assertTrue(renderdoc.size() > 10, "renderdoc group has " + renderdoc.size() + " tools");
        assertEquals("get_frame_digest", planner().next(question("what is wrong?"), List.of(), renderdoc).tool());
        JsonNode offered = only().body().path("tools");
        assertEquals(renderdoc.stream().map(ToolCaller.ToolInfo::name).toList(), names(offered));
        for (int i = 0; i < renderdoc.size(); i++) {
            JsonNode parameters = offered.path(i).path("function").path("parameters");
            assertEquals("object", parameters.path("type").asText(), renderdoc.get(i).name());
            assertFalse(parameters.has("$schema"));
            assertEquals(renderdoc.get(i).inputSchema().path("properties"), parameters.path("properties"));
        }
    }

    private OpenAiCompatiblePlanner planner() {
        return new OpenAiCompatiblePlanner(settings);
    }

    private Received only() {
        synchronized (received) {
            assertEquals(1, received.size(), "requests the server got");
            return received.get(0);
        }
    }

    private static List<String> names(JsonNode tools) {
        List<String> names = new ArrayList<>();
        tools.forEach(tool -> names.add(tool.path("function").path("name").asText()));
        return names;
    }

    private static Reply toolCall(String name, String arguments, String content) {
        ObjectNode answer = Json.mapper().createObjectNode().put("id", "gen-123").put("model", "test/planner-model");
        ObjectNode message = answer.putArray("choices").addObject().put("index", 0)
                .put("finish_reason", "tool_calls").putObject("message").put("role", "assistant");
        if (content == null) {
            message.putNull("content");
        } else {
            message.put("content", content);
        }
        message.putArray("tool_calls").addObject().put("id", "call_abc").put("type", "function")
                .putObject("function").put("name", name).put("arguments", arguments);
        return new Reply(200, answer.toString(), 0);
    }

    private static Planner.Question question(String text) {
        return new Planner.Question(text, CAPTURE, null, null, null);
    }

    private static ToolCaller.Answer digestAnswer() {
        ObjectNode body = Json.mapper().createObjectNode().put("summary", "1 high anomaly");
        body.putArray("anomalies").addObject().put("kind", "nan_inf_texels").put("event_id", 35)
                .put("marker_path", "Frame/Defects/NaN quad");
        return new ToolCaller.Answer("get_frame_digest", Map.of("capture", CAPTURE), false, body,
                "1 high anomaly: NaN/Inf texels written by event 35", 420);
    }

    static List<ToolCaller.ToolInfo> tools() {
        return List.of(tool("get_frame_digest", "Start here: anomalies ranked, with recommended next calls.", false),
                tool("pixel_history", "Every event that changed one pixel of a texture.", true));
    }

    static ToolCaller.ToolInfo tool(String name, String description, boolean pixel) {
        ObjectNode schema = Json.mapper().createObjectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("capture").put("type", "string").put("description", "Path of the .rdc capture.");
        var required = schema.putArray("required").add("capture");
        if (pixel) {
            properties.putObject("texture").put("type", "string").put("description", "Texture id.");
            properties.putObject("x").put("type", "integer").put("minimum", 0).put("description", "Column.");
            properties.putObject("y").put("type", "integer").put("minimum", 0).put("description", "Row.");
            required.add("texture").add("x").add("y");
        }
        schema.put("additionalProperties", false);
        return new ToolCaller.ToolInfo(name, name, description, schema, ToolHints.READS_ONLY);
    }
}
