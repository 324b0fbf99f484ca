package dev.framescope.console;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which requests may carry the token in their address: only reads a browser makes without script. */
class ConsoleServerTest {

    @Test
    void takesTheTokenInTheAddressOnlyForImagesDownloadsAndTheEventStream() {
        assertTrue(ConsoleServer.takesTokenInQuery("GET", "/projects/prj-abc/resource"));
        assertTrue(ConsoleServer.takesTokenInQuery("GET", "/projects/prj-abc/export"));
        assertTrue(ConsoleServer.takesTokenInQuery("GET", "/nl-debug/events"));
        for (String[] refused : new String[][] {{"POST", "/projects/prj-abc/resource"}, {"POST", "/nl-debug/events"},
                {"GET", "/projects"}, {"POST", "/projects"}, {"GET", "/projects/prj-abc"}, {"GET", "/health"},
                {"GET", "/settings"}, {"PUT", "/settings"}, {"GET", "/projects/prj-abc/history"},
                {"PUT", "/projects/prj-abc/history"}, {"POST", "/projects/prj-abc/upload-capture"},
                {"GET", "/projects/prj-abc/resources"}, {"GET", "/projects/a/b/resource"},
                {"GET", "/projects/prj-abc/resource/x"}, {"POST", "/nl-debug"}, {"GET", "/models"}}) {
            assertFalse(ConsoleServer.takesTokenInQuery(refused[0], refused[1]), String.join(" ", refused));
        }
    }
}
