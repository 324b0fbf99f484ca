package dev.framescope.common;

/**
 * Thrown by a {@link ClientHuman} or {@link ClientModel} that cannot hold the call open while the client answers:
 * in MCP 2026-07-28 the call ends with the question ({@code input_required}) and the client calls again with the
 * answer (a multi round-trip request). The tool body needs no part in it: it asks as it always does, the first round
 * ends here, and on the retry the same ask returns the answer the client sent. Whoever keeps state for the question
 * across the rounds (the dialogs keep it open, to be timed and counted once) names it with a {@link #ticket}, which
 * the retry hands back through {@link ClientHuman#resuming()}.
 */
public final class InputRequired extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String key;
    private final transient Object request;
    private final long lifetimeMs;
    private volatile String ticket;

    /**
     * @param key        the name the answer comes back under
     * @param request    the question in the protocol's terms, built by the front end that asks
     * @param lifetimeMs how long the answer is awaited before the question expires
     */
    public InputRequired(String key, Object request, long lifetimeMs) {
        super("the client must answer " + key + " and call again", null, false, false);
        this.key = key;
        this.request = request;
        this.lifetimeMs = lifetimeMs;
    }

    public String key() {
        return key;
    }

    public Object request() {
        return request;
    }

    public long lifetimeMs() {
        return lifetimeMs;
    }

    public String ticket() {
        return ticket;
    }

    /** Names what the asker keeps open for this question until the retry comes. */
    public void ticket(String ticket) {
        this.ticket = ticket;
    }
}
