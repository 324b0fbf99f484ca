package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * What the built JAR carries besides classes: the native effect renderer; and not Python's bytecode caches, which are
 * written next to the bridge's sources whenever Python runs them from the source tree, and would ship with the
 * resources unless the build leaves them out; nor the parts of the Playwright driver and the MCP SDK that pom.xml's
 * shade filters leave out, which keep it within its size (issue 36).
 */
class JarContentsIT {

    private static final long MAX_BYTES = 60L * 1024 * 1024;

    /** Entries pom.xml's shade filters leave out: FrameScope neither runs nor serves them. */
    private static final List<String> LEFT_OUT_PREFIXES = List.of("io/modelcontextprotocol/client/",
            "io/modelcontextprotocol/modern/client/", "driver/package/lib/vite/", "driver/package/lib/tools/skills/",
            "driver/package/lib/tools/dashboard/", "driver/package/types/");

    /** What the driver needs to run Chromium (run-driver, run-server) and the server needs to serve on stdio. */
    private static final List<String> KEPT = List.of("driver/linux/node", "driver/package/package.json",
            "driver/package/cli.js", "driver/package/lib/coreBundle.js", "driver/package/lib/utilsBundle.js",
            "driver/package/lib/server/chromium/appIcon.png",
            "io/modelcontextprotocol/server/transport/StdioServerTransportProvider.class");

    @Test
    void staysWithinSixtyMebibytes() throws Exception {
        long bytes = Files.size(BuiltJar.path());
        assertTrue(bytes <= MAX_BYTES, String.format(Locale.ROOT,
                "framescope.jar is %,d bytes (%.2f MiB), over the %,d bytes (60 MiB) it may take; see pom.xml's shade"
                        + " filters for what is left out",
                bytes, bytes / 1048576.0, MAX_BYTES));
    }

    @Test
    void leavesOutTheSdkClientsServletsAndTheDriversUnusedApps() throws Exception {
        try (ZipFile jar = new ZipFile(BuiltJar.path().toFile())) {
            List<String> names = jar.stream().map(ZipEntry::getName).toList();
            List<String> leftIn = names.stream()
                    .filter(name -> LEFT_OUT_PREFIXES.stream().anyMatch(name::startsWith)
                            || name.startsWith("io/modelcontextprotocol/") && name.contains("Servlet")
                            || name.startsWith("driver/") && name.endsWith(".d.ts"))
                    .limit(10).toList();
            assertEquals(List.of(), leftIn, "entries pom.xml's shade filters should leave out");
            List<String> missing = KEPT.stream().filter(name -> !names.contains(name)).toList();
            assertEquals(List.of(), missing, "entries the driver or the stdio server need");
        }
    }

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
