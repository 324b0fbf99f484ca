package dev.framescope.shader.harness;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
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
 * Serves the shader runtime page (the resources under {@code dev/framescope/shader/page/}: index.html and
 * runtime/*.js) on 127.0.0.1 at an ephemeral port. WebGPU needs a secure context, which {@code http://127.0.0.1} is.
 * Read-only, loopback only; stays up for the life of the process. Tool calls pass effect sources to the page
 * directly; for a person using the page, the effects root is served read-only under {@code /effects/} (files inside
 * the root only) with {@code /effects/index.json} listing the effects.
 */
public final class PageServer implements AutoCloseable {

    static final String RESOURCE_ROOT = "/dev/framescope/shader/page";
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "json", "application/json", "png", "image/png");

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
        InputStream body = path.contains("..") ? null : PageServer.class.getResourceAsStream(RESOURCE_ROOT + path);
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
        byte[] bytes = resource(path);
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            if (bytes == null || !exchange.getRequestMethod().equals("GET")) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", contentType(path));
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            exchange.sendResponseHeaders(200, bytes.length);
            out.write(bytes);
        }
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
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            if (bytes == null || !exchange.getRequestMethod().equals("GET")) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            exchange.sendResponseHeaders(200, bytes.length);
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
