package dev.framescope.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrowserOpenerTest {

    private static final String URL = "http://127.0.0.1:1/?token=t";

    @Test
    void opensOnlyWhereThereIsADesktop() {
        assertNull(BrowserOpener.command(URL, "Linux", Map.of("PATH", "/usr/bin:/bin")), "SSH session: no display");
        assertNull(BrowserOpener.command(URL, "Linux", Map.of("DISPLAY", ":0", "PATH", "/nonexistent")),
                "no xdg-open");
        assertEquals(List.of("open", URL), BrowserOpener.command(URL, "Mac OS X", Map.of()));
        assertEquals("rundll32", BrowserOpener.command(URL, "Windows 11", Map.of()).get(0));
    }
}
