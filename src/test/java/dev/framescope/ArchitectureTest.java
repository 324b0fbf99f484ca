package dev.framescope;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the dependency direction cli → server → *Tools → core honest by reading imports. Core code (every package
 * but cli and server, except the *Tools classes) never sees MCP; common depends on nothing of ours; nothing but
 * Main depends on cli; no core package depends on server.
 */
class ArchitectureTest {

    private static final Path MAIN = Path.of("src/main/java/dev/framescope");

    @Test
    void importsFollowTheLayers() throws IOException {
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String pkg = MAIN.relativize(file.getParent()).toString().replace('/', '.');
                String name = file.getFileName().toString();
                boolean isEdge = pkg.equals("cli") || pkg.equals("server") || name.endsWith("Tools.java");
                for (String line : Files.readAllLines(file)) {
                    if (!line.startsWith("import ")) {
                        continue;
                    }
                    String imported = line.substring(7).replace("static ", "");
                    if (imported.startsWith("io.modelcontextprotocol") && !isEdge) {
                        violations.add(file + " imports MCP: " + imported);
                    }
                    if (pkg.equals("common") && imported.startsWith("dev.framescope.")
                            && !imported.startsWith("dev.framescope.common.")) {
                        violations.add(file + " (common) imports " + imported);
                    }
                    if (imported.startsWith("dev.framescope.cli.") && !pkg.equals("cli") && !pkg.isEmpty()) {
                        violations.add(file + " imports the CLI: " + imported);
                    }
                    // the capture console is a client of the registry like the CLI: above the groups, no MCP
                    boolean aboveGroups = pkg.equals("console");
                    if (imported.startsWith("dev.framescope.server.") && !isEdge && !pkg.equals("server")
                            && !aboveGroups) {
                        violations.add(file + " (core) imports server: " + imported);
                    }
                }
            }
        }
        assertEquals(List.of(), violations);
    }
}
