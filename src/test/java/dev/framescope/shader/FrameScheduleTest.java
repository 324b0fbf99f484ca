package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.framescope.shader.formats.Schedule;
import org.junit.jupiter.api.Test;

/** The frames a render runs up to a time, and the exact figures of a float target. */
class FrameScheduleTest {

    @Test
    void byDefaultTheFramesASixtyFpsHostDrawsFromTimeZero() {
        assertEquals(new Schedule(1, 1.0 / 480), Schedule.of(0.0, null));
        assertEquals(new Schedule(241, 1.0 / 480), Schedule.of(0.5, null));
        assertEquals(new Schedule(481, 1.0 / 480), Schedule.of(1.0, null));
        assertEquals(49, Schedule.of(0.1, null).frames(), "0.1 × 480 = 48.000000000000004 or 47.99…");
    }

    @Test
    void askedFramesNeverStartBeforeTimeZero() {
        assertEquals(new Schedule(10, 0.0), Schedule.of(0.0, 10));
        assertEquals(new Schedule(10, 1.0 / 480), Schedule.of(1.0, 10));
        Schedule early = Schedule.of(0.01, 10);
        assertEquals(0.0, 0.01 - (early.frames() - 1) * early.step(), 1e-15, "the first frame at TIME 0");
    }

    @Test
    void floatStatsKeepWhatBytesLose() {
        FloatStats stats = FloatStats.of(new float[] {2.5f, 0.001f, -0.5f, 1f, 0.5f, 0.003f, 0f, Float.NaN});
        assertEquals(2.5f, stats.max()[0]);
        assertEquals(0.5f, stats.min()[0]);
        assertEquals((0.001 + 0.003) / 2, stats.mean()[1], 1e-9);
        assertEquals(-0.5f, stats.min()[2]);
        assertEquals(1.0 / 8, stats.fractionAboveOne());
        assertEquals(1.0 / 8, stats.fractionBelowZero());
        assertEquals(1.0 / 8, stats.fractionNotFinite());
        assertEquals(1.0, stats.max()[3], "alpha: the NaN is left out");
    }
}
