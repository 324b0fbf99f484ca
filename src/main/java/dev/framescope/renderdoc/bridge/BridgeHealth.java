package dev.framescope.renderdoc.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Echo;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the supervisor has seen of its bridges since this server started: lifetime counters (they do not reset when
 * a bridge is restarted), the recent errors including lost bridges, the last loss, and whether the bridge is
 * degraded (lost, and no call has succeeded since). Writes the post-mortem of a loss, which outlives the server.
 * Thread-safe: every waiting caller reports here.
 */
final class BridgeHealth {

    private static final int RECENT_ERRORS = 16;

    final AtomicLong requests = new AtomicLong();
    final AtomicLong completed = new AtomicLong();
    final AtomicLong failures = new AtomicLong();
    final AtomicLong timeouts = new AtomicLong();
    final AtomicLong crashes = new AtomicLong();
    final AtomicLong starts = new AtomicLong();
    final AtomicLong stalls = new AtomicLong();
    final AtomicLong recoveries = new AtomicLong();
    private final Deque<JsonNode> recentErrors = new ArrayDeque<>();
    private volatile BridgeDiagnostics.Loss lastLoss;
    private volatile boolean degraded;
    private volatile String lastFailure;

    BridgeDiagnostics.Counters counters() {
        return new BridgeDiagnostics.Counters(requests.get(), completed.get(), failures.get(), timeouts.get(),
                crashes.get(), starts.get(), stalls.get(), recoveries.get());
    }

    /** The bridge's exit status when its spool folder was deleted under it ({@code bridge.py}'s SPOOL_LOST_EXIT). */
    static final int SPOOL_LOST_EXIT = 3;

    /**
     * The kind of loss a bridge's exit status says: a kill from outside (SIGKILL, SIGTERM) or its spool deleted under it
     * is no crash of its call, and the call is not remembered as one that crashes.
     */
    static String lossKind(int exit) {
        return exit == 137 || exit == 143 ? "killed" : exit == SPOOL_LOST_EXIT ? "spool_lost" : "crash";
    }

    /**
     * A call that ended in an error, answered by the bridge or not. The message is kept as an error may echo it
     * ({@link Echo}): the bridge's own messages quote the capture path, shader source or remote the client sent.
     */
    void failed(String kind, String tool, String method, String requestId, ErrorCode code, String message) {
        failures.incrementAndGet();
        lastFailure = Instant.now() + " " + code + ": " + Echo.message(message);
        error(kind, tool, method, requestId, code, message);
    }

    /** A bridge lost: counted by kind, degraded until a call succeeds, and listed among the recent errors. */
    void lost(BridgeDiagnostics.Loss loss) {
        switch (loss.kind()) {
            case "timeout" -> timeouts.incrementAndGet();
            case "stalled" -> stalls.incrementAndGet();
            default -> crashes.incrementAndGet();
        }
        lastLoss = loss;
        degraded = true;
        error(loss.kind(), loss.tool(), loss.method(), null, ErrorCode.ENGINE_FAILED, loss.message());
    }

    /** A call answered without error: a bridge lost before has recovered. */
    void succeeded() {
        completed.incrementAndGet();
        if (degraded) {
            synchronized (this) {
                if (degraded) {
                    degraded = false;
                    recoveries.incrementAndGet();
                }
            }
        }
    }

    boolean isDegraded() {
        return degraded;
    }

    BridgeDiagnostics.Loss lastLoss() {
        return lastLoss;
    }

    String lastFailure() {
        return lastFailure;
    }

    synchronized List<JsonNode> recentErrors(int max) {
        List<JsonNode> all = new ArrayList<>(recentErrors);
        return all.subList(Math.max(0, all.size() - max), all.size());
    }

    private synchronized void error(String kind, String tool, String method, String requestId, ErrorCode code,
                                    String message) {
        ObjectNode row = Json.mapper().createObjectNode();
        row.put("time", Instant.now().toString());
        row.put("kind", kind);
        row.put("tool", tool);
        row.put("method", method);
        row.put("request_id", requestId);
        row.put("code", code.name());
        row.put("message", message.length() > 300 ? message.substring(0, 300) + "…" : message);
        recentErrors.addLast(row);
        while (recentErrors.size() > RECENT_ERRORS) {
            recentErrors.removeFirst();
        }
    }

    /**
     * Writes {@code last-crash.json} (the loss and the diagnostics right after it) and {@code last-crash.log} (the
     * bridge log's last lines, where faulthandler put a native crash's Python stack) into {@code folder}, replacing
     * the previous ones. Best effort: a post-mortem that cannot be written never hides the failure itself.
     */
    static void writePostmortem(Path folder, BridgeDiagnostics diagnostics, String logTail) {
        try {
            Files.createDirectories(folder);
            ObjectNode report = Json.mapper().createObjectNode();
            report.put("written", Instant.now().toString());
            report.set("loss", Json.mapper().valueToTree(diagnostics.lastLoss()));
            report.set("diagnostics", Json.mapper().valueToTree(diagnostics));
            replace(folder.resolve("last-crash.json"), Json.pretty(report) + "\n");
            replace(folder.resolve("last-crash.log"), logTail.isEmpty() ? "" : logTail + "\n");
        } catch (IOException | RuntimeException e) {
            System.err.println("framescope: cannot write the RenderDoc bridge post-mortem to " + folder + ": " + e);
        }
    }

    private static void replace(Path file, String text) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
