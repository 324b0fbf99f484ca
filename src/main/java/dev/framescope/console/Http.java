package dev.framescope.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.web.SecureHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** Reading and writing the console's JSON over Jetty's core API; errors as {code, message, context}. */
final class Http {

    /** JSON bodies are small (a question, a history); uploads are streamed, never read through here. */
    static final int MAX_JSON_BYTES = 16 * 1024 * 1024;

    private Http() {
    }

    static void json(Response response, Callback callback, int status, JsonNode body) {
        response.setStatus(status);
        SecureHeaders.apply(response, "application/json; charset=utf-8");
        response.write(true, ByteBuffer.wrap(Json.write(body).getBytes(StandardCharsets.UTF_8)), callback);
    }

    static void error(Response response, Callback callback, ConsoleException e) {
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("code", e.code()).put("message", e.getMessage());
        body.set("context", Json.mapper().valueToTree(e.context()));
        json(response, callback, e.status(), body);
    }

    /** The request body as JSON: an object, at most {@link #MAX_JSON_BYTES}, or a 400 naming what is wrong. */
    static JsonNode readJson(Request request) throws IOException {
        try (InputStream in = Content.Source.asInputStream(request)) {
            byte[] bytes = in.readNBytes(MAX_JSON_BYTES + 1);
            if (bytes.length > MAX_JSON_BYTES) {
                throw ConsoleException.tooLarge("body", MAX_JSON_BYTES);
            }
            if (bytes.length == 0) {
                return Json.mapper().createObjectNode();
            }
            JsonNode node;
            try {
                node = Json.mapper().readTree(bytes);
            } catch (JsonProcessingException e) {
                throw ConsoleException.badRequest("body", "the body is not valid JSON: " + e.getOriginalMessage());
            }
            if (node == null || !node.isObject()) {
                throw ConsoleException.badRequest("body", "the body must be a JSON object");
            }
            return node;
        }
    }

    static InputStream body(Request request) {
        return Content.Source.asInputStream(request);
    }

    /** Streams a file (a capture, a picture) without holding it in memory. */
    static void file(Response response, Callback callback, Path file, String type) throws IOException {
        response.setStatus(200);
        SecureHeaders.apply(response, type);
        response.getHeaders().put("Content-Length", String.valueOf(Files.size(file)));
        try (OutputStream out = Content.Sink.asOutputStream(response)) {
            Files.copy(file, out);
        }
        callback.succeeded();
    }

    static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw ConsoleException.badRequest(field, field + " must be a string");
        }
        return value.asText();
    }
}
