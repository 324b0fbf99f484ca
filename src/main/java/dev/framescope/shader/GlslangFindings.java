package dev.framescope.shader;

import dev.framescope.shader.StructureCheck.Finding;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.Program;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The structure check's findings from glslangValidator ({@link GlslReflection}): compile errors at the lines of the
 * user's file (or tab, or the prelude named as the place), and declared inputs a program never reads. What runs
 * glslang, and whether in batches, is {@link GlslReflection}'s; the rest of the check is {@link StructureCheck}'s.
 */
final class GlslangFindings {

    private final GlslReflection glslang;

    GlslangFindings(GlslReflection glslang) {
        this.glslang = glslang;
    }

    /**
     * glslangValidator on each GLSL program as the runtime compiles it: errors with their lines, and uniforms the
     * program declares (an ISF file: its inputs) that it never reads, so whatever sets them changes nothing.
     */
    List<Finding> of(Effect effect) {
        List<Finding> findings = new ArrayList<>();
        for (Program program : effect.programs()) {
            if (program.glsl() == null) {
                continue;
            }
            GlslReflection.Result result = glslang.reflect(effect.source(program, program.glsl()),
                    program.spec().path("glslVersion").asText("300 es"));
            String file = effect.dir().relativize(program.glsl()).toString();
            if (!result.available()) {
                findings.add(new Finding("GLSLANG_UNAVAILABLE", "info", file, null, result.note()));
                return findings;
            }
            result.errors().forEach(e -> findings.add(glslError(effect, program, file, e)));
            // A vertex companion (an ISF .vs), under its vertex prelude: its errors at its own lines.
            effect.format().vertexStage(effect, program).ifPresent(stage -> glslang.reflectVertex(stage.text())
                    .errors().forEach(e -> findings.add(new Finding("GLSL_ERROR", "error", stage.file(), e.line(),
                            e.message()))));
            if (!result.errors().isEmpty()) {
                continue;
            }
            Set<String> candidates = new TreeSet<>(effect.format().authoredUniforms(effect,
                    StructureCheck.uniforms(effect, program.glsl())));
            candidates.removeAll(result.activeUniforms());
            candidates.forEach(name -> findings.add(new Finding("INACTIVE_UNIFORM", "warning", file,
                    SourcePositions.declarationLine(effect, program.glsl(), name),
                    "uniform '" + name + "' is declared but the program never reads it (not among "
                            + "glslangValidator's active uniforms), so setting it changes nothing")));
        }
        return findings;
    }

    /** The glslang checks {@link #of} asks for, in the same order. */
    static List<GlslReflection.Job> jobs(Effect effect) {
        List<GlslReflection.Job> jobs = new ArrayList<>();
        for (Program program : effect.programs()) {
            if (program.glsl() == null || program.refused() != null) {
                continue;
            }
            jobs.add(GlslReflection.fragmentJob(effect.source(program, program.glsl()),
                    program.spec().path("glslVersion").asText("300 es")));
            effect.format().vertexStage(effect, program)
                    .ifPresent(stage -> jobs.add(GlslReflection.vertexJob(stage.text())));
        }
        return jobs;
    }

    /**
     * A glslang error where the user sees it: a line of the file, or of a tab named with it (a Shadertoy export holds
     * every pass in one file, so its line is the pass's), or the prelude named as the place.
     */
    private static Finding glslError(Effect effect, Program program, String file, GlslReflection.Error e) {
        if (e.inPrelude()) {
            return new Finding("GLSL_ERROR", "error", file, null, "in the prelude FrameScope puts before the file "
                    + "(not a line of the file; prelude line " + e.line() + (e.preludeText() == null ? ""
                    : ": `" + e.preludeText() + "`") + "): " + e.message()
                    + SourcePositions.clash(effect, e.preludeText()));
        }
        String tab = effect.format().tab(program.pass(), e.source());
        if (tab != null) {
            return new Finding("GLSL_ERROR", "error", file, e.line(), "(" + tab + ", line " + e.line() + ") "
                    + e.message());
        }
        return new Finding("GLSL_ERROR", "error", file, e.line(), e.message());
    }
}
