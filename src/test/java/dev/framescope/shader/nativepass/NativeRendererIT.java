package dev.framescope.shader.nativepass;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link NativeRenderer} end to end on the program the build packed into the classes (pom.xml, execution
 * native-effect-pass): committed shaders compiled by glslang, drawn on lavapipe with known float inputs and
 * uniforms at bindings other than 0, every output float exact (also from loose uniforms gathered by glslang's
 * relaxed rules); a replacement vertex shader; a shader that never
 * ends stopped by the renderer's own limit while the JVM goes on; the program missing from the class path; two
 * renderers on one fresh state folder unpacking and drawing at once.
 */
@Timeout(120)
class NativeRendererIT {

    private static final Path SHADERS = Path.of("src/test/resources/native").toAbsolutePath();
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path work;

    private Path spirv(String shader, String... flags) throws Exception {
        Path out = work.resolve(shader + ".spv");
        List<String> command = new ArrayList<>(List.of("glslangValidator", "-V", "-g"));
        command.addAll(List.of(flags));
        command.addAll(List.of("-o", out.toString(), SHADERS.resolve(shader).toString()));
        Process glslang = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(glslang.getInputStream().readAllBytes());
        assertTrue(glslang.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, glslang.exitValue(), said);
        return out;
    }

    private Path floats(String name, float... values) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            bytes.putFloat(v);
        }
        return Files.write(work.resolve(name), bytes.array());
    }

    private static float[] read(Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        float[] out = new float[bytes.remaining() / Float.BYTES];
        bytes.asFloatBuffer().get(out);
        return out;
    }

    /**
     * two_inputs.frag at 8x2: column x samples `grid` (2x2, nearest, s repeat, t mirror; texel (i, j) holds
     * r = i + 2j, g = 100 + r) at probe x's (s, t), and `ramp` (2x1, linear, clamp; r 0 then 1) at probe x's s.
     */
    private NativeDraw twoInputs(Path pixels, String capture) throws Exception {
        float[][] probes = {
            {0.25f, 0.25f, 0.5f}, // texel (0, 0); ramp halfway between its texel centres
            {0.75f, 0.25f, 0.375f}, // texel (1, 0); a quarter of the way
            {0.25f, 0.75f, 0f}, // texel (0, 1): the file's second row is t = 0.75; ramp clamped to texel 0
            {1.25f, 0.25f, 1f}, // s repeats to texel (0, 0); ramp clamped to texel 1
            {-0.25f, 0.75f, 0.625f}, // s repeats to texel (1, 1); three quarters
            {0.45f, 0.25f, 0.25f}, // nearest stays on texel 0 near the edge; ramp at texel 0's centre
            {0.25f, 1.25f, 0.75f}, // t mirrors back to 0.75: row 1; ramp at texel 1's centre
            {0.75f, -0.25f, -0.5f}, // t mirrors to 0.25: row 0; ramp clamped below texel 0
        };
        ByteBuffer params = ByteBuffer.allocate(8 * 16 + 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float[] p : probes) {
            params.putFloat(p[0]).putFloat(p[1]).putFloat(p[2]).putFloat(0f);
        }
        params.putFloat(0.5f);
        Path uniforms = Files.write(work.resolve("params.bin"), params.array());
        Path grid = floats("grid.f32", 0, 100, 0, 1, 1, 101, 0, 1, 2, 102, 0, 1, 3, 103, 0, 1);
        Path ramp = floats("ramp.f32", 0, 0, 0, 1, 1, 0, 0, 1);
        return new NativeDraw(spirv("two_inputs.frag"), null, 8, 2, 3, uniforms,
                List.of(new NativeInput(5, 2, 2, false, "repeat", "mirror", grid),
                        new NativeInput(7, 2, 1, true, "clamp", "clamp", ramp)),
                pixels, capture);
    }

    private static final float[] TWO_INPUTS_ROW = {
        0, 0.5f, 100, 0, 1, 0.25f, 101, 0, 2, 0, 102, 0, 0, 1, 100, 0,
        3, 0.75f, 103, 0, 0, 0, 100, 0, 2, 1, 102, 0, 1, 0, 101, 0};

    private static float[] expectedTwoInputs() {
        float[] expected = new float[8 * 2 * 4];
        for (int y = 0; y < 2; y++) {
            for (int x = 0; x < 8; x++) {
                int i = (y * 8 + x) * 4;
                System.arraycopy(TWO_INPUTS_ROW, x * 4, expected, i, 3);
                expected[i + 3] = 0.5f + y; // bias + the row: row 0 of the file is gl_FragCoord.y = 0.5
            }
        }
        return expected;
    }

    /**
     * A cube map's six 2x2 faces, texel (col, row) of face f holding (f, row, col, 1): every axis reads its own face
     * (GL's face order), and a direction toward +s, +t on the +X face reads that face's texel (1, 1), as GL would.
     */
    @Test
    void samplesACubeMapByDirectionWithGlsFacesAndOrientation() throws Exception {
        float[] faces = new float[6 * 2 * 2 * 4];
        for (int f = 0; f < 6; f++) {
            for (int row = 0; row < 2; row++) {
                for (int col = 0; col < 2; col++) {
                    int i = ((f * 2 + row) * 2 + col) * 4;
                    faces[i] = f;
                    faces[i + 1] = row;
                    faces[i + 2] = col;
                    faces[i + 3] = 1;
                }
            }
        }
        NativeDraw draw = new NativeDraw(spirv("cube_input.frag"), null, 6, 2, null, null,
                List.of(new NativeInput(2, 2, 2, false, "clamp", "clamp", floats("cube.f32", faces), true)),
                work.resolve("cube-out.f32"), null);
        float[] out = read(new NativeRenderer(work.resolve("state")).draw(draw, LIMIT).pixels());
        for (int f = 0; f < 6; f++) {
            assertEquals(f, out[f * 4], "column " + f + " reads face " + f);
        }
        assertArrayEquals(new float[] {0, 1, 1, 1}, Arrays.copyOfRange(out, 6 * 4, 6 * 4 + 4),
                "the +X face's texel (1, 1)");
    }

    @Test
    void samplesTwoInputsAndReadsUniformsAtTheirBindingsExactly() throws Exception {
        Path state = work.resolve("state");
        NativeRenderer renderer = new NativeRenderer(state);
        NativeResult result = renderer.draw(twoInputs(work.resolve("two.f32"), work.resolve("two").toString()),
                LIMIT);

        assertArrayEquals(expectedTwoInputs(), read(result.pixels()));
        assertTrue(Files.size(result.capture()) > 0, result.capture().toString());
        assertTrue(result.capture().getFileName().toString().startsWith("two"), result.capture().toString());
        Path program = renderer.program();
        assertEquals(state.resolve("native"), program.getParent().getParent());
        assertTrue(program.getParent().getFileName().toString().matches("[0-9a-f]{12}"), program.toString());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(program.getParent())));
        assertTrue(Files.isExecutable(program));

        Files.delete(program); // a state folder cleaned while the server runs: the program is unpacked again
        NativeResult again = renderer.draw(twoInputs(work.resolve("again.f32"), null), LIMIT);
        assertArrayEquals(expectedTwoInputs(), read(again.pixels()));
        assertEquals(null, again.capture());
        assertTrue(Files.isExecutable(program));
    }

    /**
     * The converter's way: loose uniforms gathered into one block and the sampler moved by glslang's flags. For a
     * combined sampler2D it is --shift-texture-binding (--stb) that moves it; --shift-sampler-binding leaves it at 0.
     */
    @Test
    void aShaderCompiledWithRelaxedRulesReadsItsGatheredUniformsAndItsSampler() throws Exception {
        Path shader = spirv("loose_uniforms.frag", "-R", "--amb", "--aml", "--sdub", "FramescopeUniforms", "0", "2",
                "--stb", "4");
        Path uniforms = floats("loose.bin", 2f, 0f, 2f, 2f); // level, padding, resolution (std140 offsets 0 and 8)
        Path image = floats("image.f32", 1, 0, 0, 1, 2, 0, 0, 1, 3, 0, 0, 1, 4, 0, 0, 1);
        NativeDraw draw = new NativeDraw(shader, null, 2, 2, 2, uniforms,
                List.of(new NativeInput(4, 2, 2, false, "clamp", "clamp", image)), work.resolve("loose.f32"), null);

        assertArrayEquals(new float[] {2, 0, 0, 2, 4, 0, 0, 2, 6, 0, 0, 2, 8, 0, 0, 2},
                read(new NativeRenderer(work.resolve("state")).draw(draw, LIMIT).pixels()));
    }

    @Test
    void aVertexShaderReplacesTheFullScreenTriangle() throws Exception {
        NativeDraw draw = new NativeDraw(spirv("marker.frag"), spirv("marker.vert"), 4, 2, null, null, List.of(),
                work.resolve("marker.f32"), null);
        NativeResult result = new NativeRenderer(work.resolve("state")).draw(draw, LIMIT);

        assertEquals(null, result.capture());
        float[] rgba = read(result.pixels());
        for (int y = 0; y < 2; y++) {
            for (int x = 0; x < 4; x++) {
                int i = (y * 4 + x) * 4;
                // marker.vert turns the triangle upside down: its uv.y is 0 on the bottom row, as GL has it
                assertEquals((x + 0.5f) / 4, rgba[i], 1e-6, "u at (" + x + ", " + y + ")");
                assertEquals(1 - (y + 0.5f) / 2, rgba[i + 1], 1e-6, "v at (" + x + ", " + y + ")");
                assertEquals(0.375f, rgba[i + 2], "the flat marker, only marker.vert writes it");
                assertEquals(1.5f, rgba[i + 3]);
            }
        }
    }

    @Test
    void aShaderThatNeverEndsIsStoppedByTheLimitAndTheJvmGoesOn() throws Exception {
        Path noUniforms = Files.write(work.resolve("none.bin"), new byte[0]);
        NativeDraw draw = new NativeDraw(spirv("never_ends.frag"), null, 1024, 1024, 0, noUniforms, List.of(),
                work.resolve("never.f32"), null);
        NativeRenderer renderer = new NativeRenderer(work.resolve("state"));
        long start = System.nanoTime();
        ToolException stopped = assertThrows(ToolException.class, () -> renderer.draw(draw, Duration.ofSeconds(2)));
        long ms = (System.nanoTime() - start) / 1_000_000;

        assertEquals(ErrorCode.TIMEOUT, stopped.code(), stopped.getMessage());
        assertEquals(2000L, stopped.context().get("limit_ms"));
        assertTrue(stopped.getMessage().contains("2000 ms"), stopped.getMessage());
        assertTrue(ms >= 2000 && ms < 8000, ms + " ms");
        List<String> left = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(p -> p.info().command().orElse("?")).filter(c -> c.endsWith("effect_pass")).toList();
        assertEquals(List.of(), left);
        // the same renderer draws again after it
        NativeResult after = renderer.draw(twoInputs(work.resolve("after.f32"), null), LIMIT);
        assertArrayEquals(expectedTwoInputs(), read(after.pixels()));
    }

    @Test
    void aMissingProgramIsUnavailableWithTheFix() {
        NativeRenderer renderer = new NativeRenderer(work.resolve("state"), "/no/such/effect_pass");
        ToolException missing = assertThrows(ToolException.class, () -> renderer.draw(
                NativeDraw.of(work.resolve("x.spv"), 8, 8, work.resolve("x.f32")), LIMIT));

        assertEquals(ErrorCode.ENGINE_UNAVAILABLE, missing.code());
        assertEquals(NativeProgram.BUILD_FIX, missing.context().get("fix"));
        assertTrue(missing.getMessage().contains("-Dnative.skip=true"), missing.getMessage());
    }

    @Test
    void aResourceTheCommandLineDoesNotGiveFailsWithEffectPassesLine() throws Exception {
        Path shader = spirv("two_inputs.frag");
        ToolException failed = assertThrows(ToolException.class, () -> new NativeRenderer(work.resolve("state"))
                .draw(NativeDraw.of(shader, 8, 2, work.resolve("x.f32")), LIMIT));

        assertEquals(ErrorCode.ENGINE_FAILED, failed.code());
        assertEquals("effect_pass: matching the shader's resources failed: " + shader + " reads a uniform buffer at"
                + " set 0 binding 3 that no --uniforms, --input or --cube gives", failed.context().get("stderr"));
        assertEquals(1, failed.context().get("exit_code"));
    }

    @Test
    void twoRenderersOnOneFreshStateFolderUnpackAndDrawAtOnce() throws Exception {
        Path state = work.resolve("shared-state");
        List<Callable<NativeResult>> draws = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            NativeRenderer renderer = new NativeRenderer(state);
            NativeDraw draw = twoInputs(work.resolve("at-once-" + i + ".f32"), null);
            draws.add(() -> renderer.draw(draw, LIMIT));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (Future<NativeResult> done : pool.invokeAll(draws)) {
                assertArrayEquals(expectedTwoInputs(), read(done.get().pixels()));
            }
        } finally {
            pool.shutdownNow();
        }
        try (var unpacked = Files.list(state.resolve("native"))) {
            List<Path> folders = unpacked.filter(Files::isDirectory).toList();
            assertEquals(1, folders.size(), folders.toString());
            try (var inside = Files.list(folders.get(0))) {
                assertEquals(List.of("effect_pass"), inside.map(p -> p.getFileName().toString()).toList());
            }
        }
    }
}
