package dev.framescope.renderdoc.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The error a call gets when its bridge fails it (a crash, a stall, the time limit), counted in {@link BridgeHealth}
 * and carrying what a person needs to look further: the tool and bridge method, the reason, the log's path and last
 * lines, and (for a bridge this server started) the post-mortem folder. Errors the bridge answers itself are
 * {@link BridgeResponse}'s.
 */
final class BridgeErrors {

    private final BridgeHealth health;
    private final BridgeLog log;
    private final Path postmortem;
    private final boolean attached;

    BridgeErrors(BridgeHealth health, BridgeLog log, Path postmortem, boolean attached) {
        this.health = health;
        this.log = log;
        this.postmortem = postmortem;
        this.attached = attached;
    }

    /**
     * {@code call}'s bridge exited during it: a crash, a kill from outside, its spool deleted ({@code kind}), or
     * {@code earlier}, a loss noted first.
     */
    ToolException exited(BridgeCall call, int exit, String kind, BridgeDiagnostics.Loss earlier) {
        if (earlier != null) { // stopped by another caller: its time limit, or a stall it saw first
            return of(earlier.kind().equals("timeout") ? ErrorCode.TIMEOUT : ErrorCode.ENGINE_FAILED,
                    "the RenderDoc bridge serving " + call.tool() + " was stopped: " + earlier.message()
                    + "; the next call starts it again", call, earlier.kind());
        }
        if (kind.equals("spool_lost")) {
            return of(ErrorCode.ENGINE_FAILED, "the RenderDoc bridge stopped during " + call.tool() + ": its spool "
                    + "folder was deleted while it served it (by hand, or by another process); the capture is not to "
                    + "blame and stays available, and the next call starts the bridge again", call, "spool_lost");
        }
        return of(ErrorCode.ENGINE_FAILED, "the RenderDoc bridge exited during " + call.tool() + " (exit " + exit
                + (exit == 139 ? ", a segfault: a replay call this driver cannot run" : "")
                + "); the next call starts it again", call, "crash");
    }

    /**
     * The bridge crashed while {@code call} talked to the RenderDoc remote server {@code remote} said: RenderDoc
     * read something from it that it could not take (it allocates sizes read off the wire).
     */
    ToolException remoteCrashed(BridgeCall call, int exit, JsonNode remote) {
        String address = remote.path("remote").asText();
        boolean connecting = remote.path("stage").asText().equals("connecting");
        String named = remote.path("named_by").asText();
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("remote", address);
        extra.put("stage", remote.path("stage").asText());
        extra.put(named.equals("remote") ? "parameter" : "env_var", named);
        return of(ErrorCode.ENGINE_FAILED, "the RenderDoc bridge crashed (exit " + exit + ") while " + call.tool()
                + (connecting ? " connected to" : " replayed on") + " the RenderDoc remote server at " + address
                + ": RenderDoc could not take what " + address + " answered (not a RenderDoc remote server of "
                + "this version, or a connection that broke mid-answer). The capture is not to blame and stays "
                + "available: check " + (named.equals("remote") ? "the parameter 'remote'" : "the environment "
                + "variable " + named) + ", or pass remote: 'local'; the next call starts the bridge again", call,
                "remote_crashed", extra);
    }

    /** {@code call} ran past its limit, counted from when the bridge took it (killed, unless in qrenderdoc). */
    ToolException pastLimit(BridgeCall call) {
        if (attached) {
            return of(ErrorCode.TIMEOUT, call.tool() + " ran past its " + call.timeoutMs() + " ms limit in "
                    + "qrenderdoc; it cannot be stopped from here, and later requests wait until RenderDoc "
                    + "finishes it", call, "timeout");
        }
        return of(ErrorCode.TIMEOUT, call.tool() + " ran past its " + call.timeoutMs() + " ms limit; the bridge was "
                + "stopped and the next call starts it again", call, "timeout");
    }

    ToolException of(ErrorCode code, String message, BridgeCall call, String reason) {
        return of(code, message, call, reason, Map.of());
    }

    ToolException of(ErrorCode code, String message, BridgeCall call, String reason, Map<String, Object> extra) {
        health.failed(reason, call.tool(), call.method(), call.id(), code, message);
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("tool", call.tool());
        context.put("method", call.method());
        context.put("reason", reason);
        context.putAll(extra);
        context.put("bridge_log", log.toString());
        context.put("log_tail", log.tail(6));
        if (!attached) {
            context.put("postmortem", postmortem.toString());
        }
        return new ToolException(code, message, context);
    }
}
