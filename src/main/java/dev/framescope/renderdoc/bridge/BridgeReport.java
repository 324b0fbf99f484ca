package dev.framescope.renderdoc.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What get_server_diagnostics and the component list say of the bridge: its status from the heartbeat, the spool,
 * the process and what {@link BridgeHealth} counted. Reads files only and never waits for the bridge, so it answers
 * while a call is stuck. Thread-safe.
 */
final class BridgeReport {

    private final BridgeSpool spool;
    private final BridgeHealth health;
    private final BridgeStallWatch stallWatch;
    private final CrashedCalls crashed;
    private final BridgeLog log;
    private final Path postmortem;
    private final boolean attached;

    BridgeReport(BridgeSpool spool, BridgeHealth health, BridgeStallWatch stallWatch, CrashedCalls crashed,
                 BridgeLog log, Path postmortem, boolean attached) {
        this.spool = spool;
        this.health = health;
        this.stallWatch = stallWatch;
        this.crashed = crashed;
        this.log = log;
        this.postmortem = postmortem;
        this.attached = attached;
    }

    /** The report with the bridge process {@code current} (null when none runs, or attached). */
    BridgeDiagnostics diagnostics(Process current, int maxErrors) {
        JsonNode attachedBeat = attached ? spool.heartbeat() : null;
        boolean running = attached
                ? attachedBeat != null
                && BridgeSpool.heartbeatAgeS(attachedBeat) * 1000 < 3 * BridgeProcess.HEARTBEAT_STALE_MS
                : current != null && current.isAlive();
        JsonNode beat = attached ? attachedBeat : running ? spool.heartbeat() : null;
        Double heartbeatAge = BridgeSpool.heartbeatAgeS(beat);
        List<Double> pendingAges = running ? spool.pendingAgesS() : List.of();
        boolean quiet = heartbeatAge != null && heartbeatAge * 1000 > BridgeProcess.HEARTBEAT_STALE_MS;
        String status = !running ? (health.counters().starts() == 0 && !attached ? "not_started" : "stopped")
                : quiet && (attached || stallWatch.isFrozen(current.pid())) ? "stalled"
                : health.isDegraded() ? "degraded" : "healthy";
        return new BridgeDiagnostics(BridgeDiagnostics.SCHEMA_VERSION, status, running,
                !running ? null : attached ? Long.valueOf(beat.path("pid").asLong()) : Long.valueOf(current.pid()),
                beat == null ? null : beat.path("uptime_s").asDouble(), heartbeatAge,
                pendingAges.size(), pendingAges.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                running ? spool.active(beat) : null, health.counters(), health.lastFailure(),
                health.recentErrors(maxErrors),
                beat == null ? null : beat.path("renderdoc").asText(null),
                beat == null ? null : beat.path("interpreter").asText(null), attached ? null : log.toString(),
                crashed.all(), attached ? "qrenderdoc" : "process",
                beat == null ? null : beat.path("ui_capture").asText(null),
                beat == null || !beat.has("replay") ? null : beat.get("replay"), health.lastLoss(),
                attached || !Files.exists(postmortem.resolve("last-crash.json")) ? null : postmortem.toString(),
                List.of());
    }

    /** Attached: fails unless the qrenderdoc extension beats, with what to do about it. */
    void requireAttachedUi() {
        Double age = BridgeSpool.heartbeatAgeS(spool.heartbeat());
        if (age == null || age * 1000 > BridgeProcess.HEARTBEAT_STALE_MS) {
            throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "FrameScope is attached to qrenderdoc "
                    + "(FRAMESCOPE_RENDERDOC_ATTACH), but no RenderDoc UI with the FrameScope extension is serving "
                    + spool.dir() + (age == null ? "" : " (last heartbeat " + Math.round(age) + " s ago)") + ": start "
                    + "RenderDoc with the extension installed (framescope renderdoc-extension --enable), or unset "
                    + "FRAMESCOPE_RENDERDOC_ATTACH to replay captures headlessly", Map.of("spool", spool.dir().toString()));
        }
    }

    /** The bridge as one line of the component list. */
    ComponentStatus status(BridgeDiagnostics d) {
        String state = switch (d.status()) {
            case "healthy" -> "running";
            case "stalled", "degraded" -> "degraded";
            default -> d.status();
        };
        String where = attached ? "attached to qrenderdoc (" + spool.dir() + "), " : "";
        return new ComponentStatus("renderdoc_bridge", state, where + (d.running() ? "pid " + d.pid() + ", RenderDoc "
                + d.renderdoc() + ", " + d.counters().requests() + " requests, " + d.counters().crashes()
                + " crashes, " + d.counters().timeouts() + " timeouts, " + d.counters().stalls() + " stalls"
                : attached ? "no heartbeat: start RenderDoc with the FrameScope extension"
                : "starts on the first RenderDoc tool call"));
    }
}
