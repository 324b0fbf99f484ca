package dev.framescope.renderdoc.bridge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The bridge's stderr, appended to one file in the state directory by every bridge this server starts (never a pipe,
 * which could fill and block it). Errors quote its last lines; the post-mortem of a lost bridge keeps more of them.
 */
record BridgeLog(Path file) {

    /** The last {@code lines} lines, or "" when there is no log yet. */
    String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    @Override
    public String toString() {
        return file.toString();
    }
}
