package dev.framescope.diagnostics;

import dev.framescope.common.SetupHint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts of the native shader debugger (issue 35: the shader group's effect_pass, drawing on Mesa's lavapipe and
 * captured by RenderDoc) that {@code doctor} checks, each with its fix: the Vulkan loader, a Vulkan driver (ICD),
 * librenderdoc.so and the program packed into this JAR. None is required: every other tool group works without them.
 * glslangValidator, which the debugger needs too, is {@link EnvironmentChecks}' own check. Libraries are found where
 * the dynamic linker looks (LD_LIBRARY_PATH, then its cache as {@code ldconfig -p} prints it), not loaded.
 */
final class NativeDebuggerChecks {

    static final String NEEDED_BY = "debug_effect";
    /** Where the build packs the program (pom.xml, execution native-effect-pass; read by shader/nativepass). */
    static final String PROGRAM = "/dev/framescope/shader/nativepass/linux-x86_64/effect_pass";
    static final String LAVAPIPE_ICD = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";
    private static final Pattern API_VERSION = Pattern.compile("\"api_version\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern LIBRARY_PATH = Pattern.compile("\"library_path\"\\s*:\\s*\"([^\"]+)\"");
    private static final long LDCONFIG_TIMEOUT_MS = 5_000;

    private final Map<String, String> env;

    NativeDebuggerChecks(Map<String, String> env) {
        this.env = env;
    }

    List<EnvironmentCheck> run() {
        return List.of(vulkanLoader(), vulkanDriver(), librenderdoc(), program());
    }

    EnvironmentCheck vulkanLoader() {
        Optional<Path> found = library("libvulkan.so.1");
        String version = found.map(NativeDebuggerChecks::soVersion).orElse(null);
        return check("vulkan_loader", found, version, "libvulkan.so.1",
                "libvulkan.so.1 is not where the dynamic linker looks", "sudo apt-get install -y libvulkan1");
    }

    EnvironmentCheck vulkanDriver() {
        String named = env.getOrDefault("VK_DRIVER_FILES", env.get("VK_ICD_FILENAMES"));
        List<String> files = named == null || named.isBlank() ? List.of(LAVAPIPE_ICD) : List.of(named.split(":"));
        String fix = SetupHint.fix("sudo apt-get install -y mesa-vulkan-drivers (lavapipe; or unset VK_DRIVER_FILES "
                + "and VK_ICD_FILENAMES)");
        for (String file : files) {
            String text;
            try {
                text = Files.readString(Path.of(file));
            } catch (IOException e) {
                return fail("vulkan_icd", file, "cannot read the Vulkan driver file " + file, fix);
            }
            Matcher library = LIBRARY_PATH.matcher(text);
            String driver = library.find() ? library.group(1) : "";
            if (driver.startsWith("/") && !Files.isRegularFile(Path.of(driver))) {
                return fail("vulkan_icd", file, file + " names " + driver + ", which is missing", fix);
            }
        }
        Matcher version = API_VERSION.matcher(readQuietly(files.get(0)));
        return new EnvironmentCheck("vulkan_icd", false, true, version.find() ? version.group(1) : null,
                String.join(":", files), NEEDED_BY, null, null);
    }

    EnvironmentCheck librenderdoc() {
        return check("librenderdoc", library("librenderdoc.so"), null, "librenderdoc.so",
                "librenderdoc.so is not where the dynamic linker looks", "sudo apt-get install -y librenderdoc");
    }

    EnvironmentCheck program() {
        String platform = System.getProperty("os.name") + "/" + System.getProperty("os.arch");
        String fix = SetupHint.fix("build FrameScope on linux-x86_64 with the native renderer's tools installed "
                + "(sudo apt-get install -y gcc libvulkan-dev glslang-tools librenderdoc-dev), without "
                + "-Dnative.skip=true");
        if (!platform.equals("Linux/amd64")) {
            return fail("effect_pass", PROGRAM, "the native effect renderer is built for linux-x86_64 only, not "
                    + platform, fix);
        }
        return NativeDebuggerChecks.class.getResource(PROGRAM) == null
                ? fail("effect_pass", PROGRAM, "this FrameScope JAR has no native effect renderer", fix)
                : new EnvironmentCheck("effect_pass", false, true, null, "the JAR (linux-x86_64/effect_pass)", NEEDED_BY, null,
                        null);
    }

    /** Where the dynamic linker would find {@code name}: LD_LIBRARY_PATH first, then its cache. */
    Optional<Path> library(String name) {
        for (String dir : env.getOrDefault("LD_LIBRARY_PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isRegularFile(Path.of(dir, name))) {
                return Optional.of(Path.of(dir, name));
            }
        }
        for (String ldconfig : List.of("/sbin/ldconfig", "/usr/sbin/ldconfig")) {
            if (Files.isExecutable(Path.of(ldconfig))) {
                ProcessProbe.Result cache = ProcessProbe.run(List.of(ldconfig, "-p"), LDCONFIG_TIMEOUT_MS);
                return cache.ok() ? cached(cache.stdout(), name) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** {@code name}'s x86-64 entry in {@code ldconfig -p}'s listing ("\tlibx.so.1 (libc6,x86-64) => /lib/…"). */
    static Optional<Path> cached(String listing, String name) {
        for (String line : listing.lines().toList()) {
            String entry = line.strip();
            int arrow = entry.indexOf(" => ");
            if (entry.startsWith(name + " (") && entry.contains("x86-64") && arrow > 0) {
                return Optional.of(Path.of(entry.substring(arrow + 4).strip()));
            }
        }
        return Optional.empty();
    }

    /** "1.3.239" from the file a libx.so.1 link resolves to (libx.so.1.3.239), or null. */
    private static String soVersion(Path library) {
        try {
            String real = library.toRealPath().getFileName().toString();
            int so = real.indexOf(".so.");
            return so < 0 ? null : real.substring(so + 4);
        } catch (IOException e) {
            return null;
        }
    }

    private static String readQuietly(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            return "";
        }
    }

    private static EnvironmentCheck check(String name, Optional<Path> found, String version, String wanted,
                                          String detail, String aptFix) {
        return found.isPresent()
                ? new EnvironmentCheck(name, false, true, version, found.get().toString(), NEEDED_BY, null, null)
                : fail(name, wanted, detail, SetupHint.fix(aptFix));
    }

    private static EnvironmentCheck fail(String name, String location, String detail, String fix) {
        return new EnvironmentCheck(name, false, false, null, location, NEEDED_BY, detail, fix);
    }
}
