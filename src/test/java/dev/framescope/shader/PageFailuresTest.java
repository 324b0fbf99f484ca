package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PageFailuresTest {

    @Test
    void aPageClosedMidEffectSaysSoInsteadOfPlaywrightsFirstLine() {
        // The shape Playwright for Java gave for filter/octaveWarp when its batch ran past the time limit.
        String playwright = "Error {\n  message='Target page, context or browser has been closed\nBrowser logs:\n\n"
                + "<launching> /usr/bin/chromium --headless\n<launched> pid=12147\n  name='Error\n  stack='Error\n}";
        assertEquals(PageFailures.CLOSED, PageFailures.reason(new RuntimeException(playwright)));
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
