package dev.framescope.renderdoc.bridge;

import dev.framescope.common.Version;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The bridge's Python files, copied out of the JAR for {@code /usr/bin/python3} to run. */
final class BridgeCode {

    /** The bridge's Python modules in the JAR, next to this class: the bridge and its methods by tier. */
    static final List<String> PYTHON_FILES = List.of("bridge.py", "replay.py", "replay_core.py", "scans.py",
            "tier_a.py", "tier_b.py", "geometry.py", "outputs.py", "evidence.py", "histories.py", "nan_inf.py",
            "shader_values.py", "texels.py", "images.py", "replay_sites.py", "diff.py", "diff_pixels.py",
            "shader_debug.py", "shader_trace.py", "shader_sources.py", "shader_replace.py", "shader_pictures.py",
            "remote_probe.py");

    private BridgeCode() {
    }

    /**
     * Copies the bridge's Python files out of the JAR so python3 can run them, into a folder named by their content:
     * two FrameScope builds of one version (a branch, a worktree) never run each other's bridge.
     */
    static Path extract(Path stateDir) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (String name : PYTHON_FILES) {
            try (InputStream in = BridgeCode.class.getResourceAsStream("/dev/framescope/renderdoc/" + name)) {
                if (in == null) {
                    throw new IOException(name + " is missing from the JAR");
                }
                byte[] bytes = in.readAllBytes();
                files.put(name, bytes);
                digest.update(name.getBytes(StandardCharsets.UTF_8));
                digest.update(bytes);
            }
        }
        String hash = HexFormat.of().formatHex(digest.digest()).substring(0, 12);
        Path dir = stateDir.resolve("renderdoc-bridge-" + Version.current() + "-" + hash);
        Files.createDirectories(dir);
        for (var file : files.entrySet()) {
            Path target = dir.resolve(file.getKey());
            if (!Files.exists(target) || !Arrays.equals(file.getValue(), Files.readAllBytes(target))) {
                Path temp = dir.resolve(file.getKey() + "." + ProcessHandle.current().pid() + ".tmp");
                Files.write(temp, file.getValue());
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        }
        return dir;
    }
}
