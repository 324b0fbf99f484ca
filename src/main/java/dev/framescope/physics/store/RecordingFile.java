package dev.framescope.physics.store;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.SystemFolders;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * A recording as a file: what may be opened (a regular file, outside the system's folders), the read-only
 * connection every reader of it uses, and the answer for a file that is no recording, corrupt or locked. Stateless.
 */
public final class RecordingFile {

    private RecordingFile() {
    }

    /** Refuses a path that cannot be a recording before SQLite is asked: a system folder, a directory, a FIFO. */
    static void refuseUnusable(Path path) {
        SystemFolders.refuse("recording", path, "an MSD-CPP recording (.db file)");
        if (!Files.isRegularFile(path)) {
            throw Files.isDirectory(path) ? notARecording(path, "it is a directory; pass one of the .db files "
                    + "in it (list_recordings lists them)") : Files.exists(path) ? notARecording(path, "it is not a "
                    + "regular file (a FIFO, socket or device)") : ToolException.notFound("recording", path,
                    "call list_recordings to see the recordings found");
        }
    }

    /**
     * What tells one state of a recording's file from the next while a simulation still writes it: size and
     * modification time of the file and of its write-ahead log, if any (a recorder in WAL mode grows the log, not
     * the file, until a checkpoint).
     */
    record Stamp(long size, FileTime modified, long walSize, FileTime walModified) {

        /**
         * Field by field, not the record's generated equals: that one links itself through method handles on its
         * first use, which cost the second call of a session ~10 ms (every call after the one that opened the
         * recording compares stamps).
         */
        boolean sameAs(Stamp other) {
            return size == other.size && walSize == other.walSize && Objects.equals(modified, other.modified)
                    && Objects.equals(walModified, other.walModified);
        }
    }

    /** The file's stamp now; a file that cannot be read stamps as empty, so the next read finds out why. */
    static Stamp stamp(Path path) {
        Path wal = path.resolveSibling(path.getFileName() + "-wal");
        try {
            BasicFileAttributes file = Files.readAttributes(path, BasicFileAttributes.class);
            BasicFileAttributes log = Files.exists(wal) ? Files.readAttributes(wal, BasicFileAttributes.class) : null;
            return new Stamp(file.size(), file.lastModifiedTime(), log == null ? -1 : log.size(),
                    log == null ? null : log.lastModifiedTime());
        } catch (IOException e) {
            return new Stamp(-1, null, -1, null);
        }
    }

    /** A read-only connection: SQLite's read-only open mode, as MSD-CPP's own reader opens recordings. */
    static Connection connect(Path path) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("open_mode", "1"); // SQLITE_OPEN_READONLY
        return DriverManager.getConnection("jdbc:sqlite:file:" + path.toAbsolutePath() + "?mode=ro", properties);
    }

    /** The answer for a file that opens but is not an MSD-CPP recording, saying why. */
    static ToolException notARecording(Path path, String why) {
        return new ToolException(ErrorCode.INVALID_ARGUMENT, "'" + path + "' is not an MSD-CPP recording: " + why
                + ".", Map.of("path", path.toString()));
    }

    /** What an SQLite failure on a recording means to the caller: not a database, corrupt, locked, or else. */
    static ToolException failure(Path path, SQLException e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("SQLITE_NOTADB") || message.contains("not a database")) {
            return notARecording(path, "it is not an SQLite database");
        }
        if (message.contains("SQLITE_CORRUPT") || message.contains("malformed")) {
            return new ToolException(ErrorCode.ENGINE_FAILED, "Recording '" + path + "' is corrupt: " + message,
                    Map.of("path", path.toString()), e);
        }
        if (message.contains("SQLITE_BUSY") || message.contains("locked")) {
            return new ToolException(ErrorCode.ENGINE_FAILED, "Recording '" + path + "' is locked by another "
                    + "process (is the simulation still writing it?); retry when it is done: " + message,
                    Map.of("path", path.toString()), e);
        }
        return ToolException.engineFailed("SQLite", "reading '" + path + "': " + message, e);
    }
}
