package dev.framescope.console;

import dev.framescope.web.LoopbackGuard;
import dev.framescope.web.LoopbackServer;
import dev.framescope.web.PageFiles;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The capture console on one port of 127.0.0.1, served by Jetty behind the same {@link LoopbackGuard} as the dialog
 * page: a loopback Host on every request, the page's own Origin (or a configured one) wherever a browser sends one,
 * and the per-launch token on the page and every API call ({@code X-FrameScope-Token}, or {@code ?token=} only
 * where a browser cannot send headers: images, downloads, the event stream, {@link #takesTokenInQuery}).
 * {@link ConsoleApi} answers the API, {@link PageFiles} the page's static files.
 */
public final class ConsoleServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ConsoleServer.class);
    public static final String TOKEN_HEADER = "X-FrameScope-Token";
    /**
     * The page and its modules, main.js importing the rest. A browser fetches a module at its bare path, without the
     * page's ?token=, so only {@code /} asks for the token, as it did when the page had one script.
     */
    private static final PageFiles PAGE = new PageFiles("/dev/framescope/console/web/", "index.html", "console.css",
            "main.js", "api.js", "state.js", "status.js", "projects.js", "upload.js", "ask.js", "history.js",
            "evidence.js", "archive.js", "settings.js");
    private static final Pattern QUERY_TOKEN_PATH = Pattern.compile(
            "/projects/[^/]+/(resource|export)|/nl-debug/events");
    private static final String QUERY_TOKEN_ROUTES = "GET /projects/:id/resource, GET /projects/:id/export, "
            + "GET /nl-debug/events";

    private final Server server;
    private final LoopbackGuard guard;
    private final int port;
    private final ConsoleApi api;

    private ConsoleServer(ConsoleApi api, int port, Set<String> extraOrigins) throws Exception {
        this.api = api;
        this.guard = new LoopbackGuard(extraOrigins);
        LoopbackServer loopback = new LoopbackServer("console", 32, port);
        server = loopback.server();
        server.setHandler(new Guarded(api));
        server.start();
        this.port = loopback.port();
    }

    public static ConsoleServer start(ConsoleApi api, int port, Set<String> extraOrigins) throws IOException {
        try {
            return new ConsoleServer(api, port, extraOrigins);
        } catch (Exception e) {
            throw new IOException("could not start the console on 127.0.0.1:" + port + " (" + e.getMessage()
                    + "); is another program using the port? --port 0 picks a free one", e);
        }
    }

    /** The address with its token: for the person only (stderr, their browser). */
    public String url() {
        return "http://127.0.0.1:" + port + "/?token=" + guard.token();
    }

    public String address() {
        return "http://127.0.0.1:" + port + "/";
    }

    public int port() {
        return port;
    }

    public String token() {
        return guard.token();
    }

    /** Stops serving, then lets go of the projects folder. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (TimeoutException e) {
            // A page still listening to a run's events holds its request open; after the grace period Jetty closes
            // it, which is what stopping means here.
            log.debug("Console stopped; requests still open after {} ms were closed", server.getStopTimeout());
        } catch (Exception e) {
            log.warn("Console did not stop cleanly: {}", e.toString());
        }
        api.close();
    }

    /**
     * Where a browser cannot send the header and the token may come in the address instead: an {@code <img>} of
     * a project's resource, a download link of its export, an {@code EventSource} of a run. A token in an address
     * ends up in history and logs, so nothing that changes state takes it there.
     */
    static boolean takesTokenInQuery(String method, String path) {
        return method.equals("GET") && QUERY_TOKEN_PATH.matcher(path).matches();
    }

    /** Checks the guard, then hands the request to the page or the API. */
    private final class Guarded extends Handler.Abstract {

        private final ConsoleApi api;

        Guarded(ConsoleApi api) {
            this.api = api;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            String path = Request.getPathInContext(request);
            String host = request.getHeaders().get(HttpHeader.HOST);
            String origin = request.getHeaders().get(HttpHeader.ORIGIN);
            if (!LoopbackGuard.hostAllowed(host)) {
                return refuse(request, response, callback, 421, "host", "The console answers only on 127.0.0.1 or "
                        + "localhost.");
            }
            if (origin != null && !guard.originAllowedHere(origin, host)) {
                return refuse(request, response, callback, 403, "origin", "Requests are accepted only from the "
                        + "console page itself (or an origin configured with --allow-origin).");
            }
            if (origin != null && !origin.equals("http://" + host)) {
                response.getHeaders().put("Access-Control-Allow-Origin", origin);
                response.getHeaders().put("Vary", "Origin");
                if (request.getMethod().equals("OPTIONS")) {
                    response.getHeaders().put("Access-Control-Allow-Methods", "GET, POST, PUT");
                    response.getHeaders().put("Access-Control-Allow-Headers", "Content-Type, " + TOKEN_HEADER);
                    response.setStatus(204);
                    callback.succeeded();
                    return true;
                }
            }
            if (PAGE.serves(path)) {
                if (path.equals("/") && !guard.tokenMatches(Request.extractQueryParameters(request).getValue("token"))) {
                    return refuse(request, response, callback, 403, "token", "This console link is not valid: use the "
                            + "URL the server printed (it carries a token).");
                }
                if (!PAGE.serve(path, response, callback)) {
                    Http.error(response, callback, ConsoleException.notFound("page", path
                            + " is missing from the JAR"));
                }
                return true;
            }
            String token = request.getHeaders().get(TOKEN_HEADER);
            String queryToken = token == null ? Request.extractQueryParameters(request).getValue("token") : null;
            boolean queryTaken = takesTokenInQuery(request.getMethod(), path);
            if (queryTaken && token == null) {
                token = queryToken;
            }
            if (!guard.tokenMatches(token)) {
                String why = queryToken != null && !queryTaken ? "A token in the address is not taken here"
                        : "Missing or wrong token";
                return refuse(request, response, callback, 403, "token", why + ": send the token of the console's "
                        + "URL in the " + TOKEN_HEADER + " header. ?token= is accepted only for images, downloads "
                        + "and the event stream, where a browser cannot send headers (" + QUERY_TOKEN_ROUTES + ").");
            }
            api.handle(request, response, callback);
            return true;
        }

        private boolean refuse(Request request, Response response, Callback callback, int status, String reason,
                               String message) {
            log.warn("Console refused a {} request for {} from {}: bad {}", request.getMethod(),
                    Request.getPathInContext(request), Request.getRemoteAddr(request), reason);
            Http.error(response, callback, new ConsoleException(status, "FORBIDDEN", message,
                    Map.of("reason", reason)));
            return true;
        }
    }
}
