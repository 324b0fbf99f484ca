package dev.framescope.dialogs;

import java.util.Locale;

/**
 * Where a question stands. {@code PENDING} until a client or page shows it, {@code SHOWN} while the person looks at
 * it; the rest are final. {@code DECLINED} comes only from MCP elicitation, where clients offer it besides cancel.
 */
enum DialogState {
    PENDING, SHOWN, ANSWERED, DECLINED, CANCELLED, TIMED_OUT, ERROR;

    boolean isFinal() {
        return this != PENDING && this != SHOWN;
    }

    String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
