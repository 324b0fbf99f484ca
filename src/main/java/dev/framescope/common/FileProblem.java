package dev.framescope.common;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * Why a file or folder could not be used, in words a person can act on. Java's file exceptions often carry nothing
 * but the path as their message ({@code AccessDeniedException: /x}); the operating system's reason ("Read-only file
 * system", "No space left on device", "Not a directory") is in {@link FileSystemException#getReason()}.
 */
public final class FileProblem {

    private FileProblem() {
    }

    /** The cause alone, lower case: "permission denied", "no space left on device", "read-only file system". */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "does not exist";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().toLowerCase(Locale.ROOT);
        }
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName();
        }
        // A write to a full disk is a plain IOException whose message is the system's: "No space left on device".
        return Character.toLowerCase(message.charAt(0)) + message.substring(1);
    }

    /** The file the system names and the cause: "/x/state/console: not a directory". */
    public static String describe(IOException e) {
        String file = e instanceof FileSystemException fs ? fs.getFile() : null;
        return file == null ? reason(e) : file + ": " + reason(e);
    }
}
