package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes only under the roots, never through a link or onto a special file, whole or not at all. */
class WritableRootsTest {

    @TempDir
    Path allowed;
    @TempDir
    Path elsewhere;

    private WritableRoots roots() {
        return new WritableRoots(List.of(allowed), "the test folder");
    }

    @Test
    void refusesALinkAtTheLastComponentNamingWhereItLeads() throws Exception {
        Path victim = Files.writeString(elsewhere.resolve("victim.png"), "precious");
        Path link = Files.createSymbolicLink(allowed.resolve("out.png"), victim);
        ToolException error = assertThrows(ToolException.class,
                () -> roots().checked("output", link.toString(), ".png", true));
        assertEquals(ErrorCode.INVALID_ARGUMENT, error.code());
        assertEquals(victim.toRealPath().toString(), error.context().get("link_target"));
        assertTrue(error.getMessage().contains(victim.toRealPath().toString()), error.getMessage());
        assertEquals("precious", Files.readString(victim));
    }

    @Test
    void refusesFoldersOutsideTheRootsEvenThroughALinkedFolder() throws Exception {
        Path linkedDir = Files.createSymbolicLink(allowed.resolve("away"), elsewhere);
        ToolException error = assertThrows(ToolException.class,
                () -> roots().checked("output", linkedDir.resolve("x.png").toString(), ".png", false));
        assertEquals("output", error.context().get("parameter"));
        assertThrows(ToolException.class, () -> roots().checked("output", elsewhere.resolve("x.png").toString(),
                ".png", false));
    }

    @Test
    void refusesFifosAndFoldersAndExistingFilesWithoutOverwrite() throws Exception {
        Path fifo = allowed.resolve("pipe.png");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        assertThrows(ToolException.class, () -> roots().checked("output", fifo.toString(), ".png", true));
        Files.createDirectory(allowed.resolve("dir.png"));
        assertThrows(ToolException.class, () -> roots().checked("output", allowed.resolve("dir.png").toString(),
                ".png", true));
        Path existing = Files.writeString(allowed.resolve("old.png"), "old");
        ToolException error = assertThrows(ToolException.class,
                () -> roots().checked("output", existing.toString(), ".png", false));
        assertEquals("overwrite", error.context().get("parameter"));
        assertEquals(existing.toRealPath(), roots().checked("output", existing.toString(), ".png", true));
    }

    @Test
    void replacesWholeAndKeepsTheOldFilesPermissions() throws Exception {
        Path file = Files.writeString(allowed.resolve("manifest.json"), "{}");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-r--"));
        WritableRoots.writeAtomically(file, "{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        assertArrayEquals("{\"a\":1}".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(file));
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        try (var left = Files.list(allowed)) {
            assertEquals(List.of(file), left.toList(), "no temporary file left behind");
        }
    }
}
