package dev.framescope.dialogs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PageGuardTest {

    @Test
    void onlyLoopbackHostNamesPassOnAnyPort() {
        assertTrue(PageGuard.hostAllowed("127.0.0.1:8765"));
        assertTrue(PageGuard.hostAllowed("localhost:9000"), "an SSH tunnel to another local port");
        assertTrue(PageGuard.hostAllowed("[::1]:8765"));
        assertTrue(PageGuard.hostAllowed("LOCALHOST"));
        assertFalse(PageGuard.hostAllowed("attacker.example:8765"), "DNS rebinding");
        assertFalse(PageGuard.hostAllowed("127.0.0.1.attacker.example:8765"));
        assertFalse(PageGuard.hostAllowed("192.168.1.5:8765"));
        assertFalse(PageGuard.hostAllowed("127.0.0.1:80x"));
        assertFalse(PageGuard.hostAllowed(""));
        assertFalse(PageGuard.hostAllowed(null));
    }

    @Test
    void originMustBeThePagesOwn() {
        assertTrue(PageGuard.originAllowed("http://127.0.0.1:8765", "127.0.0.1:8765"));
        assertTrue(PageGuard.originAllowed("http://localhost:9000", "localhost:9000"));
        assertFalse(PageGuard.originAllowed("http://attacker.example", "127.0.0.1:8765"));
        assertFalse(PageGuard.originAllowed("http://127.0.0.1:1234", "127.0.0.1:8765"), "another local server");
        assertFalse(PageGuard.originAllowed("https://127.0.0.1:8765", "127.0.0.1:8765"));
        assertFalse(PageGuard.originAllowed("null", "127.0.0.1:8765"), "sandboxed frames and file pages");
        assertFalse(PageGuard.originAllowed(null, "127.0.0.1:8765"));
        assertFalse(PageGuard.originAllowed("http://attacker.example:8765", "attacker.example:8765"));
    }

    @Test
    void tokensAreRandomLongAndCheckedExactly() {
        PageGuard guard = new PageGuard();
        assertTrue(guard.token().length() >= 26, "at least 128 bits in base64");
        assertNotEquals(guard.token(), new PageGuard().token());
        assertTrue(guard.tokenMatches(guard.token()));
        assertFalse(guard.tokenMatches(guard.token() + "x"));
        assertFalse(guard.tokenMatches(guard.token().substring(1)));
        assertFalse(guard.tokenMatches(""));
        assertFalse(guard.tokenMatches(null));
    }
}
