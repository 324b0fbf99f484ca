package dev.framescope.common;

import java.util.Map;

/**
 * The person at the client, reached through MCP elicitation (a form the client shows) when the client offers it.
 * Tools that ask a person go through this, so the way of asking can change (e.g. to the retry-based requests of
 * later MCP versions) without touching them.
 */
public interface ClientHuman {

    /**
     * What came back. {@code action}: {@code accept} (content holds the answer), {@code decline}, {@code cancel},
     * {@code timeout} (no answer in time), {@code unsupported} (the client cannot elicit) or {@code error}.
     */
    record Reply(String action, Map<String, Object> content, String reason) {

        public static Reply of(String action, String reason) {
            return new Reply(action, Map.of(), reason);
        }
    }

    /**
     * Asks with a flat form schema (primitive properties only); blocks for at most {@code timeoutMs}, or throws
     * {@link InputRequired} where the answer comes with a retry of the call.
     */
    Reply ask(String message, Map<String, Object> requestedSchema, long timeoutMs);

    /**
     * On a call that carries the answer to a question an earlier round of it asked ({@link InputRequired}): the
     * ticket that round named. Null on a first round, and wherever calls are not retried.
     */
    default String resuming() {
        return null;
    }

    ClientHuman NONE = (message, schema, timeoutMs) -> Reply.of("unsupported", "no MCP client here, or a client "
            + "without the elicitation capability");
}
