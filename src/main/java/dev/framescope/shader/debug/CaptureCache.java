package dev.framescope.shader.debug;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The captures debug_effect made, kept in the state folder so the RenderDoc tools and qrenderdoc can open them after
 * the call, and bounded: after each new one, the oldest go until at most {@code most} captures and {@code mostBytes}
 * remain (the newest always stays). Nothing is written anywhere else.
 */
public final class CaptureCache {

    private final Path folder;
    private final int most;
    private final long mostBytes;

    public CaptureCache(Path folder, int most, long mostBytes) {
        this.folder = folder;
        this.most = most;
        this.mostBytes = mostBytes;
    }

    /** The folder, made (owner only) when missing. */
    public Path folder() {
        try {
            Files.createDirectories(folder);
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes the oldest captures past the bounds; returns how many went. */
    public synchronized int trim() {
        List<Path> captures = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder())) {
            files.filter(f -> f.getFileName().toString().endsWith(".rdc") && Files.isRegularFile(f))
                    .forEach(captures::add);
        } catch (IOException e) {
            return 0;
        }
        captures.sort(Comparator.comparing(CaptureCache::modified).reversed());
        long bytes = 0;
        int removed = 0;
        for (int i = 0; i < captures.size(); i++) {
            bytes += size(captures.get(i));
            if (i > 0 && (i >= most || bytes > mostBytes)) {
                try {
                    Files.deleteIfExists(captures.get(i));
                    removed++;
                } catch (IOException e) {
                    // a capture another process holds stays until the next trim
                }
            }
        }
        return removed;
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
