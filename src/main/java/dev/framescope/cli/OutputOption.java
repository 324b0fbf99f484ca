package dev.framescope.cli;

import dev.framescope.common.FileProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An option naming where a command writes its output (a report file, a folder of pictures), checked before the
 * command's work starts: a replay or a batch of renders should not run for minutes only to fail at the last write.
 * The folder is made when it is missing, as the write would make it.
 */
final class OutputOption {

    private OutputOption() {
    }

    /** @throws UsageException when {@code file} cannot be written: its folder cannot be made, or it is a folder */
    static void checkFile(String option, Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            checkFolder(option, parent);
        }
        if (Files.isDirectory(file) || Files.exists(file) && !Files.isWritable(file)) {
            throw new UsageException(option + " " + file + ": " + (Files.isDirectory(file) ? "a folder, not a file"
                    : "permission denied"));
        }
    }

    /** @throws UsageException when {@code folder} cannot be made or written into */
    static void checkFolder(String option, Path folder) {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UsageException(option + " " + folder + ": cannot make the folder (" + FileProblem.describe(e)
                    + ")");
        }
        if (!Files.isWritable(folder)) {
            throw new UsageException(option + " " + folder + ": permission denied");
        }
    }
}
