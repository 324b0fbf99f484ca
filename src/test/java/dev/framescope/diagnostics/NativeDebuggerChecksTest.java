package dev.framescope.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native shader debugger's parts as doctor finds them: libraries where the dynamic linker looks, the Vulkan
 * driver file a caller names (or lavapipe's), each missing one with its fix and none of them required.
 */
class NativeDebuggerChecksTest {

    @TempDir
    Path dir;

    @Test
    void readsTheLinkersCacheForTheX8664Entry() {
        String listing = """
                1234 libs found in cache `/etc/ld.so.cache'
                \tlibvulkan_lvp.so (libc6,x86-64) => /lib/x86_64-linux-gnu/libvulkan_lvp.so
                \tlibvulkan.so.1 (libc6) => /lib/i386-linux-gnu/libvulkan.so.1
                \tlibvulkan.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libvulkan.so.1
                """;
        assertEquals(Optional.of(Path.of("/lib/x86_64-linux-gnu/libvulkan.so.1")),
                NativeDebuggerChecks.cached(listing, "libvulkan.so.1"));
        assertEquals(Optional.empty(), NativeDebuggerChecks.cached(listing, "librenderdoc.so"));
    }

    @Test
    void aLibraryOnLdLibraryPathIsFoundFirst() throws Exception {
        Files.writeString(dir.resolve("librenderdoc.so"), "not really");
        NativeDebuggerChecks checks = new NativeDebuggerChecks(Map.of("LD_LIBRARY_PATH", "/nowhere:" + dir));

        EnvironmentCheck found = checks.librenderdoc();
        assertTrue(found.ok(), found.toString());
        assertEquals(dir.resolve("librenderdoc.so").toString(), found.location());
        assertFalse(found.required());
        assertEquals("debug_effect", found.neededBy());
    }

    @Test
    void aDriverFileIsCheckedDownToTheLibraryItNames() throws Exception {
        Path good = Files.writeString(dir.resolve("good.json"), """
                {"ICD": {"api_version": "1.3.255", "library_path": "%s"}, "file_format_version": "1.0.0"}
                """.formatted(Files.writeString(dir.resolve("libvulkan_x.so"), "x")));
        EnvironmentCheck ok = new NativeDebuggerChecks(Map.of("VK_DRIVER_FILES", good.toString())).vulkanDriver();
        assertTrue(ok.ok(), ok.toString());
        assertEquals("1.3.255", ok.version());

        Path stale = Files.writeString(dir.resolve("stale.json"), """
                {"ICD": {"api_version": "1.1.230", "library_path": "/nonexistent/libvulkan_lvp.so"}}
                """);
        EnvironmentCheck broken = new NativeDebuggerChecks(Map.of("VK_ICD_FILENAMES", stale.toString()))
                .vulkanDriver();
        assertFalse(broken.ok());
        assertEquals(stale + " names /nonexistent/libvulkan_lvp.so, which is missing", broken.detail());
        assertTrue(broken.fix().startsWith("sudo apt-get install -y mesa-vulkan-drivers"), broken.fix());

        EnvironmentCheck absent = new NativeDebuggerChecks(Map.of("VK_DRIVER_FILES", "/nonexistent/icd.json"))
                .vulkanDriver();
        assertEquals("cannot read the Vulkan driver file /nonexistent/icd.json", absent.detail());
    }
}
