package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One console per projects folder, with real consoles from the built JAR: two on one folder each answered 200 to
 * history writes the other then overwrote. The second one is refused, saying which folder and which console holds
 * it; a console killed with SIGKILL lets go of the folder with its process, and every write it acknowledged is there
 * for the next one. An MCP server whose console would use a held folder says so too.
 */
@Timeout(300)
class ConsoleProjectsLockIT {

    private static final int WRITERS = 4;
    private static final int WRITES_EACH = 20;

    @TempDir
    Path dir;

    @Test
    void aSecondConsoleOnTheFolderIsRefusedAndAKilledOneLosesNothingItAcknowledged() throws Exception {
        Path projects = dir.resolve("projects");
        RunningConsole first = new RunningConsole(projects, dir.resolve("state-a"));
        try {
            String id = first.post("/projects", "{\"name\":\"shared\"}").get("projectId").asText();

            List<String> command = BuiltJar.command("console", "--port", "0", "--projects", projects.toString());
            ProcessBuilder second = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(dir.resolve("second.txt").toFile());
            second.environment().put("FRAMESCOPE_STATE_DIR", dir.resolve("state-b").toString());
            Process refused = second.start();
            boolean exited = refused.waitFor(60, TimeUnit.SECONDS);
            String stderr = Files.readString(dir.resolve("second.txt"));
            if (!exited) {
                refused.destroyForcibly();
            }
            assertTrue(exited, "a second console started on the folder the first one serves: " + stderr);
            assertEquals(1, refused.exitValue(), stderr);
            assertTrue(stderr.contains("framescope console: The projects folder " + projects.toAbsolutePath()
                    + " is in use by another FrameScope console (process " + first.process().pid() + ", "
                    + first.base() + "/)"), stderr);
            assertFalse(stderr.contains("FrameScope console: http"), "it must not serve: " + stderr);

            Set<String> acknowledged = writeConcurrently(first, id);
            assertEquals(WRITERS * WRITES_EACH, acknowledged.size());

            first.process().destroyForcibly(); // SIGKILL: no shutdown hook runs, the OS drops the lock
            assertTrue(first.process().waitFor(30, TimeUnit.SECONDS));
        } finally {
            first.close();
        }

        try (RunningConsole next = new RunningConsole(projects, dir.resolve("state-c"))) {
            JsonNode project = next.get("/projects").get("projects").get(0);
            JsonNode history = next.get("/projects/" + project.get("id").asText() + "/history");
            assertEquals(WRITERS * WRITES_EACH, history.get("version").asLong(), history.toString());
            Set<String> stored = new HashSet<>();
            history.get("submissions").forEach(s -> stored.add(s.get("id").asText()));
            assertEquals(WRITERS * WRITES_EACH, stored.size(), "every acknowledged write is stored: " + stored);
        }
    }

    @Test
    void startCaptureConsoleOnAHeldFolderSaysWhichFolderAndWhichConsole() throws Exception {
        Path state = dir.resolve("state");
        Path projects = state.resolve("console").resolve("projects");
        try (RunningConsole cli = new RunningConsole(projects, dir.resolve("cli-state"));
             RawClient mcp = new RawClient(dir.resolve("stderr.txt"), Map.of("FRAMESCOPE_STATE_DIR",
                     state.toString()))) {
            mcp.initialize();
            mcp.call(1, "start_capture_console", "{}");
            JsonNode answer = mcp.await(1, 60_000);
            assertNotNull(answer);
            assertTrue(answer.at("/result/isError").asBoolean(), answer.toString());
            JsonNode error = RawClient.JSON.readTree(answer.at("/result/content/0/text").asText());
            assertEquals("FAILED_PRECONDITION", error.get("code").asText(), error.toString());
            assertEquals(projects.toString(), error.at("/context/projects").asText(), error.toString());
            assertEquals(cli.process().pid(), error.at("/context/holder_pid").asLong(), error.toString());
            assertTrue(error.get("message").asText().contains("FRAMESCOPE_STATE_DIR"), error.toString());
            assertEquals("ok", cli.get("/health").get("status").asText(), "the first console still serves");
        }
    }

    /**
     * Writers that each append one submission per write to the project's history, naming the version they read and
     * trying again on 409; returns the ids of the submissions whose write was answered 200.
     */
    private static Set<String> writeConcurrently(RunningConsole console, String id) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<List<String>>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(pool.submit(() -> {
                List<String> mine = new ArrayList<>();
                for (int n = 0; n < WRITES_EACH; n++) {
                    String submission = "w" + writer + "-" + n;
                    while (true) {
                        JsonNode history = console.get("/projects/" + id + "/history");
                        ObjectNode body = RawClient.JSON.createObjectNode();
                        body.put("version", history.get("version").asLong());
                        ArrayNode submissions = ((ArrayNode) history.get("submissions")).deepCopy();
                        submissions.addObject().put("id", submission);
                        body.set("submissions", submissions);
                        body.set("messages", history.get("messages"));
                        HttpResponse<String> put = console.send(console.request("/projects/" + id + "/history")
                                .PUT(HttpRequest.BodyPublishers.ofString(body.toString())).build());
                        if (put.statusCode() == 200) {
                            mine.add(submission);
                            break;
                        }
                        assertEquals(409, put.statusCode(), put.body());
                    }
                }
                return mine;
            }));
        }
        Set<String> acknowledged = new HashSet<>();
        for (Future<List<String>> writer : writers) {
            acknowledged.addAll(writer.get());
        }
        pool.shutdown();
        return acknowledged;
    }
}
