package dev.framescope.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.feature.McpAsyncResource;
import io.modelcontextprotocol.modern.server.feature.McpAsyncResourceRepository;
import io.modelcontextprotocol.modern.server.feature.ResourcesPage;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncResourceSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceRequest;
import reactor.core.publisher.Mono;

/**
 * {@link Resources} in the stateless era: the same list (the docs, the files written and the images answered in this
 * process) read through the same handlers. Files and images come and go with tool calls, so the list is cached by
 * clients for a short while only.
 */
final class ModernResources implements McpAsyncResourceRepository {

    /** Clients may keep the list this long: long enough for one turn, short enough to see the next tool's files. */
    static final long LIST_TTL_MS = 5_000;

    private final ObjectMapper mapper = new ObjectMapper();
    private final Resources resources;

    ModernResources(Resources resources) {
        this.resources = resources;
    }

    @Override
    public Mono<ResourcesPage> list(McpRequestContext context, String cursor) {
        return Mono.just(new ResourcesPage(resources.listed().stream().map(spec -> mapper.convertValue(
                spec.resource(), McpSchema.Resource.class)).toList(), null, LIST_TTL_MS,
                McpSchema.CacheScope.PRIVATE));
    }

    @Override
    public Mono<McpAsyncResource> find(McpRequestContext context, String uri) {
        AsyncResourceSpecification spec = resources.find(uri);
        if (spec == null) {
            return Mono.empty();
        }
        return Mono.just(McpAsyncResource.of((ctx, request) -> spec.readHandler().apply(null,
                        mapper.convertValue(request, ReadResourceRequest.class))
                .onErrorMap(McpError.class, ModernPrompts::modern)
                .map(result -> {
                    McpSchema.ReadResourceResult read = mapper.convertValue(result, McpSchema.ReadResourceResult.class);
                    return McpAsyncResponse.<McpSchema.ReadResourceOutcome>result(new McpSchema.ReadResourceResult(read.contents(), 0L,
                            McpSchema.CacheScope.PRIVATE,
                            "complete", read.meta()));
                })));
    }
}
