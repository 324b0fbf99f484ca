package dev.framescope.renderdoc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Components;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.renderdoc.RenderDocArgs.ActionTimingsArgs;
import dev.framescope.renderdoc.RenderDocArgs.AnalyzeNanInfArgs;
import dev.framescope.renderdoc.RenderDocArgs.BufferArgs;
import dev.framescope.renderdoc.RenderDocArgs.CopyCaptureArgs;
import dev.framescope.renderdoc.RenderDocArgs.EventArgs;
import dev.framescope.renderdoc.RenderDocArgs.SaveTextureArgs;
import dev.framescope.renderdoc.RenderDocArgs.SearchCaptureArgs;
import dev.framescope.renderdoc.RenderDocArgs.ShaderInfoArgs;
import dev.framescope.renderdoc.RenderDocArgs.FrameDigestArgs;
import dev.framescope.renderdoc.RenderDocArgs.FrameSummaryArgs;
import dev.framescope.renderdoc.RenderDocArgs.GeometryArgs;
import dev.framescope.renderdoc.RenderDocArgs.PixelHistoryArgs;
import dev.framescope.renderdoc.RenderDocArgs.TextureDataArgs;
import dev.framescope.renderdoc.RenderDocArgs.TextureInfoArgs;
import dev.framescope.renderdoc.RenderDocArgs.CaptureArgs;
import dev.framescope.renderdoc.RenderDocArgs.IterateActionsArgs;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/** RenderDoc .rdc captures analysed by RenderDoc 1.24's own replay, through the Python bridge. */
public final class RenderDocTools implements ToolGroup {

    private final Captures captures;

    /**
     * @param outputDir a folder save_texture and copy_capture may write into besides the working directory
     * @param attach    spool of the qrenderdoc extension to serve from instead of a headless bridge, or null
     */
    public RenderDocTools(Path python, Path stateDir, Path outputDir, Path attach, Components components) {
        BridgeProcess bridge = new BridgeProcess(python, stateDir, attach);
        components.register(Components.RENDERDOC_BRIDGE, bridge::status);
        this.captures = new Captures(bridge, outputDir == null ? List.of(Path.of("")) : List.of(Path.of(""),
                outputDir));
    }

    /** The bridge's report for get_server_diagnostics, with at most {@code maxErrors} recent errors. */
    public BridgeDiagnostics bridgeDiagnostics(int maxErrors) {
        return captures.diagnostics(maxErrors);
    }

    @Override
    public String name() {
        return "renderdoc";
    }

    @Override
    public String guide() {
        return "RenderDoc captures replayed by RenderDoc 1.24 itself: call get_frame_digest with the .rdc path first "
                + "(it opens the capture, ranks what looks wrong and names the next calls). Captures open "
                + "read-only and stay "
                + "open for the next calls.";
    }

    @Override
    public List<SharedParam> sharedParams() {
        return List.of(new SharedParam("capture", RenderDocArgs.CAPTURE),
                new SharedParam("texture", RenderDocArgs.TEXTURE),
                new SharedParam("event_id", RenderDocArgs.AFTER_EVENT));
    }

    @Override
    public List<ToolDef<?>> tools() {
        return List.of(
                ToolDef.of("open_capture", "Open a capture",
                        "Opens an .rdc capture read-only in RenderDoc's replay (0.3–1 s first time, then reused): "
                        + "API, driver, frame size, counts of actions, draws and textures, capabilities (pixel "
                        + "history, shader debugging, counters).",
                        CaptureArgs.class, ToolHints.READS_ONLY, (a, c) -> ToolOutput.of(captures.open(a.capture(), c.cancellation())))
                        .withAliases("get_capture_status"),
                ToolDef.of("iterate_actions", "List actions",
                        "The frame's actions in event order: event id, action id, flags, name, marker path (debug "
                        + "groups joined by '/'), index and instance counts, output resource ids; filter by marker "
                        + "path, name or draws only.",
                        IterateActionsArgs.class, ToolHints.READS_ONLY,
                        (a, c) -> ToolOutput.of(captures.iterateActions(a, c.cancellation()))),
                ToolDef.of("analyze_nan_inf", "Find NaN/Inf pixels and who wrote them",
                        "Scans 32-bit float colour targets (or one texture) after an event for NaN/Inf texels: "
                        + "counts, bounding boxes, a preview, and the events after which new ones appear. With "
                        + "texture, x, y: the pixel-history entries that produced a NaN/Inf there.",
                        AnalyzeNanInfArgs.class, ToolHints.READS_ONLY,
                        (a, c) -> ToolOutput.of(captures.analyzeNanInf(a, c.cancellation()))),
                query("get_frame_digest", "Frame digest: where to look",
                        "Start here for 'what is wrong in this frame': counts, marker groups and anomalies (NaN/Inf "
                        + "texels and their draws, bad vertex positions, zero-area triangles, UVs outside [0,1], API "
                        + "messages, draws without depth target), ranked with event id, marker path and stage, plus "
                        + "recommended_next_calls. ~0.3–1 s.",
                        FrameDigestArgs.class, r -> r.at(
                                "/anomalies/count").asInt() + " anomalies; first: "
                                + first(r.at("/anomalies/preview"))),
                query("get_frame_summary", "Frame summary",
                        "Overview: action statistics, marker groups by path with event ranges and draw counts, "
                        + "textures with format and size, captured debug messages.",
                        FrameSummaryArgs.class, r -> r.at("/statistics/draw_calls").asInt() + " draws in "
                                + r.at("/markers/count").asInt() + " marker groups; " + r.at("/textures/count").asInt()
                                + " textures; " + r.at("/debug_messages/count").asInt() + " debug messages."),
                query("get_action_timings", "Draw costs", "Draws ranked by RenderDoc's generic counters: samples "
                                + "passed and rasterized primitives (exact), GPU duration (indicative only on "
                                + "software drivers).", ActionTimingsArgs.class, r -> "Top draw by samples passed: "
                                + first(r.at("/draws/preview"))),
                query("geometry_anomalies", "Geometry anomalies",
                        "Post-vertex-shader positions per draw (or one): vertices with NaN/Inf, |coordinate| > huge "
                        + "or w ≤ 0, zero-area triangles, UVs outside [−uv_margin, 1 + uv_margin]; "
                        + "offending_vertices gives index, position, uv, reason.",
                        GeometryArgs.class, r -> r.at(
                                "/draws/count").asInt() + " of " + r.path("draws_checked").asInt()
                                + " draws with findings; first: " + first(r.at("/draws/preview"))),
                query("pixel_history", "Pixel history",
                        "Every event that changed one pixel (and sample) of a texture: value before and after, "
                        + "shader output, primitive, pass/fail and why (depth, stencil, culling, discard). On OpenGL "
                        + "shader output and primitive are null (shader_out_available false).",
                        PixelHistoryArgs.class,
                        r -> r.at("/modifications/count").asInt() + " modification(s) of (" + r.path("x").asInt() + ", "
                                + r.path("y").asInt() + ") listed, " + r.path("unchanged_left_out").asInt()
                                + " unchanged left out; last: " + last(r.at("/modifications/preview"))),
                query("get_texture_data", "Texture values",
                        "A region of a texture after an event (top-left origin) with per-channel min/max/mean and "
                        + "NaN/Inf counts, as numbers or base64 raw texels; 32-bit float and 8-bit formats.",
                        TextureDataArgs.class, r -> r.path("width").asInt() + "×" + r.path("height").asInt()
                                + " texels of " + r.path("name").asText() + " after event "
                                + r.path("event_id").asInt() + " (" + r.path("encoding").asText() + ")."),
                query("get_texture_info", "Textures", "Textures with id, name, format, size, mips, samples, bytes "
                                + "and the events that use them.", TextureInfoArgs.class,
                        r -> r.at("/textures/count").asInt() + " texture(s)."),
                query("get_event_insight", "One event in context",
                        "One action: marker path, pipeline (shaders per stage with inputs, outputs, constant blocks, "
                        + "resources), input assembly, targets, findings with get_frame_digest's codes, "
                        + "highlight_stage and next calls toward the cause.",
                        EventArgs.class,
                        r -> "Event " + r.path("event_id").asInt() + " (" + r.path("marker_path").asText() + "): "
                                + r.path("findings").size() + " finding(s)" + (r.path("findings").size() > 0
                                ? ", first: "
                                + r.at("/findings/0/message").asText() : "") + "."),
                query("get_pipeline_state", "Pipeline state",
                        "The pipeline at an event: topology, viewport, shaders per stage (entry point, signature, "
                        + "constant blocks, resources read), colour and depth targets, vertex buffers, "
                        + "highlight_stage (IA, VS, RS, PS, OM: where the evidence points; null when nothing is "
                        + "wrong) and warning_message.",
                        EventArgs.class,
                        r -> "Event " + r.path("event_id").asInt() + ": " + r.path("stages").size() + " stage(s), "
                                + r.path("color_targets").size() + " colour target(s), depth "
                                + (r.path("depth_target").isNull() || r.path("depth_target").isMissingNode() ? "none"
                                : r.at("/depth_target/name").asText()) + (r.path("warning_message").isTextual()
                                ? "; " + r.path("warning_message").asText() : "") + "."),
                query("get_shader_info", "Shader source and reflection",
                        "A stage's shader at a draw or dispatch: source files (GLSL on GL; Vulkan shaders built with "
                        + "-g), entry point, input/output signatures, constant blocks; optionally typed constant "
                        + "values and disassembly.",
                        ShaderInfoArgs.class, r -> r.path("stage").asText() + " shader " + r.path("shader").asInt()
                                + " (" + r.path("encoding").asText() + "), " + r.path("source_files").size()
                                + " source file(s)."),
                query("get_buffer_contents", "Buffer bytes", "Up to 64 KiB of a buffer after an event, as hex and "
                                + "optionally as 32-bit floats (NaN/Inf spelled out). An offset at or past the end "
                                + "is an error.", BufferArgs.class,
                        r -> r.path("bytes").asInt() + " byte(s) of " + r.path("name").asText() + " from offset "
                                + r.path("offset").asLong() + "."),
                query("enumerate_counters", "Counters",
                        "The capture driver's performance counters in RenderDoc, each with one value for the frame "
                        + "(sum, or maximum for ratios: aggregation says which), unit and description. Counts are "
                        + "exact; durations only indicative on software drivers.",
                        CaptureArgs.class, r -> r.at("/counters/count").asInt() + " counter(s)."),
                query("search_capture", "Search actions and resources",
                        "Actions whose name, marker path or output resource name contains the text (with the reason "
                        + "each matched), and resources whose debug name does (glObjectLabel / "
                        + "vkSetDebugUtilsObjectNameEXT names) with id and type.", SearchCaptureArgs.class,
                        r -> r.at("/actions/count").asInt() + " action(s) and " + r.at("/resources/count").asInt()
                                + " resource(s) match.")
                        .withAliases("search_actions", "search_resources"),
                ToolDef.of("save_texture", "Save a texture to a file",
                        "Writes one mip and slice of a texture after an event to PNG (8-bit; floats clamped, NaN as "
                        + "0 and counted) or EXR (32-bit float, exact); most colour, float, packed and depth/stencil "
                        + "formats ≤ 2048×2048 (block-compressed and YUV only on OpenGL). Only under the working "
                        + "directory or FRAMESCOPE_OUTPUT_DIR.",
                        SaveTextureArgs.class, ToolHints.WRITES_NEW_FILES,
                        (a, c) -> ToolOutput.of(captures.saveTexture(a, c.cancellation()))),
                ToolDef.of("copy_capture", "Copy a capture",
                        "Copies the .rdc file (RenderDoc's CopyFileTo) under the working directory or "
                        + "FRAMESCOPE_OUTPUT_DIR, never over a file unless overwrite.",
                                CopyCaptureArgs.class, ToolHints.WRITES_NEW_FILES,
                        (a, c) -> ToolOutput.of(captures.copyCapture(a, c.cancellation()))));
    }

    private <A> ToolDef<A> query(String name, String title, String description, Class<A> args,
                                 Function<JsonNode, String> summary) {
        return ToolDef.of(name, title, description, args, ToolHints.READS_ONLY,
                (a, c) -> ToolOutput.of(captures.query(name, a, summary, c.cancellation())));
    }

    private static String first(JsonNode preview) {
        return preview.size() == 0 ? "none." : describe(preview.get(0));
    }

    private static String last(JsonNode preview) {
        return preview.size() == 0 ? "none." : describe(preview.get(preview.size() - 1));
    }

    private static String describe(JsonNode row) {
        return "event " + row.path("event_id").asInt() + " (" + row.path("marker_path").asText() + ")"
                + (row.has("message") ? ": " + row.get("message").asText() : "") + ".";
    }

    @Override
    public List<DemoCall> demoCalls() {
        return List.of(
                new DemoCall("Open a GL capture with known defects (RenderDoc 1.24 replay, no X server)",
                        "open_capture", "{\"capture\": \"demo/captures/gl_defects.rdc\"}"),
                new DemoCall("Where to look: the frame digest", "get_frame_digest",
                        "{\"capture\": \"demo/captures/gl_defects.rdc\", \"max_anomalies\": 8}"),
                new DemoCall("Find the NaN/Inf pixels and the draws that wrote them", "analyze_nan_inf",
                        "{\"capture\": \"demo/captures/gl_defects.rdc\"}"));
    }
}
