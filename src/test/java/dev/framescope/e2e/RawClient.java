package dev.framescope.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A JSON-RPC client on the built JAR's real stdio that pipelines: any thread sends a line at any time, one reader
 * files every answer under its id, and notifications are kept in order. No SDK in between, so a test sees exactly
 * what the server wrote (every stdout line must be JSON-RPC) and can send lines no SDK would.
 */
final class RawClient implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final OutputStream stdin;
    private final Map<String, JsonNode> answers = new ConcurrentHashMap<>();
    private final List<JsonNode> notifications = new CopyOnWriteArrayList<>();
    private final List<String> notJson = new CopyOnWriteArrayList<>();
    private final List<JsonNode> withoutId = new CopyOnWriteArrayList<>();
    private final AtomicLong lines = new AtomicLong();
    private final Thread reader;

    /** The stateless era's {@code _meta}, added to every request and notification in {@link #modern} mode. */
    private static final String MODERN_META = "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"raw\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private final boolean modern;
    private final Path stderr;

    RawClient(Path stderr, Map<String, String> env) throws IOException {
        this(stderr, env, false);
    }

    /**
     * A client of the stateless era (MCP 2026-07-28): {@link #initialize} probes {@code server/discover} instead, and
     * every line that is a JSON-RPC request or notification goes out with the era's {@code _meta} in its params (a
     * line that is not one, as hostile tests send, goes out as written).
     */
    static RawClient modern(Path stderr, Map<String, String> env) throws IOException {
        return new RawClient(stderr, env, true);
    }

    private RawClient(Path stderr, Map<String, String> env, boolean modern) throws IOException {
        this.modern = modern;
        this.stderr = stderr;
        ProcessBuilder builder = new ProcessBuilder(BuiltJar.command()).redirectError(stderr.toFile());
        builder.environment().putAll(env);
        process = builder.start();
        stdin = process.getOutputStream();
        reader = new Thread(this::read, "raw-client-reader");
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                lines.incrementAndGet();
                JsonNode message;
                try {
                    message = JSON.readTree(line);
                } catch (IOException e) {
                    notJson.add(line);
                    continue;
                }
                if (message.has("id") && message.get("id").isNull() && !message.has("method")) {
                    synchronized (answers) { // errors about lines with no usable id: there may be many
                        withoutId.add(message);
                        answers.notifyAll();
                    }
                } else if (message.has("id") && !message.has("method")) {
                    synchronized (answers) {
                        answers.merge(key(message.get("id")), message, (a, b) -> duplicate(a, b));
                        answers.notifyAll();
                    }
                } else {
                    notifications.add(message);
                }
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    private static JsonNode duplicate(JsonNode first, JsonNode second) {
        throw new AssertionError("two answers with one id: " + first + " and " + second);
    }

    static String key(JsonNode id) {
        return id == null || id.isNull() ? "null" : (id.isTextual() ? "s:" : "n:") + id.asText();
    }

    /** Writes one line; safe from many threads at once (each line is written whole). */
    void send(String line) throws IOException {
        byte[] bytes = ((modern ? withModernMeta(line) : line) + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (stdin) {
            stdin.write(bytes);
            stdin.flush();
        }
    }

    void call(long id, String tool, String argumentsJson) throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + argumentsJson + "}}");
    }

    /** {@code line} with the stateless era's {@code _meta} when it is one JSON-RPC request or notification. */
    static String withModernMeta(String line) {
        JsonNode message;
        try {
            message = JSON.readTree(line);
        } catch (IOException e) {
            return line;
        }
        if (!(message instanceof ObjectNode object) || !object.path("method").isTextual()
                || object.has("params") && !object.get("params").isObject() || !sameJson(line)) {
            return line;
        }
        ObjectNode params = object.has("params") ? (ObjectNode) object.get("params") : object.putObject("params");
        ObjectNode meta = params.has("_meta") && params.get("_meta").isObject() ? (ObjectNode) params.get("_meta")
                : params.putObject("_meta");
        object(MODERN_META).properties().forEach(e -> meta.putIfAbsent(e.getKey(), e.getValue()));
        return object.toString();
    }

    /** True when {@code line} is one JSON value with nothing after it, so rewriting it loses nothing. */
    private static boolean sameJson(String line) {
        try (var parser = JSON.getFactory().createParser(line)) {
            JSON.readTree(parser);
            return parser.nextToken() == null;
        } catch (IOException e) {
            return false;
        }
    }

    boolean isModern() {
        return modern;
    }

    JsonNode initialize() throws Exception {
        if (modern) {
            send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"server/discover\"}");
            return await("s:init", 30_000);
        }
        send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
        JsonNode init = await("s:init", 30_000);
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return init;
    }

    /** The answer with this id key ({@link #key}), waiting up to {@code ms}; null if none came. */
    JsonNode await(String key, long ms) throws InterruptedException {
        long deadline = System.currentTimeMillis() + ms;
        synchronized (answers) {
            while (!answers.containsKey(key)) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    return null;
                }
                answers.wait(left);
            }
            return answers.get(key);
        }
    }

    JsonNode await(long id, long ms) throws InterruptedException {
        return await("n:" + id, ms);
    }

    /** The {@code n}th (from 1) answer with a null id (a line the server could not attribute), waiting up to ms. */
    JsonNode awaitWithoutId(int n, long ms) throws InterruptedException {
        long deadline = System.currentTimeMillis() + ms;
        synchronized (answers) {
            while (withoutId.size() < n) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    return null;
                }
                answers.wait(left);
            }
            return withoutId.get(n - 1);
        }
    }

    JsonNode answer(String key) {
        return answers.get(key);
    }

    int answerCount() {
        return answers.size();
    }

    List<JsonNode> notifications() {
        return notifications;
    }

    List<String> notJsonLines() {
        return notJson;
    }

    Process process() {
        return process;
    }

    /** Closes stdin and returns how many ms the process took to exit, or -1 if it still runs after {@code ms}. */
    long closeAndTimeExit(long ms) throws Exception {
        long start = System.nanoTime();
        stdin.close();
        if (!process.waitFor(ms, TimeUnit.MILLISECONDS)) {
            return -1;
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    static ObjectNode object(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /**
     * Ends the server. A client of the stateless era fails here unless the server served it that era: every test
     * run through {@link #modern} is then known to have tested the era it names.
     */
    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        if (modern) {
            assertServedModern(stderr);
        }
    }

    /** Fails unless the server logged that it chose the 2026-07-28 era for this stream. */
    static void assertServedModern(Path stderr) {
        try {
            String log = Files.exists(stderr) ? Files.readString(stderr) : "";
            if (!log.contains("MCP era chosen: 2026-07-28")) {
                throw new AssertionError("a client of the stateless era was not served the 2026-07-28 era");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
