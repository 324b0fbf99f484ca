package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.framescope.common.ErrorCode;
import dev.framescope.diagnostics.ToolCallStats;
import org.junit.jupiter.api.Test;

class CallStatsTest {

    @Test
    void countsCallsErrorsTimeoutsAndNearestRankPercentiles() {
        CallStats stats = new CallStats();
        for (int ms = 1; ms <= 100; ms++) {
            stats.recordSuccess("t", ms * 1_000_000L);
        }
        stats.recordError("t", 500_000_000L, ErrorCode.TIMEOUT, "replay did not finish within 250 ms.");
        stats.recordError("t", 1_000_000L, ErrorCode.NOT_FOUND, "missing");
        ToolCallStats t = stats.snapshot().get(0);
        assertEquals(102, t.calls());
        assertEquals(2, t.errors());
        assertEquals(1, t.timeouts());
        assertEquals(50.0, t.p50Ms());   // 102 samples 1,1,2,…,100,500: rank ceil(51.0) = 51 is 50
        assertEquals(96.0, t.p95Ms());   // rank ceil(96.9) = 97 is 96
        assertEquals("NOT_FOUND", t.lastError().code());
    }

    @Test
    void windowKeepsOnlyRecentLatencies() {
        CallStats stats = new CallStats();
        for (int i = 0; i < ToolCallStats.LATENCY_WINDOW; i++) {
            stats.recordSuccess("t", 1_000_000_000L);
        }
        for (int i = 0; i < ToolCallStats.LATENCY_WINDOW; i++) {
            stats.recordSuccess("t", 2_000_000L);
        }
        ToolCallStats t = stats.snapshot().get(0);
        assertEquals(2.0, t.p95Ms());
        assertNull(t.lastError());
    }
}
