package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.diagnostics.ToolCallStats;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolInvokerTest {

    private final ToolRegistry registry = new ToolRegistry(List.of(new SampleTools()));
    private final CallStats stats = new CallStats();
    private final ToolInvoker invoker = new ToolInvoker(registry, stats);

    private CallToolResult call(String tool, String argsJson) throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> args = Json.mapper().readValue(argsJson, Map.class);
        return invoker.call(registry.find(tool).orElseThrow(), args, ToolContext.SILENT);
    }

    private static JsonNode errorBody(CallToolResult result) throws Exception {
        assertTrue(result.isError(), "expected an error result: " + result);
        assertNull(result.structuredContent());
        return Json.mapper().readTree(((TextContent) result.content().get(0)).text());
    }

    /** An in-process caller has the answer once call() returns: kept then; an error answer undoes it. */
    @Test
    void aChangeIsKeptWhenCallReturnsItsAnswerAndUndoneWithAnError() throws Exception {
        SampleTools.SETTLED.clear();
        assertFalse(call("change", "{\"tag\":\"a\"}").isError());
        assertEquals("OUTPUT_TOO_LARGE", errorBody(call("change", "{\"tag\":\"b\",\"chars\":70000}"))
                .get("code").asText());
        assertEquals(List.of("a kept", "b undone"), SampleTools.SETTLED);
    }

    @Test
    void appliesDefaultsAndLeadsTextWithSummary() throws Exception {
        CallToolResult result = call("echo", "{\"name\":\"cube\"}");
        assertFalse(result.isError());
        String text = ((TextContent) result.content().get(0)).text();
        assertTrue(text.startsWith("echoed cube\n\n{"), text);
        JsonNode body = Json.tree(result.structuredContent());
        assertEquals(1, body.at("/args/start_frame").asInt());
        assertEquals(100, body.at("/args/end_frame").asInt());
        assertEquals("fast", body.at("/args/mode").asText());
        assertEquals(body, Json.mapper().readTree(text.substring(text.indexOf('{'))));
    }

    @Test
    void rejectsUnknownParameterListingValidOnes() throws Exception {
        JsonNode error = errorBody(call("echo", "{\"name\":\"a\",\"strat_frame\":3}"));
        assertEquals("INVALID_ARGUMENT", error.get("code").asText());
        assertEquals("strat_frame", error.at("/context/parameter").asText());
        assertTrue(error.get("message").asText().contains("start_frame"), error.toString());
    }

    @Test
    void rejectsMissingRequiredParameter() throws Exception {
        JsonNode error = errorBody(call("echo", "{}"));
        assertEquals("name", error.at("/context/parameter").asText());
        assertTrue(error.get("message").asText().contains("required"), error.toString());
    }

    @Test
    void namesParameterRangeAndGivenValueWhenOutOfRange() throws Exception {
        JsonNode error = errorBody(call("echo", "{\"name\":\"a\",\"start_frame\":0}"));
        assertEquals("start_frame", error.at("/context/parameter").asText());
        assertEquals("integer from 1 to 100", error.at("/context/expected").asText());
        assertEquals(0, error.at("/context/given").asInt());
        assertEquals("Invalid argument 'start_frame': expected integer from 1 to 100; given 0.",
                error.get("message").asText());
    }

    @Test
    void rejectsWrongTypeAndBadEnumValue() throws Exception {
        JsonNode wrongType = errorBody(call("echo", "{\"name\":\"a\",\"start_frame\":\"three\"}"));
        assertEquals("start_frame", wrongType.at("/context/parameter").asText());
        assertEquals("three", wrongType.at("/context/given").asText());
        JsonNode badEnum = errorBody(call("echo", "{\"name\":\"a\",\"mode\":\"slow\"}"));
        assertEquals("one of \"fast\", \"exact\"", badEnum.at("/context/expected").asText());
    }

    @Test
    void schemaCarriesParamAnnotations() {
        JsonNode schema = registry.inputSchema(registry.find("echo").orElseThrow());
        assertEquals("[\"name\"]", schema.get("required").toString());
        assertEquals(16, schema.at("/properties/name/maxLength").asInt());
        assertTrue(schema.at("/properties/name/maxItems").isMissingNode());
        assertEquals(4, schema.at("/properties/pixels/maxItems").asInt());
        assertTrue(schema.at("/properties/pixels/maxLength").isMissingNode());
        assertEquals("\"fast\"", schema.at("/properties/mode/default").toString());
        assertEquals("[\"fast\",\"exact\"]", schema.at("/properties/mode/enum").toString());
        assertEquals("First frame, 1-based.", schema.at("/properties/start_frame/description").asText());
    }

    @Test
    void echoesOnlyTheStartOfAHugeGivenValue() throws Exception {
        JsonNode error = errorBody(call("echo", "{\"name\":\"" + "n".repeat(100_000) + "\"}"));
        assertEquals("string of at most 16 characters", error.at("/context/expected").asText());
        String given = error.at("/context/given").asText();
        assertTrue(given.length() <= 512, given);
        assertTrue(given.startsWith("\"nnn") && given.endsWith("… (100002 characters)"), given);
    }

    @Test
    void reportsNestedParameterPath() throws Exception {
        JsonNode error = errorBody(call("echo", "{\"name\":\"a\",\"pixels\":[{\"x\":1,\"y\":2},{\"x\":-1,\"y\":0}]}"));
        assertEquals("pixels[1].x", error.at("/context/parameter").asText());
        assertEquals(-1, error.at("/context/given").asInt());
    }

    @Test
    void compactConstructorChecksBecomeInvalidArgument() throws Exception {
        JsonNode error = errorBody(call("echo", "{\"name\":\"a\",\"start_frame\":50,\"end_frame\":10}"));
        assertEquals("INVALID_ARGUMENT", error.get("code").asText());
        assertEquals("end_frame", error.at("/context/parameter").asText());
    }

    @Test
    void toolExceptionBecomesStructuredErrorAndIsCounted() throws Exception {
        JsonNode error = errorBody(call("fail_not_found", "{}"));
        assertEquals("NOT_FOUND", error.get("code").asText());
        assertEquals("recording 'missing.db' not found; call list_recordings", error.get("message").asText());
        errorBody(call("fail_timeout", "{}"));
        ToolCallStats timeouts = stats.snapshot().stream()
                .filter(s -> s.tool().equals("fail_timeout")).findFirst().orElseThrow();
        assertEquals(1, timeouts.timeouts());
        assertEquals("TIMEOUT", timeouts.lastError().code());
    }

    @Test
    void unexpectedExceptionBecomesInternalWithCauseChain() throws Exception {
        JsonNode error = errorBody(call("crash", "{}"));
        assertEquals("INTERNAL", error.get("code").asText());
        assertEquals("java.lang.IllegalStateException: boom", error.at("/context/causes/0").asText());
        assertEquals("java.lang.ArithmeticException: root cause", error.at("/context/causes/1").asText());
    }

    @Test
    void enforcesOutputBudget() throws Exception {
        assertFalse(call("sized", "{\"chars\":500}").isError());
        JsonNode error = errorBody(call("sized", "{\"chars\":2000}"));
        assertEquals("OUTPUT_TOO_LARGE", error.get("code").asText());
        assertEquals(1000, error.at("/context/limit_bytes").asInt());
    }

    /** 1e10 is an integer to JSON Schema; the conversion to Integer refused it in the JSON library's words. */
    @Test
    void aNumberBeyondItsTypeNamesTheParameterAndTheRangeItMayTake() throws Exception {
        JsonNode error = errorBody(call("sized", "{\"chars\":1e10}"));
        assertEquals("Invalid argument 'chars': expected an integer from 0 to 2147483647; given 1.0E10.",
                error.get("message").asText());
        assertEquals("chars", error.at("/context/parameter").asText());
    }

    @Test
    void imageResultHasImageContentAndNoStructuredContent() throws Exception {
        CallToolResult result = call("picture", "{}");
        assertFalse(result.isError());
        assertNull(result.structuredContent(), "Claude Code drops images when structuredContent is set");
        ImageContent image = (ImageContent) result.content().get(1);
        assertEquals("image/png", image.mimeType());
        assertEquals("iVBORw==", image.data());
    }
}
