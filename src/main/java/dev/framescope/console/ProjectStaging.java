package dev.framescope.console;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * A project being assembled in a hidden folder ({@code <root>/.stage-<random>.tmp}) and published whole by one
 * rename to {@code <root>/<new id>}: a half-finished create or import is never listed, and {@link #close} (or the
 * next start-up) removes what a failure left. Every byte written counts against one budget, so an archive that
 * inflates past the upload limit (a zip bomb) stops at the limit. Not thread-safe: one import, one staging.
 */
final class ProjectStaging implements AutoCloseable {

    private final Path root;
    private final Path dir;
    private final long maxBytes;
    private final String parameter;
    private long written;
    private boolean published;

    /** @param parameter what a budget overrun names: "body" for an archive, "parts" for a multipart import */
    ProjectStaging(Path root, long maxBytes, String parameter) {
        this.root = root;
        this.maxBytes = maxBytes;
        this.parameter = parameter;
        this.dir = root.resolve(AtomicFiles.tempPrefix("stage") + ProjectPaths.randomToken() + ".tmp");
        try {
            Files.createDirectory(dir);
            ownerOnly(dir);
            Files.createDirectory(dir.resolve(ProjectPaths.CAPTURES));
            Files.createDirectory(dir.resolve(ProjectPaths.RESOURCES));
        } catch (IOException e) {
            AtomicFiles.deleteQuietly(dir);
            throw new UncheckedIOException("cannot create a staging folder in " + root, e);
        }
    }

    /**
     * Adds one file at a normalised path (see {@link ProjectPaths#normalise}); a capture must carry RenderDoc's
     * signature and is stored read-only. A second file at the same path is refused (a zip may list a name twice).
     *
     * @param modified the time to keep as the file's modification time, or null for now
     */
    void add(String normalised, InputStream content, FileTime modified) throws IOException {
        Path target = dir.resolve(normalised);
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw ConsoleException.badRequest(parameter, "'" + normalised + "' appears twice");
        }
        Files.createDirectories(target.getParent());
        InputStream budgeted = budgeted(content);
        if (normalised.startsWith(ProjectPaths.CAPTURES + "/")) {
            CaptureIntake.Received received = CaptureIntake.receive(budgeted, target.getParent(), Long.MAX_VALUE,
                    parameter);
            AtomicFiles.moveIntoPlace(received.temp(), target);
        } else {
            AtomicFiles.write(target, budgeted);
        }
        if (modified != null) {
            Files.setLastModifiedTime(target, modified);
        }
    }

    /**
     * Writes project.json (with a fresh id) and history.json, then renames the folder into place.
     *
     * @return the new project's id
     */
    String publish(ObjectNode project, History history) throws IOException {
        AtomicFiles.writeJson(dir.resolve(ProjectStore.HISTORY_JSON), history.toJson());
        while (true) {
            String id = ProjectPaths.newId();
            ObjectNode withId = project.deepCopy();
            withId.put("id", id);
            // keep the id first in the file, as a person reading it expects
            ObjectNode ordered = withId.objectNode().put("id", id);
            ordered.setAll(withId);
            AtomicFiles.writeJson(dir.resolve(ProjectStore.PROJECT_JSON), ordered);
            if (Files.exists(root.resolve(id), LinkOption.NOFOLLOW_LINKS)) {
                continue; // 96 random bits collided; draw again
            }
            Files.move(dir, root.resolve(id), StandardCopyOption.ATOMIC_MOVE);
            AtomicFiles.forceFolder(root);
            published = true;
            return id;
        }
    }

    /** What errors name: "body" for an archive, "parts" for a multipart import. */
    String parameter() {
        return parameter;
    }

    @Override
    public void close() {
        if (!published) {
            AtomicFiles.deleteQuietly(dir);
        }
    }

    private InputStream budgeted(InputStream content) {
        return new FilterInputStream(content) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    count(1);
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                if (n > 0) {
                    count(n);
                }
                return n;
            }
        };
    }

    private void count(long bytes) {
        written += bytes;
        if (written > maxBytes) {
            throw new ConsoleException(413, "OUTPUT_TOO_LARGE", "the project's files add up to more than the limit"
                    + " of " + maxBytes + " bytes; nothing was imported",
                    Map.of("parameter", parameter, "limit_bytes", maxBytes));
        }
    }

    static void ownerOnly(Path folder) throws IOException {
        try {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the user's profile folder is already private
        }
    }
}
