package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every Python module of the bridge is extracted and installed with it; a module left out fails only at run time. */
class BridgeFilesTest {

    @Test
    void everyBridgeModuleInTheSourcesIsInTheListThatIsExtracted() throws IOException {
        Set<String> modules = new TreeSet<>();
        try (Stream<Path> files = Files.list(Path.of("src/main/resources/dev/framescope/renderdoc"))) {
            files.map(f -> f.getFileName().toString())
                    .filter(name -> name.endsWith(".py") && !name.equals("qrenderdoc_extension.py"))
                    .forEach(modules::add);
        }
        assertEquals(modules, new TreeSet<>(BridgeProcess.PYTHON_FILES));
    }
}
