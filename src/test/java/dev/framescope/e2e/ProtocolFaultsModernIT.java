package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Every test of {@link ProtocolFaultsIT} again, with a client of the stateless era (MCP 2026-07-28). */
class ProtocolFaultsModernIT extends ProtocolFaultsIT {

    @Override
    RawClient client(Path stderr, Map<String, String> env) throws IOException {
        return RawClient.modern(stderr, env);
    }

    /** A stateless client probes first (as Claude Code does on the server's stdin); the era is chosen by _meta. */
    @Override
    void handshake(OutputStream in, Reader replies) throws Exception {
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\"}");
        assertEquals("2026-07-28", replies.next().at("/result/supportedVersions/0").asText());
    }

    @Override
    void servedInThisEra(Path stderr) throws IOException {
        assertTrue(Files.readString(stderr).contains("MCP era chosen: 2026-07-28"), "served the 2026-07-28 era");
    }

    @Override
    String asSent(String line) {
        return RawClient.withModernMeta(line);
    }
}
