package dev.framescope.server.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.OlderName;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * MCP over stdio in both eras, chosen by the client's first deciding request ({@link Era}): {@code initialize} → the
 * SDK's 2025-11-25 server on this transport; a request naming protocol version 2026-07-28 in its {@code _meta} → the
 * SDK's stateless server through {@link ModernSession}. The input guard, request tracking, cancellation and the drain
 * at end of input below hold in both.
 * <p>
 * This transport stands in place of mcp-core's {@code StdioServerTransportProvider} (byte for byte the same in 2.1.0
 * and 2.2.0), which loses messages and then
 * goes silent under parallel calls (two emissions into its unicast sink at once), stops reading on the first line
 * it cannot map, and ignores end of input. Here:
 * <ul>
 *   <li>one reader thread checks every line ({@link InboundCheck}) and hands the SDK only what it can read; every
 *       failure is confined to its line;</li>
 *   <li>{@code ping} is answered here, at any time: the SDK would hold it until {@code initialize}, where MCP
 *       allows it before (so is {@code server/discover}, answered in either era);</li>
 *   <li>every outbound message goes through one {@link OutboundWriter}, the SDK's through
 *       {@link SessionTransport};</li>
 *   <li>requests are tracked by id ({@link InFlightRequests}), which is how {@code notifications/cancelled}
 *       reaches the running tool call: its {@link InFlightRequests.Call} travels to the handler in the SDK's
 *       transport context under {@link #CALL_KEY};</li>
 *   <li>the end is explicit: {@link #exit()} completes with 0 at end of input (after answers in flight are
 *       written, for at most {@link #DRAIN_MS} ms) or non-zero when stdin or stdout fails, so the process exits
 *       instead of lingering.</li>
 * </ul>
 * Upstream: the lost messages are modelcontextprotocol/java-sdk issues #304 and #686 (concurrent {@code sendMessage}
 * on a unicast sink; fixes proposed in java-sdk PRs #834 and #935), the missing end-of-input hook is java-sdk #936.
 * Before moving to a newer SDK, check those and whether its reader still stops on a line it cannot map; once all
 * three hold upstream, this class can go back to the SDK's provider with {@link InboundCheck} in front of it.
 */
public final class StdioTransport implements McpServerTransportProvider {

    private static final Logger log = LoggerFactory.getLogger(StdioTransport.class);

    /** Transport-context key of the {@link InFlightRequests.Call} of a request. */
    static final String CALL_KEY = "framescope.call";
    /** At end of input, answers still being worked on are awaited this long; clients expect us gone within 2 s. */
    static final long DRAIN_MS = 800;
    /** Exit status when stdin or stdout fails while serving (sysexits EX_IOERR). */
    public static final int TRANSPORT_FAILED = 74;
    /** Exit status when a transport thread dies of a bug. */
    static final int INTERNAL = 70;

    private final ObjectMapper mapper;
    private final McpJsonMapper jsonMapper;
    private final InboundLines lines;
    private final InboundCheck check;
    private final OutboundWriter writer;
    private final InFlightRequests inFlight = new InFlightRequests();
    private final LogForwarder logs = new LogForwarder(this::sendLog);
    private final CountDownLatch ready;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private final int maxLineBytes;
    private volatile boolean inputEnded;
    private volatile McpServerSession session;
    private volatile ObjectNode discovery;
    private volatile ModernSession modern;
    private final EraChoice eras = new EraChoice();
    private volatile Runnable onInputEnd = () -> { };

    /**
     * @param mapper the mapper the SDK reads and writes protocol messages with
     * @param ready  opened once every tool is registered; no line is read before that
     * @param toolNames  the served tools' names: an unknown one is answered with the names it is closest to
     * @param olderNames older name → the tool it calls now: rewritten in tools/call before the SDK looks it up
     */
    public StdioTransport(ObjectMapper mapper, InputStream in, OutputStream out, int maxLineBytes,
                          CountDownLatch ready, Set<String> toolNames, Map<String, OlderName> olderNames) {
        this.mapper = mapper;
        this.jsonMapper = new JacksonMcpJsonMapper(mapper);
        this.lines = new InboundLines(in, maxLineBytes);
        this.check = new InboundCheck(mapper, toolNames, olderNames);
        this.writer = new OutboundWriter(out, this::writerDied);
        this.ready = ready;
        this.maxLineBytes = maxLineBytes;
    }

    /** The cancellation of the request a tool call's transport context belongs to; none for a call of no request. */
    public static Cancellation cancellationOf(McpTransportContext context) {
        return context.get(CALL_KEY) instanceof InFlightRequests.Call call ? call.cancellation : Cancellation.none();
    }

    public McpJsonMapper jsonMapper() {
        return jsonMapper;
    }

    /** The answer to {@code server/discover}, in either era; set before the first line is read. */
    public void discovery(ObjectNode card) {
        this.discovery = card;
    }

    /** Log records for the client, at the level it asked for with {@code logging/setLevel}. */
    public LogForwarder logs() {
        return logs;
    }

    /** Completes with the process's exit status: 0 at end of input, non-zero when the transport failed. */
    public CompletableFuture<Integer> exit() {
        return exit;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory sessionFactory) {
        session = sessionFactory.create(new SessionTransport(mapper, jsonMapper, writer, inFlight));
        Thread reader = new Thread(this::read, "mcp-stdin");
        reader.setDaemon(true);
        reader.start();
    }

    @Override
    public List<String> protocolVersions() {
        return List.of(ProtocolVersions.MCP_2024_11_05, ProtocolVersions.MCP_2025_03_26,
                ProtocolVersions.MCP_2025_06_18, ProtocolVersions.MCP_2025_11_25);
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        McpServerSession current = session;
        return current == null ? Mono.error(new IllegalStateException("no session yet"))
                : current.sendNotification(method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.empty(); // the process ends at end of input; there is nothing to close before that
    }

    private void read() {
        try {
            ready.await();
            InboundLines.Line line;
            while ((line = lines.next()) != null) {
                try {
                    handle(line);
                } catch (RuntimeException e) {
                    log.error("Could not handle an inbound line; it is dropped and the next one is served", e);
                }
            }
            ended();
        } catch (IOException e) {
            fail(TRANSPORT_FAILED, "reading stdin failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(INTERNAL, "the stdin reader was interrupted", e);
        } catch (Throwable e) {
            fail(INTERNAL, "the stdin reader died: " + e, e);
        }
    }

    private void handle(InboundLines.Line line) {
        if (line.tooLong()) {
            tooLong(line);
            return;
        }
        String text = line.text().strip();
        if (text.isEmpty()) {
            return;
        }
        InboundCheck.Verdict verdict = check.check(text);
        if (verdict instanceof InboundCheck.Forward forward && forward.request() && discovery != null
                && Era.DISCOVER.equals(forward.message().path("method").asText())) {
            answer(forward.message(), discovery);
        } else if (verdict instanceof InboundCheck.Forward forward && forward.request()
                && McpSchema.METHOD_PING.equals(forward.message().path("method").asText())) {
            // MCP allows ping at any time; mcp-core holds every request until initialize, ping included.
            answer(forward.message(), mapper.createObjectNode());
        } else if (verdict instanceof InboundCheck.Forward forward
                && eras.refusal(mapper, forward.message(), forward.request(), protocolVersions()) != null) {
            send(eras.refusal(mapper, forward.message(), forward.request(), protocolVersions()));
        } else if (verdict instanceof InboundCheck.Forward forward && eras.of(forward.message(), forward.request()) == Era.MODERN) {
            modern(forward.message(), forward.request());
        } else if (verdict instanceof InboundCheck.Forward forward) {
            dispatch(forward.message(), forward.request());
        } else if (verdict instanceof InboundCheck.Reply reply) {
            send(reply.error());
        } else if (verdict instanceof InboundCheck.Cancel cancel) {
            if (inFlight.cancelByClient(cancel.requestId(), cancel.reason())) {
                log.info("Request {} cancelled by the client", cancel.requestId());
            }
        } else if (verdict instanceof InboundCheck.Drop drop) {
            log.warn("Dropped an inbound message: {}", drop.why());
        }
    }

    /**
     * A line over the limit is answered with the id its first bytes give, so the client's call fails at once
     * instead of waiting out its timeout. A response of the client's (an elicitation answer with a screenshot too
     * large) fails our own request waiting for it instead: an error answer to an answer would reach nobody.
     */
    private void tooLong(InboundLines.Line line) {
        log.warn("Rejected an inbound line of {} bytes (limit {})", line.length(), maxLineBytes);
        InboundCheck.Start start = check.startOf(line.start());
        String problem = line.length() + " bytes, limit " + maxLineBytes + " (FRAMESCOPE_MAX_MESSAGE_BYTES)";
        if (start.response() && !start.request() && start.id() != null) {
            dispatch(InboundCheck.error(mapper, start.id(), InboundCheck.INVALID_REQUEST, "The client's answer "
                    + "was too large: " + problem), false);
            return;
        }
        send(InboundCheck.error(mapper, start.id(), InboundCheck.INVALID_REQUEST, "Request too large: " + problem));
    }

    /** Serves a message of the stateless era; a request is tracked like any other, for cancellation and drain. */
    private void modern(ObjectNode node, boolean request) {
        if (!request) {
            modern.notification(node);
            return;
        }
        InFlightRequests.Call call = inFlight.started(node.get("id"), node.get("method").asText());
        if (call == null) {
            send(InboundCheck.error(mapper, node.get("id"), InboundCheck.INVALID_REQUEST, "Invalid Request: id "
                    + node.get("id") + " is already used by a request still in flight"));
            return;
        }
        modern.request(node, call);
    }

    /** The era chosen by the client's first deciding request, or null before it. */
    public Era era() {
        return eras.chosen();
    }

    /**
     * The stateless era's server (MCP 2026-07-28); set before the first line is read. Without one, every client is
     * served in the 2025-11-25 era; with {@code only}, every request goes to it (an {@code initialize} is refused
     * there).
     */
    public void modernServer(McpRequestManager server, boolean only) {
        this.modern = new ModernSession(server, mapper, writer, inFlight, logs);
        eras.serveStateless(only);
    }

    /** Answers {@code request} here, without the SDK. */
    private void answer(ObjectNode request, JsonNode result) {
        ObjectNode reply = mapper.createObjectNode().put("jsonrpc", "2.0");
        reply.set("id", request.get("id"));
        reply.set("result", result);
        send(reply);
    }

    private void dispatch(ObjectNode node, boolean request) {
        JSONRPCMessage message;
        try {
            message = toMessage(node, request);
        } catch (IllegalArgumentException e) {
            String problem = ProtocolText.describe(e);
            if (request) {
                send(InboundCheck.error(mapper, node.get("id"), InboundCheck.INVALID_REQUEST, "Invalid Request: "
                        + problem));
            } else {
                log.warn("Dropped an inbound message the SDK cannot read: {}", problem);
            }
            return;
        }
        if (request && McpSchema.METHOD_LOGGING_SET_LEVEL.equals(node.path("method").asText())) {
            logs.setLevel(node.path("params").path("level").asText());
        }
        McpTransportContext context = McpTransportContext.EMPTY;
        if (request) {
            InFlightRequests.Call call = inFlight.started(node.get("id"), node.get("method").asText());
            if (call == null) {
                send(InboundCheck.error(mapper, node.get("id"), InboundCheck.INVALID_REQUEST, "Invalid Request: id "
                        + node.get("id") + " is already used by a request still in flight"));
                return;
            }
            context = McpTransportContext.create(Map.of(CALL_KEY, call));
        }
        McpTransportContext transportContext = context;
        session.handle(message)
                .contextWrite(ctx -> ctx.put(McpTransportContext.KEY, transportContext))
                .subscribe(done -> {
                }, error -> log.warn("Handling {} failed: {}", describe(node), error.toString()));
    }

    private JSONRPCMessage toMessage(ObjectNode node, boolean request) {
        if (request) {
            return mapper.convertValue(node, McpSchema.JSONRPCRequest.class);
        }
        if (node.has("method")) {
            return mapper.convertValue(node, McpSchema.JSONRPCNotification.class);
        }
        return mapper.convertValue(node, JSONRPCResponse.class);
    }

    private static String describe(JsonNode node) {
        return node.has("method") ? node.get("method").asText() + (node.has("id") ? " " + node.get("id") : "")
                : "the response to " + node.get("id");
    }

    /** What to do first when input ends, before answers in flight are awaited; set before serving. */
    public void onInputEnd(Runnable hook) {
        this.onInputEnd = hook;
    }

    /**
     * End of input: the {@link #onInputEnd} hook (calls that wait for a person stop: no answer will come), then the
     * answers in flight go out, what is still running stops, and exit status 0 is reported.
     */
    private void ended() throws InterruptedException {
        inputEnded = true;
        long start = System.nanoTime();
        onInputEnd.run();
        if (!inFlight.awaitDrained(DRAIN_MS)) {
            log.warn("stdin closed with {} request(s) still running; stopping them without their answers",
                    inFlight.size());
        }
        log.debug("Answers in flight at end of input awaited for {} ms", (System.nanoTime() - start) / 1_000_000);
        inFlight.cancelAll("the client closed the connection");
        writer.awaitWritten(200);
        exit.complete(0);
    }

    private void writerDied(Throwable e) {
        if (inputEnded) {
            log.debug("stdout closed during shutdown: {}", e.toString());
            return;
        }
        fail(e instanceof IOException ? TRANSPORT_FAILED : INTERNAL, "writing to stdout failed: " + e, e);
    }

    private void fail(int status, String why, Throwable e) {
        if (exit.isDone()) {
            return;
        }
        log.error("The MCP connection is broken, exiting with status {}: {}", status, why, e);
        inFlight.cancelAll("the server is exiting");
        exit.complete(status);
    }

    private void sendLog(McpSchema.LoggingMessageNotification notification) {
        writer.send(bytesOf(new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION,
                McpSchema.METHOD_NOTIFICATION_MESSAGE, notification)));
    }

    private byte[] bytesOf(Object message) {
        try {
            return mapper.writeValueAsBytes(message);
        } catch (IOException e) {
            throw new IllegalStateException("could not write a message as JSON: " + e.getMessage(), e);
        }
    }

    private void send(JsonNode message) {
        try {
            writer.send(mapper.writeValueAsBytes(message));
        } catch (IOException | IllegalStateException e) {
            log.warn("Could not send a protocol error: {}", e.toString());
        }
    }
}
