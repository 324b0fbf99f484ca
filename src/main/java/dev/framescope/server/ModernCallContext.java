package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ClientHuman;
import dev.framescope.common.ClientModel;
import dev.framescope.common.InputRequired;
import dev.framescope.common.ToolContext;
import dev.framescope.server.transport.StdioTransport;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncNotifier;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a tool may ask of the client during one call of the stateless era (MCP 2026-07-28): progress on the request's
 * stream, and the person or the model through multi round-trip requests. Asking never blocks here: the n-th question
 * of a call is answered from the round's answers when the client already sent it, else it ends the round
 * ({@link InputRequired}) and the client calls again with the answer; the tool body runs again from the start and
 * gets its earlier answers the same way.
 */
final class ModernCallContext implements ToolContext {

    private static final Logger log = LoggerFactory.getLogger(ModernCallContext.class);

    private final McpRequestContext request;
    private final McpAsyncNotifier notifier;
    private final RequestStates.Round round;
    private final Cancellation cancellation;
    private final ObjectMapper mapper = new ObjectMapper();
    private final AtomicInteger asked = new AtomicInteger();
    private volatile boolean ended;

    ModernCallContext(McpRequestContext request, McpAsyncNotifier notifier, RequestStates.Round round) {
        this.request = request;
        this.notifier = notifier;
        this.round = round;
        this.cancellation = StdioTransport.cancellationOf(request.transportContext());
    }

    @Override
    public Cancellation cancellation() {
        return cancellation;
    }

    @Override
    public boolean resumed() {
        return round.resumed();
    }

    /** Progress goes out only when the request carried a progress token, and never after the call was cancelled. */
    @Override
    public void progress(double progress, Double total, String message) {
        if (request.progressToken() == null || cancellation.isCancelled()) {
            return;
        }
        notifier.progress(progress, total, message).subscribe(done -> { }, e -> log.debug(
                "Could not send progress: {}", e.toString()));
    }

    @Override
    public ClientHuman clientHuman() {
        McpSchema.ClientCapabilities capabilities = request.clientCapabilities();
        if (capabilities == null || !capabilities.supportsElicitationForm()) {
            return ClientHuman.NONE;
        }
        return new ClientHuman() {
            @Override
            public Reply ask(String message, Map<String, Object> schema, long timeoutMs) {
                String key = nextKey();
                JsonNode answer = round.answers().get(key);
                if (answer == null) {
                    throw new InputRequired(key, McpSchema.ElicitFormRequest.builder(message, schema).build(),
                            timeoutMs);
                }
                McpSchema.ElicitResult result = mapper.convertValue(answer, McpSchema.ElicitResult.class);
                @SuppressWarnings("unchecked")
                Map<String, Object> content = result.content() == null ? Map.of() : result.content();
                return new Reply(result.action().name().toLowerCase(), content, null);
            }

            @Override
            public String resuming() {
                return round.resumed() ? round.ticket() : null;
            }
        };
    }

    @Override
    public ClientModel clientModel() {
        McpSchema.ClientCapabilities capabilities = request.clientCapabilities();
        if (capabilities == null || !capabilities.supportsSampling()) {
            return ClientModel.NONE;
        }
        return (systemPrompt, question, image, mimeType, maxTokens, timeoutMs) -> {
            if (ended) {
                // kept past its call (the capture console's planner): there is no request left to ask through
                return ClientModel.Answer.unavailable("not_supported", "in MCP 2026-07-28 the client's model can "
                        + "be asked only while a tool call is open, and the call that started this has ended");
            }
            String key = nextKey();
            JsonNode answer = round.answers().get(key);
            if (answer == null) {
                throw new InputRequired(key, sampling(systemPrompt, question, image, mimeType, maxTokens), timeoutMs);
            }
            McpSchema.CreateMessageResult result = mapper.convertValue(answer, McpSchema.CreateMessageResult.class);
            if (result.content() instanceof McpSchema.TextContent text) {
                return new ClientModel.Answer("ok", result.model(), text.text(), null);
            }
            return ClientModel.Answer.unavailable("error", "the client's model answered with "
                    + (result.content() == null ? "no" : result.content().type()) + " content, not text");
        };
    }

    /** The call's round has ended: whatever kept this context cannot ask through it any more. */
    void end() {
        ended = true;
    }

    private String nextKey() {
        return "ask-" + asked.incrementAndGet();
    }

    private static McpSchema.CreateMessageRequest sampling(String systemPrompt, String question, byte[] image,
                                                           String mimeType, int maxTokens) {
        McpSchema.SamplingMessage asked = new McpSchema.SamplingMessage(McpSchema.Role.USER,
                McpSchema.TextContent.builder(question).build());
        List<McpSchema.SamplingMessage> messages = image == null ? List.of(asked) : List.of(
                new McpSchema.SamplingMessage(McpSchema.Role.USER, McpSchema.ImageContent.builder(
                        Base64.getEncoder().encodeToString(image), mimeType).build()), asked);
        return McpSchema.CreateMessageRequest.builder(messages, maxTokens).systemPrompt(systemPrompt)
                .includeContext(McpSchema.CreateMessageRequest.ContextInclusionStrategy.NONE).build();
    }
}
