package dev.framescope.web;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;

/**
 * The headers every response of FrameScope's local pages carries: a strict CSP, no sniffing, no referrer, no caching.
 * The dialog page and the console apply them to Jetty responses; the shader page's server, on the JDK's HTTP server,
 * sets the same {@link #headers()}.
 */
public final class SecureHeaders {

    /** Scripts and styles from the page's own files only; images also from data: and blob: URLs. */
    public static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
            + "frame-ancestors 'none'";

    private static final Map<String, String> HEADERS = Collections.unmodifiableMap(headersInOrder());

    private SecureHeaders() {
    }

    private static Map<String, String> headersInOrder() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Security-Policy", CSP);
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put("Referrer-Policy", "no-referrer");
        headers.put(HttpHeader.CACHE_CONTROL.asString(), "no-store");
        return headers;
    }

    /** Every header but Content-Type, name to value; unmodifiable. */
    public static Map<String, String> headers() {
        return HEADERS;
    }

    public static void apply(Response response, String contentType) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
        HEADERS.forEach(response.getHeaders()::put);
    }
}
