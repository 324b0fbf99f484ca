package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On-disk checks against the demo effects with known defects, and a program that no file provides. */
class StructureCheckTest {

    private final EffectLibrary demo = new EffectLibrary(Path.of("demo/shaders/effects"));

    private static List<String> codes(StructureCheck.EffectStructure effect) {
        return effect.findings().stream().filter(f -> !f.code().equals("NO_HELP")).map(f -> f.code() + " " + f.file())
                .toList();
    }

    @Test
    void findsTheUnusedFileAndTheLeakedUniformAndNothingInTheCleanEffect() {
        var report = new StructureCheck().check(demo, "broken/unused-file,broken/leaked-uniform,synth/gradient");
        assertEquals(List.of("LEAKED_UNIFORM glsl/main.glsl"), codes(report.effects().preview().get(0)));
        assertEquals(List.of("UNUSED_FILE glsl/old.glsl"), codes(report.effects().preview().get(1)));
        assertEquals(List.of(), report.effects().preview().get(2).findings(), "synth/gradient is clean");
    }

    @Test
    void missingProgramAndUnusedGlobalAreReported(@TempDir Path root) throws Exception {
        Path effect = Files.createDirectories(root.resolve("mine/empty"));
        Files.writeString(effect.resolve("definition.json"), """
                {"globals": {"gain": {"type": "float", "default": 1, "uniform": "gain"}},
                 "passes": [{"name": "main", "program": "nowhere"}]}""");
        var report = new StructureCheck().check(new EffectLibrary(root), "mine/*");
        var found = codes(report.effects().preview().get(0));
        assertTrue(found.contains("PROGRAM_MISSING definition.json"), found.toString());
        assertTrue(found.contains("UNUSED_GLOBAL definition.json"), found.toString());
        assertEquals(1, report.effects().preview().get(0).errors());
    }

    @Test
    void selectorThatMatchesNothingIsNotFound() {
        ToolException e = org.junit.jupiter.api.Assertions.assertThrows(ToolException.class,
                () -> demo.select("nope/*"));
        assertEquals(ErrorCode.NOT_FOUND, e.code());
    }
}
