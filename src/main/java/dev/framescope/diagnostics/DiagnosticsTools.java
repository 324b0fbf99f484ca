package dev.framescope.diagnostics;

import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import java.util.List;
import java.util.Map;

/** The server's own tool: {@code get_server_diagnostics} (older name {@code get_bridge_diagnostics}). */
public final class DiagnosticsTools implements ToolGroup {

    private final Diagnostics diagnostics;

    public DiagnosticsTools(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    @Override
    public String name() {
        return "server";
    }

    @Override
    public String guide() {
        return "Server health: call get_server_diagnostics when a tool reports ENGINE_UNAVAILABLE, times out or "
                + "behaves oddly; it names what is missing on this machine and the exact fix.";
    }

    @Override
    public List<ToolDef<?>> tools() {
        return ToolDef.all(getServerDiagnostics());
    }

    private ToolDef.Builder<DiagnosticsArgs> getServerDiagnostics() {
        return ToolDef.of("get_server_diagnostics", "Server diagnostics",
                "FrameScope's own health: version, uptime, per-tool counters (calls, errors, timeouts, p50/p95 ms, "
                + "last error), browser and dialog page state, questions to the person, environment checks "
                + "(Chromium, renderdoc, glslangValidator, renderdoccmd, Vulkan and effect_pass for the native "
                + "debugger) with the exact fix, and renderdoc_bridge: "
                + "RenderDoc bridge status, heartbeat, queue, call in flight, recent errors, last loss. Call it when "
                + "a tool fails with ENGINE_UNAVAILABLE, times out or is slow.",
                DiagnosticsArgs.class, ToolHints.READS_ONLY,
                (args, context) -> ToolOutput.of(diagnostics.report(args)))
                .returns(ServerDiagnostics.class)
                // The bridge's own tool, folded in: its report is renderdoc_bridge here; no environment checks,
                // because it never started a process either.
                .withAlias("get_bridge_diagnostics", Map.of("include_environment", false),
                        Map.of("max_errors", "bridge_errors"));
    }

    @Override
    public List<DemoCall> demoCalls() {
        return List.of(new DemoCall("Server health and environment checks", "get_server_diagnostics", "{}"),
                new DemoCall("A bad argument gets a structured error naming the parameter and its range",
                        "get_server_diagnostics", "{\"tool_limit\": 0}", true));
    }
}
