package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * What the built JAR carries besides classes: the native effect renderer; and not Python's bytecode caches, which are
 * written next to the bridge's sources whenever Python runs them from the source tree, and would ship with the
 * resources unless the build leaves them out.
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

    /** pom.xml's native-effect-pass execution packs the native renderer; built without it only by -Dnative.skip. */
    @Test
    void theNativeEffectRendererShipsForLinuxX8664() throws Exception {
        try (ZipFile jar = new ZipFile(BuiltJar.path().toFile())) {
            ZipEntry program = jar.getEntry("dev/framescope/shader/nativepass/linux-x86_64/effect_pass");
            assertTrue(program != null, "effect_pass is not in the JAR");
            try (InputStream in = jar.getInputStream(program)) {
                byte[] header = in.readNBytes(5);
                // an ELF file (0x7f 'E' 'L' 'F') of 64-bit class (2)
                assertArrayEquals(new byte[] {0x7f, 'E', 'L', 'F', 2}, header);
            }
        }
    }
}
