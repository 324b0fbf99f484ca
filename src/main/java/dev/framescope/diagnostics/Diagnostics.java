package dev.framescope.diagnostics;

import dev.framescope.common.Bounded;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.Components;
import dev.framescope.common.Version;
import dev.framescope.diagnostics.CallStats.ToolCallStats;
import dev.framescope.dialogs.DialogRequests;
import dev.framescope.renderdoc.BridgeDiagnostics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * Assembles the server's self-report from the call counters, the component registry, the environment checks and,
 * when the renderdoc group is served, the RenderDoc bridge's own report (one place to look when anything fails).
 * Knows nothing of MCP; {@link DiagnosticsTools} exposes it as a tool and {@code doctor} uses the checks directly.
 */
public final class Diagnostics {

    public static final String SERVER_NAME = "framescope";

    private final CallStats stats;
    private final Components components;
    private final EnvironmentChecks environment;
    private final Supplier<List<String>> toolNames;
    private final Supplier<DialogRequests.Snapshot> dialogs;
    private final IntFunction<BridgeDiagnostics> bridge;
    private final Instant startedAt = Instant.now();
    private final long startedNanos = System.nanoTime();

    /** @param bridge the RenderDoc bridge's report with at most n recent errors; null when renderdoc is not served */
    public Diagnostics(CallStats stats, Components components, EnvironmentChecks environment,
                       Supplier<List<String>> toolNames, Supplier<DialogRequests.Snapshot> dialogs,
                       IntFunction<BridgeDiagnostics> bridge) {
        this.stats = stats;
        this.components = components;
        this.environment = environment;
        this.toolNames = toolNames;
        this.dialogs = dialogs;
        this.bridge = bridge;
    }

    public ServerDiagnostics report(DiagnosticsArgs args) {
        List<ToolCallStats> perTool = perTool();
        List<ComponentStatus> componentStates = components.snapshot();
        List<EnvironmentCheck> checks = args.includeEnvironment() ? environment.run(args.refresh()) : null;
        long uptimeMs = (System.nanoTime() - startedNanos) / 1_000_000;
        BridgeDiagnostics bridgeReport = bridge == null ? null : bridge.apply(args.bridgeErrors());
        return new ServerDiagnostics(ServerDiagnostics.SCHEMA_VERSION, summary(perTool, checks, uptimeMs,
                bridgeReport), SERVER_NAME, Version.current(), Runtime.version().toString(), startedAt.toString(),
                uptimeMs, toolNames.get().size(), Bounded.of(perTool, args.toolLimit()), componentStates,
                dialogs.get(), checks, ServerDiagnostics.Memory.now(), bridgeReport);
    }

    /** Every registered tool, with zero counts for those never called, busiest first. */
    private List<ToolCallStats> perTool() {
        Map<String, ToolCallStats> byName = new LinkedHashMap<>();
        toolNames.get().forEach(name -> byName.put(name, new ToolCallStats(name, 0, 0, 0, 0, 0, 0, null)));
        stats.snapshot().forEach(s -> byName.put(s.tool(), s));
        List<ToolCallStats> rows = new ArrayList<>(byName.values());
        rows.sort(Comparator.comparingLong(ToolCallStats::calls).reversed().thenComparing(ToolCallStats::tool));
        return rows;
    }

    private static String summary(List<ToolCallStats> perTool, List<EnvironmentCheck> checks, long uptimeMs,
                                  BridgeDiagnostics bridge) {
        long calls = perTool.stream().mapToLong(ToolCallStats::calls).sum();
        long errors = perTool.stream().mapToLong(ToolCallStats::errors).sum();
        StringBuilder text = new StringBuilder(String.format("FrameScope %s, up %.1f s: %d tool calls, %d errors",
                Version.current(), uptimeMs / 1000.0, calls, errors));
        if (checks != null) {
            List<String> missing = checks.stream().filter(c -> !c.ok()).map(EnvironmentCheck::name).toList();
            text.append(missing.isEmpty() ? "; all " + checks.size() + " environment checks pass"
                    : "; environment checks failing: " + String.join(", ", missing) + " (see fix)");
        }
        if (bridge != null) {
            text.append("; RenderDoc bridge ").append(bridge.status().replace('_', ' '));
        }
        return text.append('.').toString();
    }
}
