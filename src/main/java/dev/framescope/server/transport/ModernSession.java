package dev.framescope.server.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Echo;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import java.io.IOException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;

/**
 * The 2026-07-28 era on FrameScope's stdio: each request the {@link InboundCheck} let through goes to the SDK's
 * modern request manager, and what it answers (one response, or notifications then the response) goes out through
 * the one {@link OutboundWriter}. The SDK's own {@code StdioMcpTransport} is not used: it reads stdin itself (so the
 * input guard could not stand in front of it), drops answers still in flight at end of input, and gives a tool call
 * no way to learn of {@code notifications/cancelled}; here all three are the transport's, as in the 2025-11-25 era.
 */
final class ModernSession {

    private static final Logger log = LoggerFactory.getLogger(ModernSession.class);
    /** The request's log level in MCP 2026-07-28, which has no {@code logging/setLevel}. */
    static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";

    private final McpRequestManager server;
    private final ObjectMapper mapper;
    private final OutboundWriter writer;
    private final InFlightRequests inFlight;
    private final LogForwarder logs;

    ModernSession(McpRequestManager server, ObjectMapper mapper, OutboundWriter writer, InFlightRequests inFlight,
                  LogForwarder logs) {
        this.server = server;
        this.mapper = mapper;
        this.writer = writer;
        this.inFlight = inFlight;
        this.logs = logs;
    }

    /** Serves one request; its answer is written when it comes, unless the client cancelled it first. */
    void request(ObjectNode node, InFlightRequests.Call call) {
        JsonNode level = node.path("params").path("_meta").path(LOG_LEVEL);
        if (level.isTextual()) {
            logs.setLevel(level.asText()); // the latest level asked for holds until another request asks for one
        }
        JsonRpc.JSONRPCRequest request = mapper.convertValue(node, JsonRpc.JSONRPCRequest.class);
        McpTransportContext context = McpTransportContext.create(Map.of(StdioTransport.CALL_KEY, call));
        server.handle(context, request)
                .flatMapMany(this::messages)
                .subscribe(this::write, error -> {
                    log.warn("Handling {} {} failed: {}", request.method(), request.id(), error.toString());
                    write(JsonRpc.JSONRPCResponse.error(request.id(), new JsonRpc.JSONRPCResponse.JSONRPCError(
                            InboundCheck.INTERNAL_ERROR, "Internal error; details are on the server's stderr")));
                });
    }

    void notification(ObjectNode node) {
        JsonRpc.JSONRPCNotification notification = mapper.convertValue(node, JsonRpc.JSONRPCNotification.class);
        server.handleNotification(McpTransportContext.EMPTY, notification)
                .subscribe(done -> { }, error -> log.warn("Handling {} failed: {}", notification.method(),
                        error.toString()));
    }

    private Flux<JsonRpc.JSONRPCMessage> messages(McpTransportResponse response) {
        if (response instanceof McpTransportResponse.Result result) {
            return Flux.just(result.response());
        }
        if (response instanceof McpTransportResponse.Error error) {
            return Flux.just(error.response());
        }
        return ((McpTransportResponse.Streaming) response).messages();
    }

    private void write(JsonRpc.JSONRPCMessage message) {
        if (!(message instanceof JsonRpc.JSONRPCResponse response)) {
            writer.send(bytes(message));
            return;
        }
        Object id = response.id();
        InFlightRequests.Call call = inFlight.find(id);
        // As in the other era: the answer goes out unless the call was cancelled first (the spec says it is not sent)
        if (call != null && !call.cancellation.answered() && call.byClient) {
            inFlight.answered(id);
            return;
        }
        writer.send(bytes(bounded(response)));
        inFlight.answered(id);
    }

    /** The SDK's errors may quote what the client sent, however large: every error answer is cut ({@link Echo}). */
    private JsonRpc.JSONRPCResponse bounded(JsonRpc.JSONRPCResponse response) {
        JsonRpc.JSONRPCResponse.JSONRPCError error = response.error();
        if (error == null) {
            return response;
        }
        String message = ProtocolText.namesAClass(error.message()) ? "Internal error: "
                + ProtocolText.scrub(error.message()) + "; details are on the server's stderr"
                : Echo.message(error.message());
        Object data = error.data() == null ? null : Echo.value(mapper.valueToTree(error.data()));
        return JsonRpc.JSONRPCResponse.error(response.id(), new JsonRpc.JSONRPCResponse.JSONRPCError(error.code(),
                message, data));
    }

    private byte[] bytes(Object message) {
        try {
            return mapper.writeValueAsBytes(message);
        } catch (IOException e) {
            throw new IllegalStateException("could not write a message as JSON: " + e.getMessage(), e);
        }
    }
}
