package dev.framescope.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.Version;
import dev.framescope.diagnostics.Diagnostics;
import dev.framescope.server.transport.StdioTransport;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Serves the registry's tools over MCP stdio with the official SDK's server on FrameScope's own stdio transport
 * ({@link StdioTransport}), and returns the exit status when the client closes stdin or the connection breaks. The
 * SDK gets its own plain ObjectMapper for protocol messages; tool bodies are rendered by {@link ResultRenderer}.
 * Tools are registered with the SDK's asynchronous server only so that the SDK holds no thread while a call runs:
 * handlers stay synchronous and run on {@link ToolWorkers}, where their time limit and cancellation live.
 */
public final class FrameScopeServer {

    private static final Logger log = LoggerFactory.getLogger(FrameScopeServer.class);

    /** What {@link #serve} returns when stdin or stdout failed (sysexits EX_IOERR). */
    public static final int TRANSPORT_FAILED = StdioTransport.TRANSPORT_FAILED;

    private FrameScopeServer() {
    }

    /**
     * The groups let go of their engines side by side, all within this: it is part of the 2 s a client gives a
     * server after closing its stdin. What a group still holds past it is killed with the process.
     */
    static final long RELEASE_MS = 500;

    /** Serves until end of input or a broken connection, with nothing of the caller's run at end of input. */
    public static int serve(ToolGroups.Toolkit toolkit, InputStream in, OutputStream out) throws InterruptedException {
        return serve(toolkit, in, out, () -> { });
    }

    /**
     * Serves until end of input or a broken connection.
     *
     * @param out        the only stream JSON-RPC is written to; nothing else may write to it
     * @param inputEnded run the moment stdin ends, before answers in flight are awaited (the caller's exit deadline)
     * @return the exit status: 0 after end of input, non-zero when stdin or stdout failed
     */
    public static int serve(ToolGroups.Toolkit toolkit, InputStream in, OutputStream out, Runnable inputEnded)
            throws InterruptedException {
        // Generating the input schemas (~0.1 s cold) and starting the SDK (~0.1 s) are independent: on two cores,
        // side by side, they take ~0.1 s off cold start. Until the tools are added, the transport reads nothing.
        ObjectMapper protocolMapper = new ObjectMapper();
        Resources resources = new Resources(Arrays.asList(Path.of(""), toolkit.config().outputDir()));
        CompletableFuture<List<AsyncToolSpecification>> tools = CompletableFuture.supplyAsync(
                () -> ProtocolWarmUp.run(protocolMapper, specifications(toolkit, resources)));
        CountDownLatch toolsAdded = new CountDownLatch(1);
        var transport = new StdioTransport(protocolMapper, in, out, toolkit.config().maxMessageBytes(), toolsAdded,
                toolkit.registry().tools().stream().map(ToolDef::name).collect(Collectors.toUnmodifiableSet()),
                toolkit.registry().aliases());
        transport.onInputEnd(() -> {
            inputEnded.run();
            toolkit.invoker().stopCallsWaitingForPerson("the client closed the connection");
        });
        String instructions = ServerInstructions.text(toolkit.registry());
        boolean prompts = Prompts.any(toolkit.registry());
        @SuppressWarnings("deprecation") // MCP 2026-07-28 deprecates logging; the 2025-11-25 era still has it
        ServerCapabilities.Builder capabilityBuilder = ServerCapabilities.builder().tools(false).logging()
                .resources(false, true);
        if (prompts) {
            capabilityBuilder.prompts(false).completions();
        }
        ServerCapabilities capabilities = capabilityBuilder.build();
        var modern = ModernServer.build(toolkit, resources, protocolMapper, instructions);
        String era = toolkit.config().mcpEra();
        if (!era.equals("legacy")) {
            transport.modernServer(modern, era.equals("modern"));
        }
        transport.discovery(ModernServer.discovery(modern, protocolMapper, era.equals("modern") ? List.of()
                : transport.protocolVersions(), !era.equals("legacy")));
        McpAsyncServer server = McpServer.async(transport)
                .jsonMapper(transport.jsonMapper())
                .serverInfo(Diagnostics.SERVER_NAME, Version.current())
                .instructions(instructions)
                .capabilities(capabilities)
                .prompts(Prompts.specifications(toolkit.registry()))
                .resources(resources.initial(() -> ToolDocs.toolsMarkdown(toolkit.registry())))
                .completions(Prompts.completions(toolkit.registry()))
                .requestTimeout(toolkit.config().requestTimeout())
                .validateToolInputs(false)
                .jsonSchemaValidator(new LazySchemaValidator())
                .build();
        tools.join().forEach(tool -> server.addTool(tool).block());
        resources.attach(server);
        toolsAdded.countDown();
        ToolPathWarmUp.start(protocolMapper);
        log.info("FrameScope {} serving {} tools over stdio", Version.current(), toolkit.registry().tools().size());
        transport.logs().install();
        int status;
        try {
            status = transport.exit().join();
        } finally {
            transport.logs().uninstall();
        }
        log.info(status == 0 ? "stdin closed; shutting down" : "shutting down after a transport failure");
        release(toolkit.registry().groups());
        return status;
    }

    /**
     * Each group's {@link ToolGroup#clientGone} on a thread of its own, awaited together for at most
     * {@link #RELEASE_MS}: one after the other, a slow browser close and a bridge exit added up past 2 s.
     */
    private static void release(List<ToolGroup> groups) throws InterruptedException {
        long deadline = System.nanoTime() + RELEASE_MS * 1_000_000;
        List<Thread> releasing = new ArrayList<>();
        for (ToolGroup group : groups) {
            Thread thread = new Thread(group::clientGone, "release-" + group.name());
            thread.setDaemon(true);
            thread.start();
            releasing.add(thread);
        }
        for (Thread thread : releasing) {
            thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            if (thread.isAlive()) {
                log.debug("{} is still letting go of its engines after {} ms; they end with the process",
                        thread.getName(), RELEASE_MS);
            }
        }
        log.debug("Engines let go of in {} ms", RELEASE_MS - (deadline - System.nanoTime()) / 1_000_000);
    }

    private static List<AsyncToolSpecification> specifications(ToolGroups.Toolkit toolkit, Resources resources) {
        return toolkit.registry().tools().stream()
                .map(tool -> new AsyncToolSpecification(describe(tool, toolkit.registry()),
                        (exchange, request) -> Mono.fromFuture(toolkit.invoker().submit(tool, request.arguments(),
                                new ExchangeContext(exchange, request)))
                                .doOnNext(result -> resources.recordResult(tool, result))))
                .toList();
    }

    /**
     * The tool as {@code tools/list} gives it. The title is given once, as the tool's {@code title} (MCP 2025-06-18
     * and later), not again in the annotations: 1.3 KB less on every conversation.
     */
    static Tool describe(ToolDef<?> tool, ToolRegistry registry) {
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = new ObjectMapper().convertValue(registry.listedInputSchema(tool), Map.class);
        var output = registry.outputSchema(tool);
        @SuppressWarnings("unchecked")
        Map<String, Object> outputSchema = output == null ? null : new ObjectMapper().convertValue(output, Map.class);
        return Tool.builder(tool.name(), schema)
                .title(tool.title())
                .description(tool.description())
                .outputSchema(outputSchema)
                .annotations(annotations(tool))
                .build();
    }

    /**
     * The behaviour hints. MCP gives destructive and idempotent a meaning only for a tool that is not read-only, so a
     * read-only tool carries just {@code readOnlyHint} and {@code openWorldHint}: 2.5 KB less over the whole list.
     */
    private static ToolAnnotations annotations(ToolDef<?> tool) {
        boolean readOnly = tool.hints().readOnly();
        return new ToolAnnotations(null, readOnly, readOnly ? null : tool.hints().destructive(),
                readOnly ? null : tool.hints().idempotent(), tool.hints().openWorld(), null);
    }

    /** The MCP tool list as clients see it, for {@code tools} and the docs. */
    public static List<Tool> describeAll(ToolRegistry registry) {
        return registry.tools().stream().map(tool -> describe(tool, registry)).toList();
    }
}
