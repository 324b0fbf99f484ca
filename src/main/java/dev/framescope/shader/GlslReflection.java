package dev.framescope.shader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Offline GLSL facts from Debian's {@code glslangValidator}: compile errors with their lines, and the uniforms the
 * program actually reads ({@code -l -q} prints only active uniforms; a declared uniform that nothing reads is
 * absent). The source is given the prefix the runtime gives it, so lines are the file's. Results are kept in memory
 * by a hash of the exact text checked ({@link GlslCache}); {@link #prefetch} checks many programs in a few batched
 * runs ({@link GlslBatch}) before they are asked for one by one.
 */
final class GlslReflection {

    /** One program to check: its stage ("frag" or "vert"), the text glslang reads, the text prelude lines come from. */
    record Job(String stage, String text, String source) {
    }

    /**
     * A compile error. {@code source}: the source-string number (0 unless the program's own {@code #line} directives
     * name others, as Shadertoy's tabs do), or {@link #PRELUDE} when the line is in the prelude FrameScope puts before
     * the user's file; then {@code line} is the prelude's own line and {@code preludeText} its text.
     */
    record Error(int line, String message, int source, String preludeText) {
        Error(int line, String message) {
            this(line, message, 0, null);
        }

        boolean inPrelude() {
            return source == PRELUDE;
        }
    }

    /** The source-string number the prelude (everything before the program's first {@code #line}) is checked under. */
    static final int PRELUDE = 900;
    /**
     * A {@code #line N} without a source-string number, on a line of its own. Spaces and tabs only: {@code \s} also
     * matches newlines, and took the blank lines around the directive with it (a noisemaker file's blanked
     * {@code #version} line and the blank line after it), so errors came back one or two lines early.
     */
    private static final Pattern BARE_LINE = Pattern.compile("^([ \\t]*#[ \\t]*line[ \\t]+\\d+)[ \\t]*$",
            Pattern.MULTILINE);

    /** {@code available} false when glslangValidator could not run; {@code note} says why. */
    record Result(boolean available, Set<String> activeUniforms, List<Error> errors, String note) {
    }

    /** "ERROR: 0:8: …" from stdin, "ERROR: /tmp/x.frag:8: …" from a file (glslang 12). */
    private static final Pattern ERROR = Pattern.compile("^ERROR: (?:([^\\n:]*):)?(\\d+): (.*)$", Pattern.MULTILINE);
    private static final Pattern UNIFORM = Pattern.compile("^(\\w+)(?:\\[\\d+\\])?: offset");
    private static final long TIMEOUT_MS = 10_000;

    private final String executable;
    private final GlslCache cache = new GlslCache(4096);
    /** glslangValidator processes started (single and batched), for tests and benchmarks. */
    final AtomicLong processes = new AtomicLong();

    GlslReflection(String executable) {
        this.executable = executable;
    }

    String executable() {
        return executable;
    }

    /** Reflects a GLSL ES 3.00 fragment program given as the runtime compiles it (no #version line). */
    Result reflect(String source) {
        return reflect(source, "300 es");
    }

    /**
     * Reflects a fragment program of GLSL ES {@code version} ("300 es" or "100"). For 1.00, glslang is told to allow
     * non-constant global initialisers, which WebGL's compiler (ANGLE) accepts in 1.00 for legacy content.
     */
    Result reflect(String source, String version) {
        return result(fragmentJob(source, version));
    }

    /** The job {@link #reflect(String, String)} runs. */
    static Job fragmentJob(String source, String version) {
        String prefix = version.equals("100")
                ? "#version 100\n#extension GL_EXT_shader_non_constant_global_initializers : enable\n"
                : "#version 300 es\n";
        // A source with its own #line directives has a prelude before them: check the prelude as source string
        // PRELUDE and the program as string 0, so an error in the prelude is never taken for a line of the file.
        boolean prelude = BARE_LINE.matcher(source).find() || source.contains("#line 1 ");
        String text = prelude ? "#line 1 " + PRELUDE + "\n" + BARE_LINE.matcher(source).replaceAll("$1 0")
                : "#line 1\n" + source;
        return new Job("frag", prefix + text, source);
    }

    /** Checks a complete vertex shader text (with its #version line), such as an ISF .vs under its prelude. */
    Result reflectVertex(String text) {
        return result(vertexJob(text));
    }

    static Job vertexJob(String text) {
        return new Job("vert", text, text);
    }

    /** A job's result from the cache, or from one glslang run (kept when glslang ran). */
    Result result(Job job) {
        Result cached = cache.get(job);
        if (cached != null) {
            return cached;
        }
        Result result = run(job.text(), job.stage(), job.source());
        if (result.available()) {
            cache.put(job, result);
        }
        return result;
    }

    /**
     * Checks the jobs not yet in the cache in batched glslang runs, in parallel up to the core count, and caches the
     * results, so that the {@link #result} calls after it are answered from memory. A job the batch cannot answer
     * exactly ({@link GlslBatch}) is left for its own run.
     */
    void prefetch(List<Job> jobs) {
        List<Job> missing = jobs.stream().distinct().filter(j -> cache.get(j) == null).toList();
        new GlslBatch(this).run(missing).forEach(cache::put);
    }

    /** Adds the prelude lines' text to the errors glslang placed in the prelude. */
    static Result withPreludeText(Result result, String source) {
        String[] lines = source.split("\n", -1);
        return new Result(true, result.activeUniforms(), result.errors().stream().map(e -> !e.inPrelude() ? e
                : new Error(e.line(), e.message(), e.source(), e.line() >= 1 && e.line() <= lines.length
                ? lines[e.line() - 1].trim() : null)).toList(), null);
    }

    /** Runs glslang on {@code text}; a prelude error's line text is read from {@code source}. */
    private Result run(String text, String stage, String source) {
        processes.incrementAndGet();
        Path file = null;
        try {
            file = Files.createTempFile("framescope-", "." + stage);
            Files.writeString(file, text, StandardCharsets.UTF_8);
            Process process = new ProcessBuilder(executable, "-S", stage, "-l", "-q", file.toString())
                    .redirectErrorStream(true).start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return new Result(false, Set.of(), List.of(), executable + " took over " + TIMEOUT_MS + " ms");
            }
            return withPreludeText(parse(new String(out, StandardCharsets.UTF_8)), source);
        } catch (IOException e) {
            return new Result(false, Set.of(), List.of(), executable + " could not run (" + e.getMessage()
                    + "); install glslang-tools or set FRAMESCOPE_GLSLANG");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(false, Set.of(), List.of(), "interrupted");
        } finally {
            if (file != null) {
                file.toFile().delete();
            }
        }
    }

    static Result parse(String output) {
        return new Result(true, activeUniforms(output), errors(output), null);
    }

    /** The compile errors in glslang's output ("compilation terminated" lines left out). */
    static List<Error> errors(String output) {
        List<Error> errors = new ArrayList<>();
        Matcher m = ERROR.matcher(output);
        while (m.find()) {
            if (m.group(3).contains("compilation terminated")) {
                continue;
            }
            String name = m.group(1);
            int source = name != null && name.matches("\\d+") ? Integer.parseInt(name) : 0;
            errors.add(new Error(Integer.parseInt(m.group(2)), m.group(3).trim(), source, null));
        }
        return errors;
    }

    private static Set<String> activeUniforms(String output) {
        Set<String> active = new LinkedHashSet<>();
        boolean inUniforms = false;
        for (String line : output.split("\n")) {
            if (line.startsWith("Uniform reflection:")) {
                inUniforms = true;
            } else if (line.isBlank() || line.endsWith("reflection:")) {
                inUniforms = false;
            } else if (inUniforms) {
                Matcher u = UNIFORM.matcher(line);
                if (u.find()) {
                    active.add(u.group(1));
                }
            }
        }
        return active;
    }
}
