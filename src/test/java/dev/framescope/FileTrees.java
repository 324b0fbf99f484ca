package dev.framescope;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Folders copied whole for tests that change or rearrange a fixture without touching the committed one. */
public final class FileTrees {

    private FileTrees() {
    }

    /** Copies {@code from} (a folder, with everything under it) to {@code to}, which may exist. */
    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }
}
