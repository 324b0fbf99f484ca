package dev.framescope.server.transport;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The answer to {@code server/discover}, the first request a client of MCP 2026-07-28 sends on stdio to learn the
 * server's era. mcp-core 2.1.0 speaks only the initialize-based revisions (up to 2025-11-25), so the card lists
 * those as {@code supportedVersions}: a dual-era client finds no modern version in common and falls back to
 * {@code initialize}, instead of stopping at a -32601 it cannot interpret. The card is built once at start-up from
 * the same name, version, capabilities and instructions that {@code initialize} answers with.
 */
public final class ServerDiscovery {

    static final String METHOD = "server/discover";

    private ServerDiscovery() {
    }

    /**
     * @param versions     the protocol versions the transport offers, oldest first
     * @param capabilities the server's capabilities as {@code initialize} reports them
     */
    public static ObjectNode card(ObjectMapper mapper, String name, String version, List<String> versions,
                           Object capabilities, String instructions) {
        ObjectNode result = mapper.createObjectNode();
        result.put("resultType", "complete");
        ArrayNode supported = result.putArray("supportedVersions");
        for (int i = versions.size() - 1; i >= 0; i--) {
            supported.add(versions.get(i)); // newest first, the order of preference
        }
        result.set("capabilities", mapper.valueToTree(capabilities));
        result.put("instructions", instructions);
        result.putObject("serverInfo").put("name", name).put("version", version);
        result.putObject("_meta").putObject("io.modelcontextprotocol/serverInfo").put("name", name)
                .put("version", version);
        result.put("ttlMs", 0);
        result.put("cacheScope", "public");
        return result;
    }
}
