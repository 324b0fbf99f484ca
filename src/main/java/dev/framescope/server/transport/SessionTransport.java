package dev.framescope.server.transport;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.framescope.common.Echo;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpServerTransport;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The SDK's side of the one stdio session: what the SDK sends goes out through the {@link StdioTransport}'s
 * {@link OutboundWriter}. An answer to a request the client cancelled is held back, as the spec asks; every error
 * answer is bounded ({@link Echo}) and cleaned of class names first. Reading the input stays with
 * {@link StdioTransport}.
 */
final class SessionTransport implements McpServerTransport {

    private static final Logger log = LoggerFactory.getLogger(SessionTransport.class);

    private final ObjectMapper mapper;
    private final McpJsonMapper jsonMapper;
    private final OutboundWriter writer;
    private final InFlightRequests inFlight;

    SessionTransport(ObjectMapper mapper, McpJsonMapper jsonMapper, OutboundWriter writer,
                     InFlightRequests inFlight) {
        this.mapper = mapper;
        this.jsonMapper = jsonMapper;
        this.writer = writer;
        this.inFlight = inFlight;
    }

    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
        return Mono.fromRunnable(() -> write(message));
    }

    private void write(JSONRPCMessage message) {
        if (!(message instanceof JSONRPCResponse response)) {
            writer.send(bytes(message));
            return;
        }
        InFlightRequests.Call call = inFlight.find(response.id());
        // The answer goes out unless the call was cancelled first; answered() settles the race with a cancel
        // arriving now, so a change the call made is kept exactly when its answer is sent.
        if (call != null && !call.cancellation.answered() && call.byClient) {
            inFlight.answered(response.id()); // cancelled: the spec says the answer is not sent
            return;
        }
        writer.send(responseBytes(bounded(withCleanError(response))));
        inFlight.answered(response.id());
    }

    /**
     * The SDK's errors quote what the client sent ("Prompt not found: …", "Method not found: …", a resource's
     * URI in data) however large it was; every error answer passes here, so here it is cut ({@link Echo}).
     */
    private JSONRPCResponse bounded(JSONRPCResponse response) {
        JSONRPCResponse.JSONRPCError error = response.error();
        if (error == null) {
            return response;
        }
        String message = Echo.message(error.message());
        Object data = error.data() == null ? null : Echo.value(mapper.valueToTree(error.data()));
        return JSONRPCResponse.error(response.id(), new JSONRPCResponse.JSONRPCError(error.code(), message,
                data));
    }

    private byte[] bytes(JSONRPCMessage message) {
        try {
            return mapper.writeValueAsBytes(message);
        } catch (IOException e) {
            throw new IllegalStateException("could not write a message as JSON: " + e.getMessage(), e);
        }
    }

    /** A result that cannot be written still gets an answer, so the client does not wait forever. */
    private byte[] responseBytes(JSONRPCResponse response) {
        try {
            return mapper.writeValueAsBytes(response);
        } catch (IOException e) {
            log.error("Could not write the answer to request {} as JSON", response.id(), e);
            return bytes(JSONRPCResponse.error(response.id(), new JSONRPCResponse.JSONRPCError(
                    InboundCheck.INTERNAL_ERROR, "Internal error: the result could not be written as JSON; "
                    + "details are on the server's stderr", null)));
        }
    }

    /** The SDK puts exception messages into -32603 errors; they must not reach the client with class names. */
    private JSONRPCResponse withCleanError(JSONRPCResponse response) {
        JSONRPCResponse.JSONRPCError error = response.error();
        if (error == null || error.code() != InboundCheck.INTERNAL_ERROR) {
            return response;
        }
        String data = error.data() == null ? null : String.valueOf(error.data());
        if (!ProtocolText.namesAClass(error.message()) && !ProtocolText.namesAClass(data)) {
            return response;
        }
        log.warn("Internal error answered to request {}: {} ({})", response.id(), error.message(), data);
        return JSONRPCResponse.error(response.id(), new JSONRPCResponse.JSONRPCError(error.code(),
                "Internal error: " + ProtocolText.scrub(error.message()) + "; details are on the server's stderr",
                null));
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return jsonMapper.convertValue(data, typeRef);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.empty();
    }}
