package dev.framescope.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A local page followed as a browser follows it: the page at its URL with the token, then each stylesheet and module
 * script it names, then each module those import, fetched at the bare path as the browser asks for them (no token).
 * Each must come back 200 with its Content-Type and the pages' headers, and the modules reached must be exactly the
 * .js files of the page's resource folder plus the shared dom.js. A file left out of the server's table, served with
 * another type, named wrong in an import, or no longer imported by anything fails here, and a parse that missed
 * imports would reach too few files to pass.
 */
public final class ServedScripts {

    private static final Path SHARED = Path.of("src/main/resources/dev/framescope/web");
    private static final Pattern SCRIPT = Pattern.compile("<script\\b([^>]*)>");
    private static final Pattern STYLESHEET = Pattern.compile("<link\\b([^>]*\\brel=\"stylesheet\"[^>]*)>");
    private static final Pattern SRC = Pattern.compile("\\b(?:src|href)=\"([^\"]+)\"");
    /** Static imports and re-exports, also spread over lines: what a module graph is made of. */
    private static final Pattern IMPORT = Pattern.compile(
            "(?m)^\\s*(?:import|export)\\b[^;'\"]*?\\bfrom\\s*['\"]([^'\"]+)['\"]|^\\s*import\\s*['\"]([^'\"]+)['\"]");
    /** A dynamic import() would load a module this walk cannot see. */
    private static final Pattern DYNAMIC_IMPORT = Pattern.compile("\\bimport\\s*\\(");

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private ServedScripts() {
    }

    /**
     * @param page the page's URL, token included
     * @param folder the page's resource folder in the source tree
     * @return the module paths reached, e.g. {@code /main.js}
     */
    public static Set<String> follow(URI page, Path folder) throws IOException, InterruptedException {
        HttpResponse<String> html = get(page);
        assertEquals(200, html.statusCode(), page.getPath());
        assertEquals("text/html; charset=utf-8", html.headers().firstValue("Content-Type").orElse(""));
        Matcher sheets = STYLESHEET.matcher(html.body());
        while (sheets.find()) {
            assertServed(page.resolve(attribute(sheets.group(1), sheets.group())), "text/css; charset=utf-8");
        }
        Deque<URI> pending = new ArrayDeque<>();
        Matcher scripts = SCRIPT.matcher(html.body());
        while (scripts.find()) {
            // a classic script cannot import, and the CSP allows no inline one
            assertTrue(scripts.group(1).contains("type=\"module\""), "not a module script: " + scripts.group());
            pending.add(page.resolve(attribute(scripts.group(1), scripts.group())));
        }
        assertFalse(pending.isEmpty(), "the page loads no script");
        Set<String> reached = new TreeSet<>();
        while (!pending.isEmpty()) {
            URI module = pending.poll();
            if (!reached.add(module.getPath())) {
                continue;
            }
            String source = assertServed(module, "text/javascript; charset=utf-8");
            assertFalse(DYNAMIC_IMPORT.matcher(source).find(), module.getPath() + " has a dynamic import()");
            Matcher imports = IMPORT.matcher(source);
            while (imports.find()) {
                String specifier = imports.group(1) != null ? imports.group(1) : imports.group(2);
                assertTrue(specifier.startsWith("./") || specifier.startsWith("/"),
                        module.getPath() + " imports " + specifier + ", which a page without import maps and with "
                                + "script-src 'self' cannot load");
                pending.add(module.resolve(specifier));
            }
        }
        assertEquals(onDisk(folder), reached, "modules the page reaches vs. .js files it has");
        return reached;
    }

    private static String attribute(String attributes, String tag) {
        Matcher src = SRC.matcher(attributes);
        assertTrue(src.find(), "no src or href in " + tag);
        return src.group(1);
    }

    private static String assertServed(URI uri, String contentType) throws IOException, InterruptedException {
        assertNull(uri.getQuery(), "a browser asks for " + uri.getPath() + " without the page's token");
        HttpResponse<String> response = get(uri);
        assertEquals(200, response.statusCode(), uri.getPath() + ": " + response.body());
        assertEquals(contentType, response.headers().firstValue("Content-Type").orElse(""), uri.getPath());
        assertEquals(SecureHeaders.CSP, response.headers().firstValue("Content-Security-Policy").orElse(""),
                uri.getPath());
        assertEquals("nosniff", response.headers().firstValue("X-Content-Type-Options").orElse(""), uri.getPath());
        return response.body();
    }

    private static Set<String> onDisk(Path folder) throws IOException {
        Set<String> files = new TreeSet<>();
        for (Path dir : new Path[] {folder, SHARED}) {
            try (Stream<Path> list = Files.list(dir)) {
                list.map(p -> "/" + p.getFileName()).filter(n -> n.endsWith(".js")).forEach(files::add);
            }
        }
        return files;
    }

    private static HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
