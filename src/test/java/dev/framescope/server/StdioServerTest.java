package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Components;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.diagnostics.EnvironmentChecks;
import dev.framescope.server.transport.ProtocolText;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The stdio layer on in-memory pipes: protocol faults get JSON-RPC errors and the server keeps answering. */
@Timeout(30)
class StdioServerTest {

    @TempDir
    Path stateDir;

    private ToolGroups.Toolkit toolkit(int maxMessageBytes) {
        Config config = Config.fromEnvironment(Map.of("FRAMESCOPE_STATE_DIR", stateDir.toString(),
                "FRAMESCOPE_MAX_MESSAGE_BYTES", String.valueOf(maxMessageBytes)));
        return ToolGroups.create(config);
    }

    private static void assertError(JsonNode reply, Object id, int code) {
        assertEquals("2.0", reply.get("jsonrpc").asText(), reply.toString());
        assertEquals(id == null ? "null" : id.toString(), reply.get("id").toString(), reply.toString());
        assertEquals(code, reply.at("/error/code").asInt(), reply.toString());
        assertFalse(reply.at("/error/message").asText().isEmpty());
    }

    private static void assertStillServing(StdioSession session, int id) throws Exception {
        JsonNode pong = session.request(id, "ping", "{}");
        assertEquals(id, pong.get("id").asInt(), pong.toString());
        assertTrue(pong.has("result"), pong.toString());
    }

    @Test
    void answersEveryProtocolFaultAndKeepsServing() throws Exception {
        try (StdioSession session = new StdioSession(toolkit(4096))) {
            session.initialize();

            session.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":");
            assertError(session.receive(), null, -32700);
            assertStillServing(session, 2);

            session.send("[{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}]");
            assertError(session.receive(), null, -32600);

            session.send("{\"jsonrpc\":\"1.0\",\"id\":4,\"method\":\"ping\"}");
            assertError(session.receive(), 4, -32600);

            session.send("{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}");
            assertError(session.receive(), null, -32600);

            session.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":[1,2]}");
            assertError(session.receive(), 5, -32602);

            assertError(session.request(6, "no/such/method", "{}"), 6, -32601);
            assertError(session.request(7, "tools/call", "{\"name\":\"no_such_tool\",\"arguments\":{}}"), 7,
                    -32602);

            session.send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\",\"pad\":\"" + "x".repeat(5000) + "\"}");
            JsonNode tooLarge = session.receive();
            assertError(tooLarge, 8, -32600);
            assertTrue(tooLarge.at("/error/message").asText().contains("limit 4096"), tooLarge.toString());

            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/nonsense\",\"params\":7}");
            assertStillServing(session, 9);
        }
    }

    @Test
    void badToolArgumentsAreAToolResultNotAProtocolError() throws Exception {
        try (StdioSession session = new StdioSession(toolkit(1 << 20))) {
            session.initialize();
            JsonNode reply = session.request(1, "tools/call",
                    "{\"name\":\"get_server_diagnostics\",\"arguments\":{\"tool_limit\":\"all\"}}");
            assertTrue(reply.at("/result/isError").asBoolean(), reply.toString());
            JsonNode body = Json.mapper().readTree(reply.at("/result/content/0/text").asText());
            assertEquals("INVALID_ARGUMENT", body.get("code").asText());
            assertEquals("tool_limit", body.at("/context/parameter").asText());
            JsonNode ok = session.request(2, "tools/call",
                    "{\"name\":\"get_server_diagnostics\",\"arguments\":{\"include_environment\":false}}");
            assertFalse(ok.at("/result/isError").asBoolean(), ok.toString());
            assertEquals(1, ok.at("/result/structuredContent/schema_version").asInt());
        }
    }

    @Test
    void sendsProgressOnlyWhenTheRequestCarriesAToken() throws Exception {
        Config config = Config.defaults(stateDir);
        ToolRegistry registry = new ToolRegistry(List.of(new SampleTools()));
        var toolkit = new ToolGroups.Toolkit(config, registry, new ToolInvoker(registry, new CallStats()),
                new EnvironmentChecks(config), new Components());
        try (StdioSession session = new StdioSession(toolkit)) {
            session.initialize();
            session.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"steps\","
                    + "\"arguments\":{},\"_meta\":{\"progressToken\":\"p1\"}}}");
            JsonNode first = session.receive();
            JsonNode second = session.receive();
            assertEquals("notifications/progress", first.get("method").asText(), first.toString());
            assertEquals("p1", first.at("/params/progressToken").asText());
            assertEquals(1.0, first.at("/params/progress").asDouble());
            assertEquals(2.0, first.at("/params/total").asDouble());
            assertEquals("first half", first.at("/params/message").asText());
            assertEquals(2.0, second.at("/params/progress").asDouble());
            assertEquals("two steps", session.receive().at("/result/structuredContent/summary").asText());

            JsonNode withoutToken = session.request(2, "tools/call", "{\"name\":\"steps\",\"arguments\":{}}");
            assertEquals(2, withoutToken.get("id").asInt(), "no progress notification came first");
        }
    }

    @Test
    void anUnknownToolIsAnsweredWithTheNamesItIsClosestTo() throws Exception {
        try (StdioSession session = new StdioSession(toolkit(1 << 20))) {
            session.initialize();
            JsonNode typo = session.request(1, "tools/call", "{\"name\":\"get_frame_digst\",\"arguments\":{}}");
            assertEquals(-32602, typo.at("/error/code").asInt(), typo.toString());
            assertTrue(typo.at("/error/message").asText().startsWith("Unknown tool: get_frame_digst. Did you mean "
                    + "get_frame_digest?"), typo.toString());
            assertEquals("get_frame_digest", typo.at("/error/data/did_you_mean/0").asText(), typo.toString());
            JsonNode nothing = session.request(2, "tools/call", "{\"name\":\"invalid_tool_name\"}");
            assertEquals(-32602, nothing.at("/error/code").asInt(), nothing.toString());
            assertTrue(nothing.at("/error/message").asText().contains("tools/list names the"), nothing.toString());
            assertEquals(0, nothing.at("/error/data/did_you_mean").size(), nothing.toString());
            assertStillServing(session, 3);
        }
    }

    @Test
    void olderToolNamesAnswerButAreNotListed() throws Exception {
        try (StdioSession session = new StdioSession(toolkit(1 << 20))) {
            session.initialize();
            java.util.List<String> names = new java.util.ArrayList<>();
            session.request(1, "tools/list", "{}").at("/result/tools").forEach(t -> names.add(t.get("name").asText()));
            assertTrue(names.stream().allMatch(n -> n.matches("[a-z][a-z0-9_]*")), names.toString());
            assertTrue(names.contains("open_recording") && names.contains("check_recording")
                    && names.contains("test_effect"), names.toString());
            assertTrue(names.stream().noneMatch(n -> n.equals("get_metadata") || n.equals("checkAlgEquiv")
                    || n.equals("compileEffect") || n.equals("get_system_energy") || n.equals("get_body_energy")
                    || n.equals("get_capture_status") || n.equals("get_recording_metadata")
                    || n.equals("triage_recording") || n.equals("check_penetration") || n.equals("test_pixel_parity")
                    || n.equals("list_effects")), names.toString());

            String args = "\"arguments\":{\"recording\":\"demo/recordings/drop_settle.db\"}";
            JsonNode current = session.request(2, "tools/call", "{\"name\":\"open_recording\"," + args + "}");
            JsonNode older = session.request(3, "tools/call", "{\"name\":\"get_metadata\"," + args + "}");
            assertEquals(300, current.at("/result/structuredContent/total_frames").asInt(), current.toString());
            assertEquals(current.at("/result/structuredContent"), older.at("/result/structuredContent"),
                    older.toString());
            JsonNode unknown = session.request(4, "tools/call", "{\"name\":\"getMetadata\"," + args + "}");
            assertTrue(unknown.has("error") || unknown.at("/result/isError").asBoolean(), unknown.toString());

            // The two energy tools became get_energy_series: the system's without body_id, the body's with it.
            String range = "\"recording\":\"demo/recordings/drop_settle.db\",\"end_frame\":5";
            JsonNode system = session.request(5, "tools/call", "{\"name\":\"get_system_energy\",\"arguments\":{"
                    + range + "}}").at("/result/structuredContent");
            JsonNode body = session.request(6, "tools/call", "{\"name\":\"get_body_energy\",\"arguments\":{"
                    + range + ",\"body_id\":2}}").at("/result/structuredContent");
            assertEquals(system, session.request(7, "tools/call", "{\"name\":\"get_energy_series\","
                    + "\"arguments\":{" + range + "}}").at("/result/structuredContent"));
            assertTrue(system.has("points") && !system.has("body_id")
                    && system.at("/points/preview/0").has("total_system_e"), system.toString());
            assertEquals(2, body.get("body_id").asInt(), body.toString());
            assertTrue(body.at("/points/preview/0").has("linear_ke"), body.toString());

            // Single checks became check_recording: an older name picks its check and keeps its parameter names.
            String sinking = "\"recording\":\"demo/recordings/penetration.db\",\"frame_id\":160";
            JsonNode byOldName = session.request(8, "tools/call", "{\"name\":\"check_penetration\",\"arguments\":{"
                    + sinking + ",\"threshold\":0.5}}").at("/result/structuredContent");
            JsonNode byCheck = session.request(9, "tools/call", "{\"name\":\"check_recording\",\"arguments\":{"
                    + sinking + ",\"check\":\"penetration\",\"penetration_threshold\":0.5}}")
                    .at("/result/structuredContent");
            assertEquals(0.5, byCheck.get("threshold_m").asDouble(), byCheck.toString());
            assertEquals(byCheck, byOldName);
            String pair = "\"recording\":\"demo/recordings/two_ball_collision.db\"";
            JsonNode history = session.request(10, "tools/call", "{\"name\":\"get_contact_history\",\"arguments\":{"
                    + pair + ",\"body_a_id\":2,\"body_b_id\":3}}").at("/result/structuredContent");
            assertEquals(history, session.request(11, "tools/call", "{\"name\":\"check_recording\",\"arguments\":{"
                    + pair + ",\"check\":\"contact_history\",\"body_id\":2,\"other_body_id\":3}}")
                    .at("/result/structuredContent"));
            assertEquals(3, history.get("body_b_id").asInt(), history.toString());

            // list_effects became search_effects without a query: the same listing
            JsonNode listed = session.request(12, "tools/call", "{\"name\":\"list_effects\",\"arguments\":"
                    + "{\"effect\":\"synth/*\"}}").at("/result/structuredContent");
            assertEquals(6, listed.at("/effects/count").asInt(), listed.toString());
            assertEquals(listed, session.request(13, "tools/call", "{\"name\":\"search_effects\",\"arguments\":"
                    + "{\"effect\":\"synth/*\"}}").at("/result/structuredContent"));
        }
    }

    @Test
    void anOlderNameWithPresetsCallsItsToolWithThoseArguments() throws Exception {
        try (StdioSession session = new StdioSession(sampleToolkit())) {
            session.initialize();
            JsonNode exact = session.request(1, "tools/call", "{\"name\":\"echo_exact\",\"arguments\":"
                    + "{\"name\":\"a\",\"mode\":\"fast\",\"end_frame\":7}}").at("/result/structuredContent/args");
            assertEquals("exact", exact.get("mode").asText(), "the preset wins: " + exact);
            assertEquals(7, exact.get("end_frame").asInt(), exact.toString());
            JsonNode noArguments = session.request(2, "tools/call", "{\"name\":\"echo_exact\"}");
            assertTrue(noArguments.at("/result/isError").asBoolean(), noArguments.toString());
            assertTrue(noArguments.at("/result/content/0/text").asText().contains("name"), noArguments.toString());
            JsonNode plain = session.request(3, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"name\":\"a\"}}");
            assertEquals("fast", plain.at("/result/structuredContent/args/mode").asText(), plain.toString());
        }
    }

    @Test
    void answersRequestsInFlightWhenInputEnds() throws Exception {
        StdioSession session = new StdioSession(toolkit(1 << 20));
        session.initialize();
        session.send("{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"get_server_diagnostics\",\"arguments\":{\"include_environment\":false}}}");
        session.close();
        JsonNode reply = session.receive();
        assertEquals("last", reply.get("id").asText(), reply.toString());
    }

    private ToolGroups.Toolkit sampleToolkit() {
        Config config = Config.defaults(stateDir);
        ToolRegistry registry = new ToolRegistry(List.of(new SampleTools()));
        return new ToolGroups.Toolkit(config, registry, new ToolInvoker(registry, new CallStats()),
                new EnvironmentChecks(config), new Components());
    }

    @Test
    void hostileLinesGetTheirErrorAndTheNextLineIsServed() throws Exception {
        try (StdioSession session = new StdioSession(toolkit(1 << 20))) {
            session.initialize();
            session.send("{\"jsonrpc\":\"2.0\",\"id\":9223372036854775808,\"method\":\"ping\"}");
            JsonNode huge = session.receive();
            assertEquals("9223372036854775808", huge.get("id").toString(), "the id comes back as sent");
            assertEquals(-32600, huge.at("/error/code").asInt());
            assertStillServing(session, 1);

            // responses get no reply, whatever is wrong with them; the next request is answered
            session.send("{\"jsonrpc\":\"2.0\",\"id\":18446744073709551616,\"result\":{}}");
            session.send("{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"error\":\"boom\"}");
            session.send("{\"jsonrpc\":\"2.0\",\"id\":12,\"result\":{},\"error\":{\"code\":1,\"message\":\"x\"}}");
            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":[1]}}");
            assertStillServing(session, 2);

            String[][] refused = {
                    {"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":5}}", "params.name"},
                    {"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"x\",\"arguments\":[1]}}",
                            "params.arguments"},
                    {"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"x\",\"_meta\":\"m\"}}",
                            "params._meta"},
                    {"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\",\"params\":{\"capabilities\":\"x\"}}",
                            "params.capabilities"},
                    {"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}}",
                            "params.level"},
                    {"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"cursor\":[]}}", "params.cursor"}};
            int id = 10;
            for (String[] line : refused) {
                session.send(line[0]);
                JsonNode reply = session.receive();
                assertEquals(-32602, reply.at("/error/code").asInt(), line[0] + " -> " + reply);
                String message = reply.at("/error/message").asText();
                assertTrue(message.contains(line[1]), message);
                assertFalse(ProtocolText.namesAClass(message), "no Java class in: " + message);
                assertStillServing(session, id++);
            }
        }
    }

    @Test
    void aCancelledCallStopsAndItsAnswerIsNotSent() throws Exception {
        try (StdioSession session = new StdioSession(sampleToolkit())) {
            session.initialize();
            session.send("{\"jsonrpc\":\"2.0\",\"id\":\"w\",\"method\":\"tools/call\",\"params\":{\"name\":\"wait\","
                    + "\"arguments\":{},\"_meta\":{\"progressToken\":\"t\"}}}");
            assertEquals("notifications/progress", session.receive().get("method").asText(), "the call runs");
            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"w\","
                    + "\"reason\":\"changed my mind\"}}");
            assertTrue(SampleTools.WAIT_SAW_CANCEL.await(5, java.util.concurrent.TimeUnit.SECONDS),
                    "the tool saw the cancel");
            JsonNode next = session.request(2, "ping", "{}");
            assertEquals(2, next.get("id").asInt(), "nothing was answered for the cancelled call: " + next);
        }
    }

    /**
     * A change a call made is kept exactly when its answer is written: answered, it stays even if a cancel follows;
     * cancelled after the handler returned but before the answer was written, it is undone and nothing is sent; an
     * answer that cannot be sent as a success (over the output budget) undoes it too.
     */
    @Test
    void whatACallChangedIsKeptExactlyWhenItsAnswerIsWritten() throws Exception {
        SampleTools.SETTLED.clear();
        try (StdioSession session = new StdioSession(sampleToolkit())) {
            session.initialize();
            JsonNode answered = session.request(1, "tools/call", "{\"name\":\"change\",\"arguments\":"
                    + "{\"tag\":\"a\"}}");
            assertFalse(answered.at("/result/isError").asBoolean(), answered.toString());
            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");

            SampleTools.rendering = new java.util.concurrent.CountDownLatch(1);
            SampleTools.mayRender = new java.util.concurrent.CountDownLatch(1);
            session.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"change\","
                    + "\"arguments\":{\"tag\":\"b\",\"hold\":true}}}");
            assertTrue(SampleTools.rendering.await(5, java.util.concurrent.TimeUnit.SECONDS), "the handler returned");
            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":2}}");
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (!SampleTools.SETTLED.contains("b undone") && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            SampleTools.mayRender.countDown();

            JsonNode tooLarge = session.request(3, "tools/call", "{\"name\":\"change\",\"arguments\":"
                    + "{\"tag\":\"c\",\"chars\":70000}}");
            assertEquals(3, tooLarge.get("id").asInt(), "nothing was written for the cancelled call: " + tooLarge);
            assertTrue(tooLarge.at("/result/content/0/text").asText().contains("OUTPUT_TOO_LARGE"),
                    tooLarge.toString());
            assertEquals(List.of("a kept", "b undone", "c undone"), SampleTools.SETTLED);
        }
    }

    @Test
    void aCallPastItsTimeLimitIsAnsweredAndStuckWorkersCannotExhaustThePool() throws Exception {
        try (StdioSession session = new StdioSession(sampleToolkit())) {
            session.initialize();
            int stuck = ToolWorkers.RUNNING + 6;
            for (int i = 0; i < stuck; i++) {
                session.send("{\"jsonrpc\":\"2.0\",\"id\":" + (100 + i) + ",\"method\":\"tools/call\",\"params\":"
                        + "{\"name\":\"stuck\",\"arguments\":{}}}");
            }
            for (int i = 0; i < stuck; i++) {
                JsonNode reply = session.receive();
                JsonNode body = Json.mapper().readTree(reply.at("/result/content/0/text").asText());
                assertEquals("TIMEOUT", body.get("code").asText(), reply.toString());
            }
            JsonNode echo = session.request(1, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"name\":\"ok\"}}");
            assertFalse(echo.at("/result/isError").asBoolean(), "a new call runs although " + stuck
                    + " threads are stuck: " + echo);
        } finally {
            SampleTools.STUCK.release(1000);
        }
    }
}
