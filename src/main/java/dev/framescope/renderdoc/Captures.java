package dev.framescope.renderdoc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.SystemFolders;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.common.ToolOutput;
import dev.framescope.common.WritableRoots;
import dev.framescope.renderdoc.RenderDocArgs.AnalyzeNanInfArgs;
import dev.framescope.renderdoc.RenderDocArgs.DiffCapturesArgs;
import dev.framescope.renderdoc.RenderDocArgs.IterateActionsArgs;
import dev.framescope.renderdoc.bridge.BridgeDiagnostics;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The RenderDoc operations, on top of the bridge: each sends one request, then adds the one-sentence summary an
 * agent reads first. Knows nothing of MCP. One method per operation, taking what its tool's handler has: the input
 * record and the call's {@link ToolContext} (replace_shader and diff_captures only its cancellation: they report no
 * progress); a caller without a client passes {@link ToolContext#SILENT} or {@link ToolContext#silent}.
 */
public final class Captures {

    /** Opening a large capture and replaying every draw of a frame both fit well inside a minute here. */
    static final long TIMEOUT_MS = 60_000;

    /** The bridge marks a call that replayed on a remote server (replay_sites.py); the summary says where. */
    private static final String REPLAYED_ON_KEY = "_replayed_on";

    private final BridgeProcess bridge;
    private final WritableRoots outputs;

    /** @param outputRoots folders save_texture and copy_capture may write into */
    public Captures(BridgeProcess bridge, List<Path> outputRoots) {
        this.bridge = bridge;
        this.outputs = new WritableRoots(outputRoots, "the working directory or FRAMESCOPE_OUTPUT_DIR");
    }

    public ObjectNode saveTexture(RenderDocArgs.SaveTextureArgs args, ToolContext context) {
        Path target = outputs.checked("output", args.output(), "." + args.format().name(), args.overwrite());
        RenderDocArgs.SaveTextureArgs checked = new RenderDocArgs.SaveTextureArgs(args.capture(), args.texture(),
                target.toString(), args.format(), args.eventId(), args.overwrite(), args.mip(), args.slice());
        return query("save_texture", checked, r -> "Wrote " + r.path("output").asText() + " (" + r.path("bytes")
                .asLong() + " bytes, " + r.path("method").asText() + ")" + (r.path("non_finite_components_written")
                .asInt() > 0 ? "; " + r.path("non_finite_components_written").asInt() + " NaN/Inf components "
                + "written as 0 or 1" : "") + ".", context);
    }

    public ObjectNode copyCapture(RenderDocArgs.CopyCaptureArgs args, ToolContext context) {
        Path target = outputs.checked("output", args.output(), ".rdc", args.overwrite());
        refuseSameFile(Path.of(absolute(args.capture())), target);
        return query("copy_capture", new RenderDocArgs.CopyCaptureArgs(args.capture(), target.toString(),
                args.overwrite()), r -> "Copied to " + r.path("output").asText() + " (" + r.path("bytes").asLong()
                + " bytes).", context);
    }

    /**
     * replace_shader: the bridge replaces (or restores) the shader in its replay and measures; the before/after
     * picture it drew comes back as an image beside the answer.
     */
    public ToolOutput replaceShader(RenderDocArgs.ReplaceShaderArgs args, Cancellation cancellation) {
        return ShaderAnswers.withPicture(query("replace_shader", args, ShaderAnswers::replaceSummary,
                ToolContext.silent(cancellation)));
    }

    /** Copying a capture onto itself (by another path, a link or a hard link) would leave nothing of it. */
    private static void refuseSameFile(Path capture, Path target) {
        try {
            if (Files.exists(target) && Files.exists(capture) && Files.isSameFile(capture, target)) {
                throw new ToolException(ErrorCode.INVALID_ARGUMENT, "Invalid argument 'output': " + target
                        + " is the capture itself (" + capture + "); copy it to another file.",
                        Map.of("parameter", "output", "capture", capture.toString(), "output", target.toString()));
            }
        } catch (IOException e) {
            // unreadable: the bridge reports what is wrong with the capture
        }
    }

    /** The capture the last call named, for the next calls the bridge report recommends. */
    private volatile String lastCapture;
    /** Captures the running bridge was asked about, so progress says when a call opens one first. */
    private final Set<String> opened = ConcurrentHashMap.newKeySet();

    public BridgeDiagnostics diagnostics(int maxErrors) {
        BridgeDiagnostics d = bridge.diagnostics(maxErrors);
        return d.withNextCalls(nextCalls(d.status(), lastCapture));
    }

    /**
     * What the original design's call flow says to do next at each status: go on with the capture when the bridge is
     * well, prove it recovered with a cheap call when a bridge was lost, wait and look again while one is frozen
     * (its call fails within about 10 s). Nothing is recommended before any capture was named.
     */
    static List<BridgeDiagnostics.NextCall> nextCalls(String status, String capture) {
        if (status.equals("stalled")) {
            return List.of(new BridgeDiagnostics.NextCall("get_server_diagnostics", Map.of("include_environment",
                    false), "the bridge is frozen; its call fails and the bridge is restarted within about 10 s: look "
                    + "again then"));
        }
        if (capture == null) {
            return List.of();
        }
        Map<String, Object> onCapture = Map.of("capture", capture);
        return switch (status) {
            case "degraded" -> List.of(new BridgeDiagnostics.NextCall("open_capture", onCapture, "a bridge was "
                    + "lost; a successful call shows the new one works and makes the status healthy again"));
            default -> List.of(new BridgeDiagnostics.NextCall("get_frame_digest", onCapture, "the bridge is "
                    + "usable: ranked anomalies of the last capture a call named"));
        };
    }

    /** open_capture, with the frame overview when asked (get_frame_summary's answer, which it replaced). */
    public ObjectNode open(RenderDocArgs.OpenCaptureArgs args, ToolContext context) {
        return query("open_capture", args, status -> {
            JsonNode caps = status.path("capabilities");
            String summary = String.format("%s capture, replayed on %s: %d actions, %d draws, %d textures; pixel history %s, shader "
                            + "debugging %s, %d counters.", status.path("api").asText(),
                    status.path("replayed_on").asText("local"), status.path("actions").asInt(),
                    status.path("draws").asInt(), status.path("textures").asInt(),
                    caps.path("pixel_history_note").isTextual() && caps.path("pixel_history").asBoolean() ? "partial"
                            : caps.path("pixel_history").asBoolean() ? "yes" : "no",
                    caps.path("shader_debugging").asBoolean() ? "yes" : "no", caps.path("counters").asInt());
            JsonNode overview = status.path("overview");
            return overview.isMissingNode() ? summary : summary + " " + overview.at("/markers/count").asInt()
                    + " marker groups; " + overview.at("/debug_messages/count").asInt() + " debug messages.";
        }, context);
    }

    public ObjectNode iterateActions(IterateActionsArgs args, ToolContext context) {
        return query("iterate_actions", args, page -> page.path("count").asInt() + " action(s) match; rows "
                + args.offset() + "–" + (args.offset() + page.path("preview").size())
                + (page.path("truncated").asBoolean() ? " (more: raise offset)" : "")
                + (page.has("resources") ? "; " + page.at("/resources/count").asInt() + " resource(s) match" : "")
                + ".", context);
    }

    public ObjectNode analyzeNanInf(AnalyzeNanInfArgs args, ToolContext context) {
        return query("analyze_nan_inf", args, report -> {
            if ("pixel".equals(report.path("mode").asText())) {
                return pixelSummary(report);
            }
            StringBuilder summary = new StringBuilder();
            for (JsonNode target : report.path("targets")) {
                if (target.has("skipped")) {
                    continue;
                }
                summary.append(String.format("%s: %d NaN and %d Inf pixel(s)", target.path("name").asText(
                        target.path("texture").asText()), target.path("nan_pixels").asInt(),
                        target.path("inf_pixels").asInt()));
                for (JsonNode writer : target.path("writers")) {
                    summary.append(String.format("; event %d (%s) wrote %d NaN / %d Inf",
                            writer.path("event_id").asInt(), writer.path("marker_path").asText(),
                            writer.path("new_nan_pixels").asInt(), writer.path("new_inf_pixels").asInt()));
                }
                summary.append(". ");
            }
            return summary.length() == 0 ? "No 32-bit float colour target to scan." : summary.toString().trim();
        }, context);
    }

    private static String pixelSummary(JsonNode report) {
        String where = report.path("name").asText() + " (" + report.path("x").asInt() + ", " + report.path("y")
                .asInt() + ")";
        JsonNode first = report.at("/entries/preview/0");
        return first.isMissingNode() ? "No pixel history entry of " + where + " has NaN/Inf."
                : "NaN/Inf at " + where + " in " + report.at("/entries/count").asInt() + " of "
                + report.path("history_entries").asInt() + " history entries; first: event "
                + first.path("event_id").asInt() + " (" + first.path("marker_path").asText() + ").";
    }

    /**
     * diff_captures: the answer, with the diff picture as a PNG image when pixels differ and it was asked for (the
     * bridge sends it as base64 in {@code diff_png_base64}, taken out of the answer here).
     */
    public ToolOutput diffCaptures(DiffCapturesArgs args, Cancellation cancellation) {
        String other = absolute(args.otherCapture());
        SystemFolders.refuse("other_capture", Path.of(other), "a RenderDoc capture (.rdc file)");
        ObjectNode answer = query("diff_captures", new DiffCapturesArgs(args.capture(), other, args.limit(),
                args.image()), Captures::diffSummary, ToolContext.silent(cancellation));
        JsonNode png = answer.remove("diff_png_base64");
        return png == null ? ToolOutput.of(answer)
                : new ToolOutput.WithImage(answer, Base64.getDecoder().decode(png.asText()), "image/png");
    }

    private static String diffSummary(JsonNode r) {
        if ("different_api".equals(r.path("verdict").asText())) {
            return "Different APIs (" + r.at("/api/capture").asText() + " and " + r.at("/api/other").asText()
                    + "): not compared draw by draw; " + r.at("/actions/capture").asInt() + " and "
                    + r.at("/actions/other").asInt() + " actions.";
        }
        JsonNode pixels = r.path("pixels");
        String pixelPart = pixels.path("compared").asBoolean()
                ? pixels.path("differing_pixels").asInt() + " differing pixel(s) in the final colour target"
                : "pixels not compared (" + pixels.path("reason").asText() + ")";
        String head = "no_difference".equals(r.path("verdict").asText()) ? "No difference: " : "Different: ";
        return head + r.at("/actions/matched").asInt() + " actions matched ("
                + r.at("/actions/only_in_capture/count").asInt() + " only in capture, "
                + r.at("/actions/only_in_other/count").asInt() + " only in other), "
                + r.at("/draws/differing/count").asInt() + " of " + r.at("/draws/compared").asInt()
                + " draws differ" + firstDraw(r.at("/draws/differing/preview/0")) + "; " + pixelPart + "; "
                + r.at("/anomalies/only_in_capture/count").asInt() + " anomalies only in capture, "
                + r.at("/anomalies/only_in_other/count").asInt() + " only in other.";
    }

    private static String firstDraw(JsonNode d) {
        if (d.isMissingNode()) {
            return "";
        }
        StringBuilder fields = new StringBuilder();
        d.path("differences").forEach(f -> fields.append(fields.length() == 0 ? "" : ", ").append(f.path("field")
                .asText()));
        return " (first: event " + d.path("event_id").asInt() + ", " + d.path("marker_path").asText() + ": "
                + fields + ")";
    }

    /**
     * Any bridge method whose parameters are the fields of {@code args} (snake_case, nulls left out), with the
     * capture path made absolute and a summary added by {@code summary}; it tells {@code context} as the bridge
     * starts, opens the capture and replays (BridgeProgress), and a cancelled call is dropped from the bridge's queue.
     */
    @SuppressWarnings("try") // the progress reporter is closed as the block ends: the body has no use for it
    public ObjectNode query(String method, Object args, Function<JsonNode, String> summary, ToolContext context) {
        @SuppressWarnings("unchecked")
        Map<String, Object> params = Json.mapper().convertValue(args, Map.class);
        String capture = absolute((String) params.get("capture"));
        SystemFolders.refuse("capture", Path.of(capture), "a RenderDoc capture (.rdc file)");
        params.put("capture", capture);
        lastCapture = capture;
        boolean starting = !bridge.isRunning();
        if (starting) {
            opened.clear();
        }
        ObjectNode result;
        try (BridgeProgress progress = new BridgeProgress(context, method, capture, starting, opened.add(capture))) {
            result = (ObjectNode) bridge.call(method, params, TIMEOUT_MS, context.cancellation());
        }
        JsonNode remote = result.remove(REPLAYED_ON_KEY);
        String said = summary.apply(result);
        result.put("summary", remote == null || said.toLowerCase(Locale.ROOT).contains("replayed on") ? said
                : said + " Replayed on " + remote.asText() + ".");
        return result;
    }

    /** The bridge runs in another working directory; paths go to it absolute. */
    private static String absolute(String capture) {
        return Path.of(capture).toAbsolutePath().normalize().toString();
    }
}
