package dev.framescope.renderdoc;

import dev.framescope.common.Components;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.renderdoc.RenderDocArgs.AnalyzeNanInfArgs;
import dev.framescope.renderdoc.RenderDocArgs.BridgeDiagnosticsArgs;
import dev.framescope.renderdoc.RenderDocArgs.CaptureArgs;
import dev.framescope.renderdoc.RenderDocArgs.IterateActionsArgs;
import java.nio.file.Path;
import java.util.List;

/** RenderDoc .rdc captures analysed by RenderDoc 1.24's own replay, through the Python bridge. */
public final class RenderDocTools implements ToolGroup {

    private final Captures captures;

    public RenderDocTools(Path python, Path stateDir, Components components) {
        BridgeProcess bridge = new BridgeProcess(python, stateDir);
        components.register(Components.RENDERDOC_BRIDGE, bridge::status);
        this.captures = new Captures(bridge);
    }

    @Override
    public String name() {
        return "renderdoc";
    }

    @Override
    public String guide() {
        return "RenderDoc captures replayed by RenderDoc 1.24 itself: call open_capture with the .rdc path first (it "
                + "reports API and capabilities), then analyze_nan_inf or iterate_actions.";
    }

    @Override
    public List<ToolDef<?>> tools() {
        return List.of(
                ToolDef.of("get_bridge_diagnostics", "RenderDoc bridge health", "Health of the Python bridge that "
                                + "runs RenderDoc's replay, from its heartbeat and spool, without waiting for it: "
                                + "status (not_started, healthy, degraded after a crash or timeout, stalled, "
                                + "stopped), heartbeat age, queue depth and oldest pending age, the active request "
                                + "with elapsed time and limit, counters, recent errors, RenderDoc version and "
                                + "interpreter. Call it when a RenderDoc tool fails or seems slow.",
                        BridgeDiagnosticsArgs.class, ToolHints.READS_ONLY,
                        (a, c) -> ToolOutput.of(captures.diagnostics(a.maxErrors()))),
                ToolDef.of("open_capture", "Open a capture", "Opens an .rdc capture read-only in RenderDoc's replay "
                                + "(0.3–1 s the first time; later calls reuse it) and reports its API, driver, frame "
                                + "size, counts of actions, draws and textures, and capabilities: pixel history "
                                + "(partial on OpenGL in RenderDoc 1.24), shader debugging (Vulkan only), counters. "
                                + "Missing, truncated or non-RenderDoc files are structured errors.",
                        CaptureArgs.class, ToolHints.READS_ONLY, (a, c) -> ToolOutput.of(captures.open(a.capture()))),
                ToolDef.of("get_capture_status", "Capture status", "The same report as open_capture for a capture "
                                + "(opening it if needed): API, driver, counts and capabilities.",
                        CaptureArgs.class, ToolHints.READS_ONLY, (a, c) -> ToolOutput.of(captures.open(a.capture()))),
                ToolDef.of("iterate_actions", "List actions", "The frame's actions in event order with event id, "
                                + "action id, flags, name, marker path (debug groups joined by '/'), index and "
                                + "instance counts and output resource ids; filter by marker path or name, draws "
                                + "only, and page with offset/limit.",
                        IterateActionsArgs.class, ToolHints.READS_ONLY,
                        (a, c) -> ToolOutput.of(captures.iterateActions(a))),
                ToolDef.of("analyze_nan_inf", "Find NaN/Inf pixels and who wrote them", "Scans 32-bit float colour "
                                + "targets (or one texture) for NaN and Inf texels as they are after an event "
                                + "(default: frame end): counts, bounding boxes (x0, y0, x1, y1; top-left origin, "
                                + "exclusive ends) and a pixel preview; then replays every event that renders to the "
                                + "target and names each event after which new NaN/Inf texels appear, with its "
                                + "marker path. Exact data from RenderDoc's GetTextureData, no overlay.",
                        AnalyzeNanInfArgs.class, ToolHints.READS_ONLY,
                        (a, c) -> ToolOutput.of(captures.analyzeNanInf(a))));
    }

    @Override
    public List<DemoCall> demoCalls() {
        return List.of(
                new DemoCall("Open a GL capture with known defects (RenderDoc 1.24 replay, no X server)",
                        "open_capture", "{\"capture\": \"demo/captures/gl_defects.rdc\"}"),
                new DemoCall("Find the NaN/Inf pixels and the draws that wrote them", "analyze_nan_inf",
                        "{\"capture\": \"demo/captures/gl_defects.rdc\"}"));
    }
}
