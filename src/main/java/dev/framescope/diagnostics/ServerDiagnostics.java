package dev.framescope.diagnostics;

import dev.framescope.common.Bounded;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.DiagnosticsSection;
import java.util.List;
import java.util.Set;

/**
 * Result of {@code get_server_diagnostics}.
 *
 * @param schemaVersion  version of this shape; bumped on a breaking change
 * @param summary        one sentence: version, uptime, call totals, failing checks
 * @param server         server name as announced in {@code initialize}
 * @param version        FrameScope version
 * @param javaVersion    the JVM running the server
 * @param startedAt      ISO-8601 start time
 * @param uptimeMs       milliseconds since start
 * @param toolCount      tools registered in this build
 * @param tools          per-tool counters, busiest first (tools never called have zero counts)
 * @param components     state of each external component; {@code not_started} until a tool needs it
 * @param dialogs        the dialogs group's section: questions to the person, those open (state pending or shown,
 *                       age) and, per dialog tool, how many were asked, how each ended, success_rate, mean and longest
 *                       wait; and a preview of the history of finished questions (the server keeps the last 1,000);
 *                       absent when this server does not serve the dialogs group
 * @param environment    environment checks; absent when {@code include_environment} is false
 * @param memory         JVM heap now, in MiB (used includes garbage not yet collected)
 * @param renderdocBridge the renderdoc group's section: the RenderDoc bridge's own report (status, heartbeat, queue,
 *                       counters, recent errors, last loss, next calls); absent when this server does not serve the
 *                       renderdoc group
 */
public record ServerDiagnostics(int schemaVersion, String summary, String server, String version, String javaVersion,
                                String startedAt, long uptimeMs, int toolCount, Bounded<ToolCallStats> tools,
                                List<ComponentStatus> components, DiagnosticsSection.Report dialogs,
                                List<EnvironmentCheck> environment, Memory memory,
                                DiagnosticsSection.Report renderdocBridge) {

    /** The groups' sections this answer has a place for, by name ({@link DiagnosticsSection#name()}). */
    static final Set<String> SECTIONS = Set.of("dialogs", "renderdoc_bridge");

    /** Heap figures from {@link Runtime}: used = total − free, committed = total, max = the -Xmx limit. */
    public record Memory(double heapUsedMib, double heapCommittedMib, double heapMaxMib) {
        static Memory now() {
            Runtime runtime = Runtime.getRuntime();
            double mib = 1024.0 * 1024.0;
            return new Memory((runtime.totalMemory() - runtime.freeMemory()) / mib, runtime.totalMemory() / mib,
                    runtime.maxMemory() / mib);
        }
    }

    public static final int SCHEMA_VERSION = 1;
}
