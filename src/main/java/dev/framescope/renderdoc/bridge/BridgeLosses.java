package dev.framescope.renderdoc.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.LongConsumer;

/**
 * What a lost bridge leaves behind: the loss noted once however many callers see it (counters, recent errors, the
 * last loss, the post-mortem in the state directory), the bridge killed where it still runs, and the error the call
 * it served gets. Noticing the loss and starting the next bridge stay with {@link BridgeProcess}; a bridge is named
 * by its generation, the count of bridges {@link BridgeProcess} started before it.
 *
 * <p>Called from every waiting caller at once: a loss is noted under the {@link BridgeProcess}'s own lock, the one
 * its diagnostics (written into the post-mortem) take too, so the two never wait on each other.
 */
final class BridgeLosses {

    private static final int POSTMORTEM_LOG_LINES = 200;

    private final Object lock;
    private final BridgeSpool spool;
    private final boolean attached;
    private final BridgeHealth health;
    private final BridgeLog log;
    private final Path postmortem;
    private final CrashedCalls crashed;
    private final BridgeErrors errors;
    private final IntFunction<BridgeDiagnostics> diagnostics;
    private final LongConsumer kill;
    /** The last generation whose loss was recorded: several waiting callers see one loss. */
    private long lossNoted;

    /**
     * @param lock        the {@link BridgeProcess} whose bridges these are
     * @param diagnostics the bridge report with at most that many recent errors, for the post-mortem
     * @param kill        stops the bridge of that generation, if it is still the one running
     */
    BridgeLosses(Object lock, BridgeSpool spool, boolean attached, BridgeHealth health, BridgeLog log,
                 Path postmortem, CrashedCalls crashed, BridgeErrors errors,
                 IntFunction<BridgeDiagnostics> diagnostics, LongConsumer kill) {
        this.lock = lock;
        this.spool = spool;
        this.attached = attached;
        this.health = health;
        this.log = log;
        this.postmortem = postmortem;
        this.crashed = crashed;
        this.errors = errors;
        this.diagnostics = diagnostics;
        this.kill = kill;
    }

    /**
     * The bridge serving {@code call} exited: by a crash of its own, a kill from outside, its spool deleted under it,
     * or another caller. A crash while the call talked to a RenderDoc remote server is the remote's (RenderDoc trusts
     * what it answers), and one with the spool gone is the spool's: the capture is not remembered as one that crashes.
     */
    ToolException exited(BridgeCall call, long generation, int exit, Path request) {
        String kind = Files.isDirectory(spool.dir()) ? BridgeHealth.lossKind(exit) : "spool_lost";
        BridgeDiagnostics.Loss earlier = note(generation, kind, call, exit, "the RenderDoc bridge exited during "
                + call.tool() + " (exit " + exit + ")");
        JsonNode remote = spool.remoteOf(call.id());
        if (earlier == null && kind.equals("crash") && remote != null) {
            return errors.remoteCrashed(call, exit, remote);
        }
        if (earlier == null && kind.equals("crash") && !Files.exists(request)) {
            crashed.remember(call, exit);
        }
        return errors.exited(call, exit, kind, earlier);
    }

    /** {@code call} ran past its limit: its bridge is killed, unless it runs in qrenderdoc, where nothing can be. */
    ToolException pastLimit(BridgeCall call, long generation) {
        if (!attached) {
            note(generation, "timeout", call, null, call.tool() + " ran past its " + call.timeoutMs() + " ms limit");
            kill.accept(generation);
        }
        return errors.pastLimit(call);
    }

    ToolException stalled(BridgeCall call, long generation, String frozenFor, double heartbeatAgeS) {
        String why = "the RenderDoc bridge stalled during " + call.tool() + frozenFor;
        note(generation, "stalled", call, null, why);
        kill.accept(generation);
        return errors.of(ErrorCode.ENGINE_FAILED, why + "; it was stopped, and the next call starts it again", call,
                "stalled", Map.of("heartbeat_age_s", Math.round(heartbeatAgeS * 10) / 10.0));
    }

    /**
     * Records that the bridge of {@code generation} was lost, once however many callers see it: counters, recent
     * errors, the last loss, and the post-mortem in the state directory.
     *
     * @return null when this call noted it; the loss already noted when another caller saw it first
     */
    BridgeDiagnostics.Loss note(long generation, String kind, BridgeCall call, Integer exit, String message) {
        synchronized (lock) {
            if (generation <= lossNoted) {
                return generation == lossNoted ? health.lastLoss() : null; // noted by another caller
            }
            lossNoted = generation;
            health.lost(new BridgeDiagnostics.Loss(Instant.now().toString(), kind, call == null ? null : call.tool(),
                    call == null ? null : call.method(), exit, message));
            BridgeHealth.writePostmortem(postmortem, diagnostics.apply(16), log.tail(POSTMORTEM_LOG_LINES));
            return null;
        }
    }
}
