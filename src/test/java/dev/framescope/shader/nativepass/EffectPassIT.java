package dev.framescope.shader.nativepass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native effect renderer (src/main/native/effect_pass.c, built by scripts/build-native.sh) end to end, the way
 * a debug tool will use it: a committed fragment shader compiled by glslang with debug info, drawn on lavapipe and
 * captured by RenderDoc; its pixels are NaN exactly where the shader divides 0 by 0 and the uniform value elsewhere,
 * and RenderDoc's shader debugger, reached through the project's own debug_shader, steps a NaN pixel to that
 * division on the shader file's own line. A shader that does not end is stopped by the caller's time limit; a bad
 * argument (a file that is not SPIR-V, a size out of range, a uniform block the command line does not give, too many
 * uniform bytes, an input file of the wrong size) fails with one line.
 */
@Timeout(300)
class EffectPassIT {

    private static final Path SHADERS = Path.of("src/test/resources/native").toAbsolutePath();
    /** nan_at_line.frag's division: columns x >= 32 (gl_FragCoord.x > 32.0) run it. */
    private static final int NAN_LINE = 14;
    private static final int FIRST_NAN_COLUMN = 32;
    private static final float LEVEL = 0.75f;
    private static final int WIDTH = 64;
    private static final int HEIGHT = 48;

    @TempDir
    static Path work;
    private static Path program;

    @BeforeAll
    static void build() throws Exception {
        Run built = run(List.of("bash", "scripts/build-native.sh"), 120);
        assertEquals(0, built.exit(), built.stderr());
        program = Path.of(built.stdout().strip());
        assertTrue(Files.isExecutable(program), program.toString());
    }

    private record Run(int exit, String stdout, String stderr) {
    }

    private static Run run(List<String> command, int seconds) throws Exception {
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .start();
        try {
            assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), "still running after " + seconds + " s: " + command);
        } finally {
            process.destroyForcibly();
        }
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static Path spirv(String shader) throws Exception {
        Path out = work.resolve(shader + ".spv");
        Run compiled = run(List.of("glslangValidator", "-V", "-g", "-o", out.toString(),
                SHADERS.resolve(shader).toString()), 60);
        assertEquals(0, compiled.exit(), compiled.stdout() + compiled.stderr());
        return out;
    }

    private static float[] pixels(Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        float[] out = new float[bytes.remaining() / Float.BYTES];
        bytes.asFloatBuffer().get(out);
        return out;
    }

    private static JsonNode call(ToolGroups.Toolkit toolkit, String tool, Object... keyValues) throws Exception {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            args.put((String) keyValues[i], keyValues[i + 1]);
        }
        CallToolResult result = toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(), args,
                ToolContext.SILENT);
        String text = ((TextContent) result.content().get(0)).text();
        assertFalse(Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }

    @Test
    void aNanPixelStepsToTheDivisionOnTheShadersOwnLine() throws Exception {
        long start = System.nanoTime();
        Path spirv = spirv("nan_at_line.frag");
        long compiled = System.nanoTime();
        Path uniforms = work.resolve("params.bin");
        Files.write(uniforms, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putFloat(0f).putFloat(LEVEL)
                .array());
        Path pixelFile = work.resolve("nan.f32");
        Run drawn = run(List.of(program.toString(), "--shader", spirv.toString(), "--size", Integer.toString(WIDTH),
                Integer.toString(HEIGHT), "--pixels", pixelFile.toString(), "--capture", work.resolve("nan").toString(),
                "--uniforms", "0", uniforms.toString()), 60);
        long rendered = System.nanoTime();
        assertEquals(0, drawn.exit(), drawn.stderr());
        Path capture = Path.of(drawn.stdout().strip().lines().reduce((a, b) -> b).orElseThrow());
        assertTrue(Files.size(capture) > 0, capture.toString());

        float[] rgba = pixels(pixelFile);
        assertEquals(WIDTH * HEIGHT * 4, rgba.length);
        List<String> wrong = new ArrayList<>();
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                int i = (y * WIDTH + x) * 4;
                boolean nan = Float.isNaN(rgba[i]);
                if (nan != x >= FIRST_NAN_COLUMN || !nan && rgba[i] != LEVEL || rgba[i + 1] != 0.25f
                        || rgba[i + 2] != 0.5f || rgba[i + 3] != 1f) {
                    wrong.add("(" + x + ", " + y + ") = " + rgba[i] + ", " + rgba[i + 1] + ", " + rgba[i + 2] + ", "
                            + rgba[i + 3]);
                }
            }
        }
        assertEquals(List.of(), wrong.subList(0, Math.min(8, wrong.size())));

        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(work.resolve("state")));
        JsonNode draws = call(toolkit, "iterate_actions", "capture", capture.toString(), "draws_only", true);
        assertEquals(1, draws.at("/preview").size(), draws.toString());
        int event = draws.at("/preview/0/event_id").asInt();
        JsonNode trace = call(toolkit, "debug_shader", "capture", capture.toString(), "event_id", event, "x", 40,
                "y", 20);
        long traced = System.nanoTime();
        System.out.printf("EffectPassIT: shader text to trace %.2f s (glslang %.2f s, renderer %.2f s, replay and"
                + " debug_shader %.2f s)%n", (traced - start) / 1e9, (compiled - start) / 1e9,
                (rendered - compiled) / 1e9, (traced - rendered) / 1e9);

        assertEquals("debugged", trace.get("status").asText(), trace.toString());
        JsonNode first = trace.get("first_non_finite");
        assertEquals("nan", first.path("kind").asText(), trace.toString());
        assertEquals("NaN", first.at("/result/value").asText(), first.toString());
        assertTrue(first.get("text").asText().contains(" / "), first.toString());
        assertEquals(2, first.get("operands").size(), first.toString());
        for (JsonNode operand : first.get("operands")) {
            assertEquals(0.0, operand.get("value").asDouble(), operand.toString());
            assertEquals("params.zero", operand.get("source_name").asText(), operand.toString());
        }
        assertEquals(NAN_LINE, first.at("/source/line").asInt(), first.toString());
        assertTrue(first.at("/source/file").asText().endsWith("src/test/resources/native/nan_at_line.frag"),
                first.toString());
        assertEquals(Files.readAllLines(SHADERS.resolve("nan_at_line.frag")).get(NAN_LINE - 1).strip(),
                first.at("/source/text").asText().strip(), first.toString());
        assertEquals("NaN", trace.at("/outputs/0/value/0").asText(), trace.toString());

        JsonNode finite = call(toolkit, "debug_shader", "capture", capture.toString(), "event_id", event, "x", 10,
                "y", 20);
        assertTrue(finite.get("first_non_finite").isNull(), finite.toString());
        assertEquals(LEVEL, finite.at("/outputs/0/value/0").asDouble(), 0.0, finite.toString());
    }

    @Test
    void aShaderThatDoesNotEndIsStoppedByTheCallersTimeLimit() throws Exception {
        Path spirv = spirv("never_ends.frag");
        Path noUniforms = Files.write(work.resolve("none.bin"), new byte[0]);
        Process process = new ProcessBuilder(program.toString(), "--shader", spirv.toString(), "--size", "1024",
                "1024", "--pixels", work.resolve("never.f32").toString(), "--capture", work.resolve("never").toString(),
                "--uniforms", "0", noUniforms.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            assertFalse(process.waitFor(2, TimeUnit.SECONDS), "the shader ended: it was meant to run for hours");
            process.destroy();
            assertTrue(process.waitFor(5, TimeUnit.SECONDS), "SIGTERM did not stop the renderer");
            assertEquals(128 + 15, process.exitValue());
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void aBadArgumentFailsWithOneLine() throws Exception {
        Path notSpirv = work.resolve("not.spv");
        Files.writeString(notSpirv, "void main() {}", StandardCharsets.UTF_8);
        Run failed = run(List.of(program.toString(), "--shader", notSpirv.toString(), "--size", "8", "8",
                "--pixels", work.resolve("x.f32").toString()), 30);
        assertEquals(1, failed.exit());
        assertEquals("effect_pass: reading the shader failed: " + notSpirv + " is not SPIR-V\n", failed.stderr());
        Run badSize = run(List.of(program.toString(), "--shader", notSpirv.toString(), "--size", "0", "8",
                "--pixels", work.resolve("x.f32").toString()), 30);
        assertEquals("effect_pass: parsing arguments failed: --size W must be 1..8192, not '0'\n", badSize.stderr());
        Path needsUniforms = spirv("nan_at_line.frag");
        Run noUniforms = run(List.of(program.toString(), "--shader", needsUniforms.toString(), "--size", "8", "8",
                "--pixels", work.resolve("x.f32").toString()), 30);
        assertEquals("effect_pass: matching the shader's resources failed: " + needsUniforms + " reads a uniform"
                + " buffer at set 0 binding 0 that no --uniforms, --input or --cube gives\n", noUniforms.stderr());
        Path tooLarge = Files.write(work.resolve("large.bin"), new byte[65537]);
        Run largeUniforms = run(List.of(program.toString(), "--shader", needsUniforms.toString(), "--size", "8", "8",
                "--pixels", work.resolve("x.f32").toString(), "--uniforms", "0", tooLarge.toString()), 30);
        assertEquals("effect_pass: parsing arguments failed: --uniforms file " + tooLarge + " has 65537 bytes, more"
                + " than 65536\n", largeUniforms.stderr());
        Path oneTexel = Files.write(work.resolve("one.f32"), new byte[16]);
        Run shortInput = run(List.of(program.toString(), "--shader", needsUniforms.toString(), "--size", "8", "8",
                "--pixels", work.resolve("x.f32").toString(), "--input", "1", "2", "2", "linear", "clamp", "repeat",
                oneTexel.toString()), 30);
        assertEquals("effect_pass: parsing arguments failed: --input file " + oneTexel + " has 16 bytes, not"
                + " 2*2*16 = 64\n", shortInput.stderr());
    }
}
