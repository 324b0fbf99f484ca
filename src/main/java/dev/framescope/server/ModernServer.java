package dev.framescope.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Version;
import dev.framescope.diagnostics.Diagnostics;
import dev.framescope.server.transport.Era;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import io.modelcontextprotocol.modern.server.feature.PromptsFeature;
import io.modelcontextprotocol.modern.server.feature.ResourcesFeature;
import io.modelcontextprotocol.modern.server.feature.ToolsFeature;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The stateless era's server (MCP 2026-07-28, the SDK's {@code io.modelcontextprotocol.modern}) over the same
 * registry, invoker, prompts and resources the 2025-11-25 server serves: nothing is declared twice.
 */
final class ModernServer {

    /** How long a client may keep the {@code server/discover} card: as long as the tool list. */
    static final long DISCOVER_TTL_MS = ModernTools.LIST_TTL_MS;

    private ModernServer() {
    }

    static McpServer build(ToolGroups.Toolkit toolkit, Resources resources, ObjectMapper protocolMapper,
                           String instructions) {
        var jsonMapper = new JacksonMcpJsonMapper(protocolMapper);
        RequestStates states = new RequestStates(Clock.systemUTC());
        ModernTools tools = new ModernTools(toolkit.registry(), toolkit.invoker(), states, resources);
        McpServer.Builder builder = McpServer.builder()
                .serverInfo(McpSchema.Implementation.builder(Diagnostics.SERVER_NAME, Version.current()).build())
                .instructions(instructions)
                .supportedVersions(Era.MODERN_VERSIONS)
                .jsonMapper(jsonMapper)
                .requestStateCodec(states)
                .discoverCache(DISCOVER_TTL_MS, McpSchema.CacheScope.PUBLIC)
                .feature(ToolsFeature.ofAsync(tools, jsonMapper, tools.resultValidator(), ModernTools.LIST_TTL_MS,
                        McpSchema.CacheScope.PUBLIC))
                .feature(ResourcesFeature.ofAsync(new ModernResources(resources), jsonMapper,
                        ModernResources.LIST_TTL_MS, McpSchema.CacheScope.PRIVATE));
        if (Prompts.any(toolkit.registry())) {
            builder.feature(PromptsFeature.ofAsync(new ModernPrompts(Prompts.specifications(toolkit.registry()),
                    Prompts.completions(toolkit.registry())), jsonMapper, ModernTools.LIST_TTL_MS,
                    McpSchema.CacheScope.PUBLIC));
        }
        return builder.build();
    }

    /**
     * The {@code server/discover} card: the stateless server's own answer, with the versions served (2026-07-28 when
     * {@code modern}, then {@code legacyVersions}), newest first. A client that finds no stateless version in it
     * initializes.
     */
    static ObjectNode discovery(McpServer server, ObjectMapper mapper, List<String> legacyVersions,
                                boolean modern) {
        Map<String, Object> meta = Map.of("io.modelcontextprotocol/protocolVersion", Era.MODERN.newest(),
                "io.modelcontextprotocol/clientCapabilities", Map.of());
        McpTransportResponse response = server.handle(McpTransportContext.EMPTY, new JsonRpc.JSONRPCRequest(
                "server/discover", 0, Map.of("_meta", meta))).block(Duration.ofSeconds(10));
        if (!(response instanceof McpTransportResponse.Result result)) {
            throw new IllegalStateException("the stateless server did not answer server/discover: " + response);
        }
        ObjectNode card = mapper.valueToTree(result.response().result());
        ArrayNode versions = card.putArray("supportedVersions");
        if (modern) {
            Era.MODERN_VERSIONS.forEach(versions::add);
        }
        for (int i = legacyVersions.size() - 1; i >= 0; i--) {
            versions.add(legacyVersions.get(i));
        }
        return card;
    }
}
