package dev.framescope.console;

import dev.framescope.common.WritableRoots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The files of one project folder as the console shows them: the captures, the resource listing with a coarse type
 * per file, the folders a new resource needs (never through a link), and the checks on a local file to copy in.
 * Hidden names (the store's temp files) and links are never listed.
 */
final class ProjectFiles {

    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("png", "image"), Map.entry("jpg", "image"), Map.entry("jpeg", "image"),
            Map.entry("gif", "image"), Map.entry("webp", "image"), Map.entry("exr", "image"),
            Map.entry("json", "json"), Map.entry("txt", "text"), Map.entry("md", "text"), Map.entry("log", "text"));

    /** The stored captures, by name. */
    List<Project.Capture> captures(Path projectDir) {
        return list(projectDir).stream().filter(r -> r.type().equals("capture"))
                .map(r -> new Project.Capture(r.path(), r.size(), r.updatedAt())).toList();
    }

    /** Regular files under captures/ (.rdc only) and resources/ (any depth), sorted by path. */
    List<ResourceInfo> list(Path projectDir) {
        List<ResourceInfo> found = new ArrayList<>();
        for (String top : List.of(ProjectPaths.CAPTURES, ProjectPaths.RESOURCES)) {
            Path folder = projectDir.resolve(top);
            if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try {
                Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        boolean hidden = !dir.equals(folder) && dir.getFileName().toString().startsWith(".");
                        return hidden ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        String path = projectDir.relativize(file).toString().replace('\\', '/');
                        if (attrs.isRegularFile() && isListed(path)) {
                            Instant modified = attrs.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.MILLIS);
                            found.add(new ResourceInfo(path, type(path), attrs.size(), modified.toString()));
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e) {
                        return FileVisitResult.CONTINUE; // replaced or removed while we walked
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + folder, e);
            }
        }
        found.sort(Comparator.comparing(ResourceInfo::path));
        return found;
    }

    private static boolean isListed(String path) {
        try {
            ProjectPaths.normalise(path, "path");
            return true;
        } catch (ConsoleException hiddenOrNotACapture) {
            return false;
        }
    }

    static String type(String path) {
        if (path.startsWith(ProjectPaths.CAPTURES + "/")) {
            return "capture";
        }
        int dot = path.lastIndexOf('.');
        String extension = dot < 0 ? "" : path.substring(dot + 1).toLowerCase(Locale.ROOT);
        return TYPES.getOrDefault(extension, "file");
    }

    /**
     * The folder chain of a new resource, created where missing; 400 when a part of it is a link or a file (a link
     * would let a write land outside the project).
     *
     * @return the file's path, to write with {@link AtomicFiles}
     */
    Path makeFolders(Path projectDir, String normalised) {
        List<String> segments = List.of(normalised.split("/"));
        Path folder;
        try {
            folder = WritableRoots.folders(projectDir, segments.subList(0, segments.size() - 1));
        } catch (WritableRoots.NotAFolder e) {
            throw ConsoleException.badRequest("path", "'" + projectDir.relativize(e.path())
                    + "' is a link or a file, not a folder; resources are written inside the project only");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the folders of " + normalised, e);
        }
        Path file = folder.resolve(segments.get(segments.size() - 1));
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            throw ConsoleException.badRequest("path", "'" + normalised + "' is a folder");
        }
        return file;
    }

    /** The real path of a local capture to copy: absolute, existing, a regular file, within the byte limit. */
    Path checkSource(Path source, long maxBytes) {
        if (source == null || !source.isAbsolute()) {
            throw ConsoleException.badRequest("sourcePath", "sourcePath must be an absolute path on this machine, not '"
                    + source + "'");
        }
        Path real;
        try {
            real = source.toRealPath();
        } catch (NoSuchFileException e) {
            throw ConsoleException.badRequest("sourcePath", "no file at " + source);
        } catch (IOException e) {
            throw ConsoleException.badRequest("sourcePath", "cannot read " + source + " (" + e.getMessage() + ")");
        }
        // checked before opening: opening a FIFO would block, a device could be endless
        if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
            throw ConsoleException.badRequest("sourcePath", source + " is not a regular file (a folder, FIFO or"
                    + " device); give the path of a .rdc file");
        }
        try {
            if (Files.size(real) > maxBytes) {
                throw ConsoleException.tooLarge("sourcePath", maxBytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + real, e);
        }
        return real;
    }
}
