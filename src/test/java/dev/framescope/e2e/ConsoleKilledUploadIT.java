package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The console killed (SIGKILL) in the middle of an upload, then started again: nothing lost, nothing half-written. */
@Timeout(180)
class ConsoleKilledUploadIT {

    @TempDir
    Path dir;

    @Test
    void aKillDuringAnUploadLeavesTheProjectAsItWasAfterARestart() throws Exception {
        Path projects = dir.resolve("projects");
        String id;
        JsonNode historyBefore;
        try (RunningConsole first = new RunningConsole(projects, dir.resolve("state"))) {
            id = first.post("/projects", "{\"name\":\"kept\"}").get("projectId").asText();
            first.upload(id, Path.of("demo/captures/gl_defects.rdc").toAbsolutePath());
            first.send(first.request("/projects/" + id + "/history").PUT(HttpRequest.BodyPublishers.ofString(
                    "{\"version\":0,\"submissions\":[{\"id\":\"s1\"}],\"messages\":[]}")).build());
            historyBefore = first.get("/projects/" + id + "/history");
            // a 64 MiB capture sent slowly: RenderDoc's signature first, so the store starts writing it
            Flow.Publisher<ByteBuffer> slow = subscriber -> subscriber.onSubscribe(new Flow.Subscription() {
                int sent;

                @Override
                public void request(long n) {
                    for (long i = 0; i < n && sent < 1024; i++, sent++) {
                        byte[] chunk = new byte[65536];
                        if (sent == 0) {
                            System.arraycopy("RDOC".getBytes(StandardCharsets.US_ASCII), 0, chunk, 0, 4);
                        }
                        try {
                            Thread.sleep(sent < 16 ? 0 : 20);
                        } catch (InterruptedException e) {
                            return;
                        }
                        subscriber.onNext(ByteBuffer.wrap(chunk));
                    }
                }

                @Override
                public void cancel() {
                }
            });
            var upload = HttpClient.newHttpClient().sendAsync(first.request("/projects/" + id
                    + "/upload-capture?name=huge.rdc").POST(HttpRequest.BodyPublishers.fromPublisher(slow,
                    1024L * 65536)).build(), HttpResponse.BodyHandlers.ofString());
            Path captures = projects.resolve(id).resolve("captures");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (RunningConsole.files(projects.resolve(id)).stream().noneMatch(f -> f.contains(".upload-"))
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(RunningConsole.files(projects.resolve(id)).stream().anyMatch(f -> f.contains(".upload-")),
                    "the upload was being written when the server was killed: " + RunningConsole.files(captures));
            first.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            upload.handle((r, e) -> null).get(10, TimeUnit.SECONDS);
        }
        try (RunningConsole second = new RunningConsole(projects, dir.resolve("state"))) {
            JsonNode project = second.get("/projects/" + id);
            assertEquals(1, project.at("/project/captures").size(), project.toString());
            assertEquals("captures/gl_defects.rdc", project.at("/project/captures/0/path").asText());
            assertEquals(historyBefore, second.get("/projects/" + id + "/history"));
            List<String> files = RunningConsole.files(projects.resolve(id));
            assertTrue(files.stream().noneMatch(f -> f.contains(".upload-") || f.endsWith(".tmp")),
                    "no half-written file after the restart: " + files);
            assertEquals(Files.size(Path.of("demo/captures/gl_defects.rdc")), Files.size(projects.resolve(id)
                    .resolve("captures/gl_defects.rdc")));
        }
    }
}
