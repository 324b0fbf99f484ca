package dev.framescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ClientModel;
import dev.framescope.common.Json;
import dev.framescope.console.CaptureConsole;
import dev.framescope.console.ConsoleServer;
import dev.framescope.server.RegistryCaller;
import dev.framescope.server.ToolGroups;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Set;

/**
 * The demo's console part: the capture console started in-process on a free port with a throw-away projects folder,
 * and one question asked through its HTTP API as the page would (new project, upload, nl-debug with the builtin
 * planner, no key).
 */
final class ConsoleDemo {

    static final Path CAPTURE = Path.of("demo/captures/gl_defects.rdc");
    static final String QUESTION = "Why are there NaNs in the HDR target?";

    private ConsoleDemo() {
    }

    /** Returns the number of failed steps (0 or 1). */
    static int run(ToolGroups.Toolkit toolkit, PrintStream out) throws Exception {
        Path projects = Files.createTempDirectory("framescope-console-demo");
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try (ConsoleServer console = CaptureConsole.start(new RegistryCaller(toolkit),
                toolkit.config().stateDir(), ClientModel.NONE, new CaptureConsole.Options(0, projects,
                        CaptureConsole.DEFAULT_MAX_UPLOAD_BYTES, Set.of()))) {
            String base = console.address();
            String id = call(http, console, HttpRequest.newBuilder(URI.create(base + "projects")).POST(
                    HttpRequest.BodyPublishers.ofString("{\"name\":\"demo\"}"))).get("projectId").asText();
            call(http, console, HttpRequest.newBuilder(URI.create(base + "projects/" + id
                    + "/upload-capture?name=gl_defects.rdc")).POST(HttpRequest.BodyPublishers.ofFile(CAPTURE)));
            long start = System.nanoTime();
            JsonNode reply = call(http, console, HttpRequest.newBuilder(URI.create(base + "nl-debug")).POST(
                    HttpRequest.BodyPublishers.ofString(Json.mapper().createObjectNode().put("question", QUESTION)
                            .put("capturePath", "captures/gl_defects.rdc").put("projectId", id).toString())));
            long ms = (System.nanoTime() - start) / 1_000_000;
            String status = reply.at("/submission/status").asText();
            out.println("[" + (status.equals("resolved") ? "ok" : "FAILED") + "] POST /nl-debug \"" + QUESTION
                    + "\" (" + ms + " ms, builtin planner, " + reply.at("/message/steps").size() + " steps, stage "
                    + reply.at("/submission/pipelineState/highlightStage").asText() + ", evidence "
                    + reply.at("/submission/evidence/colorBuffer").asText() + ")");
            for (String line : reply.get("explanation").asText().split("\n\n")) {
                out.println("    " + line);
            }
            return status.equals("resolved") ? 0 : 1;
        } finally {
            try (var walk = Files.walk(projects)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static JsonNode call(HttpClient http, ConsoleServer console, HttpRequest.Builder request) throws Exception {
        HttpResponse<String> response = http.send(request.header(ConsoleServer.TOKEN_HEADER, console.token())
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("the console answered " + response.statusCode() + ": " + response.body());
        }
        return Json.mapper().readTree(response.body());
    }
}
