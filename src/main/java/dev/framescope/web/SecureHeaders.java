package dev.framescope.web;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;

/** The headers every response of FrameScope's local pages carries: a strict CSP, no sniffing, no referrer. */
public final class SecureHeaders {

    /** Scripts and styles from the page's own files only; images also from data: and blob: URLs. */
    public static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
            + "frame-ancestors 'none'";

    private SecureHeaders() {
    }

    public static void apply(Response response, String contentType) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
        response.getHeaders().put("Content-Security-Policy", CSP);
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        response.getHeaders().put("Referrer-Policy", "no-referrer");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
    }
}
