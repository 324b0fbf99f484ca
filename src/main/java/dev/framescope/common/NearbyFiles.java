package dev.framescope.common;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Files of one kind near the user, found when a prompt argument is completed: under the working directory (its
 * {@code demo/} folder included) and any extra folders a group names (the recording folders). The walk is bounded
 * (depth, files visited) so a completion answers in milliseconds even from a home directory; hidden folders,
 * {@code target}, {@code node_modules} and the like are skipped, and paths are given relative to the working
 * directory where they are under it. Stateless and thread-safe.
 */
public final class NearbyFiles {

    private static final int MAX_DEPTH = 6;
    private static final int MAX_VISITED = 20_000;
    private static final Set<String> SKIPPED = Set.of(".git", "node_modules", "target", ".m2", ".cache", "build");

    private NearbyFiles() {
    }

    /** Regular files ending in {@code suffix}, sorted, under the working directory and {@code extraDirs}. */
    public static List<String> find(String suffix, List<Path> extraDirs) {
        Path workingDir = Path.of("").toAbsolutePath().normalize();
        Set<String> found = new LinkedHashSet<>();
        walk(workingDir, workingDir, suffix, found);
        extraDirs.forEach(dir -> walk(workingDir, dir, suffix, found));
        return found.stream().sorted().toList();
    }

    private static void walk(Path workingDir, Path start, String suffix, Set<String> found) {
        if (!Files.isDirectory(start)) {
            return;
        }
        int[] visited = {0};
        try {
            Files.walkFileTree(start, Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    return !dir.equals(start) && (SKIPPED.contains(name) || name.startsWith("."))
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (file.getFileName().toString().endsWith(suffix) && attrs.isRegularFile()) {
                        found.add(shown(workingDir, file));
                    }
                    return ++visited[0] >= MAX_VISITED ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // what was found so far is still offered
        }
    }

    private static String shown(Path workingDir, Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return absolute.startsWith(workingDir) ? workingDir.relativize(absolute).toString() : absolute.toString();
    }
}
