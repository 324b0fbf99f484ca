package dev.framescope.shader.harness;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.framescope.web.LoopbackGuard;
import dev.framescope.web.PageFiles;
import dev.framescope.web.SecureHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * Serves the shader runtime page (the resources under {@code dev/framescope/shader/page/}: index.html, the page's own
 * modules and stylesheet, and runtime/*.js) on 127.0.0.1 at an ephemeral port. WebGPU needs a secure context, which
 * {@code http://127.0.0.1} is. Read-only, loopback only; stays up for the life of the process. Tool calls load
 * {@code /harness.html} and pass effect sources to it directly; for a person using the page, the effects root is
 * served read-only under {@code /effects/} (files inside the root only) with {@code /effects/index.json} listing the
 * effects, and {@code /dom.js} is the DOM helpers the other local pages import. Everything but the harness page goes
 * out as the other local pages' files do: a loopback {@code Host} only (a DNS-rebinding page on another name cannot
 * read the effects) and {@link SecureHeaders} (no inline script or style). The harness page is one inline script,
 * which that CSP would block, and is served as before.
 */
public final class PageServer implements AutoCloseable {

    static final String RESOURCE_ROOT = "/dev/framescope/shader/page";
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8", "json", "application/json",
            "png", "image/png");

    /** The page tool calls load: the runtime inlined ({@link RuntimeBundle}), built once per process. */
    static final String HARNESS_PAGE = "/harness.html";

    /** Holder, so the bundle is built on first use only (the person's page server never needs it). */
    private static final class HarnessPage {
        static final byte[] BYTES = RuntimeBundle.html().getBytes(StandardCharsets.UTF_8);
    }

    private final HttpServer server;

    private PageServer(HttpServer server) {
        this.server = server;
    }

    public static PageServer start() throws IOException {
        return start(null, 0);
    }

    /** With {@code effectsRoot} null, no effects are served (the tools do not need them). */
    public static PageServer start(Path effectsRoot, int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/", PageServer::serve);
        if (effectsRoot != null) {
            server.createContext("/effects/", exchange -> serveEffect(exchange, effectsRoot.toAbsolutePath().normalize()));
        }
        server.setExecutor(Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "shader-page-server");
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
        return new PageServer(server);
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + path;
    }

    /** A file of the runtime page packaged in the JAR ("/index.html", "/runtime/passes.js"), or null. */
    static byte[] resource(String path) throws IOException {
        if (path.equals("/")) {
            path = "/index.html";
        }
        if (path.equals(HARNESS_PAGE)) {
            return HarnessPage.BYTES;
        }
        String resource = path.equals(PageFiles.SHARED_PATH) ? PageFiles.SHARED_RESOURCE : RESOURCE_ROOT + path;
        InputStream body = path.contains("..") ? null : PageServer.class.getResourceAsStream(resource);
        if (body == null) {
            return null;
        }
        try (body) {
            return body.readAllBytes();
        }
    }

    static String contentType(String path) {
        String extension = path.substring(path.lastIndexOf('.') + 1);
        return path.equals("/") ? TYPES.get("html") : TYPES.getOrDefault(extension, "application/octet-stream");
    }

    private static void serve(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        if (path.equals(HARNESS_PAGE)) {
            respond(exchange, resource(path), contentType(path), Map.of());
            return;
        }
        respondToPerson(exchange, resource(path), contentType(path));
    }

    private static void serveEffect(HttpExchange exchange, Path root) throws IOException {
        String relative = exchange.getRequestURI().getPath().substring("/effects/".length());
        byte[] bytes = null;
        String type = "text/plain; charset=utf-8";
        if (relative.equals("index.json")) {
            bytes = EffectIndex.json(root).getBytes(StandardCharsets.UTF_8);
            type = TYPES.get("json");
        } else {
            Path file = root.resolve(relative).normalize();
            if (file.startsWith(root) && Files.isRegularFile(file)) {
                bytes = Files.readAllBytes(file);
                String extension = relative.substring(relative.lastIndexOf('.') + 1);
                type = TYPES.getOrDefault(extension, type);
            }
        }
        respondToPerson(exchange, bytes, type);
    }

    /** A file of the person's page: refused for a Host that is not loopback, else with the local pages' headers. */
    private static void respondToPerson(HttpExchange exchange, byte[] bytes, String type) throws IOException {
        if (!LoopbackGuard.hostAllowed(exchange.getRequestHeaders().getFirst("Host"))) {
            try (exchange) {
                exchange.sendResponseHeaders(403, -1);
            }
            return;
        }
        respond(exchange, bytes, type, SecureHeaders.headers());
    }

    /** 200 with the bytes, or 404 for none or a method other than GET; always no-store. */
    private static void respond(HttpExchange exchange, byte[] bytes, String type, Map<String, String> headers)
            throws IOException {
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            if (bytes == null || !exchange.getRequestMethod().equals("GET")) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            headers.forEach(exchange.getResponseHeaders()::set);
            exchange.sendResponseHeaders(200, bytes.length);
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
