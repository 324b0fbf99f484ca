package dev.framescope.web;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;

/**
 * The three locks of FrameScope's local web pages (the dialog page and the capture console), checked on every
 * request and on every WebSocket upgrade or state-changing call:
 * <ul>
 * <li>{@code Host} must name the loopback interface (127.0.0.1, localhost or [::1], any port, so an SSH tunnel to
 * another local port works) — a DNS-rebinding page on another name is refused;</li>
 * <li>{@code Origin}, where a browser sends one, must be exactly {@code http://} + that Host, or one of the extra
 * origins the user configured for a separate front end — a page on any other site cannot drive the service
 * (browsers let any page open a WebSocket or send a request to localhost);</li>
 * <li>the per-launch token (160 random bits from {@link SecureRandom}), compared in constant time.</li>
 * </ul>
 */
public final class LoopbackGuard {

    private static final Set<String> LOOPBACK_NAMES = Set.of("127.0.0.1", "localhost", "[::1]");

    private final String token;
    private final Set<String> extraOrigins;

    public LoopbackGuard() {
        this(Set.of());
    }

    /** @param extraOrigins origins (e.g. {@code http://localhost:5173}) also allowed, exactly as written */
    public LoopbackGuard(Set<String> extraOrigins) {
        byte[] bytes = new byte[20];
        new SecureRandom().nextBytes(bytes);
        this.token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        this.extraOrigins = Set.copyOf(extraOrigins);
    }

    public String token() {
        return token;
    }

    /** The page's own origin, or one configured for a separate front end. */
    public boolean originAllowedHere(String origin, String host) {
        return originAllowed(origin, host) || origin != null && hostAllowed(host) && extraOrigins.contains(origin);
    }

    public boolean tokenMatches(String given) {
        return given != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
    }

    public static boolean hostAllowed(String host) {
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

    public static boolean originAllowed(String origin, String host) {
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
