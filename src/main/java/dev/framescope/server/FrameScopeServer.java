package dev.framescope.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.Version;
import dev.framescope.diagnostics.Diagnostics;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the registry's tools over MCP stdio with the official SDK, and returns when the client closes stdin. The
 * SDK gets its own plain ObjectMapper for protocol messages; tool bodies are rendered by {@link ResultRenderer}.
 */
public final class FrameScopeServer {

    private static final Logger log = LoggerFactory.getLogger(FrameScopeServer.class);

    private FrameScopeServer() {
    }

    /**
     * Serves until end of input, then closes gracefully.
     *
     * @param out the only stream JSON-RPC is written to; nothing else may write to it
     */
    public static void serve(ToolGroups.Toolkit toolkit, InputStream in, OutputStream out) throws InterruptedException {
        // Generating the input schemas (~0.1 s cold) and starting the SDK (~0.1 s) are independent: on two cores,
        // side by side, they take ~0.1 s off cold start. Until the tools are added, the guard passes no message on.
        ObjectMapper protocolMapper = new ObjectMapper();
        CompletableFuture<List<SyncToolSpecification>> tools =
                CompletableFuture.supplyAsync(() -> ProtocolWarmUp.run(protocolMapper, specifications(toolkit)));
        CountDownLatch toolsAdded = new CountDownLatch(1);
        CountDownLatch inputEnded = new CountDownLatch(1);
        PendingRequests pending = new PendingRequests();
        OutputStream trackedOut = pending.track(out);
        var guardedIn = new JsonRpcLineGuard(in, trackedOut, toolkit.config().maxMessageBytes(), pending,
                toolsAdded, inputEnded::countDown);
        var transport = new StdioServerTransportProvider(new JacksonMcpJsonMapper(protocolMapper), guardedIn,
                trackedOut, Integer.MAX_VALUE - 16); // the guard already rejects longer lines, with a reply
        McpSyncServer server = McpServer.sync(transport)
                .serverInfo(Diagnostics.SERVER_NAME, Version.current())
                .instructions(ServerInstructions.text(toolkit.registry()))
                .capabilities(ServerCapabilities.builder().tools(false).logging().build())
                .requestTimeout(toolkit.config().requestTimeout())
                .validateToolInputs(false)
                .jsonSchemaValidator(new LazySchemaValidator())
                .build();
        tools.join().forEach(server::addTool);
        toolsAdded.countDown();
        log.info("FrameScope {} serving {} tools over stdio", Version.current(), toolkit.registry().tools().size());
        inputEnded.await();
        log.info("stdin closed; shutting down");
        toolkit.registry().groups().forEach(ToolGroup::clientGone);
        server.closeGracefully();
    }

    private static List<SyncToolSpecification> specifications(ToolGroups.Toolkit toolkit) {
        return toolkit.registry().tools().stream()
                .map(tool -> new SyncToolSpecification(describe(tool, toolkit.registry()),
                        (exchange, request) -> toolkit.invoker().call(tool, request.arguments(),
                                new ExchangeContext(exchange, request))))
                .toList();
    }

    static Tool describe(ToolDef<?> tool, ToolRegistry registry) {
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = new ObjectMapper().convertValue(registry.inputSchema(tool), Map.class);
        return Tool.builder()
                .name(tool.name())
                .title(tool.title())
                .description(tool.description())
                .inputSchema(schema)
                .annotations(new ToolAnnotations(tool.title(), tool.hints().readOnly(), tool.hints().destructive(),
                        tool.hints().idempotent(), tool.hints().openWorld(), null))
                .build();
    }

    /** The MCP tool list as clients see it, for {@code tools} and the docs. */
    public static List<Tool> describeAll(ToolRegistry registry) {
        return registry.tools().stream().map(tool -> describe(tool, registry)).toList();
    }
}
