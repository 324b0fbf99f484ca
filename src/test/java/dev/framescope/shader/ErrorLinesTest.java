package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.framescope.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * analyze_effect's structure check names the file's own line for a compile error, wherever the error sits: an
 * {@code #error} is moved through a copy of an effect of each format, and the line it answers must follow. Errors put
 * at lines 10, 30, 50 and 100 of a noisemaker GLSL file came back at 8, 28, 48 and 99.
 */
class ErrorLinesTest {

    @TempDir
    Path root;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "noisemaker, demo/shaders/noisemaker/synth/solidColor, glsl/solidColor.glsl, synth/solidColor",
            "native, demo/shaders/effects/synth/gradient, glsl/gradient.glsl, synth/gradient",
            "isf, demo/shaders/isf/Channel Swap.fs, , Channel Swap"})
    void aCompileErrorIsAnsweredAtTheLineItIsOn(String format, String source, String program, String effect)
            throws IOException {
        Path file = copy(Path.of(source), effect, program);
        List<String> original = Files.readAllLines(file);
        int header = headerLines(original);
        for (int offset : new int[] {2, 9, 29, 49, 99}) {
            int line = header + offset;
            List<String> lines = new ArrayList<>(original);
            lines.addAll(header, Collections.nCopies(110, "// filler"));
            lines.set(line - 1, "#error moved to line " + line);
            // a blank line after the header, as noisemaker's own files have after #version
            lines.add(header, "");
            line++;
            Files.write(file, lines);
            var findings = new StructureCheck("glslangValidator").check(new EffectLibrary(root), effect).effects()
                    .preview().get(0).findings().stream().filter(f -> f.code().equals("GLSL_ERROR")).toList();
            assertEquals(line, findings.get(0).line(), format + ": " + findings);
        }
    }

    /** Lines before which nothing may be inserted: a GLSL file's #version line, an ISF file's JSON comment. */
    private static int headerLines(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("*/") || lines.get(i).startsWith("#version")) {
                return i + 1;
            }
        }
        return 0;
    }

    /** The effect copied under the temp root; its program file (the .fs itself for ISF). */
    private Path copy(Path source, String effect, String program) throws IOException {
        if (program == null) {
            Path target = root.resolve(source.getFileName().toString());
            Files.copy(source, target);
            return target;
        }
        Path dir = root.resolve(effect);
        FileTrees.copy(source, dir);
        return dir.resolve(program);
    }
}
