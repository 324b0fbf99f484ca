package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Playwright's driver is unpacked once into the state directory by the first process and reused by the next,
 * which unpacks nothing into the temp folder.
 */
@Timeout(180)
class DriverCacheIT {

    private static Set<Path> unpackedDrivers() throws Exception {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(p -> p.getFileName().toString().startsWith("playwright-java-"))
                    .collect(Collectors.toSet());
        }
    }

    private static void compile(Path state) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(BuiltJar.command("call", "compile_effect",
                "{\"effect\": \"synth/gradient\", \"backend\": \"webgl2\"}"));
        builder.environment().put("FRAMESCOPE_STATE_DIR", state.toString());
        builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process process = builder.start();
        assertTrue(process.waitFor(90, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue());
    }

    @Test
    void theSecondProcessRunsFromTheCachedDriver(@TempDir Path state) throws Exception {
        compile(state);
        Path complete;
        try (Stream<Path> dirs = Files.list(state)) {
            complete = dirs.filter(p -> p.getFileName().toString().startsWith("playwright-driver-")).findFirst()
                    .map(p -> p.resolve(".complete")).orElseThrow(() -> new AssertionError("no driver cache in "
                            + state));
        }
        assertTrue(Files.isRegularFile(complete), "the copy finished before the process exited");
        Set<Path> before = unpackedDrivers();
        compile(state);
        Set<Path> after = unpackedDrivers();
        after.removeAll(before);
        assertEquals(Set.of(), after, "nothing unpacked into the temp folder the second time");
    }
}
