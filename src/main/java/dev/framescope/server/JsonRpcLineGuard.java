package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stands between stdin and the SDK's stdio transport and lets through only lines that are well-formed JSON-RPC
 * messages. The SDK's reader stops serving for good on the first malformed or oversized line (mcp-core 2.1.0
 * {@code StdioServerTransportProvider}: it logs and breaks out of its read loop), so a single bad line from a client
 * would kill the server. Here such a line gets a JSON-RPC error reply (parse error, invalid request, or too large)
 * written under the same lock the SDK writes under, and reading goes on. End of input is reported once through
 * {@code onEnd}, because the SDK's server does not exit when stdin closes.
 */
final class JsonRpcLineGuard extends InputStream {

    private static final Logger log = LoggerFactory.getLogger(JsonRpcLineGuard.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int INVALID_PARAMS = -32602;
    static final long DRAIN_MS = 1000;

    private final InputStream in;
    private final OutputStream out;
    private final int maxLineBytes;
    private final PendingRequests pending;
    private final CountDownLatch ready;
    private final Runnable onEnd;
    private byte[] line = new byte[0];
    private int pos;
    private boolean ended;

    /**
     * @param out     the stream the SDK transport writes to; replies are written while holding its monitor, as the
     *                SDK does, so lines never interleave
     * @param pending records each request passed on, so end of input can wait for its answer
     * @param ready   opened once the server is fully set up; no message is passed on before that
     */
    JsonRpcLineGuard(InputStream in, OutputStream out, int maxLineBytes, PendingRequests pending,
                     CountDownLatch ready, Runnable onEnd) {
        this.in = new BufferedInputStream(in, 64 * 1024);
        this.out = out;
        this.maxLineBytes = maxLineBytes;
        this.pending = pending;
        this.ready = ready;
        this.onEnd = onEnd;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        awaitReady();
        while (pos >= line.length) {
            if (!nextAcceptedLine()) {
                end();
                return -1;
            }
        }
        int n = Math.min(len, line.length - pos);
        System.arraycopy(line, pos, buffer, off, n);
        pos += n;
        return n;
    }

    private void awaitReady() throws IOException {
        try {
            ready.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the server was starting", e);
        }
    }

    /**
     * The SDK stops writing replies as soon as its reader sees end of input, so answers still in flight are awaited
     * here first, for at most {@value #DRAIN_MS} ms (clients expect the process gone within about 2 s).
     */
    private void end() {
        if (!ended) {
            ended = true;
            try {
                if (!pending.awaitDrained(DRAIN_MS)) {
                    log.warn("stdin closed with requests still running; exiting without their answers");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            onEnd.run();
        }
    }

    /** Reads lines until one passes the checks; returns false at end of input. */
    private boolean nextAcceptedLine() throws IOException {
        while (true) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            boolean tooLong = false;
            long length = 0;
            int c;
            while ((c = in.read()) != -1 && c != '\n') {
                length++;
                if (length > maxLineBytes) {
                    tooLong = true;
                } else {
                    bytes.write(c);
                }
            }
            if (c == -1 && length == 0) {
                return false;
            }
            if (tooLong) {
                log.warn("Rejected an inbound line of {} bytes (limit {})", length, maxLineBytes);
                reply(null, INVALID_REQUEST, "Request too large: " + length + " bytes, limit " + maxLineBytes
                        + " (FRAMESCOPE_MAX_MESSAGE_BYTES)");
                continue;
            }
            String text = bytes.toString(StandardCharsets.UTF_8).strip();
            if (text.isEmpty()) {
                continue;
            }
            if (accept(text)) {
                line = (text + "\n").getBytes(StandardCharsets.UTF_8);
                pos = 0;
                return true;
            }
        }
    }

    /** True when {@code text} is a JSON-RPC 2.0 message the SDK can take; otherwise replies (when due) and drops it. */
    private boolean accept(String text) throws IOException {
        JsonNode message;
        try {
            message = MAPPER.readTree(text);
        } catch (IOException e) {
            reply(null, PARSE_ERROR, "Parse error: " + firstLine(e.getMessage()));
            return false;
        }
        if (!(message instanceof ObjectNode)) {
            reply(null, INVALID_REQUEST, "Invalid Request: a JSON-RPC message must be a JSON object"
                    + (message.isArray() ? " (batches are not supported since MCP 2025-06-18)" : ""));
            return false;
        }
        JsonNode id = message.get("id");
        boolean validId = id != null && (id.isTextual() || id.isIntegralNumber());
        JsonNode replyId = validId ? id : null;
        boolean isRequest = message.has("method") && id != null;
        boolean isNotification = message.has("method") && id == null;
        String problem = null;
        int code = INVALID_REQUEST;
        if (!"2.0".equals(message.path("jsonrpc").asText(null))) {
            problem = "Invalid Request: \"jsonrpc\" must be \"2.0\"";
        } else if (message.has("method") && !message.get("method").isTextual()) {
            problem = "Invalid Request: \"method\" must be a string";
        } else if (id != null && !validId) {
            problem = "Invalid Request: \"id\" must be a string or an integer";
        } else if (!isRequest && !isNotification && !(id != null && (message.has("result") || message.has("error")))) {
            problem = "Invalid Request: neither a request, a notification nor a response";
        } else if ((isRequest || isNotification) && message.has("params") && !message.get("params").isObject()) {
            problem = "Invalid params: \"params\" must be an object";
            code = INVALID_PARAMS;
        }
        if (problem == null) {
            if (isRequest) {
                pending.forwarded(id);
            }
            return true;
        }
        if (isNotification || message.has("result") || message.has("error")) {
            log.warn("Dropped a malformed notification or response: {}", problem);
        } else {
            reply(replyId, code, problem);
        }
        return false;
    }

    private void reply(JsonNode id, int code, String message) throws IOException {
        ObjectNode reply = MAPPER.createObjectNode().put("jsonrpc", "2.0");
        reply.set("id", id);
        reply.putObject("error").put("code", code).put("message", message);
        byte[] bytes = (MAPPER.writeValueAsString(reply) + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) {
            out.write(bytes);
            out.flush();
        }
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "not JSON";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
