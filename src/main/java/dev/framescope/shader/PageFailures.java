package dev.framescope.shader;

/**
 * The reason a batch item's page work failed, in one line a person can act on. Playwright reports its errors as a
 * block ({@code Error {\n  message='…'\n  name=…}}) whose first line says nothing, and a page the call's time limit
 * closed as "Target page, context or browser has been closed" followed by the whole browser log.
 */
final class PageFailures {

    private static final String MESSAGE = "message='";
    static final String CLOSED = "the page was closed before the effect finished: the call ran past its time limit "
            + "or the browser went away";

    private PageFailures() {
    }

    static String reason(Throwable failure) {
        String text = String.valueOf(failure.getMessage());
        boolean block = text.startsWith("Error {") && text.contains(MESSAGE);
        if (block) {
            text = text.substring(text.indexOf(MESSAGE) + MESSAGE.length());
        }
        String first = text.lines().findFirst().orElse("").strip();
        if (first.startsWith("Target page, context or browser has been closed")
                || first.startsWith("Target closed")) {
            return CLOSED;
        }
        return block && first.endsWith("'") ? first.substring(0, first.length() - 1) : first;
    }
}
