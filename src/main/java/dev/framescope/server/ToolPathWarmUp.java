package dev.framescope.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.common.RequestActivity;
import dev.framescope.common.ToolOutput;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the code every tool call goes through (reading a request, turning an answer into its text and tree, writing
 * the response) a few hundred times on a throwaway answer once the server is up, so that the first real calls run
 * compiled code. The launcher runs only C1, which compiles a method after ~200 calls: until then the first calls of
 * a session spent 2–9 ms rendering an answer and 5–13 ms in the SDK's reading and writing, where compiled code takes
 * ~1.5 and ~2 ms. One daemon thread, at most {@value #BUDGET_MS} ms of it; nothing it makes leaves the process, and
 * cold start to tools/list is unchanged (370 → 380 ms p50, within the machine's noise; docs/benchmarks.md). Then it
 * collects the start-up garbage once, so that its collection does not pause one of the first calls.
 */
final class ToolPathWarmUp {

    static final long BUDGET_MS = 400;
    private static final int ROUNDS = 400;
    private static final String REQUEST = """
            {"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"warm_up","arguments":\
            {"recording":"warm-up.db","frame_id":5,"body_id":2},"_meta":{"progressToken":"w"}}}""";

    private record Vector(double x, double y, double z) {
    }

    private record Row(long id, String kind, Vector position, Vector velocity, List<Double> values, Double missing) {
    }

    private ToolPathWarmUp() {
    }

    static void start(ObjectMapper protocolMapper) {
        Thread thread = new Thread(() -> {
            run(protocolMapper);
            collectStartUpGarbage();
        }, "tool-path-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Start-up (loading classes, building schemas, this warm-up) leaves ~100 MB of garbage that filled the young
     * generation during the first calls of a session: its first collection paused one of them for 15-21 ms, because
     * it copies the ~10 MB that start-up keeps and touches the survivor space for the first time. Collected here,
     * while a client is still reading tools/list, it costs one 30-40 ms pause nobody waits for, and the next
     * collection comes ~100 MB of calls later and copies little (docs/benchmarks.md). Not while a call runs: a client
     * that calls a tool at once (a script, a benchmark) would wait out the whole pause in one of its first calls,
     * where the young collection that comes instead pauses for 13-19 ms.
     */
    private static void collectStartUpGarbage() {
        if (RequestActivity.CLIENT.anyUnanswered()) {
            return;
        }
        System.gc();
    }

    /** The warm-up itself; returns the rounds it ran (0 when the path it warms has changed and fails). */
    static int run(ObjectMapper protocolMapper) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BUDGET_MS);
        int round = 0;
        try {
            var mapper = new JacksonMcpJsonMapper(protocolMapper);
            for (; round < ROUNDS && System.nanoTime() < deadline; round++) {
                var request = (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(mapper, REQUEST);
                mapper.convertValue(request.params(), McpSchema.CallToolRequest.class);
                ObjectNode answer = (ObjectNode) Json.tree(new Row(round, "state", new Vector(round, 0.1, 1e-3),
                        new Vector(-1.5, 2.25, round / 3.0), List.of(0.30000000000000004, 98.1, -9.81), null));
                ArrayNode rows = answer.putArray("rows");
                for (int i = 0; i < 20; i++) {
                    rows.add(Json.tree(new Row(i, "contact", new Vector(i * 0.1, round, 1.0 / (i + 1)),
                            new Vector(i, -i, i / 7.0), List.of(i * 0.5, 1.0 / (round + 1)), i * 1e-9)));
                }
                // Not Latin-1, as most answers are not (–, ω, λ, ≤): the JDK and Jackson take other paths for such text.
                answer.put("summary", "warm-up " + round + " – ω");
                var result = ResultRenderer.success(ToolOutput.of(answer), 1 << 20);
                protocolMapper.writeValueAsString(new McpSchema.JSONRPCResponse("2.0", round, result, null));
            }
        } catch (Exception | LinkageError e) {
            // Only an optimisation: the real calls compile the same code, later.
            return 0;
        }
        return round;
    }
}
