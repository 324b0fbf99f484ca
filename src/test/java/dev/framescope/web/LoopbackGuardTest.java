package dev.framescope.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LoopbackGuardTest {

    @Test
    void onlyLoopbackHostNamesPassOnAnyPort() {
        assertTrue(LoopbackGuard.hostAllowed("127.0.0.1:8765"));
        assertTrue(LoopbackGuard.hostAllowed("localhost:9000"), "an SSH tunnel to another local port");
        assertTrue(LoopbackGuard.hostAllowed("[::1]:8765"));
        assertTrue(LoopbackGuard.hostAllowed("LOCALHOST"));
        assertFalse(LoopbackGuard.hostAllowed("attacker.example:8765"), "DNS rebinding");
        assertFalse(LoopbackGuard.hostAllowed("127.0.0.1.attacker.example:8765"));
        assertFalse(LoopbackGuard.hostAllowed("192.168.1.5:8765"));
        assertFalse(LoopbackGuard.hostAllowed("127.0.0.1:80x"));
        assertFalse(LoopbackGuard.hostAllowed(""));
        assertFalse(LoopbackGuard.hostAllowed(null));
    }

    @Test
    void originMustBeThePagesOwn() {
        assertTrue(LoopbackGuard.originAllowed("http://127.0.0.1:8765", "127.0.0.1:8765"));
        assertTrue(LoopbackGuard.originAllowed("http://localhost:9000", "localhost:9000"));
        assertFalse(LoopbackGuard.originAllowed("http://attacker.example", "127.0.0.1:8765"));
        assertFalse(LoopbackGuard.originAllowed("http://127.0.0.1:1234", "127.0.0.1:8765"), "another local server");
        assertFalse(LoopbackGuard.originAllowed("https://127.0.0.1:8765", "127.0.0.1:8765"));
        assertFalse(LoopbackGuard.originAllowed("null", "127.0.0.1:8765"), "sandboxed frames and file pages");
        assertFalse(LoopbackGuard.originAllowed(null, "127.0.0.1:8765"));
        assertFalse(LoopbackGuard.originAllowed("http://attacker.example:8765", "attacker.example:8765"));
    }

    @Test
    void tokensAreRandomLongAndCheckedExactly() {
        LoopbackGuard guard = new LoopbackGuard();
        assertTrue(guard.token().length() >= 26, "at least 128 bits in base64");
        assertNotEquals(guard.token(), new LoopbackGuard().token());
        assertTrue(guard.tokenMatches(guard.token()));
        assertFalse(guard.tokenMatches(guard.token() + "x"));
        assertFalse(guard.tokenMatches(guard.token().substring(1)));
        assertFalse(guard.tokenMatches(""));
        assertFalse(guard.tokenMatches(null));
    }

    @Test
    void extraOriginsAreAllowedOnlyAsConfiguredAndOnlyOnALoopbackHost() {
        LoopbackGuard guard = new LoopbackGuard(java.util.Set.of("http://localhost:5173"));
        assertTrue(guard.originAllowedHere("http://localhost:5173", "127.0.0.1:8765"));
        assertTrue(guard.originAllowedHere("http://127.0.0.1:8765", "127.0.0.1:8765"), "its own origin");
        assertFalse(guard.originAllowedHere("http://localhost:5174", "127.0.0.1:8765"));
        assertFalse(guard.originAllowedHere("http://localhost:5173", "attacker.example:8765"));
        assertFalse(new LoopbackGuard().originAllowedHere("http://localhost:5173", "127.0.0.1:8765"));
    }
}
