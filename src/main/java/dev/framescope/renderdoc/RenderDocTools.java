package dev.framescope.renderdoc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Components;
import dev.framescope.common.DiagnosticsSection;
import dev.framescope.common.PromptRecipe;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.renderdoc.RenderDocArgs.AnalyzeNanInfArgs;
import dev.framescope.renderdoc.RenderDocArgs.BufferArgs;
import dev.framescope.renderdoc.RenderDocArgs.CopyCaptureArgs;
import dev.framescope.renderdoc.RenderDocArgs.CountersArgs;
import dev.framescope.renderdoc.RenderDocArgs.DebugShaderArgs;
import dev.framescope.renderdoc.RenderDocArgs.DiffCapturesArgs;
import dev.framescope.renderdoc.RenderDocArgs.EventArgs;
import dev.framescope.renderdoc.RenderDocArgs.FrameDigestArgs;
import dev.framescope.renderdoc.RenderDocArgs.GeometryArgs;
import dev.framescope.renderdoc.RenderDocArgs.IterateActionsArgs;
import dev.framescope.renderdoc.RenderDocArgs.OpenCaptureArgs;
import dev.framescope.renderdoc.RenderDocArgs.PixelHistoryArgs;
import dev.framescope.renderdoc.RenderDocArgs.ReplaceShaderArgs;
import dev.framescope.renderdoc.RenderDocArgs.SaveTextureArgs;
import dev.framescope.renderdoc.RenderDocArgs.ShaderInfoArgs;
import dev.framescope.renderdoc.RenderDocArgs.TextureArgs;
import dev.framescope.renderdoc.bridge.BridgeDiagnostics;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * RenderDoc .rdc captures analysed by RenderDoc 1.24's own replay, through the Python bridge. One tool per job: tools
 * folded into a broader one (get_pipeline_state into get_event_insight, get_frame_summary into open_capture's
 * overview, …) keep their names as aliases; the bridge's health is in get_server_diagnostics.
 */
public final class RenderDocTools implements ToolGroup {

    private final Captures captures;
    private final BridgeProcess bridge;

    /**
     * @param outputDir a folder save_texture and copy_capture may write into besides the working directory
     * @param attach    spool of the qrenderdoc extension to serve from instead of a headless bridge, or null
     */
    public RenderDocTools(Path python, Path stateDir, Path outputDir, Path attach, Components components) {
        this.bridge = new BridgeProcess(python, stateDir, attach);
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
        return "RenderDoc 1.24's replay of .rdc captures: call get_frame_digest with the .rdc path first; it opens "
                + "the capture (read-only, kept open), ranks what is wrong and names the next calls.";
    }

    @Override
    public Optional<DiagnosticsSection> diagnostics() {
        return Optional.of(new DiagnosticsSection("renderdoc_bridge", this::bridgeDiagnostics));
    }

    @Override
    public List<PromptRecipe> prompts() {
        return CapturePrompts.all();
    }

    @Override
    public List<SharedParam> sharedParams() {
        return List.of(new SharedParam("capture", RenderDocArgs.CAPTURE),
                new SharedParam("texture", RenderDocArgs.TEXTURE),
                new SharedParam("event_id", RenderDocArgs.EVENT), new SharedParam("x", RenderDocArgs.X),
                new SharedParam("y", RenderDocArgs.Y), new SharedParam("origin", RenderDocArgs.ORIGIN),
                new SharedParam("sample", RenderDocArgs.SAMPLE), new SharedParam("limit", RenderDocArgs.LIMIT));
    }

    /** One method per tool, in the order tools/list gives them: each declares the tool whole, with its aliases. */
    @Override
    public List<ToolDef<?>> tools() {
        return ToolDef.all(openCapture(), getFrameDigest(), iterateActions(), getEventInsight(), analyzeNanInf(),
                geometryAnomalies(), pixelHistory(), getTexture(), getShaderInfo(), debugShader(), replaceShader(),
                getBufferContents(), getCounters(), diffCaptures(), saveTexture(), copyCapture());
    }

    /**
     * Not read-only, though the file is opened read-only: with {@code remote} it copies the capture to that server and
     * moves its replay there, for every later call on it (kept only when its answer reaches the caller).
     */
    private ToolDef.Builder<OpenCaptureArgs> openCapture() {
        return answered("open_capture", "Open a capture",
                "Opens an .rdc read-only (0.3–1 s first time, then reused): API, driver, frame size, "
                + "counts, capabilities. overview adds statistics, marker groups, textures, debug "
                + "messages.",
                OpenCaptureArgs.class, ToolHints.CHANGES_SESSION_STATE,
                (a, c) -> ToolOutput.of(captures.open(a, c)))
                .withAliases("get_capture_status")
                .withAlias("get_frame_summary", Map.of("overview", true));
    }

    private ToolDef.Builder<FrameDigestArgs> getFrameDigest() {
        return query("get_frame_digest", "Frame digest",
                "Start here: the frame's anomalies (NaN/Inf writes, bad vertices, zero-area triangles, UVs "
                + "outside [0,1], API messages, no depth target) ranked, with event id, marker path, stage "
                + "and next calls. 0.3–1 s.",
                FrameDigestArgs.class, r -> r.at("/anomalies/count").asInt() + " anomalies; first: "
                        + first(r.at("/anomalies/preview")));
    }

    private ToolDef.Builder<IterateActionsArgs> iterateActions() {
        return answered("iterate_actions", "Actions",
                "Actions in event order (ids, flags, name, marker path, counts, outputs), paged and "
                + "filtered; query also finds resources by debug name.",
                IterateActionsArgs.class, ToolHints.READS_ONLY,
                (a, c) -> ToolOutput.of(captures.iterateActions(a, c)))
                .withAliases("search_capture", "search_actions", "search_resources");
    }

    private ToolDef.Builder<EventArgs> getEventInsight() {
        return query("get_event_insight", "One event in context",
                "An action or API call: marker path, pipeline (topology, viewport, buffers, shaders, targets), "
                + "findings, highlight_stage (IA…OM) with warning_message, next calls.",
                EventArgs.class,
                r -> "Event " + r.path("event_id").asInt() + " (" + r.path("marker_path").asText() + "): "
                        + r.path("findings").size() + " finding(s)" + (r.path("findings").size() > 0
                        ? ", first: " + r.at("/findings/0/message").asText() : "") + ".")
                .withAliases("get_pipeline_state");
    }

    private ToolDef.Builder<AnalyzeNanInfArgs> analyzeNanInf() {
        return answered("analyze_nan_inf", "NaN/Inf pixels",
                "NaN/Inf texels of float32 colour targets after an event (counts, boxes) and the events "
                + "that wrote them; with texture, x, y: that pixel's NaN/Inf writes.",
                AnalyzeNanInfArgs.class, ToolHints.READS_ONLY,
                (a, c) -> ToolOutput.of(captures.analyzeNanInf(a, c)));
    }

    private ToolDef.Builder<GeometryArgs> geometryAnomalies() {
        return query("geometry_anomalies", "Geometry anomalies",
                "Post-vertex-shader checks per draw: NaN/Inf, huge or w ≤ 0 positions, zero-area "
                + "triangles, UVs out of range; the offending vertices.",
                GeometryArgs.class, r -> r.at("/draws/count").asInt() + " of " + r.path("draws_checked")
                        .asInt() + " draws with findings; first: " + first(r.at("/draws/preview")));
    }

    private ToolDef.Builder<PixelHistoryArgs> pixelHistory() {
        return query("pixel_history", "Pixel history",
                "Every event that changed one pixel: value before/after, shader output, primitive, passed "
                + "or why not (depth, stencil, culling, discard); OpenGL lacks shader output and "
                + "primitive.",
                PixelHistoryArgs.class,
                r -> r.at("/modifications/count").asInt() + " modification(s) of (" + r.path("x").asInt() + ", "
                        + r.path("y").asInt() + ") listed, " + r.path("unchanged_left_out").asInt()
                        + " unchanged left out; last: " + last(r.at("/modifications/preview")));
    }

    private ToolDef.Builder<TextureArgs> getTexture() {
        return query("get_texture", "Textures",
                "No texture: all textures (format, size, mips, samples, bytes, usage). With texture: also "
                + "a region after an event as numbers or base64, per-channel min/max/mean and NaN/Inf "
                + "counts.",
                TextureArgs.class, RenderDocTools::textureSummary)
                .withAliases("get_texture_info", "get_texture_data");
    }

    private ToolDef.Builder<ShaderInfoArgs> getShaderInfo() {
        return query("get_shader_info", "Shader info",
                "A stage's shader at a draw or dispatch: source (GL; Vulkan if built with -g), entry "
                + "point, signatures, constant blocks; optionally constant values, disassembly.",
                ShaderInfoArgs.class, r -> r.path("stage").asText() + " shader " + r.path("shader").asInt()
                        + " (" + r.path("encoding").asText() + "), " + r.path("source_files").size()
                        + " source file(s).");
    }

    private ToolDef.Builder<DebugShaderArgs> debugShader() {
        return query("debug_shader", "Debug a shader",
                "RenderDoc's shader debugger on one pixel (x, y) or vertex of a draw: steps, the first NaN/Inf/"
                + "denormal step (instruction, operand values, source line), outputs; step: variables. GL: "
                + "UNSUPPORTED, with the calls instead.",
                DebugShaderArgs.class, ShaderAnswers::debugSummary);
    }

    private ToolDef.Builder<ReplaceShaderArgs> replaceShader() {
        return answeredWithImages("replace_shader", "Replace a shader",
                "Swaps a stage's shader at a draw for source (this session's replay only, every draw using it; "
                + "never the .rdc), then NaN/Inf counts, pixels, findings and a picture before/after. restore: "
                + "undo.",
                ReplaceShaderArgs.class, ToolHints.CHANGES_SESSION_STATE,
                (a, c) -> captures.replaceShader(a, c.cancellation()));
    }

    private ToolDef.Builder<BufferArgs> getBufferContents() {
        return query("get_buffer_contents", "Buffer bytes",
                "Up to 64 KiB of a buffer after an event, as hex and optionally as 32-bit floats (NaN/Inf "
                + "spelled out).", BufferArgs.class,
                r -> r.path("bytes").asInt() + " byte(s) of " + r.path("name").asText() + " from offset "
                        + r.path("offset").asLong() + ".");
    }

    private ToolDef.Builder<CountersArgs> getCounters() {
        return query("get_counters", "Counters and draw costs",
                "Driver counters, one frame value each (sum; max for ratios), and draws ranked by samples "
                + "passed. Counts exact; durations only indicative on software drivers.",
                CountersArgs.class, r -> r.at("/counters/count").asInt() + " counter(s); top draw by "
                        + "samples passed: " + first(r.at("/draws/preview")))
                .withAliases("get_action_timings", "enumerate_counters");
    }

    private ToolDef.Builder<DiffCapturesArgs> diffCaptures() {
        return answeredWithImages("diff_captures", "Compare two captures",
                "Compares two .rdc of one scene (before/after a change, two drivers): actions aligned by marker "
                + "path and name, per-draw differences (shaders, state, resources, counts), final colour "
                + "targets pixel by pixel with a diff PNG, anomalies in one only. First call 1–6 s, then < 0.5 s.",
                DiffCapturesArgs.class, ToolHints.READS_ONLY,
                (a, c) -> captures.diffCaptures(a, c.cancellation()));
    }

    private ToolDef.Builder<SaveTextureArgs> saveTexture() {
        return answered("save_texture", "Save a texture",
                "Writes a texture's mip/slice after an event as PNG (8-bit, clamped) or EXR (float32, "
                + "exact), ≤ 2048², under the working directory or FRAMESCOPE_OUTPUT_DIR.",
                SaveTextureArgs.class, ToolHints.WRITES_NEW_FILES,
                (a, c) -> ToolOutput.of(captures.saveTexture(a, c)));
    }

    private ToolDef.Builder<CopyCaptureArgs> copyCapture() {
        return answered("copy_capture", "Copy a capture",
                "Copies the .rdc file under the working directory or FRAMESCOPE_OUTPUT_DIR, never "
                + "over a file unless overwrite.",
                CopyCaptureArgs.class, ToolHints.WRITES_NEW_FILES,
                (a, c) -> ToolOutput.of(captures.copyCapture(a, c)));
    }

    /** A read-only tool answered by the bridge method of the same name, with {@code summary} as its first line. */
    private <A> ToolDef.Builder<A> query(String name, String title, String description, Class<A> args,
                                 Function<JsonNode, String> summary) {
        return answered(name, title, description, args, ToolHints.READS_ONLY,
                (a, c) -> ToolOutput.of(captures.query(name, a, summary, c)));
    }

    /** A tool answered by the bridge method of its name: its answer's shape is found by that name. */
    private static <A> ToolDef.Builder<A> answered(String name, String title, String description, Class<A> args,
                                                   ToolHints hints, ToolDef.Handler<A> handler) {
        return ToolDef.of(name, title, description, args, hints, handler).returnsSchemaFile(answerSchema(name));
    }

    /** As {@link #answered}, for an answer that may come with a picture. */
    private static <A> ToolDef.Builder<A> answeredWithImages(String name, String title, String description,
                                                             Class<A> args, ToolHints hints,
                                                             ToolDef.Handler<A> handler) {
        return ToolDef.of(name, title, description, args, hints, handler)
                .returnsSchemaFileAndImages(answerSchema(name));
    }

    /**
     * Where a tool's answer is declared: {@code answers/<tool>.schema.json} next to the bridge's Python, whose
     * {@code schema_version} const is the version the bridge writes (replay_core.SCHEMA_VERSION).
     */
    static String answerSchema(String tool) {
        return RenderDocTools.class.getPackageName().replace('.', '/') + "/answers/" + tool + ".schema.json";
    }

    private static String first(JsonNode preview) {
        return preview.size() == 0 ? "none." : describe(preview.get(0));
    }

    private static String last(JsonNode preview) {
        return preview.size() == 0 ? "none." : describe(preview.get(preview.size() - 1));
    }

    private static String textureSummary(JsonNode r) {
        if (!r.has("texture")) {
            return r.at("/textures/count").asInt() + " texture(s).";
        }
        String texture = r.path("name").asText() + " (" + r.path("format").asText() + ")";
        return r.has("values_unavailable") ? texture + ": no texel values, " + r.path("values_unavailable").asText()
                + "." : r.path("width").asInt() + "×" + r.path("height").asInt() + " texels of " + texture
                + " after event " + r.path("event_id").asInt() + " (" + r.path("encoding").asText() + ").";
    }

    private static String describe(JsonNode row) {
        return "event " + row.path("event_id").asInt() + " (" + row.path("marker_path").asText() + ")"
                + (row.has("message") ? ": " + row.get("message").asText() : "") + ".";
    }

    /** The process ends next: the bridge goes now and its spool with it, not in a shutdown hook that may not finish. */
    @Override
    public void clientGone() {
        bridge.close();
    }

    @Override
    public List<DemoCall> demoCalls() {
        return List.of(
                new DemoCall("Open a GL capture with known defects (RenderDoc 1.24 replay, no X server)",
                        "open_capture", "{\"capture\": \"demo/captures/gl_defects.rdc\"}"),
                new DemoCall("Where to look: the frame digest", "get_frame_digest",
                        "{\"capture\": \"demo/captures/gl_defects.rdc\", \"max_anomalies\": 8}"),
                new DemoCall("Find the NaN/Inf pixels and the draws that wrote them", "analyze_nan_inf",
                        "{\"capture\": \"demo/captures/gl_defects.rdc\"}"),
                new DemoCall("The step that makes a NaN pixel, in RenderDoc's shader debugger (Vulkan)",
                        "debug_shader", "{\"capture\": \"demo/captures/vk_defects.rdc\", \"event_id\": 16, "
                        + "\"x\": 20, \"y\": 20}"));
    }
}
