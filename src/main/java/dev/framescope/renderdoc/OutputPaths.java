package dev.framescope.renderdoc;

import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the RenderDoc tools may write: only under the allowed roots (the working directory, which is the
 * workspace for an MCP client, and FRAMESCOPE_OUTPUT_DIR when set), with the expected extension, into an existing
 * folder, and never over an existing file unless the caller asked.
 */
final class OutputPaths {

    private final List<Path> roots;

    OutputPaths(List<Path> roots) {
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

    /** The absolute path to write, or an INVALID_ARGUMENT naming the parameter and what is allowed. */
    Path checked(String output, String extension, boolean overwrite) {
        Path path = Path.of(output).toAbsolutePath().normalize();
        if (!path.getFileName().toString().toLowerCase().endsWith(extension)) {
            throw ToolException.invalidArgument("output", "a file name ending in " + extension, output);
        }
        Path parent = path.getParent();
        Path realParent;
        try {
            realParent = parent.toRealPath();
        } catch (IOException e) {
            throw ToolException.invalidArgument("output", "a path in an existing folder", output);
        }
        if (roots.stream().noneMatch(realParent::startsWith)) {
            throw ToolException.invalidArgument("output", "a path under " + roots + " (the working directory or "
                    + "FRAMESCOPE_OUTPUT_DIR)", output);
        }
        Path target = realParent.resolve(path.getFileName());
        if (Files.exists(target) && !overwrite) {
            throw ToolException.invalidArgument("overwrite", "true to replace the existing " + target, false);
        }
        if (Files.isDirectory(target)) {
            throw ToolException.invalidArgument("output", "a file, not a folder", output);
        }
        return target;
    }
}
