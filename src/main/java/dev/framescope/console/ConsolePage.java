package dev.framescope.console;

import dev.framescope.web.SecureHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** The console page's static files, from the JAR: no build step, no CDN. */
final class ConsolePage {

    private static final String RESOURCES = "/dev/framescope/console/web/";
    private static final Map<String, String> FILES = Map.of("/", "index.html", "/console.js", "console.js",
            "/console.css", "console.css");

    private ConsolePage() {
    }

    static boolean serves(String path) {
        return FILES.containsKey(path);
    }

    static void serve(String path, Response response, Callback callback) {
        String file = FILES.get(path);
        String type = file.endsWith(".html") ? "text/html; charset=utf-8" : file.endsWith(".js")
                ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8";
        byte[] body;
        try (InputStream in = ConsolePage.class.getResourceAsStream(RESOURCES + file)) {
            if (in == null) {
                Http.error(response, callback, ConsoleException.notFound("page", file + " is missing from the JAR"));
                return;
            }
            body = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        response.setStatus(200);
        SecureHeaders.apply(response, type);
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
