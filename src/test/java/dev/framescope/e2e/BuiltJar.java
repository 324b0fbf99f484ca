package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The JAR under test (Failsafe passes its path) and the command lines that start it. */
final class BuiltJar {

    private BuiltJar() {
    }

    static Path path() {
        Path jar = Path.of(System.getProperty("framescope.jar", "target/framescope.jar")).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "built JAR missing: " + jar + " (run mvn verify)");
        return jar;
    }

    /** {@code java -jar framescope.jar <args>}, exactly as a client without the launcher would start it. */
    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(javaExecutable(), "-jar", path().toString()));
        command.addAll(List.of(args));
        return command;
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
