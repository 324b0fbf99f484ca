package dev.framescope.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.feature.McpAsyncPrompt;
import io.modelcontextprotocol.modern.server.feature.McpAsyncPromptRepository;
import io.modelcontextprotocol.modern.server.feature.PromptsPage;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncCompletionSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncPromptSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema.CompleteRequest;
import io.modelcontextprotocol.spec.McpSchema.GetPromptRequest;
import io.modelcontextprotocol.spec.McpSchema.PromptReference;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * The served prompts and their argument completions in the stateless era, from the very specifications the other
 * era serves ({@link Prompts}): each request and answer is the same JSON in the other era's records. The handlers
 * never use the session ("exchange") they are given, which the stateless era does not have.
 */
final class ModernPrompts implements McpAsyncPromptRepository {

    private final ObjectMapper mapper = new ObjectMapper();
    private final Map<String, McpAsyncPrompt> byName = new LinkedHashMap<>();

    ModernPrompts(List<AsyncPromptSpecification> prompts, List<AsyncCompletionSpecification> completions) {
        for (AsyncPromptSpecification spec : prompts) {
            String name = spec.prompt().name();
            McpAsyncPrompt prompt = McpAsyncPrompt.of(mapper.convertValue(spec.prompt(), McpSchema.Prompt.class),
                    (context, request) -> spec.promptHandler().apply(null, mapper.convertValue(request,
                                    GetPromptRequest.class))
                            .onErrorMap(McpError.class, ModernPrompts::modern)
                            .map(result -> {
                                McpSchema.GetPromptResult converted = mapper.convertValue(result,
                                        McpSchema.GetPromptResult.class);
                                return McpAsyncResponse.<McpSchema.GetPromptOutcome>result(new McpSchema.GetPromptResult(converted.description(),
                                        converted.messages(), "complete", converted.meta()));
                            }));
            AsyncCompletionSpecification completion = completions.stream().filter(c -> c.referenceKey()
                    instanceof PromptReference ref && ref.name().equals(name)).findFirst().orElse(null);
            if (completion != null) {
                prompt = prompt.withCompletionHandler((context, request) -> completion.completionHandler()
                        .apply(null, mapper.convertValue(request, CompleteRequest.class))
                        .map(result -> mapper.convertValue(result, McpSchema.CompleteResult.class)));
            }
            byName.put(name, prompt);
        }
    }

    @Override
    public Mono<PromptsPage> list(McpRequestContext context, String cursor) {
        return Mono.just(new PromptsPage(byName.values().stream().map(McpAsyncPrompt::definition).toList(), null,
                ModernTools.LIST_TTL_MS, McpSchema.CacheScope.PUBLIC));
    }

    @Override
    public Mono<McpAsyncPrompt> find(McpRequestContext context, String name) {
        return Mono.justOrEmpty(byName.get(name));
    }

    @Override
    public boolean supportsCompletion() {
        return true;
    }

    static McpException modern(McpError error) {
        var jsonRpc = error.getJsonRpcError();
        return jsonRpc == null ? new McpException(-32603, "Internal error")
                : new McpException(jsonRpc.code(), jsonRpc.message(), jsonRpc.data());
    }
}
