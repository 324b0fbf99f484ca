package dev.framescope.shader.nativepass;

import dev.framescope.common.SetupHint;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * effect_pass as the JAR carries it (the build compiles src/main/native and adds the program as a resource, pom.xml
 * execution {@code native-effect-pass}), unpacked to {@code <state>/native/<first 12 hex of its SHA-256>/effect_pass}
 * for the operating system to run: a folder per content, so two FrameScope builds never run each other's program.
 * Safe when several threads or servers unpack at once: each writes a temporary file of its own and moves it into
 * place atomically, and a program already there at the right size is used as it is.
 */
final class NativeProgram {

    /** Where the build puts the program in the JAR; {@code EnvironmentChecks} looks for the same resource. */
    static final String RESOURCE = "/dev/framescope/shader/nativepass/linux-x86_64/effect_pass";
    static final String NAME = "effect_pass";
    /** Said with every "cannot run" answer: the JAR was built without the program, or for another platform. */
    static final String BUILD_FIX = SetupHint.fix("build FrameScope on linux-x86_64 with the native renderer's "
            + "tools installed (sudo apt-get install -y gcc libvulkan-dev glslang-tools librenderdoc-dev), without "
            + "-Dnative.skip=true");

    private NativeProgram() {
    }

    /** The program's path under {@code stateDir}, unpacked from {@code resource} if it is not there yet. */
    static Path unpack(Path stateDir, String resource) {
        String platform = System.getProperty("os.name") + "/" + System.getProperty("os.arch");
        if (!platform.equals("Linux/amd64")) {
            throw ToolException.engineUnavailable(NAME, "the native effect renderer is built for linux-x86_64 only,"
                    + " not " + platform, "run FrameScope on linux-x86_64 for native shader debugging");
        }
        byte[] bytes;
        try (InputStream in = NativeProgram.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw ToolException.engineUnavailable(NAME, "this FrameScope JAR has no native effect renderer ("
                        + resource + ")", BUILD_FIX);
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw ToolException.engineFailed(NAME, "reading " + resource + " from the JAR: " + e.getMessage(), e);
        }
        Path dir = stateDir.resolve("native").resolve(sha256(bytes).substring(0, 12));
        Path program = dir.resolve(NAME);
        try {
            if (Files.isRegularFile(program) && Files.size(program) == bytes.length && Files.isExecutable(program)) {
                return program;
            }
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            Path temp = Files.createTempFile(dir, NAME + ".", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            try {
                Files.write(temp, bytes);
                Files.move(temp, program, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temp);
            }
            return program;
        } catch (IOException e) {
            throw ToolException.engineUnavailable(NAME, "cannot unpack it to " + program + ": " + e.getMessage(),
                    "make FRAMESCOPE_STATE_DIR a folder FrameScope may write and execute files in");
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
