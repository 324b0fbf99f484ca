package dev.framescope.shader;

import java.util.List;

/**
 * The reason a batch item's page work failed, in one line a person can act on. Playwright reports its errors as a
 * block ({@code Error {\n  message='…'\n  name=…}}) whose first line says nothing. A page that is gone (killed at
 * the call's time or memory bound, crashed, or its browser closed) is no failure of the item's own: the batch runner
 * names it (timeout, crash, memory) and runs the item again alone, so such errors are not made into results.
 */
final class PageFailures {

    private static final String MESSAGE = "message='";
    /** How Playwright's errors begin when the page, its context or its browser is gone. */
    private static final List<String> PAGE_GONE = List.of(
            "Target page, context or browser has been closed", "Target closed", "Target crashed", "Page crashed",
            "Browser has been closed", "Browser closed", "Playwright connection closed");

    private PageFailures() {
    }

    static String reason(Throwable failure) {
        String text = String.valueOf(failure.getMessage());
        boolean block = text.startsWith("Error {") && text.contains(MESSAGE);
        if (block) {
            text = text.substring(text.indexOf(MESSAGE) + MESSAGE.length());
        }
        String first = text.lines().findFirst().orElse("").strip();
        return block && first.endsWith("'") ? first.substring(0, first.length() - 1) : first;
    }

    /** Whether {@code failure} says the page, its context or its browser is gone (not why). */
    static boolean isPageLost(Throwable failure) {
        String first = reason(failure);
        return PAGE_GONE.stream().anyMatch(first::startsWith);
    }
}
