package dev.framescope.renderdoc.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Python module of the bridge is extracted and installed with it (a module left out would fail only at run
 * time): the build's index lists each one in the sources, so a new module ships without being listed anywhere.
 */
class BridgeFilesTest {

    private static final Path BRIDGE = Path.of("src/main/resources/dev/framescope/renderdoc");

    @Test
    void theBuildListsEveryBridgeModuleInTheSourcesForExtraction() throws IOException {
        Set<String> modules = new TreeSet<>();
        try (Stream<Path> files = Files.list(BRIDGE)) {
            files.map(f -> f.getFileName().toString())
                    .filter(name -> name.endsWith(".py") && !name.equals("qrenderdoc_extension.py"))
                    .forEach(modules::add);
        }
        assertEquals(List.copyOf(modules), BridgeCode.pythonFiles());
        assertTrue(modules.contains("bridge.py") && modules.contains("remote_probe.py"), modules.toString());
    }

    /** The methods that sleep, hang or crash the bridge exist for the supervisor's tests and ship nowhere. */
    @Test
    void noProductionModuleDefinesATestFaultMethod() throws IOException {
        String faults = Files.readString(Path.of("src/test/resources/dev/framescope/renderdoc/bridge_faults.py"));
        List<String> methods = Pattern.compile("(?m)^def (\\w+)\\(").matcher(faults).results()
                .map(m -> m.group(1)).toList();
        assertEquals(List.of("sleep", "busy", "hang", "crash", "slow_after", "garble_next_settle",
                "garbling_dump"), methods);
        for (String module : BridgeCode.pythonFiles()) {
            String code = Files.readString(BRIDGE.resolve(module));
            for (String method : methods) {
                Matcher named = Pattern.compile("def " + method + "\\(|\"" + method + "\"").matcher(code);
                assertFalse(named.find(), module + " knows the test-only method " + method);
            }
        }
    }
}
