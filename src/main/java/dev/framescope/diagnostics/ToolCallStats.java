package dev.framescope.diagnostics;

/**
 * One tool's counters, as the server counts them; {@code errors} includes {@code timeouts} and {@code cancelled}
 * (calls the client cancelled or that ran past their time limit end with an error). Latencies are wall time inside
 * the server from argument validation to result, in ms, nearest-rank percentiles over the last
 * {@value #LATENCY_WINDOW} calls.
 */
public record ToolCallStats(String tool, long calls, long errors, long timeouts, long cancelled, double p50Ms,
                            double p95Ms, LastError lastError) {

    /** Latency percentiles are taken over this many most recent calls of each tool. */
    public static final int LATENCY_WINDOW = 1024;

    /** The most recent failure of a tool: its error code, message and ISO-8601 time. */
    public record LastError(String code, String message, String at) {
    }
}
