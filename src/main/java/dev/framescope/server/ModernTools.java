package dev.framescope.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.framescope.common.InputRequired;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolException;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncNotifier;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.feature.McpAsyncTool;
import io.modelcontextprotocol.modern.server.feature.McpAsyncToolRepository;
import io.modelcontextprotocol.modern.server.feature.ToolsPage;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;
import reactor.core.publisher.Mono;

/**
 * The registry's tools in the stateless era: the same declarations {@code tools/list} gives in the other era
 * ({@link FrameScopeServer#describe}), run by the same {@link ToolInvoker}; only the way a call talks to its client
 * differs ({@link ModernCallContext}). A call that asks the client ends its round with {@code input_required}; its
 * retry resumes from the signed {@link RequestStates state}.
 */
final class ModernTools implements McpAsyncToolRepository {

    /**
     * How long a client may keep {@code tools/list}: the tools are fixed for the life of the process, but a new
     * FrameScope (or other {@code --groups}) behind the same configuration entry lists others, so not forever.
     */
    static final long LIST_TTL_MS = 3_600_000;

    private final ObjectMapper mapper = new ObjectMapper();
    private final ToolRegistry registry;
    private final ToolInvoker invoker;
    private final RequestStates states;
    private final Resources resources;
    private final List<McpSchema.Tool> listed;
    private final Map<String, McpAsyncTool> byName;

    ModernTools(ToolRegistry registry, ToolInvoker invoker, RequestStates states, Resources resources) {
        this.registry = registry;
        this.invoker = invoker;
        this.states = states;
        this.resources = resources;
        this.listed = registry.tools().stream().map(tool -> mapper.convertValue(
                FrameScopeServer.describe(tool, registry), McpSchema.Tool.class)).toList();
        this.byName = registry.tools().stream().collect(Collectors.toUnmodifiableMap(ToolDef::name,
                tool -> McpAsyncTool.of(listed.get(registry.tools().indexOf(tool)),
                        (context, request) -> Mono.just(McpAsyncResponse.streaming(
                                notifier -> call(tool, context, request, notifier))))));
    }

    /**
     * The SDK's tools feature checks a call's arguments against the input schema before the handler runs, with a
     * message meant for output ("structuredContent does not match…"). Arguments are checked by the invoker instead
     * ({@link ArgumentValidator}: the parameter, its range and what was given, as in the other era), so here only
     * results are checked against their output schema ({@link LazySchemaValidator}).
     */
    JsonSchemaValidator resultValidator() {
        Set<Map<String, Object>> inputs = Collections.newSetFromMap(new IdentityHashMap<>());
        listed.forEach(tool -> inputs.add(tool.inputSchema()));
        LazySchemaValidator outputs = new LazySchemaValidator();
        return new JsonSchemaValidator() {
            @Override
            public ValidationResponse validate(Map<String, Object> schema, Object value) {
                return inputs.contains(schema) ? ValidationResponse.asValid(null) : outputs.validate(schema, value);
            }

            @Override
            public ValidationResponse validateSchema(Map<String, Object> schema) {
                return ValidationResponse.asValid(null);
            }
        };
    }

    @Override
    public Mono<ToolsPage> list(McpRequestContext context, String cursor) {
        return Mono.just(new ToolsPage(listed, null, LIST_TTL_MS, McpSchema.CacheScope.PUBLIC));
    }

    @Override
    public Mono<McpAsyncTool> find(McpRequestContext context, String name) {
        return Mono.justOrEmpty(byName.get(name));
    }

    private Mono<McpSchema.CallToolOutcome> call(ToolDef<?> tool, McpRequestContext context,
                                                 McpSchema.CallToolRequest request,
                                                 McpAsyncNotifier notifier) {
        RequestStates.Round round;
        try {
            round = states.round(request.requestState(), request.inputResponses(), tool.name(), request.arguments());
        } catch (ToolException refused) {
            return Mono.just(modern(ResultRenderer.error(refused.bounded())));
        }
        ModernCallContext callContext = new ModernCallContext(context, notifier, round);
        return Mono.fromFuture(invoker.submit(tool, request.arguments(), callContext))
                .doFinally(signal -> callContext.end())
                .map(result -> {
                    resources.recordResult(tool, result);
                    return (McpSchema.CallToolOutcome) modern(result);
                })
                .onErrorResume(error -> unwrap(error) instanceof InputRequired, error -> Mono.just(
                        inputRequired(tool, request, round, (InputRequired) unwrap(error))));
    }

    @SuppressWarnings("deprecation") // sampling is deprecated in 2026-07-28 but still served: describe_effect_frame uses it
    private McpSchema.CallToolOutcome inputRequired(ToolDef<?> tool, McpSchema.CallToolRequest request,
                                                    RequestStates.Round round, InputRequired asked) {
        var result = McpSchema.InputRequiredResult.builder();
        if (asked.request() instanceof McpSchema.ElicitFormRequest form) {
            result.elicit(asked.key(), form);
        } else {
            result.createMessage(asked.key(), (McpSchema.CreateMessageRequest) asked.request());
        }
        return result.requestState(states.next(tool.name(), request.arguments(), round, asked.key(), asked.ticket(),
                asked.lifetimeMs())).build();
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    /** The other era's result in this era's terms: the same JSON, marked complete. */
    private McpSchema.CallToolResult modern(CallToolResult result) {
        McpSchema.CallToolResult converted = mapper.convertValue(result, McpSchema.CallToolResult.class);
        return new McpSchema.CallToolResult(converted.content(), converted.structuredContent(), converted.isError(),
                "complete", converted.meta());
    }

}
