package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.web.ServedScripts;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capture console over real HTTP, started from the built JAR: projects, uploads, the builtin planner's answers
 * on the committed capture against its ground truth, history, export/import, and hostile requests.
 */
@Timeout(300)
class ConsoleHttpIT {

    private static final Path GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath();
    private static final Path VK = Path.of("demo/captures/vk_defects.rdc").toAbsolutePath();

    @TempDir
    static Path dir;
    private static RunningConsole console;
    private static JsonNode truth;

    @BeforeAll
    static void start() throws Exception {
        console = new RunningConsole(dir.resolve("projects"), dir.resolve("state"));
        truth = RunningConsole.JSON.readTree(Files.readString(Path.of("demo/captures/ground-truth.json")));
    }

    @AfterAll
    static void stop() throws Exception {
        console.close();
    }

    private static String marker(String kind) {
        for (JsonNode d : truth.at("/captures/gl_defects/draws")) {
            if (d.get("kind").asText().equals(kind)) {
                return d.get("marker").asText();
            }
        }
        throw new AssertionError(kind);
    }

    private static String newProjectWithCapture() throws Exception {
        String id = console.post("/projects", "{\"name\":\"nan hunt\"}").get("projectId").asText();
        JsonNode stored = console.upload(id, GL);
        assertEquals("captures/gl_defects.rdc", stored.get("capturePath").asText(), stored.toString());
        return id;
    }

    private static JsonNode ask(String projectId, String question) throws Exception {
        return console.post("/nl-debug", RunningConsole.JSON.createObjectNode().put("question", question)
                .put("capturePath", "captures/gl_defects.rdc").put("projectId", projectId).toString());
    }

    @Test
    void theBuiltinPlannerNamesTheNanDrawAndShowsItsPicture() throws Exception {
        String id = newProjectWithCapture();
        JsonNode reply = ask(id, "Why are there NaNs in the HDR target?");
        assertEquals("resolved", reply.at("/submission/status").asText(), reply.toString());
        assertTrue(reply.get("explanation").asText().contains(marker("writes_nan")), reply.get("explanation").asText());
        assertTrue(reply.get("explanation").asText().contains("Event 35"), reply.get("explanation").asText());
        assertTrue(reply.get("explanation").asText().contains("no language model"), "says no model wrote it");
        assertEquals("PS", reply.at("/submission/pipelineState/highlightStage").asText());
        assertEquals("get_shader_info", reply.at("/planned/tool").asText(), "the call that shows the cause");
        assertTrue(reply.at("/mcp/ok").asBoolean());
        List<String> steps = new ArrayList<>();
        reply.at("/message/steps").forEach(s -> steps.add(s.get("id").asText()));
        assertEquals("explain", steps.get(steps.size() - 1));
        String picture = reply.at("/submission/evidence/colorBuffer").asText();
        HttpResponse<byte[]> png = HttpClient.newHttpClient().send(console.request("/projects/" + id
                + "/resource?path=" + picture).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, png.statusCode());
        assertEquals("image/png", png.headers().firstValue("Content-Type").orElse(""));
        assertTrue(png.body().length > 100 && png.body()[1] == 'P' && png.body()[2] == 'N' && png.body()[3] == 'G');

        JsonNode history = console.get("/projects/" + id + "/history");
        assertEquals(1, history.get("submissions").size());
        assertEquals(reply.at("/submission/id"), history.at("/submissions/0/id"));
        assertEquals(1, history.get("messages").size());
    }

    /**
     * gl_scene's NaN box is 51 x 102 texels (112 KiB of RGBA32F with its margin, past one get_texture call): the
     * console's picture shows it whole, its white outline inside the picture, 6 texels from each edge at 4x.
     */
    @Test
    void theEvidencePictureShowsALargeNanBoxWhole() throws Exception {
        String id = console.post("/projects", "{\"name\":\"scene\"}").get("projectId").asText();
        console.upload(id, Path.of("demo/captures/gl_scene.rdc").toAbsolutePath());
        JsonNode reply = console.post("/nl-debug", RunningConsole.JSON.createObjectNode()
                .put("question", "Why are there NaNs in the HDR target?").put("capturePath", "captures/gl_scene.rdc")
                .put("projectId", id).toString());
        assertEquals("resolved", reply.at("/submission/status").asText(), reply.toString());
        assertTrue(reply.get("explanation").asText().contains("Frame/Lights/Bloom"), reply.toString());
        HttpResponse<byte[]> png = HttpClient.newHttpClient().send(console.request("/projects/" + id
                + "/resource?path=" + reply.at("/submission/evidence/colorBuffer").asText()).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png.body()));
        assertEquals(63 * 4, image.getWidth());
        assertEquals(114 * 4, image.getHeight());
        int white = 0xFFFFFF;
        for (int x = 24; x <= 227; x++) {
            assertEquals(white, image.getRGB(x, 24) & white, "top of the outline at x " + x);
            assertEquals(white, image.getRGB(x, 431) & white, "bottom of the outline at x " + x);
        }
        for (int y = 24; y <= 431; y++) {
            assertEquals(white, image.getRGB(24, y) & white, "left of the outline at y " + y);
            assertEquals(white, image.getRGB(227, y) & white, "right of the outline at y " + y);
        }
        assertEquals(0xFF00FF, image.getRGB(126, 228) & white, "NaN magenta in the middle of the box");
    }

    /** The questions a person asks the console about the GL fixture, one per kind of defect and one it cannot answer. */
    private static final List<String> QUESTIONS = List.of("Why are there NaNs in the HDR target?",
            "Where do the infinite values come from?", "Some vertices explode into long spikes, which draw is it?",
            "Why is the checker texture tiled so many times? Are the UVs wrong?", "Is there a GL error in the frame?",
            "Why is the UI drawn without depth testing?", "Which draw is the most expensive?",
            "Why is the screen black in the middle?");

    @Test
    void noExplanationDoublesItsSeparators() throws Exception {
        String id = newProjectWithCapture();
        for (String question : QUESTIONS) {
            String explanation = ask(id, question).get("explanation").asText();
            assertFalse(explanation.contains(";;") || explanation.contains("; ;"), question + ": " + explanation);
        }
    }

    /** The UV answer quotes the UVs (-50..50 in the ground truth), not the positions. */
    @Test
    void theUvAnswerQuotesUvs() throws Exception {
        JsonNode reply = ask(newProjectWithCapture(), QUESTIONS.get(3));
        String explanation = reply.get("explanation").asText();
        assertEquals("geometry_anomalies", reply.at("/planned/tool").asText(), reply.toString());
        assertTrue(explanation.contains("UVs (uv) span -50.0 to 50.0, outside [0, 1]"), explanation);
        assertTrue(explanation.contains("#0 uv_out_of_range UV [-50.0,-50.0]"), explanation);
        assertFalse(explanation.contains("uv_out_of_range position"), explanation);
    }

    /** The NaN box is at the top-left (16..48 of 256): the data does not say why the middle is black. */
    @Test
    void aQuestionTheDataDoesNotAnswerIsNotResolved() throws Exception {
        JsonNode reply = ask(newProjectWithCapture(), QUESTIONS.get(7));
        assertEquals("unanswered", reply.at("/submission/status").asText(), reply.toString());
        String explanation = reply.get("explanation").asText();
        assertTrue(explanation.startsWith("Unanswered: the question asks about the middle of the screen, and nothing "
                + "the tools measured is there: the finding's box [16,16,48,48]"), explanation);
        assertEquals("resolved", ask(newProjectWithCapture(), QUESTIONS.get(0)).at("/submission/status").asText());
    }

    @Test
    void aGeometryQuestionLeadsToTheBadVertexDraw() throws Exception {
        String id = newProjectWithCapture();
        JsonNode reply = ask(id, "Some vertices explode into long spikes, which draw is it?");
        assertTrue(reply.get("explanation").asText().contains(marker("bad_positions")), reply.toString());
        assertEquals("VS", reply.at("/submission/pipelineState/highlightStage").asText());
        assertEquals("geometry_anomalies", reply.at("/planned/tool").asText());
    }

    /** The Vulkan fixture has no overdraw group, so a cost question goes to get_counters' draws by samples. */
    @Test
    void aCostQuestionWithoutAnOverdrawAnomalyRanksTheDrawsBySamplesPassed() throws Exception {
        String id = console.post("/projects", "{\"name\":\"cost\"}").get("projectId").asText();
        console.upload(id, VK);
        JsonNode reply = console.post("/nl-debug", RunningConsole.JSON.createObjectNode()
                .put("question", "Which draw is the most expensive?").put("capturePath", "captures/vk_defects.rdc")
                .put("projectId", id).toString());
        JsonNode background = null;
        for (JsonNode d : truth.at("/captures/vk_defects/draws")) {
            background = d.get("kind").asText().equals("normal") ? d : background;
        }
        JsonNode box = background.get("region");
        int samples = (box.get(2).asInt() - box.get(0).asInt()) * (box.get(3).asInt() - box.get(1).asInt());
        String explanation = reply.get("explanation").asText();
        assertTrue(explanation.contains("The draw touching the most samples is event") && explanation.contains(
                background.get("marker").asText() + "): " + samples + " samples passed"), explanation);
        assertTrue(reply.get("calls").toString().contains("get_counters"), reply.get("calls").toString());
    }

    @Test
    void healthModelsSettingsAndProjectsAnswerTheContract() throws Exception {
        assertEquals("ok", console.get("/health").get("status").asText());
        JsonNode models = console.get("/models");
        boolean builtin = false;
        for (JsonNode m : models.get("models")) {
            builtin |= m.get("id").asText().equals("builtin");
        }
        assertTrue(builtin, models.toString());
        assertFalse(console.get("/settings").get("hasApiKey").asBoolean());
        String id = console.post("/projects", "{}").get("projectId").asText();
        boolean listed = false;
        for (JsonNode p : console.get("/projects").get("projects")) {
            listed |= p.get("id").asText().equals(id);
        }
        assertTrue(listed);
        assertEquals(id, console.get("/projects/" + id).at("/project/id").asText());
    }

    @Test
    void hostileRequestsAreRefusedAndTheConsoleGoesOn() throws Exception {
        HttpClient raw = HttpClient.newHttpClient();
        String id = newProjectWithCapture();
        // no token, wrong token
        assertEquals(403, raw.send(HttpRequest.newBuilder(URI.create(console.base() + "/projects")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
        assertEquals(403, console.send(HttpRequest.newBuilder(URI.create(console.base() + "/projects"))
                .header("X-FrameScope-Token", "nope").build()).statusCode());
        // the page without its token
        assertEquals(403, raw.send(HttpRequest.newBuilder(URI.create(console.base() + "/")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
        // a foreign Origin, with the right token
        assertEquals(403, console.send(console.request("/projects").header("Origin", "http://evil.example")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build()).statusCode());
        // malformed JSON
        HttpResponse<String> malformed = console.send(console.request("/nl-debug")
                .POST(HttpRequest.BodyPublishers.ofString("{\"question\": ")).build());
        assertEquals(400, malformed.statusCode());
        assertEquals("body", RunningConsole.body(malformed).at("/context/parameter").asText());
        // a file that is not a capture
        HttpResponse<String> notRdc = console.send(console.request("/projects/" + id + "/upload-capture?name=x.rdc")
                .POST(HttpRequest.BodyPublishers.ofString("this is not a RenderDoc capture")).build());
        assertEquals(400, notRdc.statusCode(), notRdc.body());
        // resource paths that climb out of the project
        for (String path : List.of("../../state/x", "/etc/passwd", "captures/../../../etc/passwd")) {
            int status = console.send(console.request("/projects/" + id + "/resource?path=" + path).GET().build())
                    .statusCode();
            assertTrue(status == 400 || status == 404, path + " gave " + status);
        }
        // an unknown project, a project id that is a path
        assertEquals(404, console.send(console.request("/projects/prj-AAAAAAAAAAAAAAAA").GET().build()).statusCode());
        assertEquals(400, console.send(console.request("/projects/prj-nope").GET().build()).statusCode());
        int climbing = console.send(console.request("/projects/..%2F..%2Fetc").GET().build()).statusCode();
        assertTrue(climbing == 400 || climbing == 404, "gave " + climbing);
        assertEquals("ok", console.get("/health").get("status").asText(), "still serving");
    }

    /**
     * The token may travel in the address only where a browser cannot send headers (an image, a download, the event
     * stream); everywhere else it must be the header, and the 403 says so.
     */
    @Test
    void theTokenInTheAddressIsTakenOnlyForImagesDownloadsAndTheEventStream() throws Exception {
        String id = newProjectWithCapture();
        HttpClient raw = HttpClient.newHttpClient();
        String token = "token=" + console.token();
        for (HttpRequest.Builder refused : List.of(
                HttpRequest.newBuilder(URI.create(console.base() + "/projects?" + token))
                        .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"by link\"}")),
                HttpRequest.newBuilder(URI.create(console.base() + "/health?" + token)),
                HttpRequest.newBuilder(URI.create(console.base() + "/projects/" + id + "/history?" + token)),
                HttpRequest.newBuilder(URI.create(console.base() + "/projects/" + id + "/history?" + token))
                        .PUT(HttpRequest.BodyPublishers.ofString("{\"submissions\":[],\"messages\":[]}")),
                HttpRequest.newBuilder(URI.create(console.base() + "/settings?" + token)))) {
            HttpRequest request = refused.build();
            HttpResponse<String> answer = raw.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals(403, answer.statusCode(), request + " took the token from its address: " + answer.body());
            String message = RunningConsole.body(answer).get("message").asText();
            assertTrue(message.contains("X-FrameScope-Token header") && message.contains("images, downloads and the "
                    + "event stream"), message);
        }
        assertFalse(console.get("/projects").get("projects").findValuesAsText("name").contains("by link"),
                "a POST with the token in its address made a project");

        HttpResponse<byte[]> image = raw.send(HttpRequest.newBuilder(URI.create(console.base() + "/projects/" + id
                + "/resource?path=captures/gl_defects.rdc&" + token)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, image.statusCode());
        assertEquals(Files.size(GL), image.body().length);
        HttpResponse<byte[]> download = raw.send(HttpRequest.newBuilder(URI.create(console.base() + "/projects/" + id
                + "/export?" + token)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, download.statusCode());
        HttpResponse<InputStream> events = raw.sendAsync(HttpRequest.newBuilder(URI.create(console.base()
                + "/nl-debug/events?runId=none&" + token)).build(), HttpResponse.BodyHandlers.ofInputStream())
                .get(60, TimeUnit.SECONDS);
        assertEquals(200, events.statusCode());
        events.body().close();
    }

    /** Four bytes "RDOC", or a real capture cut short, are not a capture: refused with the reason, nothing stored. */
    @Test
    void aBodyThatOnlyLooksLikeACaptureIsRefusedWithItsReason() throws Exception {
        String id = console.post("/projects", "{\"name\":\"fakes\"}").get("projectId").asText();
        byte[] real = Files.readAllBytes(GL);
        byte[][] fakes = {"RDOC".getBytes(StandardCharsets.US_ASCII),
                Arrays.copyOf(real, real.length - 100)};
        String[] reasons = {"it is only 4 bytes long", "the capture is cut short"};
        for (int i = 0; i < fakes.length; i++) {
            HttpResponse<String> refused = console.send(console.request("/projects/" + id
                    + "/upload-capture?name=fake.rdc").POST(HttpRequest.BodyPublishers.ofByteArray(fakes[i])).build());
            assertEquals(400, refused.statusCode(), refused.body());
            JsonNode error = RunningConsole.body(refused);
            assertEquals("body", error.at("/context/parameter").asText());
            String message = error.get("message").asText();
            assertTrue(message.contains("not a RenderDoc capture: ") && message.contains(reasons[i]), message);
        }
        Path cut = Files.write(dir.resolve("cut.rdc"), fakes[1]);
        HttpResponse<String> copied = console.send(console.request("/projects/" + id + "/upload-capture?name=c.rdc")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(RunningConsole.JSON.createObjectNode()
                        .put("sourcePath", cut.toString()).toString())).build());
        assertEquals(400, copied.statusCode(), copied.body());
        assertEquals("sourcePath", RunningConsole.body(copied).at("/context/parameter").asText());
        assertTrue(RunningConsole.body(copied).get("message").asText().contains(reasons[1]), copied.body());
        assertEquals(List.of("history.json", "project.json"), RunningConsole.files(dir.resolve("projects")
                .resolve(id)), "nothing of the fakes was stored");
        assertEquals("captures/gl_defects.rdc", console.upload(id, GL).get("capturePath").asText(),
                "a real capture is still taken");
    }

    @Test
    void concurrentHistoryWritesWithAStaleVersionGet409AndLoseNothing() throws Exception {
        String id = console.post("/projects", "{}").get("projectId").asText();
        long version = console.get("/projects/" + id + "/history").get("version").asLong();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Integer>> writes = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String body = "{\"version\":" + version + ",\"submissions\":[{\"id\":\"s" + i + "\"}],\"messages\":[]}";
            writes.add(pool.submit(() -> console.send(console.request("/projects/" + id + "/history")
                    .PUT(HttpRequest.BodyPublishers.ofString(body)).build()).statusCode()));
        }
        int ok = 0;
        int conflicts = 0;
        for (Future<Integer> w : writes) {
            int status = w.get();
            ok += status == 200 ? 1 : 0;
            conflicts += status == 409 ? 1 : 0;
        }
        pool.shutdown();
        assertEquals(1, ok, "exactly one write on version " + version + " wins");
        assertEquals(7, conflicts);
        JsonNode history = console.get("/projects/" + id + "/history");
        assertEquals(version + 1, history.get("version").asLong());
        assertEquals(1, history.get("submissions").size());
    }

    @Test
    void exportThenImportBringsBackTheProjectWithItsHistoryAndCapture() throws Exception {
        String id = newProjectWithCapture();
        ask(id, "why are there NaNs?");
        HttpResponse<byte[]> zip = HttpClient.newHttpClient().send(console.request("/projects/" + id + "/export")
                .GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, zip.statusCode());
        JsonNode imported = RunningConsole.ok(console.send(console.request("/projects/import")
                .header("Content-Type", "application/zip").POST(HttpRequest.BodyPublishers.ofByteArray(zip.body()))
                .build()));
        String copy = imported.get("projectId").asText();
        assertFalse(copy.equals(id));
        JsonNode history = console.get("/projects/" + copy + "/history");
        assertEquals(console.get("/projects/" + id + "/history").get("submissions"), history.get("submissions"));
        assertEquals("captures/gl_defects.rdc", console.get("/projects/" + copy).at("/project/captures/0/path")
                .asText());
    }

    @Test
    void theStepsOfARunStreamAsServerSentEventsWhileItRuns() throws Exception {
        String id = newProjectWithCapture();
        String runId = "run-" + System.nanoTime();
        HttpClient http = HttpClient.newHttpClient();
        var stream = http.sendAsync(console.request("/nl-debug/events?runId=" + runId).GET().build(),
                HttpResponse.BodyHandlers.ofLines());
        JsonNode reply = console.post("/nl-debug", RunningConsole.JSON.createObjectNode()
                .put("question", "why are there NaNs?").put("capturePath", "captures/gl_defects.rdc")
                .put("projectId", id).put("runId", runId).toString());
        List<JsonNode> events = new ArrayList<>();
        for (String line : (Iterable<String>) stream.get().body()::iterator) {
            if (line.startsWith("data: ")) {
                events.add(RunningConsole.JSON.readTree(line.substring(6)));
            }
        }
        assertEquals("text/event-stream; charset=utf-8", stream.get().headers().firstValue("Content-Type")
                .orElse(""));
        assertEquals("step", events.get(0).get("type").asText());
        assertEquals("get_frame_digest", events.get(0).at("/step/tool").asText());
        JsonNode done = events.get(events.size() - 1);
        assertEquals("done", done.get("type").asText());
        assertEquals(reply.at("/submission/id"), done.at("/reply/submission/id"));
        assertEquals(reply.at("/message/steps").size() + 1, events.size(), "every step, then the reply");
    }

    @Test
    void anUploadDeclaredOverTheLimitIsRefusedBeforeAnythingIsWritten() throws Exception {
        String id = console.post("/projects", "{}").get("projectId").asText();
        long threeGiB = 3L * 1024 * 1024 * 1024;
        java.util.concurrent.Flow.Publisher<java.nio.ByteBuffer> endless = subscriber -> subscriber.onSubscribe(
                new java.util.concurrent.Flow.Subscription() {
                    @Override
                    public void request(long n) {
                        for (long i = 0; i < Math.min(n, 64); i++) {
                            subscriber.onNext(java.nio.ByteBuffer.wrap(new byte[65536]));
                        }
                    }

                    @Override
                    public void cancel() {
                    }
                });
        int status;
        try {
            status = console.send(console.request("/projects/" + id + "/upload-capture?name=big.rdc")
                    .header("Content-Type", "application/octet-stream")
                    .POST(HttpRequest.BodyPublishers.fromPublisher(endless, threeGiB)).build()).statusCode();
        } catch (java.io.IOException closedEarly) {
            status = 413; // the server answered and closed before the client finished sending
        }
        assertEquals(413, status);
        assertEquals(List.of("history.json", "project.json"), RunningConsole.files(dir.resolve("projects")
                .resolve(id)), "nothing of the upload was written");
    }

    @Test
    void theDesignsMultipartImportMakesAProjectFromItsParts() throws Exception {
        String boundary = "----framescope" + System.nanoTime();
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        String project = "{\"id\":\"anything\",\"name\":\"from parts\",\"createdAt\":\"2026-11-24T00:00:00Z\","
                + "\"updatedAt\":\"2026-11-24T00:00:00Z\"}";
        String history = "{\"submissions\":[{\"id\":\"sub-1\",\"title\":\"why?\"}],\"messages\":[]}";
        for (String[] part : List.of(new String[] {"project.json", project}, new String[] {"history.json", history})) {
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + part[0]
                    + "\"; filename=\"" + part[0] + "\"\r\nContent-Type: application/json\r\n\r\n" + part[1]
                    + "\r\n").getBytes(StandardCharsets.UTF_8));
        }
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"capture\"; filename=\""
                + "gl_defects.rdc\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        body.writeBytes(Files.readAllBytes(GL));
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        JsonNode imported = RunningConsole.ok(console.send(console.request("/projects/import")
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build()));
        String id = imported.get("projectId").asText();
        JsonNode got = console.get("/projects/" + id);
        assertEquals("from parts", got.at("/project/name").asText());
        assertEquals("captures/gl_defects.rdc", got.at("/project/captures/0/path").asText());
        assertEquals("sub-1", console.get("/projects/" + id + "/history").at("/submissions/0/id").asText());
    }

    @Test
    void thePageAndEveryModuleItImportsAreServedAsJavaScriptWithoutTheTokenAndNothingElseIs() throws Exception {
        Set<String> modules = ServedScripts.follow(URI.create(console.url()),
                Path.of("src/main/resources/dev/framescope/console/web"));
        assertTrue(modules.contains("/main.js") && modules.contains("/dom.js"), modules.toString());
        // Any other path is the API's: 404 with the token, 403 without, as for the one script the page had before.
        for (String path : List.of("/console.js", "/index.html", "/nope.js", "/dom.js/x")) {
            assertEquals(404, console.send(console.request(path).GET().build()).statusCode(), path);
        }
        assertEquals(403, HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(console.base()
                + "/nope.js")).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    /** Java's HTTP client will not send another Host, so this one is written by hand. */
    @Test
    void aRequestNamingAnotherHostIsRefusedAsDnsRebinding() throws Exception {
        java.net.URI base = java.net.URI.create(console.base());
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", base.getPort())) {
            socket.getOutputStream().write(("GET /health HTTP/1.1\r\nHost: rebind.example:" + base.getPort()
                    + "\r\nX-FrameScope-Token: " + console.token() + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            String status = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
            assertEquals("HTTP/1.1 421 Misdirected Request", status);
        }
    }
}
