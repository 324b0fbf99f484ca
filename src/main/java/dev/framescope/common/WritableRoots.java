package dev.framescope.common;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Where tools may write: only under the roots the person allowed when starting FrameScope (the working directory,
 * which is the workspace for an MCP client, FRAMESCOPE_OUTPUT_DIR, and for the shader manifest the configured
 * effects root), into an existing folder, never through a symbolic link or onto something that is not a regular
 * file, and never over an existing file unless the caller asked. Writers go through a temporary file in the same
 * folder and a rename, so a target is replaced whole or not at all and keeps its permissions.
 */
public final class WritableRoots {

    private final List<Path> roots;
    private final String described;

    /** @param described how the roots are named in errors, e.g. "the working directory or FRAMESCOPE_OUTPUT_DIR" */
    public WritableRoots(List<Path> roots, String described) {
        this.described = described;
        List<Path> real = new ArrayList<>();
        for (Path root : roots) {
            try {
                real.add(root.toRealPath());
            } catch (IOException e) {
                // a configured folder that does not exist allows nothing
            }
        }
        this.roots = List.copyOf(real);
    }

    public List<Path> roots() {
        return roots;
    }

    /**
     * The absolute path to write for parameter {@code param}, or INVALID_ARGUMENT naming the parameter and what is
     * allowed. The parent folder is resolved through links (it must lie under a root); the file itself must not be a
     * link, and the error names where the link points.
     */
    public Path checked(String param, String output, String extension, boolean overwrite) {
        Path path = Path.of(output).toAbsolutePath().normalize();
        if (path.getFileName() == null || !path.getFileName().toString().toLowerCase().endsWith(extension)) {
            throw ToolException.invalidArgument(param, "a file name ending in " + extension, output);
        }
        Path realParent;
        try {
            realParent = path.getParent().toRealPath();
        } catch (IOException e) {
            throw ToolException.invalidArgument(param, "a path in an existing folder", output);
        }
        if (roots.stream().noneMatch(realParent::startsWith)) {
            throw ToolException.invalidArgument(param, "a path under " + roots + " (" + described + ")", output);
        }
        Path target = realParent.resolve(path.getFileName());
        refuseLinkOrSpecial(param, output, target);
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !overwrite) {
            throw ToolException.invalidArgument("overwrite", "true to replace the existing " + target, false);
        }
        return target;
    }

    /** Whether {@code dir} (resolved through links) lies under one of the roots. */
    public boolean allows(Path dir) {
        try {
            Path real = dir.toRealPath();
            return roots.stream().anyMatch(real::startsWith);
        } catch (IOException e) {
            return false;
        }
    }

    /** A part of the way to a file that is a link or a file, not a folder: writing there could land anywhere. */
    public static final class NotAFolder extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient Path path;

        NotAFolder(Path path) {
            super(path + " is a link or a file, not a folder");
            this.path = path;
        }

        public Path path() {
            return path;
        }
    }

    /**
     * The folder {@code segments} below {@code root}, made one folder at a time where missing. A part that is there
     * must be a folder itself, not a link to one nor a file ({@link NotAFolder}): through a link, whatever is written
     * below {@code root} could land anywhere. {@code root} is taken as the caller named it, links and all. What is
     * written there then goes through {@link #refuseLinkOrSpecial} and {@link #writeAtomically}.
     */
    public static Path folders(Path root, List<String> segments) throws IOException {
        Path current = root;
        for (String segment : segments) {
            current = current.resolve(segment);
            if (!Files.exists(current, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createDirectory(current);
                } catch (FileAlreadyExistsException raced) {
                    // made meanwhile, by another writer or as a link: the check below tells which
                }
            }
            if (!Files.isDirectory(current, LinkOption.NOFOLLOW_LINKS)) {
                throw new NotAFolder(current);
            }
        }
        return current;
    }

    /**
     * INVALID_ARGUMENT naming {@code param} when {@code target} is a link (and where it leads) or is there but is no
     * regular file (a folder, FIFO, socket or device): FrameScope writes neither through links nor into those.
     */
    public static void refuseLinkOrSpecial(String param, String output, Path target) {
        if (Files.isSymbolicLink(target)) {
            Map<String, Object> context = new LinkedHashMap<>();
            context.put("parameter", param);
            context.put("given", output);
            context.put("link", target.toString());
            context.put("link_target", linkTarget(target));
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, "Invalid argument '" + param + "': " + target
                    + " is a symbolic link to " + linkTarget(target) + "; FrameScope does not write through links. "
                    + "Name the real file, or another file.", context);
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            throw ToolException.invalidArgument(param, "a regular file (" + target + " is a folder, FIFO, socket "
                    + "or device)", output);
        }
    }

    private static String linkTarget(Path link) {
        try {
            return link.toRealPath().toString();
        } catch (IOException e) {
            try {
                return Files.readSymbolicLink(link) + " (missing)";
            } catch (IOException again) {
                return "an unreadable target";
            }
        }
    }

    /**
     * Replaces (or creates) {@code target} with {@code bytes}: a temporary file next to it, the old file's
     * permissions copied onto it, then an atomic rename, which replaces a link itself rather than writing
     * through it. {@code target} must come from {@link #checked}.
     */
    public static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path temp = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            Files.write(temp, bytes, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            keepPermissions(target, temp);
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static void keepPermissions(Path from, Path to) throws IOException {
        if (!Files.isRegularFile(from, LinkOption.NOFOLLOW_LINKS)) {
            return; // a new file gets the default permissions (umask), as any editor would give it
        }
        PosixFileAttributeView view = Files.getFileAttributeView(from, PosixFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS);
        if (view != null) {
            Set<PosixFilePermission> permissions = view.readAttributes().permissions();
            Files.setPosixFilePermissions(to, permissions);
        }
    }
}
