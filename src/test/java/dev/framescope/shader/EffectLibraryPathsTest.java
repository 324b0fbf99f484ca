package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.Program;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An effects folder as a hostile one would be: FIFOs, links and names that climb out. Nothing outside an effect is
 * read, nothing blocks, and bad roots are refused naming effects_root.
 */
@Timeout(30)
class EffectLibraryPathsTest {

    private static final Path GRADIENT = Path.of("demo/shaders/effects/synth/gradient");

    @TempDir
    Path root;
    @TempDir
    Path outside;

    private Path effect(String id, String program) throws Exception {
        Path dir = Files.createDirectories(root.resolve(id));
        Files.createDirectories(dir.resolve("glsl"));
        Files.writeString(dir.resolve("definition.json"), "{\"name\":\"x\",\"passes\":[{\"name\":\"main\","
                + "\"program\":\"" + program + "\"}]}");
        return dir;
    }

    @Test
    void aFifoNamedDefinitionJsonIsSkippedNotReadForever() throws Exception {
        Files.createDirectories(root.resolve("ns/pipe"));
        assertEquals(0, new ProcessBuilder("mkfifo", root.resolve("ns/pipe/definition.json").toString()).start()
                .waitFor());
        Path ok = effect("ns/ok", "main");
        Files.copy(GRADIENT.resolve("glsl/gradient.glsl"), ok.resolve("glsl/main.glsl"));
        List<Effect> found = new EffectLibrary(root).select("*");
        assertEquals(List.of("ns/ok"), found.stream().map(Effect::id).toList());
    }

    @Test
    void programsThatClimbOutOrLinkOutAreRefusedAndNeverRead() throws Exception {
        Files.createDirectories(outside.resolve("x"));
        Files.writeString(outside.resolve("x/secret.glsl"), "SECRET");
        Path rel = root.relativize(outside.resolve("x/secret"));
        effect("ns/climb", "../../" + root.resolve("ns").relativize(outside.resolve("x/secret")));
        Path linked = effect("ns/linked", "main");
        Files.createSymbolicLink(linked.resolve("glsl/main.glsl"), outside.resolve("x/secret.glsl"));

        for (Effect effect : new EffectLibrary(root).select("ns/*")) {
            Program program = effect.programs().get(0);
            assertNull(program.glsl(), effect.id() + " " + rel);
            assertTrue(program.refused() != null && program.refused().contains("outside"), effect.id());
            var findings = new StructureCheck("glslangValidator").findings(effect);
            assertTrue(findings.stream().anyMatch(f -> f.code().equals("PROGRAM_OUTSIDE_EFFECT")), findings
                    .toString());
            assertFalse(findings.toString().contains("SECRET"));
        }
    }

    @Test
    void theFileSystemRootAndSystemFoldersAreRefusedNamingTheParameter() {
        for (String bad : List.of("/", "/proc", "/sys/kernel", "/dev")) {
            ToolException error = assertThrows(ToolException.class, () -> new EffectLibrary(Path.of(bad))
                    .select("*"), bad);
            assertEquals(ErrorCode.INVALID_ARGUMENT, error.code(), bad);
            assertEquals("effects_root", error.context().get("parameter"), bad);
        }
    }

    @Test
    void brokenJsonIsReportedByPlaceWithoutQuotingTheFile() throws Exception {
        Path dir = Files.createDirectories(root.resolve("ns/bad"));
        Files.writeString(dir.resolve("definition.json"), "root:x:0:0:root:/root:/bin/bash\n");
        ToolException error = assertThrows(ToolException.class, () -> new EffectLibrary(root).select("*"));
        assertTrue(error.getMessage().contains("line 1"), error.getMessage());
        assertFalse(error.getMessage().contains("root:x"), error.getMessage());
    }
}
