package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/framescope with a build folder copied elsewhere: the AppCDS archive no longer matches its JAR, so the start
 * runs without it and says nothing (the JVM would print a warning on every start), and the archive is made again
 * in the background for the next start, which uses it, quietly too.
 */
@Timeout(180)
class LauncherIT {

    private record Run(int exitCode, String stdout, String stderr) {
    }

    private static Run launch(Path jar, Path workingDir) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Path.of("scripts/framescope").toAbsolutePath().toString(),
                "--version").directory(workingDir.toFile());
        builder.environment().put("FRAMESCOPE_JAR", jar.toString());
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        return new Run(process.exitValue(), out, err);
    }

    @Test
    void aCopiedBuildStartsQuietlyAndRemakesItsArchive(@TempDir Path dir) throws Exception {
        Path built = Path.of("target/framescope.jar");
        Path jar = dir.resolve("framescope.jar");
        Files.copy(built, jar);
        Files.copy(Path.of("target/framescope.jsa"), dir.resolve("framescope.jsa"));
        Files.copy(Path.of("target/framescope.jsa.key"), dir.resolve("framescope.jsa.key"));

        Run stale = launch(jar, dir);
        assertEquals(0, stale.exitCode(), stale.stderr());
        assertTrue(stale.stdout().startsWith("framescope "), stale.stdout());
        assertEquals("", stale.stderr(), "no JVM warning about the archive of another JAR");

        Path key = dir.resolve("framescope.jsa.key");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!(Files.exists(key) && Files.readString(key).startsWith(jar.toRealPath() + " ")
                && !Files.exists(dir.resolve("framescope.jsa.lock"))) && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        assertTrue(Files.readString(key).startsWith(jar.toRealPath() + " "), "archive remade for the copied JAR");
        assertTrue(Files.size(dir.resolve("framescope.jsa")) > 1_000_000);

        Run again = launch(jar, dir);
        assertEquals(0, again.exitCode(), again.stderr());
        assertEquals("", again.stderr(), "the remade archive is accepted");
    }
}
