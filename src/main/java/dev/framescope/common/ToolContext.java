package dev.framescope.common;

/**
 * What a running tool may say to its caller while it works. Progress is sent only when the client asked for it
 * (MCP {@code _meta.progressToken}); clients reset their idle timers on each notification.
 */
public interface ToolContext {

    /**
     * Reports progress; {@code progress} must increase from call to call.
     *
     * @param progress work done so far, in the same unit as {@code total}
     * @param total    total work, or null when unknown
     * @param message  one line for the person watching, or null
     */
    void progress(double progress, Double total, String message);

    /** The person at the client through MCP elicitation; {@link ClientHuman#NONE} where there is none. */
    default ClientHuman clientHuman() {
        return ClientHuman.NONE;
    }

    /** The client's model through MCP sampling; {@link ClientModel#NONE} where the caller has none. */
    default ClientModel clientModel() {
        return ClientModel.NONE;
    }

    /**
     * The caller's stop signal for this call. Long work checks it between steps; waits register a listener. The
     * default never fires.
     */
    default Cancellation cancellation() {
        return NEVER_CANCELLED;
    }

    /**
     * True on the retry of a call whose first round asked the client something ({@link InputRequired}) and was admitted
     * then: it is the same question, not a new one, so it is not admitted (e.g. rate limited) twice.
     */
    default boolean resumed() {
        return false;
    }

    /** Shared by contexts that cannot be cancelled; nothing ever cancels it, so listeners never pile up in use. */
    Cancellation NEVER_CANCELLED = Cancellation.none();

    /** A context for callers that show no progress: the CLI, unit tests. */
    ToolContext SILENT = (progress, total, message) -> {
    };

    /** A context that shows no progress and stops on {@code cancellation}: for callers that have no client. */
    static ToolContext silent(Cancellation cancellation) {
        return new ToolContext() {
            @Override
            public void progress(double progress, Double total, String message) {
            }

            @Override
            public Cancellation cancellation() {
                return cancellation;
            }
        };
    }
}
