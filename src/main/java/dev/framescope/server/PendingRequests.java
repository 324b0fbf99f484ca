package dev.framescope.server;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.Set;

/**
 * Request ids that were passed to the SDK and not yet answered, so that on end of input the server can wait for the
 * answers still in flight before it closes (the SDK drops every reply once its transport is closing). The ids of
 * replies are read from the start of each outgoing line, which the SDK serialises as {@code {"jsonrpc":..,"id":..}}.
 */
final class PendingRequests {

    private static final JsonFactory JSON = new JsonFactory();

    private final Set<String> pending = new HashSet<>();

    synchronized void forwarded(JsonNode id) {
        pending.add(key(id.isTextual(), id.asText()));
    }

    private static String key(boolean isString, String text) {
        return (isString ? "s:" : "n:") + text;
    }

    synchronized void answered(String id) {
        pending.remove(id);
        notifyAll();
    }

    /** Waits until every forwarded request has been answered, or {@code timeoutMs} passed; true if drained. */
    synchronized boolean awaitDrained(long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (!pending.isEmpty()) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /** Wraps the stdout stream: every whole message written through it that answers a request marks it answered. */
    OutputStream track(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(byte[] bytes, int off, int len) throws IOException {
                out.write(bytes, off, len);
                if (len > 1) {
                    String id = responseId(bytes, off, len);
                    if (id != null) {
                        answered(id);
                    }
                }
            }
        };
    }

    /** The key of a JSON-RPC response's {@code id}, read from the first fields only; null otherwise. */
    private static String responseId(byte[] bytes, int off, int len) {
        try (JsonParser parser = JSON.createParser(bytes, off, len)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            for (int field = 0; field < 3 && parser.nextToken() == JsonToken.FIELD_NAME; field++) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("method".equals(name)) {
                    return null;
                }
                if ("id".equals(name)) {
                    return key(value == JsonToken.VALUE_STRING, parser.getText());
                }
                parser.skipChildren();
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }
}
