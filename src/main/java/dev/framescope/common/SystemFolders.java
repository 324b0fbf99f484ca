package dev.framescope.common;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Pseudo-file systems (/proc, /sys, /dev) hold no recording, capture or effect, and their "files" can block a
 * reader for good (/proc/kmsg, a FIFO under /dev) or never end; paths into them are refused before anything opens.
 */
public final class SystemFolders {

    private static final List<Path> PSEUDO = List.of(Path.of("/proc"), Path.of("/sys"), Path.of("/dev"));

    private SystemFolders() {
    }

    /** Whether {@code path}, resolved through links as far as it exists, lies in a pseudo-file system. */
    public static boolean contains(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path resolved = absolute;
        try {
            resolved = absolute.toRealPath();
        } catch (IOException e) {
            // does not exist (yet): judge it by its name
        }
        Path real = resolved;
        return PSEUDO.stream().anyMatch(p -> absolute.startsWith(p) || real.startsWith(p));
    }

    /** Refuses {@code path} for parameter {@code param} when it lies in a pseudo-file system. */
    public static void refuse(String param, Path path, String expected) {
        if (contains(path)) {
            throw ToolException.invalidArgument(param, expected + ", not a path under /proc, /sys or /dev",
                    path.toString());
        }
    }
}
