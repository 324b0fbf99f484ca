package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * What the built JAR carries besides classes: Python's bytecode caches are written next to the bridge's sources
 * whenever Python runs them from the source tree, and would ship with the resources unless the build leaves them out.
 */
class JarContentsIT {

    @Test
    void noPythonBytecodeShips() throws Exception {
        try (ZipFile jar = new ZipFile(BuiltJar.path().toFile())) {
            List<String> bytecode = jar.stream().map(ZipEntry::getName)
                    .filter(name -> name.endsWith(".pyc") || name.endsWith(".pyo") || name.contains("__pycache__"))
                    .limit(10).toList();
            assertEquals(List.of(), bytecode, "Python bytecode in the JAR");
            assertTrue(jar.getEntry("dev/framescope/renderdoc/bridge.py") != null, "the bridge's sources ship");
        }
    }
}
