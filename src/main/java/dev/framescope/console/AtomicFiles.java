package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.FileTrees;
import dev.framescope.common.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes that a crash cannot leave half done: the bytes go to a temp file in the target's own folder (same file
 * system, so the rename is atomic), are forced to disk, and only then renamed over the target; the folder is forced
 * too so the rename itself survives a power cut. A reader sees the old file or the new one, never a mix.
 *
 * <p>Every temp file or folder the store makes is named {@code .<kind>-<random>.tmp} (hidden, never listed as a
 * resource); {@link #removeStaleTemps} deletes those a killed process left behind.
 */
final class AtomicFiles {

    /** Temp names: .write-…, .upload-…, .import-… (a zip) and .stage-… (a folder), all ending in .tmp. */
    static final Pattern TEMP_NAME = Pattern.compile("\\.(write|upload|import|stage)-[^/]*\\.tmp");
    /** The process that made a temp file: its names start .<kind>-<pid>-, so a restart knows what is orphaned. */
    private static final Pattern OWNER = Pattern.compile("\\.(?:write|upload|import|stage)-(\\d+)-.*");
    private static final long PID = ProcessHandle.current().pid();

    /** The start of a temp file's name for {@code kind} (write, upload, import, stage), tagged with this process. */
    static String tempPrefix(String kind) {
        return "." + kind + "-" + PID + "-";
    }

    private AtomicFiles() {
    }

    static void writeJson(Path target, JsonNode value) {
        try {
            write(target, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(value));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }

    static void write(Path target, byte[] bytes) {
        try {
            write(target, new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }

    /**
     * Streams {@code source} to {@code target} through a temp file. An exception from the source (a budget, a broken
     * connection) propagates as it is, after the temp file is deleted.
     */
    static void write(Path target, InputStream source) throws IOException {
        Path temp = Files.createTempFile(target.getParent(), tempPrefix("write"), ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE);
                    OutputStream out = Channels.newOutputStream(channel)) {
                source.transferTo(out);
                out.flush();
                channel.force(true);
            }
            moveIntoPlace(temp, target);
        } catch (IOException | RuntimeException | Error e) {
            deleteQuietly(temp);
            throw e;
        }
    }

    /** Renames a finished temp file (already forced) over {@code target}, atomically, and forces the folder. */
    static void moveIntoPlace(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // same folder, so this only happens on exotic file systems; a plain replace is the best they offer
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        forceFolder(target.getParent());
    }

    /** Makes a rename in {@code folder} durable. POSIX only: other systems cannot open a folder, and need not. */
    static void forceFolder(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException notOnThisSystem) {
            // Windows refuses to open a directory; NTFS journals the rename itself
        }
    }

    static void deleteQuietly(Path path) {
        if (path == null) {
            return;
        }
        try {
            FileTrees.deleteTree(path);
        } catch (IOException ignored) {
            // best effort: whatever is left is a hidden *.tmp that the next start-up removes
        }
    }

    /**
     * Deletes the temp files and folders under {@code root} that a killed upload, import or write left: those of a
     * process no longer running, and untagged ones last modified before {@code before} (the start of this process).
     * Those of another live process stay.
     */
    static int removeStaleTemps(Path root, Instant before) {
        int[] removed = {0};
        FileTime cutoff = FileTime.from(before);
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    if (!dir.equals(root) && isStaleTemp(dir, attrs, cutoff)) {
                        FileTrees.deleteTree(dir);
                        removed[0]++;
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    if (isStaleTemp(file, attrs, cutoff)) {
                        Files.delete(file);
                        removed[0]++;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean temp files under " + root, e);
        }
        return removed[0];
    }

    /**
     * A temp file of a process that is gone (its name carries the pid), or an untagged one older than this process.
     * The process start alone is not enough: Linux gives it to the second, so a file a killed process wrote a moment
     * before the restart would look new.
     */
    private static boolean isStaleTemp(Path path, BasicFileAttributes attrs, FileTime cutoff) {
        String name = path.getFileName().toString();
        if (!TEMP_NAME.matcher(name).matches()) {
            return false;
        }
        Matcher owner = OWNER.matcher(name);
        if (owner.matches()) {
            long pid = Long.parseLong(owner.group(1));
            return pid != PID && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
        }
        return attrs.lastModifiedTime().compareTo(cutoff) < 0;
    }
}
