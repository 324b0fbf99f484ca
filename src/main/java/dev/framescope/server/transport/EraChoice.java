package dev.framescope.server.transport;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Echo;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which era one stdio stream is served in ({@link Era}): open until the client's first deciding request, then
 * fixed. Where the server is set to one era only, that era is the answer from the first request on.
 */
final class EraChoice {

    private static final Logger log = LoggerFactory.getLogger(EraChoice.class);

    private volatile Era era;
    private volatile boolean statelessServed;
    private volatile boolean statelessOnly;

    /** The stateless era is served; with {@code only}, nothing else is. */
    void serveStateless(boolean only) {
        statelessServed = true;
        statelessOnly = only;
    }

    /** The era chosen by the client's first deciding request, or null before it. */
    Era chosen() {
        return era;
    }

    /**
     * The era {@code message} is served in. The first request that chooses one ({@link Era#chosenBy}) fixes it for
     * the rest of the stream; a request naming a stateless version this server lacks goes to the stateless server,
     * which answers with the versions it speaks, and leaves the choice open.
     */
    Era of(ObjectNode message, boolean request) {
        Era chosen = era;
        if (chosen != null || !request) {
            return chosen;
        }
        Era asked = statelessOnly ? Era.MODERN : Era.chosenBy(message);
        if (asked == null) {
            return namesVersion(message) && statelessServed ? Era.MODERN : null;
        }
        if (asked == Era.MODERN && !statelessServed) {
            asked = Era.LEGACY;
        }
        era = asked;
        log.info("MCP era chosen: {} (first request {})", asked.newest(), message.path("method").asText());
        return asked;
    }

    /**
     * The answer to a request of the stateless era that comes before any era is chosen, where this server serves
     * none (the SDK would hold it until an {@code initialize} that never comes); null for any other message.
     */
    ObjectNode refusal(ObjectMapper mapper, ObjectNode message, boolean request, List<String> versions) {
        if (statelessServed || era != null || !request || !namesVersion(message)
                || "initialize".equals(message.path("method").asText())) {
            return null;
        }
        ObjectNode refusal = InboundCheck.error(mapper, message.get("id"), Era.UNSUPPORTED_VERSION, "Unsupported "
                + "protocol version: this server is set to the initialize-based revisions only "
                + "(FRAMESCOPE_MCP_ERA=legacy); send initialize");
        ObjectNode data = ((ObjectNode) refusal.get("error")).putObject("data");
        ArrayNode supported = data.putArray("supported");
        for (int i = versions.size() - 1; i >= 0; i--) {
            supported.add(versions.get(i)); // newest first
        }
        data.set("requested", Echo.value(message.path("params").path("_meta").path(Era.PROTOCOL_VERSION)));
        return refusal;
    }

    private static boolean namesVersion(ObjectNode message) {
        return message.path("params").path("_meta").has(Era.PROTOCOL_VERSION);
    }
}
