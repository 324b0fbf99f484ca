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

/**
 * The bridge's Python files, copied out of the JAR for {@code /usr/bin/python3} to run. Which files they are is the
 * build's word, not a list kept here: Maven writes {@link #INDEX}, every {@code *.py} of the bridge's resource folder
 * but the qrenderdoc extension's entry point (pom.xml, execution {@code bridge-files}).
 */
final class BridgeCode {

    /** The bridge's folder in the JAR, named absolutely: the class that reads it may live in another package. */
    static final String FOLDER = "/dev/framescope/renderdoc/";
    /** One file name a line, written by the build. */
    static final String INDEX = FOLDER + "bridge-files.txt";

    private BridgeCode() {
    }

    /** The bridge's Python modules, as the build found them in its resource folder (sorted by name). */
    static List<String> pythonFiles() throws IOException {
        try (InputStream in = BridgeCode.class.getResourceAsStream(INDEX)) {
            if (in == null) {
                throw new IOException(INDEX + " is missing from the JAR: build it with Maven, which writes it");
            }
            List<String> names = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .map(String::strip).filter(line -> !line.isEmpty()).toList();
            if (names.isEmpty()) {
                throw new IOException(INDEX + " lists no Python file");
            }
            return names;
        }
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
        for (String name : pythonFiles()) {
            try (InputStream in = BridgeCode.class.getResourceAsStream(FOLDER + name)) {
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
