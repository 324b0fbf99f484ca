package dev.framescope.server;

import dev.framescope.common.Cancellation;
import dev.framescope.common.ClientHuman;
import dev.framescope.common.ClientModel;
import dev.framescope.common.ToolContext;
import dev.framescope.common.Waiting;
import dev.framescope.server.transport.StdioTransport;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.Content;
import io.modelcontextprotocol.spec.McpSchema.CreateMessageRequest;
import io.modelcontextprotocol.spec.McpSchema.CreateMessageResult;
import io.modelcontextprotocol.spec.McpSchema.ElicitFormRequest;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import io.modelcontextprotocol.spec.McpSchema.Role;
import io.modelcontextprotocol.spec.McpSchema.SamplingMessage;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What a tool may ask of the MCP client during one call: progress notifications and sampling. */
final class ExchangeContext implements ToolContext {

    private static final Logger log = LoggerFactory.getLogger(ExchangeContext.class);

    private final McpSyncServerExchange exchange;
    private final CallToolRequest request;
    private final Cancellation cancellation;

    ExchangeContext(McpAsyncServerExchange exchange, CallToolRequest request) {
        this.exchange = new McpSyncServerExchange(exchange);
        this.request = request;
        this.cancellation = StdioTransport.cancellationOf(exchange.transportContext());
    }

    @Override
    public Cancellation cancellation() {
        return cancellation;
    }

    /**
     * Progress goes out only when the request carried a progress token, as the spec requires, and never after the
     * call was cancelled (the client no longer knows the token).
     */
    @Override
    public void progress(double progress, Double total, String message) {
        Object token = request.progressToken();
        if (token == null || cancellation.isCancelled()) {
            return;
        }
        try {
            exchange.progressNotification(ProgressNotification.builder(token, progress).total(total).message(message)
                    .build());
        } catch (RuntimeException e) {
            log.warn("Could not send progress for {}: {}", request.name(), e.getMessage());
        }
    }

    @Override
    public ClientModel clientModel() {
        var capabilities = exchange.getClientCapabilities();
        if (capabilities == null || capabilities.sampling() == null) {
            return ClientModel.NONE;
        }
        return this::sample;
    }

    @Override
    public ClientHuman clientHuman() {
        var capabilities = exchange.getClientCapabilities();
        if (capabilities == null || capabilities.elicitation() == null) {
            return ClientHuman.NONE;
        }
        return this::elicit;
    }

    @SuppressWarnings("try") // the registration is undone as the block ends: the body has no use for it
    private ClientHuman.Reply elicit(String message, Map<String, Object> schema, long timeoutMs) {
        CompletableFuture<ElicitResult> answer = CompletableFuture.supplyAsync(() -> exchange.createElicitation(
                ElicitFormRequest.builder(message, schema).build()));
        try (var stop = cancellation.onCancel(() -> answer.cancel(true))) {
            ElicitResult result = Waiting.await(answer, timeoutMs, beat -> progress(beat, null,
                    "waiting for your answer (" + beat * Waiting.BEAT_MS / 1000 + " s)"));
            if (result == null) {
                answer.cancel(true);
                return ClientHuman.Reply.of("timeout", "no answer within " + timeoutMs + " ms");
            }
            return new ClientHuman.Reply(result.action().name().toLowerCase(), result.content() == null ? Map.of()
                    : result.content(), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ClientHuman.Reply.of("error", "interrupted");
        } catch (ExecutionException e) {
            return ClientHuman.Reply.of("error", String.valueOf(e.getCause().getMessage()));
        } catch (CancellationException e) {
            return ClientHuman.Reply.of("cancel", "the tool call was cancelled (" + cancellation.reason() + ")");
        }
    }

    @SuppressWarnings("deprecation") // MCP 2026-07-28 deprecates sampling; clients of 2025-11-25 still offer it
    private ClientModel.Answer sample(String systemPrompt, String question, byte[] image, String mimeType,
                                      int maxTokens, long timeoutMs) {
        // a text-only question (the capture console's planner) has no image: send the text alone
        SamplingMessage asked = new SamplingMessage(Role.USER, TextContent.builder(question).build());
        List<SamplingMessage> messages = image == null ? List.of(asked) : List.of(new SamplingMessage(Role.USER,
                ImageContent.builder(Base64.getEncoder().encodeToString(image), mimeType).build()), asked);
        CreateMessageRequest ask = CreateMessageRequest.builder(messages, maxTokens)
                .systemPrompt(systemPrompt)
                .includeContext(CreateMessageRequest.ContextInclusionStrategy.NONE)
                .build();
        // The client may ask its user before sampling; bound the wait so the tool call still answers.
        CompletableFuture<CreateMessageResult> answer = CompletableFuture.supplyAsync(() -> exchange.createMessage(ask));
        try {
            CreateMessageResult result = answer.get(timeoutMs, TimeUnit.MILLISECONDS);
            Content content = result.content();
            if (content instanceof TextContent text) {
                return new ClientModel.Answer("ok", result.model(), text.text(), null);
            }
            return ClientModel.Answer.unavailable("error", "the client's model answered with " + content.type()
                    + " content, not text");
        } catch (TimeoutException e) {
            answer.cancel(true);
            return ClientModel.Answer.unavailable("timeout", "no answer from the client's model within " + timeoutMs
                    + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ClientModel.Answer.unavailable("error", "interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            String message = String.valueOf(cause.getMessage());
            // Clients answer a refused sampling request with a JSON-RPC error; say so rather than "error".
            boolean declined = cause instanceof McpError && message.toLowerCase().matches(".*(declin|reject|denied|cancel).*");
            return ClientModel.Answer.unavailable(declined ? "declined" : "error", message);
        }
    }
}
