package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.common.Version;
import dev.framescope.web.SecureHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.MultiPart;
import org.eclipse.jetty.http.MultiPartFormData;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The original orchestrator's HTTP contract (camelCase bodies, so a front end written for it works unchanged) over
 * the project store, the planners and nl-debug, plus export and the server-sent events of a run. Every failure is
 * a JSON {code, message, context} with its status; nothing a request sends can make it a 500 but a bug.
 */
public final class ConsoleApi {

    private static final Logger log = LoggerFactory.getLogger(ConsoleApi.class);
    private static final Pattern PROJECT = Pattern.compile("/projects/([^/]+)(/[a-z-]+)?");

    private final ProjectStore store;
    private final NlDebug nlDebug;
    private final ConsoleSettings settings;
    private final List<Planner> planners;
    private final RunEvents runs = new RunEvents();

    public ConsoleApi(ProjectStore store, NlDebug nlDebug, ConsoleSettings settings, List<Planner> planners) {
        this.store = store;
        this.nlDebug = nlDebug;
        this.settings = settings;
        this.planners = List.copyOf(planners);
    }

    /** Releases the projects folder for another console (the store's lock). */
    void close() {
        store.close();
    }

    void handle(Request request, Response response, Callback callback) {
        String method = request.getMethod();
        String path = Request.getPathInContext(request);
        try {
            route(method, path, request, response, callback);
        } catch (ConsoleException e) {
            Http.error(response, callback, e);
        } catch (Exception e) {
            log.error("Console request {} {} failed", method, path, e);
            Http.error(response, callback, new ConsoleException(500, "INTERNAL", "the console failed on this request: "
                    + e.getClass().getSimpleName(), Map.of("path", path)));
        }
    }

    private void route(String method, String path, Request request, Response response, Callback callback)
            throws Exception {
        switch (method + " " + path) {
            case "GET /health" -> ok(response, callback, health());
            case "GET /models" -> ok(response, callback, Json.mapper().valueToTree(settings.models(planners)));
            case "GET /settings" -> ok(response, callback, Json.mapper().valueToTree(settings.view()));
            case "PUT /settings" -> {
                ObjectNode view = Json.mapper().valueToTree(settings.update(SettingsUpdate.from(
                        Http.readJson(request))));
                ok(response, callback, view.put("ok", true));
            }
            case "GET /projects" -> ok(response, callback, Json.mapper().createObjectNode()
                    .set("projects", Json.mapper().valueToTree(store.list())));
            case "POST /projects" -> ok(response, callback, Json.mapper().createObjectNode().put("projectId",
                    store.create(Http.text(Http.readJson(request), "name")).id()));
            case "POST /projects/import" -> ok(response, callback, Json.mapper().createObjectNode().put("projectId",
                    importProject(request)));
            case "POST /nl-debug" -> ok(response, callback, nlDebug(Http.readJson(request)));
            case "GET /nl-debug/events" -> events(request, response, callback);
            default -> project(method, path, request, response, callback);
        }
    }

    private void project(String method, String path, Request request, Response response, Callback callback)
            throws Exception {
        Matcher m = PROJECT.matcher(path);
        if (!m.matches()) {
            throw ConsoleException.notFound("path", "no such endpoint: " + method + " " + path);
        }
        String id = m.group(1);
        String action = m.group(2) == null ? "" : m.group(2);
        var query = Request.extractQueryParameters(request);
        switch (method + " " + action) {
            case "GET " -> ok(response, callback, Json.mapper().createObjectNode()
                    .set("project", Json.mapper().valueToTree(store.get(id))));
            case "POST /upload-capture" -> ok(response, callback, upload(id, query.getValue("name"), request));
            case "GET /history" -> ok(response, callback, Json.mapper().valueToTree(store.history(id)));
            case "PUT /history" -> {
                JsonNode body = Http.readJson(request);
                Long version = body.hasNonNull("version") ? body.get("version").asLong() : null;
                store.putHistory(id, version, body.path("submissions"), body.path("messages"));
                ok(response, callback, Json.mapper().createObjectNode().put("ok", true)
                        .put("version", store.history(id).version()));
            }
            case "GET /resources" -> ok(response, callback, Json.mapper().createObjectNode()
                    .set("resources", Json.mapper().valueToTree(store.resources(id))));
            case "GET /resource" -> {
                Path file = store.resource(id, query.getValue("path"));
                Http.file(response, callback, file, contentType(file));
            }
            case "GET /export" -> {
                response.setStatus(200);
                SecureHeaders.apply(response, "application/zip");
                response.getHeaders().put("Content-Disposition", "attachment; filename=\"" + id + ".zip\"");
                try (OutputStream out = Content.Sink.asOutputStream(response)) {
                    store.export(id, out);
                }
                callback.succeeded();
            }
            default -> throw ConsoleException.notFound("path", "no such endpoint: " + method + " " + path);
        }
    }

    /**
     * The design's multipart form (project.json, history.json, resource and capture files; each part named by its
     * file name or its form field), or a zip made by export as the body. Parts are spooled to files by Jetty, bounded
     * by the upload limit, never held in memory.
     */
    // Jetty 12.1 deprecates the parser's CompletableFuture parse for a Promise-based one or MultiPartFormData.from
    // with a MultiPartConfig; moving to them changes how the limits above are given, a step of its own.
    @SuppressWarnings("removal")
    private String importProject(Request request) throws Exception {
        String type = request.getHeaders().get("Content-Type");
        if (type == null || !type.startsWith("multipart/form-data")) {
            return store.importArchive(Http.body(request)).id();
        }
        String boundary = MultiPart.extractBoundary(type);
        if (boundary == null) {
            throw ConsoleException.badRequest("body", "a multipart body needs a boundary in its Content-Type");
        }
        Path spool = Files.createTempDirectory("framescope-import");
        var parser = new MultiPartFormData.Parser(boundary);
        parser.setFilesDirectory(spool);
        parser.setMaxMemoryFileSize(1024 * 1024);
        parser.setMaxLength(store.maxUploadBytes());
        parser.setMaxParts(10_000);
        MultiPartFormData.Parts parts;
        try {
            parts = parser.parse(request).get();
        } catch (ExecutionException e) {
            throw ConsoleException.badRequest("body", "the multipart body could not be read: "
                    + e.getCause().getMessage());
        }
        try (parts) {
            Map<String, InputStream> streams = new LinkedHashMap<>();
            for (MultiPart.Part part : parts) {
                String name = part.getFileName() != null ? part.getFileName() : part.getName();
                streams.put(name, Content.Source.asInputStream(part.createContentSource()));
            }
            return store.importParts(streams).id();
        } finally {
            try (var walk = Files.walk(spool)) {
                walk.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    /** A capture as the request body (streamed to disk), or JSON {sourcePath} copied from the local disk. */
    private JsonNode upload(String id, String name, Request request) throws IOException {
        String type = request.getHeaders().get("Content-Type");
        if (type != null && type.startsWith("application/json")) {
            JsonNode body = Http.readJson(request);
            String source = Http.text(body, "sourcePath");
            if (source == null) {
                throw ConsoleException.badRequest("sourcePath", "sourcePath is required in a JSON upload");
            }
            Path from = Path.of(source);
            return Json.mapper().valueToTree(store.copyCapture(id, name != null ? name
                    : from.getFileName().toString(), from));
        }
        if (name == null) {
            throw ConsoleException.badRequest("name", "name is required: ?name=<file>.rdc");
        }
        if (request.getLength() > store.maxUploadBytes()) { // refused before a byte is read or written
            throw ConsoleException.tooLarge("body", store.maxUploadBytes());
        }
        return Json.mapper().valueToTree(store.uploadCapture(id, name, Http.body(request)));
    }

    private JsonNode nlDebug(JsonNode body) {
        NlDebug.Request request = new NlDebug.Request(Http.text(body, "question"), Http.text(body, "capturePath"),
                Http.text(body, "projectId"), Http.text(body, "plannerModel"), Http.text(body, "actionModel"),
                Http.text(body, "openrouterKey"), Http.text(body, "runId"));
        var sink = runs.sink(request.runId());
        try {
            return nlDebug.run(request, sink);
        } catch (RuntimeException e) {
            ObjectNode error = Json.mapper().createObjectNode().put("type", "error").put("message", e.getMessage());
            sink.accept(error);
            throw e;
        }
    }

    /** Server-sent events: each step of the run as {@code data: <json>}, until the run is done. */
    private void events(Request request, Response response, Callback callback) throws Exception {
        String runId = Request.extractQueryParameters(request).getValue("runId");
        if (runId == null || runId.isBlank() || runId.length() > 100) {
            throw ConsoleException.badRequest("runId", "runId is required (the id the page sent with its question)");
        }
        response.setStatus(200);
        SecureHeaders.apply(response, "text/event-stream; charset=utf-8");
        try (OutputStream out = Content.Sink.asOutputStream(response)) {
            // A comment line (ignored by EventSource) sends the headers now: the page sees the stream open at once.
            out.write(": events of this run follow\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            runs.follow(runId, event -> {
                try {
                    out.write(("data: " + Json.write(event) + "\n\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, 120_000);
        } catch (UncheckedIOException gone) {
            log.debug("Event stream of run {} closed by the page", runId);
        }
        callback.succeeded();
    }

    private ObjectNode health() {
        ObjectNode health = Json.mapper().createObjectNode();
        health.put("status", "ok").put("version", Version.current());
        health.putObject("mcp").putNull("host").putNull("port");
        ObjectNode models = health.putObject("models");
        var view = settings.view();
        models.put("planner", view.defaultPlanner());
        models.put("explainer", view.actionModel());
        return health;
    }

    private static void ok(Response response, Callback callback, JsonNode body) {
        Http.json(response, callback, 200, body);
    }

    private static String contentType(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".png") ? "image/png" : name.endsWith(".json") ? "application/json"
                : "application/octet-stream";
    }
}
