package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves a non-Java client works: {@code src/test/node/client-e2e.mjs} drives the JAR with the official TypeScript
 * SDK client ({@code @modelcontextprotocol/sdk}, installed by scripts/setup.sh) through the launcher users
 * configure, {@code scripts/framescope}, and reports each check as JSON.
 */
@Timeout(120)
class TypeScriptClientIT {

    @Test
    void officialTypeScriptClientPassesEveryCheck(@TempDir Path dir) throws Exception {
        NodeClients.require("@modelcontextprotocol/sdk", "the TypeScript SDK");
        BuiltJar.path();
        Path report = dir.resolve("report.json");
        List<String> command = new ArrayList<>(List.of("node", NodeClients.DIR.resolve("client-e2e.mjs").toString(),
                Path.of("scripts/framescope").toAbsolutePath().toString()));
        Process node = new ProcessBuilder(command).redirectOutput(report.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        assertTrue(node.waitFor(90, TimeUnit.SECONDS), "node client did not finish");
        JsonNode result = new ObjectMapper().readTree(report.toFile());
        List<String> failed = new ArrayList<>();
        result.get("checks").forEach(c -> {
            if (!c.get("ok").asBoolean()) {
                failed.add(c.toString());
            }
        });
        assertEquals(List.of(), failed);
        assertEquals(0, node.exitValue());
        assertTrue(result.get("passed").asInt() >= 15, result.toString());
    }
}
