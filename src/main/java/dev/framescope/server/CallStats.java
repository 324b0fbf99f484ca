package dev.framescope.server;

import dev.framescope.common.ErrorCode;
import dev.framescope.diagnostics.ToolCallStats;
import dev.framescope.diagnostics.ToolCallStats.LastError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-tool call counters for diagnostics: calls, errors, timeouts, latency percentiles over the most recent calls,
 * and the last error. The server records every call here, from MCP and from the CLI alike, and the diagnostics read
 * its {@link #snapshot()}. Thread-safe.
 */
public final class CallStats {

    private final Map<String, ToolCounter> counters = new ConcurrentHashMap<>();

    public void recordSuccess(String tool, long elapsedNanos) {
        counter(tool).record(elapsedNanos, null, null);
    }

    public void recordError(String tool, long elapsedNanos, ErrorCode code, String message) {
        counter(tool).record(elapsedNanos, code, message);
    }

    /** Counters of every tool that has been called, sorted by name. */
    public List<ToolCallStats> snapshot() {
        List<ToolCallStats> stats = new ArrayList<>();
        counters.forEach((tool, counter) -> stats.add(counter.snapshot(tool)));
        stats.sort((a, b) -> a.tool().compareTo(b.tool()));
        return stats;
    }

    private ToolCounter counter(String tool) {
        return counters.computeIfAbsent(tool, t -> new ToolCounter());
    }

    private static final class ToolCounter {
        private long calls;
        private long errors;
        private long timeouts;
        private long cancelled;
        private final long[] latencies = new long[ToolCallStats.LATENCY_WINDOW];
        private LastError lastError;

        synchronized void record(long elapsedNanos, ErrorCode code, String message) {
            latencies[(int) (calls % ToolCallStats.LATENCY_WINDOW)] = elapsedNanos;
            calls++;
            if (code != null) {
                errors++;
                if (code == ErrorCode.TIMEOUT) {
                    timeouts++;
                } else if (code == ErrorCode.CANCELLED) {
                    cancelled++;
                }
                lastError = new LastError(code.name(), message, Instant.now().toString());
            }
        }

        synchronized ToolCallStats snapshot(String tool) {
            long[] window = Arrays.copyOf(latencies, (int) Math.min(calls, ToolCallStats.LATENCY_WINDOW));
            Arrays.sort(window);
            return new ToolCallStats(tool, calls, errors, timeouts, cancelled, percentileMs(window, 0.50),
                    percentileMs(window, 0.95), lastError);
        }

        /** Nearest-rank percentile: the smallest sample with at least {@code q} of the samples at or below it. */
        private static double percentileMs(long[] sorted, double q) {
            if (sorted.length == 0) {
                return 0;
            }
            int rank = (int) Math.ceil(q * sorted.length);
            return Math.round(sorted[Math.max(rank, 1) - 1] / 1e3) / 1e3;
        }
    }
}
