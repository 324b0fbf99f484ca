package dev.framescope.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The static files of one local page, read from the JAR on each request: no build step, no CDN. The page's
 * {@code index.html} is served at {@code /} only, the one path its server asks the token for; each other file at
 * {@code /} + its name; and every page also gets {@code /dom.js}, the DOM helpers the dialog page, the console and the
 * shader page import, from this package's resources. Which requests may reach a file (Host, Origin, token, method) is
 * the server's call, not this table's. The table is immutable once built: a browser asks for a page's modules at once,
 * on as many server threads.
 */
public final class PageFiles {

    /** The module the pages import, kept once beside this class. */
    private static final String SHARED_MODULE = "dom.js";
    private static final String SHARED_FOLDER = "/dev/framescope/web/";
    /** Where a page asks for the shared module, and the resource that answers; for servers not built on this table. */
    public static final String SHARED_PATH = "/" + SHARED_MODULE;
    public static final String SHARED_RESOURCE = SHARED_FOLDER + SHARED_MODULE;

    private final Map<String, String> resources;

    /**
     * @param folder the page's resource folder, with leading and trailing slash
     * @param files its file names; each must be .html, .js or .css so no file goes out with a guessed type
     */
    public PageFiles(String folder, String... files) {
        Map<String, String> table = new HashMap<>();
        for (String file : files) {
            contentType(file);
            table.put(file.equals("index.html") ? "/" : "/" + file, folder + file);
        }
        table.put(SHARED_PATH, SHARED_RESOURCE);
        resources = Map.copyOf(table);
    }

    public boolean serves(String path) {
        return resources.containsKey(path);
    }

    /**
     * Writes the file at {@code path} with a 200 and the pages' {@link SecureHeaders}; false, with nothing written,
     * when the file is missing from the JAR (a broken build), which each page reports its own way.
     */
    public boolean serve(String path, Response response, Callback callback) {
        String resource = resources.get(path);
        if (resource == null) {
            throw new IllegalArgumentException("not a file of this page: " + path);
        }
        byte[] body;
        try (InputStream in = PageFiles.class.getResourceAsStream(resource)) {
            if (in == null) {
                return false;
            }
            body = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        response.setStatus(200);
        SecureHeaders.apply(response, contentType(resource));
        response.write(true, ByteBuffer.wrap(body), callback);
        return true;
    }

    /** Browsers run a module script only when it comes as JavaScript, and nosniff holds styles to text/css. */
    private static String contentType(String file) {
        if (file.endsWith(".html")) {
            return "text/html; charset=utf-8";
        }
        if (file.endsWith(".js")) {
            return "text/javascript; charset=utf-8";
        }
        if (file.endsWith(".css")) {
            return "text/css; charset=utf-8";
        }
        throw new IllegalArgumentException("a page serves only .html, .js and .css files: " + file);
    }
}
