package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PageFailuresTest {

    /**
     * A page killed at a bound or crashed is no failure of the effect's own: it was reported as "the page was closed
     * before the effect finished: the call ran past its time limit or the browser went away", which said neither;
     * the batch runner now tells which and runs the effect again alone.
     */
    @Test
    void aPageThatIsGoneIsToldApartFromAnEffectsOwnFailure() {
        // The shape Playwright for Java gave for filter/octaveWarp when its batch ran past the time limit.
        String closed = "Error {\n  message='Target page, context or browser has been closed\nBrowser logs:\n\n"
                + "<launching> /usr/bin/chromium --headless\n<launched> pid=12147\n  name='Error\n  stack='Error\n}";
        assertTrue(PageFailures.isPageLost(new RuntimeException(closed)));
        assertTrue(PageFailures.isPageLost(new RuntimeException("Error {\n  message='Target crashed \n"
                + "  name='Error'\n}")));
        assertFalse(PageFailures.isPageLost(new IllegalStateException("pass 'render' reads 'noise', which no pass "
                + "writes")));
        assertFalse(PageFailures.isPageLost(new RuntimeException("Error {\n  message='Execution context was "
                + "destroyed, most likely because of a navigation'\n  name='Error'\n}")));
    }

    @Test
    void anotherPlaywrightErrorGivesItsMessageLine() {
        String playwright = "Error {\n  message='Execution context was destroyed, most likely because of a "
                + "navigation'\n  name='Error'\n  stack='Error: Execution context was destroyed\n}";
        assertEquals("Execution context was destroyed, most likely because of a navigation",
                PageFailures.reason(new RuntimeException(playwright)));
    }

    @Test
    void otherFailuresKeepTheirFirstLine() {
        assertEquals("pass 'render' reads 'noise', which no pass writes",
                PageFailures.reason(new IllegalStateException("pass 'render' reads 'noise', which no pass writes\n"
                        + "more")));
        assertEquals("needs image input 'startImage'",
                PageFailures.reason(new IllegalStateException("needs image input 'startImage'")));
        assertEquals("null", PageFailures.reason(new NullPointerException()));
    }
}
