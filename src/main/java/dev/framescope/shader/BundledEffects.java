package dev.framescope.shader;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.FileTrees;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo effects ({@code demo/shaders/effects}), packaged in the JAR and unpacked under the state directory on first
 * use, so that the default effects root works from any working directory, not only from a clone. The copy is named
 * after a hash of the packaged files ({@code bundled-effects/<hash>/}): a new JAR with other effects gets its own
 * folder, the same JAR reuses it. It is written to a private temporary folder and renamed into place in one atomic
 * step, so two servers starting at once both end up reading one complete copy; a copy that lost files (e.g. to a
 * /tmp cleaner) is replaced.
 */
public final class BundledEffects {

    /** The default of FRAMESCOPE_EFFECTS_ROOT: the demo effects in a clone, relative to the working directory. */
    public static final Path DEFAULT_ROOT = Path.of("demo/shaders/effects");

    static final String RESOURCE = "/dev/framescope/shader/effects";
    private static final String LISTING = ".framescope-files";
    private static final Logger LOG = LoggerFactory.getLogger(BundledEffects.class);

    private BundledEffects() {
    }

    /**
     * The effects root to use when a call names none: {@code configured} when it is a folder or was set by the user
     * (a wrong setting stays a NOT_FOUND naming it), else the bundled demo effects under {@code stateDir}.
     */
    public static Path defaultRoot(Path configured, Path stateDir) {
        if (!configured.equals(DEFAULT_ROOT) || Files.isDirectory(configured) || stateDir == null) {
            return configured;
        }
        return unpack(stateDir);
    }

    /** The bundled effects under {@code stateDir}, unpacked now unless a complete copy is there. */
    static synchronized Path unpack(Path stateDir) {
        return unpackUnlocked(stateDir);
    }

    /** As {@link #unpack}, safe against other processes doing the same at once (the lock only saves work). */
    static Path unpackUnlocked(Path stateDir) {
        try {
            Map<String, byte[]> files = packaged();
            Path target = stateDir.resolve("bundled-effects").resolve(hash(files));
            if (complete(target, files)) {
                return target;
            }
            Files.createDirectories(target.getParent());
            Path temp = target.resolveSibling(".tmp-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID());
            write(temp, files);
            if (complete(target, files)) {
                deleteQuietly(temp); // another server finished first
                return target;
            }
            if (Files.exists(target)) {
                // A damaged copy: move it aside first (one rename) so the complete one can take its name.
                Path stale = target.resolveSibling(".stale-" + UUID.randomUUID());
                moveQuietly(target, stale);
                deleteQuietly(stale);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                LOG.info("unpacked {} bundled effect files to {}", files.size(), target);
            } catch (FileSystemException e) {
                // Another server was first: Linux's rename onto its non-empty folder fails with ENOTEMPTY, which the
                // JDK reports as a plain FileSystemException, not DirectoryNotEmptyException. Its copy is complete,
                // as ours was (checked below); anything else wrong leaves no target and is reported.
                if (!Files.exists(target)) {
                    throw e;
                }
                deleteQuietly(temp);
            }
            if (!complete(target, files)) {
                throw new ToolException(ErrorCode.INTERNAL, "could not unpack the bundled demo effects to " + target
                        + "; set FRAMESCOPE_EFFECTS_ROOT or pass effects_root", Map.of("state_dir", stateDir.toString()));
            }
            return target;
        } catch (IOException e) {
            throw new ToolException(ErrorCode.INTERNAL, "could not unpack the bundled demo effects under " + stateDir
                    + ": " + e.getMessage() + "; set FRAMESCOPE_STATE_DIR to a writable folder, or pass effects_root",
                    Map.of("state_dir", stateDir.toString()), e);
        }
    }

    /** Path (relative, '/'-separated) to content of every packaged effect file, in name order. */
    static Map<String, byte[]> packaged() throws IOException {
        URL url = BundledEffects.class.getResource(RESOURCE);
        if (url == null) {
            throw new IOException("this build has no bundled effects (" + RESOURCE + ")");
        }
        URI uri;
        try {
            uri = url.toURI();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        if (!"jar".equals(uri.getScheme())) {
            return read(Path.of(uri));
        }
        FileSystem jar;
        boolean opened = false;
        try {
            jar = FileSystems.getFileSystem(uri);
        } catch (FileSystemNotFoundException e) {
            jar = FileSystems.newFileSystem(uri, Map.of());
            opened = true;
        }
        try {
            return read(jar.provider().getPath(uri));
        } finally {
            if (opened) {
                jar.close();
            }
        }
    }

    private static Map<String, byte[]> read(Path root) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        return files;
    }

    static String hash(Map<String, byte[]> files) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            files.forEach((name, bytes) -> {
                digest.update(name.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(bytes);
            });
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every packaged file is there with its size (contents were checked by the hash when it was written). */
    private static boolean complete(Path target, Map<String, byte[]> files) {
        if (!Files.isRegularFile(target.resolve(LISTING))) {
            return false;
        }
        try {
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Path path = target.resolve(file.getKey());
                if (!Files.isRegularFile(path) || Files.size(path) != file.getValue().length) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void write(Path dir, Map<String, byte[]> files) throws IOException {
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Path path = dir.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.write(path, file.getValue());
        }
        Files.write(dir.resolve(LISTING), new ArrayList<>(files.keySet()));
    }

    private static void moveQuietly(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // another server moved or replaced it first
        }
    }

    /** Best effort: a copy left behind is a hidden folder beside the unpacked one, which nothing reads. */
    private static void deleteQuietly(Path dir) {
        try {
            FileTrees.deleteTree(dir);
        } catch (IOException e) {
            LOG.debug("could not remove {}: {}", dir, e.toString());
        }
    }

    /** For tests: the files a fresh unpack writes, read back. */
    static Map<String, byte[]> readUnpacked(Path dir) throws IOException {
        Map<String, byte[]> files = read(dir);
        files.remove(LISTING);
        return files;
    }
}
