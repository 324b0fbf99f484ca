package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The npm clients the end-to-end tests drive (the TypeScript SDK, the Claude Code CLI, the MCP Inspector CLI), pinned
 * in src/test/node/package-lock.json and installed by scripts/setup.sh; {@link ProcessRun} runs them.
 */
final class NodeClients {

    static final Path DIR = Path.of("src/test/node");
    static final Path BIN = DIR.resolve("node_modules/.bin").toAbsolutePath();

    private NodeClients() {
    }

    /** Fails, naming the fix, when {@code path} (under node_modules) is missing. */
    static Path require(String path, String client) {
        Path installed = DIR.resolve("node_modules").resolve(path);
        assertTrue(Files.exists(installed), client + " is not installed: run scripts/setup.sh (npm ci --prefix "
                + DIR + ")");
        return installed.toAbsolutePath();
    }
}
