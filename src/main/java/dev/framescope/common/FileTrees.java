package dev.framescope.common;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Whole folders removed with what is in them. Whether a failure matters is the caller's to say. */
public final class FileTrees {

    private FileTrees() {
    }

    /**
     * Deletes {@code path}: a file, or a folder with everything under it, deepest first. A symbolic link, at the top
     * or anywhere below, is deleted itself and never followed, so nothing outside the tree is touched however the
     * tree was made (a spool or an upload folder can hold links someone else put there). A path that does not exist
     * is nothing to do.
     *
     * <p>A file or folder that vanishes meanwhile (another process deleting the same tree) counts as deleted. The
     * first one that cannot be deleted or listed stops the walk and its {@link IOException} is thrown; what was
     * deleted before it stays deleted, the rest stays in place.
     */
    public static void deleteTree(Path path) throws IOException {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        // walkFileTree without FOLLOW_LINKS reports a link as a file, the top one included: it is never entered.
        Files.walkFileTree(path, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw e;
                }
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
