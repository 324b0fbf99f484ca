package dev.framescope.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * Prints MCP protocol objects exactly as the SDK would send them. They carry their own JSON names, so they go
 * through a plain mapper, not FrameScope's snake_case one.
 */
final class CliJson {

    private static final ObjectMapper PROTOCOL = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CliJson() {
    }

    static String pretty(Object protocolObject) throws JsonProcessingException {
        return PROTOCOL.writeValueAsString(protocolObject);
    }
}
