package dev.framescope.shader.harness;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * Serves the shader runtime page (packaged in the JAR from {@code demo/shaders/}) on 127.0.0.1 at an ephemeral
 * port. WebGPU needs a secure context, which {@code http://127.0.0.1} is. Read-only, loopback only; stays up for the
 * life of the process. Effect sources never go through it: the harness passes them to the page directly.
 */
public final class PageServer implements AutoCloseable {

    static final String RESOURCE_ROOT = "/dev/framescope/shader/page";
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "json", "application/json", "png", "image/png");

    private final HttpServer server;

    private PageServer(HttpServer server) {
        this.server = server;
    }

    public static PageServer start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", PageServer::serve);
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

    private static void serve(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        if (path.equals("/")) {
            path = "/index.html";
        }
        InputStream body = path.contains("..") ? null : PageServer.class.getResourceAsStream(RESOURCE_ROOT + path);
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            if (body == null || !exchange.getRequestMethod().equals("GET")) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] bytes;
            try (body) {
                bytes = body.readAllBytes();
            }
            String extension = path.substring(path.lastIndexOf('.') + 1);
            exchange.getResponseHeaders().set("Content-Type", TYPES.getOrDefault(extension, "application/octet-stream"));
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
