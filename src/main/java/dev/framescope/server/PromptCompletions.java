package dev.framescope.server;

import dev.framescope.shader.EffectLibrary;
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
 * Values for prompt-argument completion, found on disk when asked: capture (.rdc) and recording (.db) paths under
 * the working directory (its {@code demo/} folder included) and the recording folders, and effect ids under the
 * effects root. The walk is bounded (depth, files visited) so a completion answers in milliseconds even from a
 * home directory; paths are given relative to the working directory where they are under it.
 */
final class PromptCompletions {

    private static final int MAX_DEPTH = 6;
    private static final int MAX_VISITED = 20_000;
    private static final Set<String> SKIPPED = Set.of(".git", "node_modules", "target", ".m2", ".cache", "build");

    private final Path workingDir;
    private final List<Path> recordingDirs;
    private final Path effectsRoot;

    PromptCompletions(Path workingDir, List<Path> recordingDirs, Path effectsRoot) {
        this.workingDir = workingDir.toAbsolutePath().normalize();
        this.recordingDirs = recordingDirs;
        this.effectsRoot = effectsRoot;
    }

    /** Files ending in {@code suffix}, sorted, relative to the working directory where possible. */
    List<String> files(String suffix) {
        Set<String> found = new LinkedHashSet<>();
        walk(workingDir, suffix, found);
        if (suffix.equals(".db")) {
            recordingDirs.forEach(dir -> walk(dir, suffix, found));
        }
        return found.stream().sorted().toList();
    }

    /** Effect ids under {@code root} (default the server's effects root). */
    List<String> effects(String root) {
        Path dir = root == null || root.isBlank() ? effectsRoot : Path.of(root);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try {
            return new EffectLibrary(dir).select("*").stream().map(EffectLibrary.Effect::id).sorted().toList();
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    private void walk(Path start, String suffix, Set<String> found) {
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
                        found.add(shown(file));
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

    private String shown(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return absolute.startsWith(workingDir) ? workingDir.relativize(absolute).toString() : absolute.toString();
    }
}
