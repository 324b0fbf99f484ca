package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Components;
import dev.framescope.common.Config;
import dev.framescope.diagnostics.EnvironmentChecks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stateless era (MCP 2026-07-28) on the same stdio as the initialize-based one: chosen by the first request,
 * the same tools with cache hints, progress and cancellation, and questions to the person as multi round-trip
 * requests whose signed state is honoured once.
 */
@Timeout(60)
class ModernEraTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String ELICITING = "{\"elicitation\":{\"form\":{}}}";

    @TempDir
    Path stateDir;

    private StdioSession session() throws Exception {
        return session("auto");
    }

    private StdioSession session(String era) throws Exception {
        Config config = Config.fromEnvironment(java.util.Map.of("FRAMESCOPE_STATE_DIR", stateDir.toString(),
                "FRAMESCOPE_MCP_ERA", era));
        ToolRegistry registry = new ToolRegistry(List.of(new SampleTools(), new AskingTools()));
        return new StdioSession(new ToolGroups.Toolkit(config, registry, new ToolInvoker(registry, new CallStats()),
                new EnvironmentChecks(config), new Components()));
    }

    /** {@code params} with the stateless era's {@code _meta} added. */
    private static String params(String params, String capabilities, String extraMeta) throws Exception {
        ObjectNode node = (ObjectNode) MAPPER.readTree(params);
        ObjectNode meta = node.putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.set("io.modelcontextprotocol/clientCapabilities", MAPPER.readTree(capabilities));
        if (extraMeta != null) {
            meta.setAll((ObjectNode) MAPPER.readTree(extraMeta));
        }
        return node.toString();
    }

    private static JsonNode call(StdioSession session, int id, String tool, String arguments, String more)
            throws Exception {
        String body = "{\"name\":\"" + tool + "\",\"arguments\":" + arguments + (more == null ? "" : "," + more) + "}";
        return session.request(id, "tools/call", params(body, ELICITING, null));
    }

    @Test
    void theFirstStatelessRequestChoosesTheNewEraAndListsCarryCacheHints() throws Exception {
        try (StdioSession session = session()) {
            JsonNode card = session.request(1, "server/discover", "{}");
            assertEquals("2026-07-28", card.at("/result/supportedVersions/0").asText(), card.toString());
            assertTrue(card.at("/result/supportedVersions").toString().contains("2025-11-25"), card.toString());

            JsonNode list = session.request(2, "tools/list", params("{}", "{}", null));
            assertEquals(ModernTools.LIST_TTL_MS, list.at("/result/ttlMs").asLong(), list.toString());
            assertEquals("public", list.at("/result/cacheScope").asText());
            assertEquals("complete", list.at("/result/resultType").asText());
            assertTrue(list.at("/result/tools").size() >= 10, list.toString());

            JsonNode echo = call(session, 3, "echo", "{\"name\":\"a\"}", null);
            assertEquals("echoed a", echo.at("/result/structuredContent/summary").asText(), echo.toString());
            assertEquals("complete", echo.at("/result/resultType").asText());

            JsonNode bad = call(session, 4, "echo", "{\"name\":\"" + "n".repeat(40) + "\"}", null);
            assertTrue(bad.at("/result/isError").asBoolean(), bad.toString());
            assertTrue(bad.at("/result/content/0/text").asText().contains("INVALID_ARGUMENT"), bad.toString());

            JsonNode initialize = session.request(5, "initialize", "{\"protocolVersion\":\"2025-11-25\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
            assertTrue(initialize.has("error"), "the era is chosen once per stream: " + initialize);

            session.send("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\",\"params\":" + params("{}", "{}",
                    null) + "} trailing");
            assertEquals(-32700, session.receive().at("/error/code").asInt(), "the input guard holds in this era");
            assertEquals(7, session.request(7, "tools/list", params("{}", "{}", null)).get("id").asInt());
        }
    }

    @Test
    void anUnsupportedVersionIsToldTheVersionsServedAndChoosesNothing() throws Exception {
        try (StdioSession session = session()) {
            JsonNode refused = session.request(1, "tools/list", "{\"_meta\":{\"io.modelcontextprotocol/"
                    + "protocolVersion\":\"2099-01-01\",\"io.modelcontextprotocol/clientCapabilities\":{}}}");
            assertEquals(-32022, refused.at("/error/code").asInt(), refused.toString());
            assertEquals("2026-07-28", refused.at("/error/data/supported/0").asText(), refused.toString());
            session.initialize(); // nothing was chosen: the old era is still open
            JsonNode tools = session.request(2, "tools/list", "{}");
            assertTrue(tools.at("/result/tools").size() > 0, tools.toString());
        }
    }

    @Test
    void progressArrivesOnTheRequestAndACancelledCallStopsUnanswered() throws Exception {
        try (StdioSession session = session()) {
            session.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":" + params(
                    "{\"name\":\"steps\",\"arguments\":{}}", "{}", "{\"progressToken\":\"p\"}") + "}");
            List<JsonNode> progress = new ArrayList<>();
            JsonNode answer = session.receiveAfterProgress(progress);
            assertEquals(2, progress.size(), progress.toString());
            assertEquals("p", progress.get(0).get("progressToken").asText());
            assertEquals("two steps", answer.at("/result/structuredContent/summary").asText(), answer.toString());

            int before = AskingTools.HOLDS_CANCELLED.get();
            session.send("{\"jsonrpc\":\"2.0\",\"id\":\"h\",\"method\":\"tools/call\",\"params\":" + params(
                    "{\"name\":\"hold\",\"arguments\":{}}", "{}", "{\"progressToken\":\"q\"}") + "}");
            assertEquals("notifications/progress", session.receive().get("method").asText(), "the call runs");
            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"h\"}}");
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (AskingTools.HOLDS_CANCELLED.get() == before && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(before + 1, AskingTools.HOLDS_CANCELLED.get(), "the tool saw the cancel");
            JsonNode next = session.request(3, "tools/list", params("{}", "{}", null));
            assertEquals(3, next.get("id").asInt(), "nothing was answered for the cancelled call: " + next);
        }
    }

    @Test
    void aQuestionIsAskedAsInputRequiredAndItsStateIsHonouredOnce() throws Exception {
        try (StdioSession session = session()) {
            JsonNode first = call(session, 1, "ask", "{}", null);
            assertEquals("input_required", first.at("/result/resultType").asText(), first.toString());
            assertEquals("elicitation/create", first.at("/result/inputRequests/ask-1/method").asText());
            assertEquals("Question 1?", first.at("/result/inputRequests/ask-1/params/message").asText());
            String state = first.at("/result/requestState").asText();
            String accept = "\"inputResponses\":{\"ask-1\":{\"action\":\"accept\",\"content\":{\"ok\":true}}}";

            JsonNode answered = call(session, 2, "ask", "{}", accept + ",\"requestState\":\"" + state + "\"");
            assertEquals("accept {ok=true}", answered.at("/result/structuredContent/answers/0").asText(),
                    answered.toString());

            JsonNode replayed = call(session, 3, "ask", "{}", accept + ",\"requestState\":\"" + state + "\"");
            assertRefused(replayed, "already answered");

            String changed = state.substring(0, 10) + (state.charAt(10) == 'A' ? 'B' : 'A') + state.substring(11);
            assertRefused(call(session, 4, "ask", "{}", accept + ",\"requestState\":\"" + changed + "\""),
                    "not issued by this server");

            JsonNode again = call(session, 5, "ask", "{}", null);
            assertRefused(call(session, 6, "ask", "{\"questions\":1,\"timeout_ms\":5}", accept
                    + ",\"requestState\":\"" + again.at("/result/requestState").asText() + "\""), "another call");
        }
    }

    @Test
    void answersOfEarlierRoundsTravelInTheStateAndAnExpiredOneSaysSo() throws Exception {
        try (StdioSession session = session()) {
            JsonNode first = call(session, 1, "ask", "{\"questions\":2}", null);
            JsonNode second = call(session, 2, "ask", "{\"questions\":2}", "\"inputResponses\":{\"ask-1\":{\"action\":"
                    + "\"decline\"}},\"requestState\":\"" + first.at("/result/requestState").asText() + "\"");
            assertEquals("Question 2?", second.at("/result/inputRequests/ask-2/params/message").asText(),
                    second.toString());
            JsonNode done = call(session, 3, "ask", "{\"questions\":2}", "\"inputResponses\":{\"ask-2\":{\"action\":"
                    + "\"accept\",\"content\":{\"ok\":false}}},\"requestState\":\""
                    + second.at("/result/requestState").asText() + "\"");
            assertEquals("[\"decline\",\"accept {ok=false}\"]", done.at("/result/structuredContent/answers")
                    .toString(), done.toString());

            JsonNode quick = call(session, 4, "ask", "{\"timeout_ms\":1}", null);
            Thread.sleep(20);
            assertRefused(call(session, 5, "ask", "{\"timeout_ms\":1}", "\"inputResponses\":{\"ask-1\":{\"action\":"
                    + "\"cancel\"}},\"requestState\":\"" + quick.at("/result/requestState").asText() + "\""),
                    "expired");
        }
    }

    @Test
    void aClientThatCannotElicitIsNotAskedThroughIt() throws Exception {
        try (StdioSession session = session()) {
            JsonNode answer = session.request(1, "tools/call", params("{\"name\":\"ask\",\"arguments\":{}}", "{}",
                    null));
            assertEquals("complete", answer.at("/result/resultType").asText(), answer.toString());
            assertEquals("unsupported", answer.at("/result/structuredContent/answers/0").asText(), answer.toString());
            assertFalse(answer.toString().contains("inputRequests"));
        }
    }

    @Test
    void theClientsModelIsAskedThroughInputRequiredAndLogsFollowTheRequestsLevel() throws Exception {
        try (StdioSession session = session()) {
            String sampling = "{\"sampling\":{}}";
            session.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":" + params(
                    "{\"name\":\"ask_model\",\"arguments\":{}}", sampling, null) + "}");
            JsonNode first = session.receive();
            assertEquals("sampling/createMessage", first.at("/result/inputRequests/ask-1/method").asText(),
                    first.toString());
            assertEquals("What is 2+2?", first.at("/result/inputRequests/ask-1/params/messages/0/content/text")
                    .asText(), first.toString());
            String retry = "{\"name\":\"ask_model\",\"arguments\":{},\"inputResponses\":{\"ask-1\":{\"role\":"
                    + "\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"4\"},\"model\":\"m\"}},"
                    + "\"requestState\":\"" + first.at("/result/requestState").asText() + "\"}";
            session.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":" + params(retry,
                    sampling, "{\"io.modelcontextprotocol/logLevel\":\"info\"}") + "}");
            List<JsonNode> logs = new ArrayList<>();
            JsonNode answer = session.receive();
            while (answer.has("method")) {
                logs.add(answer);
                answer = session.receive();
            }
            assertEquals("ok: 4", answer.at("/result/structuredContent/summary").asText(), answer.toString());
            assertTrue(logs.stream().anyMatch(n -> n.get("method").asText().equals("notifications/message")
                    && n.at("/params/data").asText().contains("the model answered ok")), logs.toString());
        }
    }

    @Test
    void anEraCanBeForced() throws Exception {
        String initialize = "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\","
                + "\"version\":\"1\"}}";
        try (StdioSession session = session("modern")) {
            JsonNode card = session.request(1, "server/discover", "{}");
            assertEquals("[\"2026-07-28\"]", card.at("/result/supportedVersions").toString(), card.toString());
            JsonNode refused = session.request(2, "initialize", initialize);
            assertEquals(-32022, refused.at("/error/code").asInt(), refused.toString());
            assertEquals("[\"2026-07-28\"]", refused.at("/error/data/supported").toString());
        }
        try (StdioSession session = session("legacy")) {
            JsonNode card = session.request(1, "server/discover", "{}");
            assertFalse(card.at("/result/supportedVersions").toString().contains("2026-07-28"), card.toString());
            JsonNode list = session.request(2, "tools/list", params("{}", "{}", null));
            assertEquals(-32022, list.at("/error/code").asInt(), "refused, not held until initialize: " + list);
            assertEquals("2025-11-25", list.at("/error/data/supported/0").asText(), list.toString());
        }
    }

    private static void assertRefused(JsonNode answer, String why) {
        assertTrue(answer.at("/result/isError").asBoolean(), answer.toString());
        String text = answer.at("/result/content/0/text").asText();
        assertTrue(text.contains("FAILED_PRECONDITION") && text.contains(why), text);
    }
}
