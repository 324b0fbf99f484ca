package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** `framescope console` started from the built JAR, with its URL and token read from stderr, and an HTTP client. */
public final class RunningConsole implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern URL = Pattern.compile("FrameScope console: (http://127\\.0\\.0\\.1:(\\d+)/\\?token=(\\S+))");

    private final Process process;
    private final String url;
    private final String base;
    private final String token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** Starts the console on a free port with its projects in {@code projects}; {@code args} adds options. */
    public RunningConsole(Path projects, Path state, String... args) throws IOException {
        this(projects, state, java.util.Map.of(), args);
    }

    /** As above, with these variables added to the console's environment. */
    public RunningConsole(Path projects, Path state, java.util.Map<String, String> env, String... args)
            throws IOException {
        List<String> command = BuiltJar.command("console", "--port", "0", "--projects", projects.toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("FRAMESCOPE_STATE_DIR", state.toString());
        builder.environment().remove("OPENROUTER_API_KEY");
        builder.environment().remove("FRAMESCOPE_LLM_API_KEY");
        builder.environment().putAll(env);
        process = builder.start();
        BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        Matcher found = null;
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (found == null && System.nanoTime() < deadline) {
            String line = err.readLine();
            if (line == null) {
                break;
            }
            seen.add(line);
            Matcher m = URL.matcher(line);
            if (m.find()) {
                found = m;
            }
        }
        assertTrue(found != null, "the console printed no URL: " + seen);
        url = found.group(1);
        base = "http://127.0.0.1:" + found.group(2);
        token = found.group(3);
        Thread drain = new Thread(() -> err.lines().forEach(line -> { }), "console-stderr");
        drain.setDaemon(true);
        drain.start();
    }

    public String url() {
        return url;
    }

    public String base() {
        return base;
    }

    public String token() {
        return token;
    }

    public Process process() {
        return process;
    }

    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(120))
                .header("X-FrameScope-Token", token);
    }

    public HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    public JsonNode get(String path) throws IOException, InterruptedException {
        return ok(send(request(path).GET().build()));
    }

    public JsonNode post(String path, String json) throws IOException, InterruptedException {
        return ok(send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build()));
    }

    public JsonNode upload(String projectId, Path capture) throws IOException, InterruptedException {
        return ok(send(request("/projects/" + projectId + "/upload-capture?name=" + capture.getFileName())
                .header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofFile(capture)).build()));
    }

    static JsonNode ok(HttpResponse<String> response) throws IOException {
        assertTrue(response.statusCode() == 200, response.statusCode() + ": " + response.body());
        return JSON.readTree(response.body());
    }

    static JsonNode body(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }

    /** Stops it as a person's Ctrl-C would. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    /** Files under a folder, for "nothing half-written" checks. */
    static List<String> files(Path root) throws IOException {
        if (!Files.exists(root)) {
            return List.of();
        }
        try (var walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }
}
