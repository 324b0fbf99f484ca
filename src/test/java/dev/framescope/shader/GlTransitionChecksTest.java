package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.ToolException;
import dev.framescope.common.WritableRoots;
import dev.framescope.shader.formats.Effect;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** gl-transitions through the tools that read them from disk: the listing, the structure check, uniform values. */
class GlTransitionChecksTest {

    private final EffectLibrary demo = new EffectLibrary(Path.of("demo/shaders/transitions"));

    @Test
    void listingNamesTheFormatAndKindAndNativeProgramsAreNoTransitions() {
        EffectCatalog.EffectList list = new EffectCatalog(new WritableRoots(List.of(), "nowhere"))
                .list(demo, "*", 0, 10);
        assertEquals("5 effect(s): 0 filter(s), 0 generator(s), 5 transition(s).", list.summary());
        EffectCatalog.EffectEntry iris = list.effects().preview().get(0);
        assertEquals("gl-transition", iris.format());
        assertEquals("transition", iris.kind());
        assertFalse(iris.wgsl());
        assertTrue(new EffectLibrary(Path.of("demo/shaders/effects")).select("*").stream()
                .noneMatch(e -> e.formatName().equals("gl-transition")));
        assertTrue(new EffectLibrary(Path.of("demo/shaders/effects/synth")).select("*").stream()
                .noneMatch(e -> e.formatName().equals("gl-transition")), "a native program is no transition file");
    }

    @Test
    void theStructureCheckFindsTheBrokenEntrysLineAndNoPreludeNoise() {
        StructureCheck.StructureReport report = new StructureCheck("glslangValidator").check(demo, "*");
        assertEquals("5 effect(s) checked on disk: 1 with errors or warnings.", report.summary(),
                report.effects().preview().toString());
        StructureCheck.EffectStructure broken = report.effects().preview().stream()
                .filter(e -> e.effect().equals("single/brokenWipe")).findFirst().orElseThrow();
        assertEquals(List.of(new StructureCheck.Finding("GLSL_ERROR", "error", "brokenWipe.glsl", 9,
                "'edge' : undeclared identifier")), broken.findings());
    }

    @Test
    void vectorParametersAreCheckedByComponentType() {
        List<Effect> shutters = demo.select("collection/shutters");
        UniformValues.check(shutters, Map.of("slats", List.of(3, 2), "progress", 0.25));
        ToolException e = assertThrows(ToolException.class,
                () -> UniformValues.check(shutters, Map.of("slats", List.of(3.5, 2))));
        assertTrue(e.getMessage().contains("an array of 2 integers"), e.getMessage());
    }
}
