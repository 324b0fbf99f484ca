package dev.framescope.server.transport;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Echo;
import dev.framescope.common.OlderName;
import dev.framescope.common.Suggestions;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides what happens to one line from stdin before the SDK sees it. A line is one message: a line with more after
 * its first JSON value (a second message, stray text) is a parse error as a whole, where Jackson alone would read the
 * first value and drop the rest unseen. mcp-core 2.1.0 stops reading for good on
 * anything it cannot map (an id past 2^63, an {@code error} that is a string, params of the wrong shape), so only
 * messages its records will take are passed on; the rest get the JSON-RPC error the spec asks for, or are logged and
 * dropped where the spec forbids a reply (notifications, responses). A malformed error response to one of our own
 * requests is passed on as a well-formed error, so the call waiting for it fails at once instead of timing out.
 */
public final class InboundCheck {

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    public static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    static final String CANCELLED = "notifications/cancelled";

    /** The SDK's record for the params of each request it serves; a line whose params it cannot read is refused. */
    private static final Map<String, Class<?>> PARAMS = Map.of(
            McpSchema.METHOD_INITIALIZE, McpSchema.InitializeRequest.class,
            McpSchema.METHOD_TOOLS_CALL, McpSchema.CallToolRequest.class,
            McpSchema.METHOD_TOOLS_LIST, McpSchema.PaginatedRequest.class,
            McpSchema.METHOD_LOGGING_SET_LEVEL, McpSchema.SetLevelRequest.class);

    /** What to do with a line. */
    sealed interface Verdict permits Forward, Reply, Drop, Cancel {
    }

    /** Pass {@code message} to the SDK; {@code request} when it expects an answer. */
    record Forward(ObjectNode message, boolean request) implements Verdict {
    }

    /** Answer with this JSON-RPC error and pass nothing on. */
    record Reply(ObjectNode error) implements Verdict {
    }

    /** Log why and pass nothing on (no reply is allowed). */
    record Drop(String why) implements Verdict {
    }

    /** The client cancels the request with this id. */
    record Cancel(JsonNode requestId, String reason) implements Verdict {
    }

    private final ObjectMapper mapper;
    private final Map<String, OlderName> toolAliases;
    private final Set<String> toolNames;

    InboundCheck(ObjectMapper mapper) {
        this.mapper = mapper;
        this.toolAliases = Map.of();
        this.toolNames = Set.of();
    }

    /**
     * @param mapper the mapper the SDK reads messages with, so a check and the SDK agree on what is readable
     * @param toolNames  the served tools' names
     * @param olderNames older name → the tool it calls now. The SDK only knows the listed names, so a tools/call by
     *                   an older name is rewritten here, the one place every request passes before the SDK; and a name
     *                   that is neither is answered here with the closest names, where the SDK would say only
     *                   "Unknown tool"
     */
    InboundCheck(ObjectMapper mapper, Set<String> toolNames, Map<String, OlderName> olderNames) {
        this.mapper = mapper;
        this.toolAliases = Map.copyOf(olderNames);
        this.toolNames = Set.copyOf(toolNames);
    }

    Verdict check(String text) {
        JsonNode parsed;
        try (JsonParser parser = mapper.getFactory().createParser(text)) {
            parsed = mapper.readTree(parser);
            // A line is one message: Jackson stops after the first value, so a second one would be lost unseen.
            Long after = parsed == null ? null : trailingAt(parser);
            if (after != null) {
                return reply(null, PARSE_ERROR, "Parse error: more than one JSON value on one line (the first ends "
                        + "at character " + after + "); MCP over stdio is one message per line, none of this line "
                        + "was served");
            }
        } catch (IOException e) {
            return reply(null, PARSE_ERROR, "Parse error: " + ProtocolText.scrub(firstLine(e.getMessage())));
        }
        if (!(parsed instanceof ObjectNode message)) {
            return reply(null, INVALID_REQUEST, "Invalid Request: a JSON-RPC message must be a JSON object"
                    + (parsed != null && parsed.isArray() ? " (batches are not supported since MCP 2025-06-18)" : ""));
        }
        JsonNode id = message.get("id");
        boolean hasMethod = message.has("method");
        if (!hasMethod && id != null && (message.has("result") || message.has("error"))) {
            return response(message, id);
        }
        JsonNode replyId = id != null && (id.isTextual() || id.isIntegralNumber()) ? id : null;
        if (!"2.0".equals(message.path("jsonrpc").asText(null))) {
            return refuse(message, replyId, INVALID_REQUEST, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
        }
        if (!hasMethod) {
            return refuse(message, replyId, INVALID_REQUEST, "Invalid Request: neither a request, a notification "
                    + "nor a response");
        }
        if (!message.get("method").isTextual()) {
            return refuse(message, replyId, INVALID_REQUEST, "Invalid Request: \"method\" must be a string");
        }
        if (id != null && !isUsableId(id)) {
            return refuse(message, replyId, INVALID_REQUEST, idProblem(id));
        }
        JsonNode params = message.get("params");
        if (params != null && !params.isObject() && !params.isNull()) {
            return refuse(message, replyId, INVALID_PARAMS, "Invalid params: \"params\" must be an object");
        }
        String method = message.get("method").asText();
        if (id == null) {
            return CANCELLED.equals(method) ? cancel(message) : new Forward(message, false);
        }
        String paramsProblem = paramsProblem(method, params);
        if (paramsProblem != null) {
            return reply(id, INVALID_PARAMS, "Invalid params for " + method + ": " + paramsProblem);
        }
        if (McpSchema.METHOD_TOOLS_CALL.equals(method)) {
            String name = params.get("name").asText();
            OlderName alias = toolAliases.get(name);
            if (alias != null) {
                rewrite((ObjectNode) params, alias);
            } else if (!toolNames.isEmpty() && !toolNames.contains(name)) {
                return unknownTool(id, name);
            }
        }
        return new Forward(message, true);
    }

    /** Where the first value ended when anything but white space follows it, else null. */
    private static Long trailingAt(JsonParser parser) {
        long end = parser.currentLocation().getCharOffset();
        try {
            return parser.nextToken() == null ? null : end;
        } catch (IOException notJson) {
            return end; // text that is not even a JSON token
        }
    }

    /**
     * A call by an older name becomes a call of the tool it stands for, with its parameters renamed to the tool's
     * and its presets (they win). Arguments that are not an object are left for the tool's validation to refuse.
     */
    private void rewrite(ObjectNode params, OlderName alias) {
        params.put("name", alias.tool());
        JsonNode arguments = params.get("arguments");
        if (arguments == null || arguments.isNull()) {
            params.set("arguments", alias.older().apply((ObjectNode) null));
        } else if (arguments instanceof ObjectNode object) {
            params.set("arguments", alias.older().apply(object));
        }
    }

    /**
     * The error the SDK would give (-32602, as the spec's example for an unknown tool), with a message a model can
     * act on: the closest names, and where the others are.
     */
    private Verdict unknownTool(JsonNode id, String name) {
        List<String> close = Suggestions.closest(name, toolNames);
        ObjectNode reply = error(mapper, id, INVALID_PARAMS, "Unknown tool: " + shorten(name) + "."
                + (close.isEmpty() ? "" : " Did you mean " + String.join(" or ", close) + "?") + " tools/list names the "
                + toolNames.size() + " tools.");
        ObjectNode data = ((ObjectNode) reply.get("error")).putObject("data").put("name", Echo.cut(name));
        close.forEach(data.putArray("did_you_mean")::add);
        return new Reply(reply);
    }

    /**
     * What the first bytes of a line too long to read say of it: its id when it is there, and whether a
     * {@code method} (a request) or a {@code result}/{@code error} (a response) came before the bytes ran out.
     */
    record Start(JsonNode id, boolean request, boolean response) {
    }

    /** Reads {@code start}'s top-level members until it runs out; never throws. */
    Start startOf(byte[] start) {
        JsonNode id = null;
        boolean request = false;
        boolean response = false;
        try (JsonParser parser = mapper.getFactory().createParser(start)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return new Start(null, false, false);
            }
            for (JsonToken token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (name.equals("id") && value.isScalarValue()) {
                    JsonNode read = mapper.readTree(parser);
                    id = isUsableId(read) ? read : null;
                } else {
                    request |= name.equals("method");
                    response |= name.equals("result") || name.equals("error");
                    parser.skipChildren();
                }
            }
        } catch (IOException ranOut) {
            // the kept bytes end inside a value: what was read before is all there is
        }
        return new Start(id, request, response);
    }

    /** Strings and integers that fit in 64 bits: the SDK keeps ids as Integer, Long or String. */
    static boolean isUsableId(JsonNode id) {
        return id.isTextual() || id.isIntegralNumber() && id.canConvertToLong();
    }

    private static String idProblem(JsonNode id) {
        if (id.isIntegralNumber()) {
            return "Invalid Request: integer id " + id.asText() + " is outside the signed 64-bit range this server "
                    + "supports; use a smaller integer or a string id";
        }
        return "Invalid Request: \"id\" must be a string or an integer";
    }

    private Verdict response(ObjectNode message, JsonNode id) {
        if (!isUsableId(id)) {
            return new Drop("a response with an id no request of ours has (" + ProtocolText.scrub(shorten(id)) + ")");
        }
        JsonNode error = message.get("error");
        if (error == null) {
            return new Forward(message, false);
        }
        if (error.isObject() && error.path("code").isIntegralNumber() && error.path("code").canConvertToInt()
                && error.path("message").isTextual()) {
            message.remove("result"); // both is malformed; the error is the one that explains
            return new Forward(message, false);
        }
        ObjectNode normalized = mapper.createObjectNode().put("jsonrpc", "2.0");
        normalized.set("id", id);
        normalized.putObject("error").put("code", INTERNAL_ERROR)
                .put("message", "The client answered with a malformed error: " + shorten(error));
        return new Forward(normalized, false);
    }

    private Verdict cancel(ObjectNode message) {
        JsonNode requestId = message.path("params").path("requestId");
        if (requestId.isMissingNode() || !isUsableId(requestId)) {
            return new Drop("notifications/cancelled without a usable requestId");
        }
        JsonNode reason = message.path("params").path("reason");
        return new Cancel(requestId, reason.isTextual() ? reason.asText() : null);
    }

    private String paramsProblem(String method, JsonNode params) {
        Class<?> type = PARAMS.get(method);
        if (type == null) {
            return null;
        }
        if (params == null || params.isNull()) {
            return McpSchema.METHOD_TOOLS_LIST.equals(method) ? null : "\"params\" is required";
        }
        try {
            mapper.convertValue(params, type);
        } catch (IllegalArgumentException e) {
            return ProtocolText.describe(e);
        }
        // Jackson reads 5 as "5" and an unknown level as null; the SDK would then answer about the wrong thing.
        if (McpSchema.METHOD_TOOLS_CALL.equals(method)) {
            JsonNode arguments = params.get("arguments");
            if (!params.path("name").isTextual()) {
                return "'params.name' must be a string, the name of a tool from tools/list";
            }
            if (arguments != null && !arguments.isObject() && !arguments.isNull()) {
                return "'params.arguments' must be an object";
            }
        }
        if (McpSchema.METHOD_LOGGING_SET_LEVEL.equals(method) && !LEVELS.contains(params.path("level").asText())) {
            return "'params.level' must be one of " + LEVELS;
        }
        return null;
    }

    /** RFC 5424 severities, as MCP's logging/setLevel names them. */
    private static final List<String> LEVELS = List.of("debug", "info", "notice", "warning",
            "error", "critical", "alert", "emergency");

    /** A malformed notification or response is dropped (no reply allowed); anything else gets the error. */
    private Verdict refuse(ObjectNode message, JsonNode replyId, int code, String problem) {
        boolean notification = message.has("method") && message.get("id") == null;
        if (notification) {
            return new Drop(problem);
        }
        return reply(replyId, code, problem);
    }

    private Reply reply(JsonNode id, int code, String text) {
        return new Reply(error(mapper, id, code, text));
    }

    static ObjectNode error(ObjectMapper mapper, JsonNode id, int code, String text) {
        ObjectNode reply = mapper.createObjectNode().put("jsonrpc", "2.0");
        reply.set("id", id);
        reply.putObject("error").put("code", code).put("message", text);
        return reply;
    }

    private static String shorten(JsonNode node) {
        return shorten(node.toString());
    }

    private static String shorten(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "not JSON";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
