package dev.framescope.shader;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser tools that take an effect selector page a folder of 135 effects (the demo's ISF files copied 15
 * times) in real Chromium like compile_effect: see {@link PagingContract}. Tiny frames, one time, one frame.
 */
@Timeout(600)
class BatchToolsPagingIT {

    @TempDir
    static Path root;
    @TempDir
    static Path state;
    static PagingContract folder;

    @BeforeAll
    static void copies() throws Exception {
        folder = new PagingContract(root, state, 15);
    }

    @Test
    void pixelParity() throws Exception {
        folder.check("test_effect", Map.of("check", "parity", "width", 8, "height", 8, "times",
                java.util.List.of(0.0), "move_uniforms", false), 1, true);
    }

    @Test
    void uniformResponsivenessOnBothBackends() throws Exception {
        folder.check("test_effect", Map.of("width", 8, "height", 8, "time", 0.0), 2, true);
    }

    @Test
    void noPassthroughOnBothBackends() throws Exception {
        folder.check("test_effect", Map.of("check", "passthrough", "width", 8, "height", 8,
                "time", 0.0), 2, true);
    }

    @Test
    void benchmark() throws Exception {
        folder.check("benchmark_effect_fps", Map.of("width", 8, "height", 8, "frames", 1), 1, true);
    }

    @Test
    void describe() throws Exception {
        folder.check("render_effect_frame", Map.of("describe", true, "width", 8, "height", 8, "ask_model", false), 1,
                true);
    }
}
