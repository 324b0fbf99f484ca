package dev.framescope.server.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The two eras of MCP one stdio process serves, and which one a client's first message asks for: {@code initialize}
 * the 2025-11-25 era (and its predecessors), a request whose {@code _meta} names a protocol version of 2026-07-28 the
 * stateless era. {@code server/discover} and {@code ping} decide nothing: a client may probe, then initialize.
 */
public enum Era {
    LEGACY("2025-11-25"),
    MODERN("2026-07-28");

    /** The request a client of 2026-07-28 may probe the server with, in either era. */
    static final String DISCOVER = "server/discover";
    /** The JSON-RPC error of MCP 2026-07-28 for a protocol version the server does not speak. */
    static final int UNSUPPORTED_VERSION = -32022;
    /** Where a 2026-07-28 request names its protocol version. */
    static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    /** The revisions of the stateless era this server speaks, newest first. */
    public static final List<String> MODERN_VERSIONS = List.of("2026-07-28");

    private final String newest;

    Era(String newest) {
        this.newest = newest;
    }

    /** The newest protocol revision of the era. */
    public String newest() {
        return newest;
    }

    /**
     * The era {@code message} chooses, or null when it leaves the choice open: discovery, ping, and a request naming
     * a protocol version this server does not speak (the stateless server answers it with the versions it does).
     */
    static Era chosenBy(ObjectNode message) {
        String method = message.path("method").asText();
        if (DISCOVER.equals(method) || "ping".equals(method)) {
            return null;
        }
        JsonNode version = message.path("params").path("_meta").path(PROTOCOL_VERSION);
        if (!version.isMissingNode() && !"initialize".equals(method)) {
            return MODERN_VERSIONS.contains(version.asText()) ? MODERN : null;
        }
        return LEGACY;
    }
}
