package dev.framescope.shader.debug;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * glslang making a fragment shader into SPIR-V for the native draw: debug information on (so RenderDoc's debugger has
 * the source and its lines), relaxed Vulkan rules (loose uniforms go into one std140 block, {@value #BLOCK}, at
 * binding 0; samplers where {@link SamplerBindings} put them, from 1 on) and its reflection, which says where each
 * uniform went; or glslang's HLSL front end for an HLSL pixel shader.
 */
public final class SpirvCompiler {

    /** The default uniform block's name: what RenderDoc shows the loose uniforms under. */
    public static final String BLOCK = "FramescopeUniforms";
    private static final long LIMIT_MS = 60_000;
    private static final int MOST_OUTPUT = 64 * 1024;
    private static final String ES = "#version 310 es";
    private static final String DESKTOP = "#version 450";
    private static final Logger log = LoggerFactory.getLogger(SpirvCompiler.class);

    /**
     * The module written to {@code spirv}, the uniforms' layout, and glslang's warnings; {@code vertex}: a vertex
     * stage's module drawn with it, or null for the full-screen one.
     */
    public record Compiled(Path spirv, UniformLayout layout, String log, Path vertex) {

        /**
         * This fragment stage with {@code stage} as its vertex stage: one uniform buffer serves both, so every
         * uniform both declare must sit at the same offset in both (else {@link Unsupported}).
         */
        public Compiled withVertex(Compiled stage) {
            return new Compiled(spirv, layout.with(stage.layout()), log, stage.spirv());
        }
    }

    private final String executable;

    public SpirvCompiler(String executable) {
        this.executable = executable;
    }

    /** Compiles GLSL {@code text} (a fragment shader, or a vertex shader with {@code stage} "vert") into {@code spirv}. */
    public Compiled compile(String text, String stage, Path spirv) {
        // every member of the block, read or not: a vertex stage's uniforms must sit where the fragment's block has
        // them; samplers come bound (SamplerBindings): a binding shift would move those bindings too
        return compile(text, stage, spirv, List.of("-R", "--aml", "--sdub", BLOCK, "0", "0",
                "--reflect-all-block-variables"), BLOCK);
    }

    /**
     * Compiles an HLSL pixel shader with entry point {@code entry}: its globals are glslang's {@code $Global} block
     * (binding 0), its samplers after it.
     */
    public Compiled compileHlsl(String text, String entry, Path spirv) {
        // the module's entry point is "main" whatever the source calls it: the native draw runs "main"
        return compile(text, "frag", spirv, List.of("-D", "-e", "main", "--source-entrypoint", entry,
                "--shift-sampler-binding", "1", "--shift-texture-binding", "1"), "$Global");
    }

    private Compiled compile(String text, String stage, Path spirv, List<String> language, String block) {
        Path source = spirv.resolveSibling(spirv.getFileName() + "." + stage);
        try {
            long start = System.nanoTime();
            Run run = glslang(text, stage, source, spirv, language);
            if (!run.ok() && text.startsWith(ES + "\n")
                    && run.output().contains("function name is redeclaration of existing name")) {
                // GLSL ES forbids overloading a built-in (an ISF file's own sign(p1, p2, p3)); WebGL2's ANGLE
                // accepts it, and so does desktop GLSL, which has every ES 3.10 construct the text can hold. The
                // line count is the same, so every line keeps its origin.
                Run desktop = glslang(DESKTOP + text.substring(ES.length()), stage, source, spirv, language);
                run = desktop.ok() ? desktop : run;
            }
            if (!run.ok()) {
                throw new Unsupported("glslang cannot compile this pass for Vulkan (" + (block.equals(BLOCK)
                        ? "as GLSL with relaxed rules" : "as HLSL") + "), so it cannot be drawn natively; at lines "
                        + "of the converted pass: " + errors(run.output().replace(source + ":", "")));
            }
            long compiled = System.nanoTime();
            withoutUnusedResources(spirv);
            // scripts/bench.py --only debug reads this line for debug_effect's split
            log.debug("debug_effect: glslang {} ms, spirv-opt {} ms", (compiled - start) / 1_000_000,
                    (System.nanoTime() - compiled) / 1_000_000);
            return new Compiled(spirv, UniformLayout.parse(run.output(), block), run.output(), null);
        } catch (IOException e) {
            throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, executable + " could not run (" + e.getMessage()
                    + "); install glslang-tools or set FRAMESCOPE_GLSLANG", Map.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ToolException(ErrorCode.CANCELLED, "interrupted while glslang compiled the pass", Map.of());
        }
    }

    /** What glslang said: its reflection when it compiled the text ({@code ok}), else its errors. */
    private record Run(boolean ok, String output) {
    }

    private Run glslang(String text, String stage, Path source, Path spirv, List<String> language)
            throws IOException, InterruptedException {
        Files.writeString(source, text, StandardCharsets.UTF_8);
        List<String> command = new ArrayList<>(List.of(executable, "-V", "-g"));
        command.addAll(language);
        command.addAll(List.of("--amb", "-q", "-S", stage, "-o", spirv.toString(), source.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out;
        try {
            out = process.getInputStream().readNBytes(MOST_OUTPUT);
            if (!process.waitFor(LIMIT_MS, TimeUnit.MILLISECONDS)) {
                throw new ToolException(ErrorCode.TIMEOUT, executable + " took over " + LIMIT_MS
                        + " ms compiling the pass for the native draw", Map.of("limit_ms", LIMIT_MS));
            }
        } finally {
            process.destroyForcibly();
        }
        return new Run(process.exitValue() == 0, new String(out, StandardCharsets.UTF_8));
    }

    /**
     * Takes out the resources the shader declares but never reads (a prelude's uniforms and samplers the pass does
     * not use): the native draw binds exactly what the module declares. Branches on a constant go first: glslang
     * emits {@code if (PASSINDEX == 0)} with PASSINDEX a #define as a branch on false, and code behind a constant
     * false never runs, so the steps the debugger shows are the same.
     */
    private static void withoutUnusedResources(Path spirv) throws IOException, InterruptedException {
        Path trimmed = spirv.resolveSibling(spirv.getFileName() + ".trimmed");
        Process process = new ProcessBuilder("spirv-opt", "--eliminate-dead-branches", "--eliminate-dead-variables",
                spirv.toString(), "-o", trimmed.toString()).redirectErrorStream(true).start();
        try {
            byte[] out = process.getInputStream().readNBytes(MOST_OUTPUT);
            if (!process.waitFor(LIMIT_MS, TimeUnit.MILLISECONDS) || process.exitValue() != 0) {
                throw new ToolException(ErrorCode.ENGINE_FAILED, "spirv-opt could not trim the pass's module: "
                        + new String(out, StandardCharsets.UTF_8).strip(), Map.of("engine", "spirv-opt"));
            }
        } finally {
            process.destroyForcibly();
        }
        Files.move(trimmed, spirv, StandardCopyOption.REPLACE_EXISTING);
    }

    /** glslang's ERROR lines, the first few. */
    private static String errors(String log) {
        List<String> errors = log.lines().filter(l -> l.startsWith("ERROR")).limit(5).toList();
        return errors.isEmpty() ? log.strip() : String.join("; ", errors);
    }
}
