package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's openai-compatible planner through the running JAR, against a chat-completions server written in
 * this test (it answers as OpenAI and OpenRouter do): the model's tool call runs on the real capture, the model's
 * explanation is the answer; a model that picks a tool that does not exist gives a warning answer, never a 500.
 */
@Timeout(180)
class ConsoleModelPlannerAgainstLocalChatCompletionsServerIT {

    @TempDir
    Path dir;
    private HttpServer server;
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();

    /** Starts the chat server; {@code answer} gets the request's JSON and returns the reply's JSON. */
    private String chatServer(Function<JsonNode, String> answer) throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            JsonNode request = RunningConsole.JSON.readTree(exchange.getRequestBody());
            requests.add(request);
            byte[] body = answer.apply(request).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static String toolCall(String name, String arguments) {
        return "{\"model\":\"local-planner\",\"choices\":[{\"message\":{\"role\":\"assistant\",\"tool_calls\":[{\"id\":"
                + "\"c1\",\"type\":\"function\",\"function\":{\"name\":\"" + name + "\",\"arguments\":"
                + RunningConsole.JSON.valueToTree(arguments) + "}}]}}]}";
    }

    private static String text(String model, String content) {
        return "{\"model\":\"" + model + "\",\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":"
                + RunningConsole.JSON.valueToTree(content) + "}}]}";
    }

    private static int toolResults(JsonNode request) {
        int results = 0;
        for (JsonNode m : request.get("messages")) {
            results += m.path("role").asText().equals("tool") ? 1 : 0;
        }
        return results;
    }

    private JsonNode ask(RunningConsole console, String question) throws Exception {
        String id = console.post("/projects", "{}").get("projectId").asText();
        console.upload(id, Path.of("demo/captures/gl_defects.rdc").toAbsolutePath());
        return console.post("/nl-debug", RunningConsole.JSON.createObjectNode().put("question", question)
                .put("capturePath", "captures/gl_defects.rdc").put("projectId", id)
                .put("plannerModel", "openai-compatible").toString());
    }

    @Test
    void theModelsToolCallRunsOnTheCaptureAndItsExplanationIsTheAnswer() throws Exception {
        String base = chatServer(request -> {
            if (!request.has("tools")) {
                return text("local-explainer", "The NaNs come from event 35, Frame/Defects/NaN quad.");
            }
            return toolResults(request) == 0 ? toolCall("get_frame_digest", "{}") : text("local-planner", "done");
        });
        try (RunningConsole console = new RunningConsole(dir.resolve("p"), dir.resolve("s"), Map.of(
                "FRAMESCOPE_LLM_BASE_URL", base, "FRAMESCOPE_LLM_API_KEY", "sk-test-secret"))) {
            JsonNode reply = ask(console, "why are there NaNs?");
            assertEquals("resolved", reply.at("/submission/status").asText(), reply.toString());
            assertEquals("get_frame_digest", reply.at("/planned/tool").asText());
            assertEquals(35, reply.at("/mcp/result/anomalies/preview/0/event_id").asInt(), "the real digest ran");
            assertEquals("The NaNs come from event 35, Frame/Defects/NaN quad.", reply.get("explanation").asText());
            assertEquals("local-explainer", reply.at("/planner/author").asText());
            JsonNode first = requests.get(0);
            boolean offersDigest = false;
            for (JsonNode tool : first.get("tools")) {
                offersDigest |= tool.at("/function/name").asText().equals("get_frame_digest");
                assertFalse(tool.at("/function/name").asText().equals("save_texture"), "no writer is offered");
            }
            assertTrue(offersDigest);
            assertFalse(reply.toString().contains("sk-test-secret"), "the key never comes back");
        }
    }

    @Test
    void aModelThatPicksAToolThatDoesNotExistGivesAWarningAnswer() throws Exception {
        String base = chatServer(request -> request.has("tools") ? toolCall("delete_everything", "{}")
                : text("local-explainer", "nothing to explain"));
        try (RunningConsole console = new RunningConsole(dir.resolve("p"), dir.resolve("s"), Map.of(
                "FRAMESCOPE_LLM_BASE_URL", base, "FRAMESCOPE_LLM_API_KEY", "sk-test-secret"))) {
            JsonNode reply = ask(console, "why are there NaNs?");
            assertEquals("warning", reply.at("/submission/status").asText(), reply.toString());
            assertTrue(reply.at("/planner/warning").asText().contains("delete_everything"), reply.toString());
            assertEquals("ok", console.get("/health").get("status").asText());
        }
    }

    /** A model that stops at the digest, asked about nothing the tools measure, has its "resolved" marked unanswered. */
    @Test
    void aModelThatOnlyCallsTheDigestDoesNotResolveAnUnrelatedQuestion() throws Exception {
        String base = chatServer(request -> !request.has("tools") ? text("local-explainer", "Paris.")
                : toolResults(request) > 0 ? text("local-planner", "done") : toolCall("get_frame_digest", "{}"));
        try (RunningConsole console = new RunningConsole(dir.resolve("p"), dir.resolve("s"), Map.of(
                "FRAMESCOPE_LLM_BASE_URL", base, "FRAMESCOPE_LLM_API_KEY", "sk-test-secret"))) {
            JsonNode reply = ask(console, "What is the capital of France?");
            assertEquals("get_frame_digest", reply.at("/planned/tool").asText(), reply.toString());
            assertEquals(1, reply.get("calls").size(), "only the digest ran: " + reply.get("calls"));
            assertEquals("unanswered", reply.at("/submission/status").asText(), reply.toString());
            assertTrue(reply.get("explanation").asText().startsWith("Unanswered: the question names nothing"),
                    reply.get("explanation").asText());
        }
    }

    /**
     * The model is offered only the tools whose hints say read-only: nothing that writes files or changes the replay
     * the person's later questions see; one that asks for replace_shader anyway is refused before it runs.
     */
    @Test
    void aModelIsOfferedOnlyReadOnlyToolsAndCannotChangeTheReplay() throws Exception {
        String base = chatServer(request -> request.has("tools")
                ? toolCall("replace_shader", "{\"event_id\": 35, \"source\": \"void main() {}\"}")
                : text("local-explainer", "replaced"));
        try (RunningConsole console = new RunningConsole(dir.resolve("p"), dir.resolve("s"), Map.of(
                "FRAMESCOPE_LLM_BASE_URL", base, "FRAMESCOPE_LLM_API_KEY", "sk-test-secret"))) {
            JsonNode reply = ask(console, "why are there NaNs?");
            assertEquals("warning", reply.at("/submission/status").asText(), reply.toString());
            String warning = reply.at("/planner/warning").asText();
            assertTrue(warning.contains("'replace_shader', which is not one of the") && warning.contains("offered"),
                    reply.toString());
            assertEquals(0, reply.get("calls").size(), "nothing ran: " + reply.get("calls"));
            List<String> offered = new ArrayList<>();
            requests.get(0).get("tools").forEach(t -> offered.add(t.at("/function/name").asText()));
            assertTrue(offered.contains("get_frame_digest") && offered.contains("get_event_insight"), offered.toString());
            for (String changes : List.of("replace_shader", "open_capture", "save_texture", "copy_capture")) {
                assertFalse(offered.contains(changes), changes + " offered: " + offered);
            }
        }
    }
}
