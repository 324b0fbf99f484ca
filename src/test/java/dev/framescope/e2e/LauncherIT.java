package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/framescope and its AppCDS archive. A build folder copied elsewhere: the archive no longer matches its JAR, so
 * the start runs without it and says nothing (the JVM would print a warning on every start), and the archive is made
 * again in the background for the next start, which uses it, quietly too. An archive loads from whatever folder the
 * client starts FrameScope in, however the JAR was named when it was made.
 */
@Timeout(180)
class LauncherIT {

    private record Run(int exitCode, String stdout, String stderr) {
    }

    private static Run launch(Path jar, Path workingDir) throws Exception {
        return run(workingDir, Map.of("FRAMESCOPE_JAR", jar.toString()),
                Path.of("scripts/framescope").toAbsolutePath().toString(), "--version");
    }

    private static Run run(Path workingDir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDir.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        return new Run(process.exitValue(), out, err);
    }

    /** The background remake has written its key for {@code jar} and let go of its lock. */
    private static void awaitArchiveFor(Path jar, Path dir) throws Exception {
        Path key = dir.resolve("framescope.jsa.key");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!(isKeyFor(key, jar) && !Files.exists(dir.resolve("framescope.jsa.lock")))
                && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        assertTrue(isKeyFor(key, jar), "archive remade for " + jar);
    }

    private static boolean isKeyFor(Path key, Path jar) throws Exception {
        return Files.exists(key) && Files.readString(key).contains(" " + jar.toRealPath() + " ");
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

        awaitArchiveFor(jar, dir);
        assertTrue(Files.size(dir.resolve("framescope.jsa")) > 1_000_000);

        Run again = launch(jar, dir);
        assertEquals(0, again.exitCode(), again.stderr());
        assertEquals("", again.stderr(), "the remade archive is accepted");
    }

    /**
     * An archive made for a JAR named relative to the build's folder (`make-cds-archive.sh target/framescope.jar
     * ...`, or the launcher remaking it under a relative FRAMESCOPE_JAR) still loads when a client starts FrameScope
     * from another folder, such as the person's own project: no JVM warning, so the archive was mapped.
     */
    @Test
    void anArchiveMadeFromARelativeJarPathLoadsFromAnyFolder(@TempDir Path build, @TempDir Path project)
            throws Exception {
        Path jar = build.resolve("framescope.jar");
        Files.copy(Path.of("target/framescope.jar"), jar);
        Run made = run(build, Map.of(), "bash", Path.of("scripts/make-cds-archive.sh").toAbsolutePath().toString(),
                "framescope.jar", "framescope.jsa");
        assertEquals(0, made.exitCode(), made.stderr());

        Run fromProject = launch(jar, project);
        assertEquals(0, fromProject.exitCode(), fromProject.stderr());
        assertEquals("", fromProject.stderr(), "the archive loads outside the folder it was made in");
        Run fromBuild = launch(Path.of("framescope.jar"), build);
        assertEquals("", fromBuild.stderr(), "and in it, the JAR named relatively");
    }

    /**
     * An archive made by an older launcher, which trained on the path it was given (here a relative one) and wrote a
     * key without the real-path mark, is not trusted: the start runs without it, quietly, and it is made again.
     */
    @Test
    void anArchiveFromBeforeRealPathTrainingIsRemade(@TempDir Path build, @TempDir Path project) throws Exception {
        Path jar = build.resolve("framescope.jar");
        Files.copy(Path.of("target/framescope.jar"), jar);
        Run trained = run(build, Map.of(), "bash", "-c", "printf '' | java -XX:ArchiveClassesAtExit=framescope.jsa "
                + "-Xlog:disable -jar framescope.jar --version && . " + Path.of("scripts/lib/cds-key.sh")
                .toAbsolutePath() + " && cds_key framescope.jar | sed 's/^real-path //' > framescope.jsa.key");
        assertEquals(0, trained.exitCode(), trained.stderr());
        assertTrue(Files.size(build.resolve("framescope.jsa")) > 1_000_000, "an archive was trained");

        Run stale = launch(jar, project);
        assertEquals(0, stale.exitCode(), stale.stderr());
        assertEquals("", stale.stderr(), "no JVM warning about an archive trained on a relative path");
        awaitArchiveFor(jar, build);
        assertEquals("", launch(jar, project).stderr(), "the remade archive loads from another folder");
    }
}
