package dev.framescope.diagnostics;

import dev.framescope.common.Bounded;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.Components;
import dev.framescope.common.DiagnosticsSection;
import dev.framescope.common.Version;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Assembles the server's self-report from the call counters, the component registry, the environment checks and the
 * sections the served groups contribute (the dialogs' questions, the RenderDoc bridge's own report): one place to
 * look when anything fails. Knows nothing of MCP, nor of any group's core; {@link DiagnosticsTools} exposes it as a
 * tool and {@code doctor} uses the checks directly.
 */
public final class Diagnostics {

    public static final String SERVER_NAME = "framescope";

    private final Supplier<List<ToolCallStats>> callStats;
    private final Components components;
    private final EnvironmentChecks environment;
    private final Supplier<List<String>> toolNames;
    private final Map<String, DiagnosticsSection> sections = new LinkedHashMap<>();
    private final Instant startedAt = Instant.now();
    private final long startedNanos = System.nanoTime();

    /** @param sections the served groups' sections, each named as a property of {@link ServerDiagnostics} */
    public Diagnostics(Supplier<List<ToolCallStats>> callStats, Components components, EnvironmentChecks environment,
                       Supplier<List<String>> toolNames, List<DiagnosticsSection> sections) {
        this.callStats = callStats;
        this.components = components;
        this.environment = environment;
        this.toolNames = toolNames;
        for (DiagnosticsSection section : sections) {
            if (!ServerDiagnostics.SECTIONS.contains(section.name())) {
                throw new IllegalArgumentException("ServerDiagnostics has no place for the section " + section.name());
            }
            this.sections.put(section.name(), section);
        }
    }

    public ServerDiagnostics report(DiagnosticsArgs args) {
        List<ToolCallStats> perTool = perTool();
        List<ComponentStatus> componentStates = components.snapshot();
        List<EnvironmentCheck> checks = args.includeEnvironment() ? environment.run(args.refresh()) : null;
        long uptimeMs = (System.nanoTime() - startedNanos) / 1_000_000;
        Map<String, DiagnosticsSection.Report> reports = new LinkedHashMap<>();
        sections.forEach((name, section) -> reports.put(name, section.report().apply(args.bridgeErrors())));
        return new ServerDiagnostics(ServerDiagnostics.SCHEMA_VERSION, summary(perTool, checks, uptimeMs,
                reports.values()), SERVER_NAME, Version.current(), Runtime.version().toString(), startedAt.toString(),
                uptimeMs, toolNames.get().size(), Bounded.of(perTool, args.toolLimit()), componentStates,
                reports.get("dialogs"), checks, ServerDiagnostics.Memory.now(), reports.get("renderdoc_bridge"));
    }

    /** Every registered tool, with zero counts for those never called, busiest first. */
    private List<ToolCallStats> perTool() {
        Map<String, ToolCallStats> byName = new LinkedHashMap<>();
        toolNames.get().forEach(name -> byName.put(name, new ToolCallStats(name, 0, 0, 0, 0, 0, 0, null)));
        callStats.get().forEach(s -> byName.put(s.tool(), s));
        List<ToolCallStats> rows = new ArrayList<>(byName.values());
        rows.sort(Comparator.comparingLong(ToolCallStats::calls).reversed().thenComparing(ToolCallStats::tool));
        return rows;
    }

    private static String summary(List<ToolCallStats> perTool, List<EnvironmentCheck> checks, long uptimeMs,
                                  Collection<DiagnosticsSection.Report> sections) {
        long calls = perTool.stream().mapToLong(ToolCallStats::calls).sum();
        long errors = perTool.stream().mapToLong(ToolCallStats::errors).sum();
        StringBuilder text = new StringBuilder(String.format("FrameScope %s, up %.1f s: %d tool calls, %d errors",
                Version.current(), uptimeMs / 1000.0, calls, errors));
        if (checks != null) {
            List<String> missing = checks.stream().filter(c -> !c.ok()).map(EnvironmentCheck::name).toList();
            text.append(missing.isEmpty() ? "; all " + checks.size() + " environment checks pass"
                    : "; environment checks failing: " + String.join(", ", missing) + " (see fix)");
        }
        sections.stream().map(DiagnosticsSection.Report::summaryPart).filter(Objects::nonNull)
                .forEach(part -> text.append("; ").append(part));
        return text.append('.').toString();
    }
}
