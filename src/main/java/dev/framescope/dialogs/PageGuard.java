package dev.framescope.dialogs;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;

/**
 * The dialog page's three locks, checked on every request and on the WebSocket upgrade:
 * <ul>
 * <li>{@code Host} must name the loopback interface (127.0.0.1, localhost or [::1], any port, so an SSH tunnel to
 * another local port works) — a DNS-rebinding page on another name is refused;</li>
 * <li>{@code Origin} on the WebSocket must be exactly {@code http://} + that Host — a page on any other site
 * cannot drive the socket (browsers let any page open a WebSocket to localhost);</li>
 * <li>the per-launch token (160 random bits from {@link SecureRandom}), compared in constant time.</li>
 * </ul>
 */
final class PageGuard {

    private static final Set<String> LOOPBACK_NAMES = Set.of("127.0.0.1", "localhost", "[::1]");

    private final String token;

    PageGuard() {
        byte[] bytes = new byte[20];
        new SecureRandom().nextBytes(bytes);
        this.token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    String token() {
        return token;
    }

    boolean tokenMatches(String given) {
        return given != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
    }

    static boolean hostAllowed(String host) {
        if (host == null || host.isBlank()) {
            return false;
        }
        String name = host.toLowerCase(Locale.ROOT);
        int colon = name.lastIndexOf(':');
        if (colon > name.lastIndexOf(']')) {
            String port = name.substring(colon + 1);
            if (port.isEmpty() || !port.chars().allMatch(Character::isDigit)) {
                return false;
            }
            name = name.substring(0, colon);
        }
        return LOOPBACK_NAMES.contains(name);
    }

    static boolean originAllowed(String origin, String host) {
        if (origin == null || !hostAllowed(host)) {
            return false;
        }
        try {
            URI uri = URI.create(origin);
            return "http".equals(uri.getScheme()) && uri.getPath().isEmpty()
                    && origin.equalsIgnoreCase("http://" + host);
        } catch (IllegalArgumentException malformed) {
            return false;
        }
    }
}
