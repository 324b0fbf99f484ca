package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * check_effect_structure's batched glslang runs and content-hash cache give the findings of one run per program:
 * same errors at the same lines of the user's files, same active uniforms.
 */
class GlslBatchTest {

    /** Every demo folder; -Dframescope.glslang.corpus=FOLDER adds one (e.g. the public ISF files). */
    private static List<Path> folders() {
        List<Path> folders = new ArrayList<>(List.of(Path.of("demo/shaders/effects"), Path.of("demo/shaders/isf"),
                Path.of("demo/shaders/isf-complete"), Path.of("demo/shaders/transitions"),
                Path.of("demo/shaders/shadertoy"), Path.of("demo/shaders/responsive"),
                Path.of("demo/shaders/alpha"), Path.of("demo/shaders/isf-cases")));
        String extra = System.getProperty("framescope.glslang.corpus");
        if (extra != null) {
            folders.add(Path.of(extra));
        }
        return folders.stream().filter(Files::isDirectory).toList();
    }

    @Test
    void aBatchAnswersEveryProgramAsItsOwnRunDoes() {
        int compared = 0;
        int alone = 0;
        for (Path folder : folders()) {
            List<GlslReflection.Job> jobs = new EffectLibrary(folder).select("*").stream()
                    .flatMap(e -> GlslangFindings.jobs(e).stream()).distinct().toList();
            GlslReflection single = new GlslReflection("glslangValidator");
            Map<GlslReflection.Job, GlslReflection.Result> batched = new GlslBatch(single).run(jobs);
            for (GlslReflection.Job job : jobs) {
                GlslReflection.Result own = single.result(job);
                GlslReflection.Result inBatch = batched.get(job);
                if (inBatch == null) {
                    alone++;
                    continue; // a block or struct uniform: left to its own run
                }
                assertEquals(own.errors(), inBatch.errors(), folder + ": " + job.source());
                assertEquals(own.activeUniforms(), inBatch.activeUniforms(), folder + ": " + job.source());
                compared++;
            }
        }
        System.out.println("GlslBatchTest: " + compared + " programs compared, " + alone + " left to their own run");
        assertTrue(compared > 40, "compared " + compared);
    }

    @Test
    void cachedAndBatchedFindingsEqualThoseOfOneRunPerProgram() {
        for (Path folder : folders()) {
            EffectLibrary library = new EffectLibrary(folder);
            StructureCheck fast = new StructureCheck("glslangValidator");
            var batched = fast.check(library, "*");
            long processes = fast.glslang().processes.get();
            var cached = fast.check(library, "*");
            assertEquals(processes, fast.glslang().processes.get(), folder + ": the second call runs no glslang");
            var alone = new StructureCheck("glslangValidator", false).check(library, "*");
            assertEquals(alone, batched, folder.toString());
            assertEquals(alone, cached, folder.toString());
        }
    }

    @Test
    void errorsInSeveralFilesOfOneBatchGoToTheirOwnFileAndLine(@TempDir Path root) throws Exception {
        String header = "/*{\"DESCRIPTION\": \"d\", \"INPUTS\": [{\"NAME\": \"gain\", \"TYPE\": \"float\"}]}*/\n";
        Files.writeString(root.resolve("A.fs"), header + "void main() {\n    gl_FragColor = vec4(gain);\n}\n");
        Files.writeString(root.resolve("B.fs"), header + "void main() {\n    gl_FragColor = vec4(gain);\n"
                + "    gl_FragColor.r += missingB;\n}\n");
        Files.writeString(root.resolve("C.fs"), header + "void main() {\n    gl_FragColor = vec4(1.0);\n}\n");
        Files.writeString(root.resolve("D.fs"), header + "\n\nvoid main() {\n    gl_FragColor = vec4(gain)\n}\n");
        Files.writeString(root.resolve("E.fs"), header + "float f() { return missingE; }\n"
                + "void main() {\n    gl_FragColor = vec4(gain);\n}\n");
        StructureCheck check = new StructureCheck("glslangValidator");
        var found = check.check(new EffectLibrary(root), "*").effects().preview();
        assertEquals(List.of("A", "B", "C", "D", "E"), found.stream().map(StructureCheck.EffectStructure::effect)
                .toList());
        assertEquals(List.of(), lines(found.get(0)));
        assertEquals(List.of("GLSL_ERROR B.fs:4 'missingB' : undeclared identifier"), lines(found.get(1)));
        assertEquals(List.of("INACTIVE_UNIFORM C.fs:1 uniform 'gain' is declared"), lines(found.get(2)));
        assertEquals(1, lines(found.get(3)).size(), lines(found.get(3)).toString());
        assertTrue(lines(found.get(3)).get(0).startsWith("GLSL_ERROR D.fs:6 "), lines(found.get(3)).toString());
        assertEquals(List.of("GLSL_ERROR E.fs:2 'missingE' : undeclared identifier"), lines(found.get(4)));
        assertTrue(check.glslang().processes.get() <= Runtime.getRuntime().availableProcessors(),
                "five files in at most one run per core: " + check.glslang().processes.get());
    }

    @Test
    void anEditedFileIsCheckedAgainAndAnUnchangedOneIsNot(@TempDir Path root) throws Exception {
        String header = "/*{\"DESCRIPTION\": \"d\", \"INPUTS\": []}*/\n";
        Files.writeString(root.resolve("Edit.fs"), header + "void main() {\n    gl_FragColor = vec4(1.0);\n}\n");
        StructureCheck check = new StructureCheck("glslangValidator");
        EffectLibrary library = new EffectLibrary(root);
        assertEquals(List.of(), lines(check.check(library, "*").effects().preview().get(0)));
        long runs = check.glslang().processes.get();
        Files.writeString(root.resolve("Edit.fs"), header + "void main() {\n    gl_FragColor = vec4(1.0);\n"
                + "    gl_FragColor.g = nowBroken;\n}\n");
        assertEquals(List.of("GLSL_ERROR Edit.fs:4 'nowBroken' : undeclared identifier"),
                lines(check.check(new EffectLibrary(root), "*").effects().preview().get(0)));
        assertEquals(runs + 1, check.glslang().processes.get(), "the changed text is checked again");
        check.check(new EffectLibrary(root), "*");
        assertEquals(runs + 1, check.glslang().processes.get(), "the unchanged text is not");
    }

    private static List<String> lines(StructureCheck.EffectStructure effect) {
        return effect.findings().stream().map(f -> f.code() + " " + f.file() + ":" + f.line() + " "
                + (f.message().length() > 40 && f.code().equals("INACTIVE_UNIFORM") ? f.message().substring(0,
                f.message().indexOf("declared") + 8) : f.message())).toList();
    }

    @Test
    void sectionsFollowThePathLines() {
        var sections = GlslBatch.sections("/t/p0.frag\nShader version: 300\n/t/p1.frag\nERROR: 0:5: 'x' : y\n",
                List.of("/t/p0.frag", "/t/p1.frag"));
        assertEquals(2, sections.size());
        assertEquals(Set.of(), GlslBatch.section(sections.get(0)).activeUniforms());
        assertEquals(5, GlslBatch.section(sections.get(1)).errors().get(0).line());
    }
}
