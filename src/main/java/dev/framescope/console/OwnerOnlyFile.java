package dev.framescope.console;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * A small file only its owner may read (0600, in a 0700 folder), for the one secret FrameScope keeps. Every write
 * goes to a temp file created owner-only — the mode is set by the create call itself, not afterwards, so there is
 * no moment another user could open it — then renamed over the old one, so a reader sees the old text or the new,
 * never half. A folder or file found looser (made by hand, by an older version) is tightened. On a file system
 * without POSIX modes (Windows) the user's profile folder is what protects it. Not thread-safe: the caller
 * serialises writes.
 */
final class OwnerOnlyFile {

    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");

    private final Path file;
    private final Path folder;

    OwnerOnlyFile(Path file) {
        this.file = file;
        this.folder = file.getParent();
    }

    Path path() {
        return file;
    }

    /** The text, or null when there is no file yet. */
    String read() throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        tightenIfLoose(file, OWNER_FILE);
        return Files.readString(file);
    }

    void write(String text) throws IOException {
        makeFolder();
        String prefix = file.getFileName() + "-";
        Path temp = posix()
                ? Files.createTempFile(folder, prefix, ".tmp", PosixFilePermissions.asFileAttribute(OWNER_FILE))
                : Files.createTempFile(folder, prefix, ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
                channel.force(true);
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            // after a failed write; owner-only, so nothing readable was left even before this
            Files.deleteIfExists(temp);
        }
    }

    private void makeFolder() throws IOException {
        Files.createDirectories(folder.getParent());
        try {
            if (posix()) {
                Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(OWNER_DIR));
            } else {
                Files.createDirectory(folder);
            }
        } catch (FileAlreadyExistsException exists) {
            if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(folder + " is not a folder");
            }
            tightenIfLoose(folder, OWNER_DIR);
        }
    }

    private void tightenIfLoose(Path path, Set<PosixFilePermission> wanted) throws IOException {
        if (posix() && !Files.getPosixFilePermissions(path).equals(wanted)) {
            Files.setPosixFilePermissions(path, wanted);
        }
    }

    private boolean posix() {
        return file.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
