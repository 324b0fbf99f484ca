package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.framescope.shader.EffectBenchmark.BenchmarkResult;
import dev.framescope.shader.EffectBenchmark.FrameTimes;
import java.util.List;
import org.junit.jupiter.api.Test;

/** benchmark_effect_fps's target_fps: meets_target per measured result, null without a target or a measurement. */
class BenchmarkTargetTest {

    /** 10 ms frames: 100 frames/s from the mean. */
    private static final BenchmarkResult MEASURED = new BenchmarkResult("synth/gradient", "webgl2", "ok", "SwiftShader",
            3, 30.0, FrameTimes.of(new double[] {10, 10, 10}), null);
    private static final BenchmarkResult FAILED = new BenchmarkResult("broken/glsl-error", "webgl2", "error", null,
            null, null, null, "does not compile");

    @Test
    void comparesTheMeanRateWithTheTarget() {
        assertEquals(true, MEASURED.against(100.0).meetsTarget());
        assertEquals(false, MEASURED.against(100.5).meetsTarget());
        assertNull(MEASURED.against(null).meetsTarget());
        assertNull(FAILED.against(30.0).meetsTarget());
        assertEquals("; 1 of 1 measured meet 60 frames/s", EffectBenchmark.targetSummary(
                List.of(MEASURED.against(60.0), FAILED.against(60.0)), 60.0));
        assertEquals("", EffectBenchmark.targetSummary(List.of(MEASURED), null));
    }
}
