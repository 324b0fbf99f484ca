package dev.framescope.shader.nativepass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The command line a {@link NativeDraw} becomes, the draws it refuses before any process starts, and how
 * {@link NativeRenderer} reads effect_pass's failures: a missing part with its fix, anything else with its line.
 */
class NativeDrawTest {

    private static final Path DATA = Path.of("/data");

    @Test
    void aDrawBecomesEffectPassesFlagsInOrder() {
        NativeDraw draw = new NativeDraw(Path.of("/s/f.spv"), Path.of("/s/v.spv"), 64, 32, 2, Path.of("/u.bin"),
                List.of(new NativeInput(3, 4, 5, true, "clamp", "mirror", Path.of("/a.f32")),
                        new NativeInput(9, 1, 1, false, "repeat", "repeat", Path.of("/b.f32"))),
                Path.of("/out.f32"), "/cap/x");

        assertEquals(List.of("--shader", "/s/f.spv", "--size", "64", "32", "--pixels", "/out.f32", "--capture",
                "/cap/x", "--vertex", "/s/v.spv", "--uniforms", "2", "/u.bin", "--input", "3", "4", "5", "linear",
                "clamp", "mirror", "/a.f32", "--input", "9", "1", "1", "nearest", "repeat", "repeat", "/b.f32"),
                draw.arguments());
        assertEquals(List.of("--shader", "/f.spv", "--size", "1", "8192", "--pixels", "/o.f32"),
                NativeDraw.of(Path.of("/f.spv"), 1, 8192, Path.of("/o.f32")).arguments());
    }

    @Test
    void refusesWhatEffectPassWouldRefuse() {
        assertEquals("width", refused(() -> NativeDraw.of(DATA, 0, 8, DATA)).context().get("parameter"));
        assertEquals("height", refused(() -> NativeDraw.of(DATA, 8, 8193, DATA)).context().get("parameter"));
        assertEquals("uniforms", refused(() -> new NativeDraw(DATA, null, 8, 8, 0, null, List.of(), DATA, null))
                .context().get("parameter"));
        assertEquals("wrap_t", refused(() -> new NativeInput(0, 1, 1, true, "clamp", "edge", DATA)).context()
                .get("parameter"));
        NativeInput input = new NativeInput(1, 1, 1, true, "clamp", "clamp", DATA);
        assertTrue(refused(() -> new NativeDraw(DATA, null, 8, 8, 1, DATA, List.of(input), DATA, null))
                .getMessage().contains("one resource per binding"));
        assertTrue(refused(() -> new NativeDraw(DATA, null, 8, 8, null, null, Collections.nCopies(17, input), DATA,
                null)).getMessage().contains("at most 16"));
        NativeInput huge = new NativeInput(2, 8192, 8192, true, "clamp", "clamp", DATA);
        assertTrue(refused(() -> new NativeDraw(DATA, null, 8, 8, null, null, List.of(huge, input), DATA, null))
                .getMessage().contains("bytes in all"));
    }

    private static ToolException refused(Runnable build) {
        ToolException e = assertThrows(ToolException.class, build::run);
        assertEquals(ErrorCode.INVALID_ARGUMENT, e.code());
        return e;
    }

    @Test
    void aMissingPartIsUnavailableWithItsFixAndAnythingElseFailedWithItsLine() {
        ToolException noRenderDoc = NativeRenderer.failure(1, "effect_pass: loading librenderdoc.so failed: "
                + "librenderdoc.so: cannot open shared object file: No such file or directory");
        assertEquals(ErrorCode.ENGINE_UNAVAILABLE, noRenderDoc.code());
        assertTrue(noRenderDoc.context().get("fix").toString().startsWith("sudo apt-get install -y librenderdoc"));
        ToolException noLoader = NativeRenderer.failure(127, "/state/native/0123456789ab/effect_pass: error while "
                + "loading shared libraries: libvulkan.so.1: cannot open shared object file");
        assertTrue(noLoader.context().get("fix").toString().startsWith("sudo apt-get install -y libvulkan1"));
        ToolException noLavapipe = NativeRenderer.failure(1, "effect_pass: finding lavapipe failed: no "
                + "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json (Debian: mesa-vulkan-drivers)");
        assertTrue(noLavapipe.context().get("fix").toString().contains("mesa-vulkan-drivers"));

        ToolException parse = NativeRenderer.failure(1, "some driver noise\neffect_pass: parsing arguments failed: "
                + "--size W must be 1..8192, not '0'\n");
        assertEquals(ErrorCode.ENGINE_FAILED, parse.code());
        assertEquals("effect_pass failed: effect_pass: parsing arguments failed: --size W must be 1..8192, not '0'",
                parse.getMessage());
        ToolException crashed = NativeRenderer.failure(139, "");
        assertEquals("effect_pass failed: it was killed by signal 11", crashed.getMessage());
        assertEquals(139, crashed.context().get("exit_code"));
    }
}
