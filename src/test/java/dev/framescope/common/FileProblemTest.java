package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileProblemTest {

    @TempDir
    Path temp;

    @Test
    void namesTheFileAndTheSystemsReasonWhereJavaHidesThem() throws Exception {
        Path file = Files.writeString(temp.resolve("afile"), "x");
        IOException notAFolder = null;
        try {
            Files.createDirectories(file.resolve("sub"));
        } catch (IOException e) {
            notAFolder = e;
        }
        assertEquals(file.resolve("sub") + ": not a directory", FileProblem.describe(notAFolder));
        assertEquals("permission denied", FileProblem.reason(new AccessDeniedException("/x")));
        assertEquals("/x: permission denied", FileProblem.describe(new AccessDeniedException("/x")));
        assertEquals("/ro/state: read-only file system", FileProblem.describe(new FileSystemException("/ro/state",
                null, "Read-only file system")));
        assertEquals("no space left on device", FileProblem.describe(new IOException("No space left on device")));
    }
}
