package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.renderdoc.RenderDocArgs.AnalyzeNanInfArgs;
import dev.framescope.renderdoc.RenderDocArgs.IterateActionsArgs;
import dev.framescope.renderdoc.RenderDocArgs.OpenCaptureArgs;
import dev.framescope.renderdoc.bridge.BridgeDiagnostics;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bridge on RenderDoc 1.24's real replay of the committed GL fixture, checked against its ground truth, and
 * the supervisor under faults: a crash, a kill from outside, a request past its limit, bad files, and 8 threads ×
 * 200 requests at once. No X server: GL replays through EGL on the surfaceless platform.
 */
@Timeout(300)
class RenderDocBridgeIT {

    private static final Path CAPTURES = Path.of("demo/captures");
    private static final String GL = CAPTURES.resolve("gl_defects.rdc").toString();

    @TempDir
    static Path state;
    private static BridgeProcess bridge;
    private static Captures captures;
    private static JsonNode truth;
    private static JsonNode manifest;

    @BeforeAll
    static void start() throws Exception {
        bridge = new BridgeProcess(FaultyPython.in(state), state);
        captures = new Captures(bridge, List.of(Path.of("")));
        manifest = Json.mapper().readTree(Files.readString(CAPTURES.resolve("ground-truth.json")));
        truth = manifest.at("/captures/gl_defects");
    }

    @AfterAll
    static void stop() {
        bridge.close();
    }

    private static JsonNode draw(String kind) {
        return draw("gl_defects", kind);
    }

    private static JsonNode draw(String capture, String kind) {
        for (JsonNode d : manifest.at("/captures/" + capture + "/draws")) {
            if (d.get("kind").asText().equals(kind)) {
                return d;
            }
        }
        throw new AssertionError(kind);
    }

    @ParameterizedTest
    @ValueSource(strings = {"gl_defects", "vk_defects"})
    void theCommittedCaptureIsTheOneTheGroundTruthDescribes(String name) throws Exception {
        byte[] bytes = Files.readAllBytes(CAPTURES.resolve(name + ".rdc"));
        assertEquals(manifest.at("/captures/" + name + "/sha256").asText(),
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"gl_defects", "vk_defects"})
    void onBothApisTheNanAndInfWritersAndTheBadGeometryAreTheGroundTruth(String name) {
        String file = CAPTURES.resolve(name + ".rdc").toString();
        JsonNode hdr = captures.analyzeNanInf(new AnalyzeNanInfArgs(file, null, null, 4),
                ToolContext.SILENT).at("/targets/0");
        JsonNode nan = draw(name, "writes_nan");
        JsonNode inf = draw(name, "writes_inf");
        assertEquals(nan.get("region"), hdr.get("nan_box"), name);
        assertEquals(inf.get("region"), hdr.get("inf_box"), name);
        assertEquals(nan.get("marker").asText(), hdr.at("/writers/0/marker_path").asText());
        assertEquals(inf.get("marker").asText(), hdr.at("/writers/1/marker_path").asText());
        JsonNode geometry = captures.query("geometry_anomalies", new RenderDocArgs.GeometryArgs(file, null, null,
                null, null), r -> "", ToolContext.SILENT).at("/draws/preview");
        Map<String, JsonNode> byMarker = new java.util.HashMap<>();
        geometry.forEach(g -> byMarker.put(g.get("marker_path").asText(), g));
        JsonNode bad = byMarker.get(draw(name, "bad_positions").get("marker").asText());
        assertEquals(List.of(1, 2), List.of(bad.at("/bad_vertices/preview/0/index").asInt(),
                bad.at("/bad_vertices/preview/1/index").asInt()), name);
        JsonNode degenerate = draw(name, "degenerate_triangles");
        assertEquals(degenerate.get("triangles"), byMarker.get(degenerate.get("marker").asText())
                .get("degenerate_triangles"), name);
    }

    @Test
    void vulkanOffersShaderDebuggingAndAPixelHistoryWithTheShadersNanOutput() {
        String vk = CAPTURES.resolve("vk_defects.rdc").toString();
        JsonNode status = captures.open(new OpenCaptureArgs(vk), ToolContext.SILENT);
        assertEquals("Vulkan", status.get("api").asText());
        assertTrue(status.at("/capabilities/shader_debugging").asBoolean());
        JsonNode nan = draw("vk_defects", "writes_nan");
        JsonNode history = captures.query("pixel_history", new RenderDocArgs.PixelHistoryArgs(vk, "hdr_color",
                nan.at("/region/0").asInt() + 2, nan.at("/region/1").asInt() + 2, null, null), r -> "",
                        ToolContext.SILENT);
        JsonNode last = history.at("/modifications/preview").get(history.at("/modifications/count").asInt() - 1);
        assertEquals(nan.get("marker").asText(), last.get("marker_path").asText());
        assertEquals("NaN", last.at("/shader_out/0").asText(), "Vulkan pixel history has the shader's own output");
        int event = captures.iterateActions(new IterateActionsArgs(vk, nan.get("marker").asText(), null, true, 0, 1),
                ToolContext.SILENT)
                .at("/preview/0/event_id").asInt();
        JsonNode shader = captures.query("get_shader_info", new RenderDocArgs.ShaderInfoArgs(vk, event,
                RenderDocArgs.Stage.pixel, false, false, null), r -> "", ToolContext.SILENT);
        String line = shader.at("/source_files/0/source").asText().split("\n")[nan.get("shader_line").asInt() - 1];
        assertTrue(line.contains("draw.zero / draw.zero"), "the -g build carries the source: " + line);
    }

    @Test
    void openReportsTheApiAndWhatThisDriverCanDo() {
        JsonNode status = captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT);
        assertEquals("OpenGL", status.get("api").asText());
        assertEquals("1.24", status.get("renderdoc").asText());
        assertEquals(false, status.at("/capabilities/shader_debugging").asBoolean(), "GL: no shader debugging in 1.24");
        assertTrue(status.at("/capabilities/pixel_history_note").asText().contains("unfinished"));
        assertEquals(13, status.at("/capabilities/counters").asInt());
        assertEquals(3, status.get("schema_version").asInt(), "open_capture's shape 3: attributed_by on debug messages");
    }

    @Test
    void everyGroundTruthDrawIsListedUnderItsMarkerPathAndPagesAreBounded() {
        JsonNode draws = captures.iterateActions(new IterateActionsArgs(GL, null, null, true, 0, 500),
                ToolContext.SILENT);
        Set<String> paths = new HashSet<>();
        draws.get("preview").forEach(a -> paths.add(a.get("marker_path").asText()));
        for (JsonNode d : truth.get("draws")) {
            assertTrue(paths.contains(d.get("marker").asText()), d.get("marker") + " in " + paths);
        }
        JsonNode overdraw = captures.iterateActions(new IterateActionsArgs(GL, "Overdraw", null, true, 0, 5),
                ToolContext.SILENT);
        assertEquals(draw("overdraw").get("draw_count").asInt(), overdraw.get("count").asInt());
        assertEquals(5, overdraw.get("preview").size());
        assertTrue(overdraw.get("truncated").asBoolean());
    }

    @Test
    void nanAndInfPixelsAreFoundAndTheDrawsThatWroteThemNamed() {
        JsonNode report = captures.analyzeNanInf(new AnalyzeNanInfArgs(GL, null, null, 8), ToolContext.SILENT);
        JsonNode hdr = report.at("/targets/0");
        assertEquals(truth.at("/target/name").asText(), hdr.get("name").asText());
        JsonNode nan = draw("writes_nan");
        JsonNode inf = draw("writes_inf");
        assertEquals(nan.get("region"), hdr.get("nan_box"));
        assertEquals(inf.get("region"), hdr.get("inf_box"));
        assertEquals(area(nan.get("region")), hdr.get("nan_pixels").asInt());
        assertEquals(area(inf.get("region")), hdr.get("inf_pixels").asInt());
        JsonNode writers = hdr.get("writers");
        assertEquals(2, writers.size(), writers.toString());
        assertEquals(nan.get("marker").asText(), writers.at("/0/marker_path").asText());
        assertEquals(area(nan.get("region")), writers.at("/0/new_nan_pixels").asInt());
        assertEquals(inf.get("marker").asText(), writers.at("/1/marker_path").asText());
        assertEquals(inf.get("region"), writers.at("/1/inf_box"));
        assertEquals(8, hdr.at("/pixels/preview").size());
        assertEquals("NaN", hdr.at("/pixels/preview/0/rgba/0").asText());
        assertTrue(report.get("summary").asText().contains("Frame/Defects/NaN quad"), report.get("summary").asText());

        // Before the NaN draw, the target is clean.
        int nanEvent = writers.at("/0/event_id").asInt();
        JsonNode before = captures.analyzeNanInf(new AnalyzeNanInfArgs(GL, "hdr_color", nanEvent - 1, 8),
                ToolContext.SILENT);
        assertEquals(0, before.at("/targets/0/nan_pixels").asInt());
    }

    @Test
    void geometryFindingsAreExactlyTheGroundTruthDraws() {
        JsonNode report = captures.query("geometry_anomalies", new RenderDocArgs.GeometryArgs(GL, null, null, null,
                null), r -> "", ToolContext.SILENT);
        JsonNode found = report.at("/draws/preview");
        assertEquals(3, found.size(), found.toString());
        JsonNode bad = found.get(0);
        assertEquals(draw("bad_positions").get("marker").asText(), bad.get("marker_path").asText());
        assertEquals(1, bad.at("/bad_vertices/preview/0/index").asInt());
        assertEquals("huge", bad.at("/bad_vertices/preview/0/reasons/0").asText());
        assertEquals(2, bad.at("/bad_vertices/preview/1/index").asInt());
        assertEquals("nan", bad.at("/bad_vertices/preview/1/reasons/0").asText());
        JsonNode uv = found.get(1);
        assertEquals(draw("uv_out_of_range").get("marker").asText(), uv.get("marker_path").asText());
        assertEquals(draw("uv_out_of_range").get("uv_range"), Json.mapper().createArrayNode()
                .add(uv.at("/uv_range/min").asDouble()).add(uv.at("/uv_range/max").asDouble()));
        JsonNode degenerate = found.get(2);
        assertEquals(draw("degenerate_triangles").get("marker").asText(), degenerate.get("marker_path").asText());
        assertEquals(draw("degenerate_triangles").get("triangles"), degenerate.get("degenerate_triangles"));
    }

    @Test
    void pixelHistoryOfANanPixelEndsAtTheNanDraw() {
        JsonNode nan = draw("writes_nan");
        JsonNode history = captures.query("pixel_history", new RenderDocArgs.PixelHistoryArgs(GL, "hdr_color",
                nan.at("/region/0").asInt() + 4, nan.at("/region/1").asInt() + 4, null, null), r -> "",
                        ToolContext.SILENT);
        JsonNode last = history.at("/modifications/preview").get(history.at("/modifications/count").asInt() - 1);
        assertEquals(nan.get("marker").asText(), last.get("marker_path").asText());
        assertEquals("NaN", last.at("/post/0").asText());
        ToolException outside = assertThrows(ToolException.class, () -> captures.query("pixel_history",
                new RenderDocArgs.PixelHistoryArgs(GL, "hdr_color", 300, 5, null, null), r -> "", ToolContext.SILENT));
        assertEquals(ErrorCode.INVALID_ARGUMENT, outside.code());
    }

    @Test
    void theDigestRanksEveryKnownDefectAndStaysWithinItsBudget() {
        JsonNode digest = captures.query("get_frame_digest", new RenderDocArgs.FrameDigestArgs(GL, null, 64, null,
                null), r -> "", ToolContext.SILENT);
        Map<String, String> byCode = new java.util.HashMap<>();
        digest.at("/anomalies/preview").forEach(a -> byCode.putIfAbsent(a.get("code").asText(),
                a.get("marker_path").asText()));
        assertEquals(draw("writes_nan").get("marker").asText(), byCode.get("nan_written"));
        assertEquals(draw("writes_inf").get("marker").asText(), byCode.get("inf_written"));
        assertEquals(draw("bad_positions").get("marker").asText(), byCode.get("bad_vertex_positions"));
        assertEquals(draw("uv_out_of_range").get("marker").asText(), byCode.get("uv_out_of_range"));
        assertEquals(draw("degenerate_triangles").get("marker").asText(), byCode.get("degenerate_triangles"));
        assertEquals(draw("no_depth_target").get("marker").asText(), byCode.get("no_depth_target"));
        assertEquals(draw("overdraw").get("marker").asText(), byCode.get("many_draws_one_group"));
        assertEquals("high", digest.at("/anomalies/preview/0/severity").asText());
        assertTrue(Json.write(digest).length() < 160 * 1024);
        JsonNode overview = captures.open(new RenderDocArgs.OpenCaptureArgs(GL, true, null, null), ToolContext.SILENT);
        assertTrue(Json.write(overview).length() < 32 * 1024);
        assertTrue(Json.write(bridge.diagnostics(16)).length() < 8 * 1024);
    }

    private static int eventAt(String marker) {
        JsonNode draws = captures.iterateActions(new IterateActionsArgs(GL, marker, null, true, 0, 1),
                ToolContext.SILENT);
        return draws.at("/preview/0/event_id").asInt();
    }

    @Test
    void eventInsightPipelineShaderAndBufferDescribeTheDefectDraws() {
        JsonNode nan = draw("writes_nan");
        JsonNode insight = captures.query("get_event_insight", new RenderDocArgs.EventArgs(GL,
                eventAt(nan.get("marker").asText()), null), r -> "", ToolContext.SILENT);
        JsonNode finding = null;
        for (JsonNode f : insight.get("findings")) {
            if (f.get("code").asText().equals("nan_written")) {
                finding = f;
            }
        }
        assertTrue(finding != null, insight.get("findings").toString());
        assertEquals(nan.get("region"), finding.get("box"));
        assertEquals("get_shader_info", insight.at("/recommended_next_calls/0/tool").asText());
        assertEquals("pixel_history", insight.at("/recommended_next_calls/1/tool").asText());
        assertTrue(Json.write(insight).length() < 120 * 1024);

        JsonNode noDepth = captures.query("get_event_insight", new RenderDocArgs.EventArgs(GL,
                eventAt(draw("no_depth_target").get("marker").asText()), null), r -> "",
                        ToolContext.SILENT).get("pipeline");
        assertTrue(noDepth.get("depth_target") == null || noDepth.get("depth_target").isNull(), noDepth.toString());
        assertEquals("ui_color", noDepth.at("/color_targets/0/name").asText());
        assertEquals("RS", noDepth.get("highlight_stage").asText(), "the original design highlights RS for a missing "
                + "depth target");
        assertTrue(noDepth.get("warning_message").asText().startsWith("draw renders with no depth target bound"),
                noDepth.toString());

        JsonNode shader = captures.query("get_shader_info", new RenderDocArgs.ShaderInfoArgs(GL,
                eventAt(nan.get("marker").asText()), RenderDocArgs.Stage.pixel, true, false, null), r -> "",
                        ToolContext.SILENT);
        assertTrue(shader.at("/source_files/0/source").asText().contains("zero / zero"), shader.toString());
        assertEquals("zero", shader.at("/constants/preview/0/name").asText());
        assertEquals(0.0, shader.at("/constants/preview/0/value").asDouble());

        JsonNode bad = draw("bad_positions");
        JsonNode buffer = captures.query("get_buffer_contents", new RenderDocArgs.BufferArgs(GL, "positions",
                eventAt(bad.get("marker").asText()), 0L, 48, true), r -> "", ToolContext.SILENT);
        assertEquals(1e30, buffer.at("/floats/4").asDouble(), 1e24);
        assertEquals("NaN", buffer.at("/floats/9").asText());
    }

    @Test
    void savedFilesGoOnlyWhereAllowedAndNeverOverAFileUnlessAsked(@TempDir Path out) throws Exception {
        Captures writer = new Captures(bridge, List.of(out));
        Path png = out.resolve("hdr.png");
        JsonNode saved = writer.saveTexture(new RenderDocArgs.SaveTextureArgs(GL, "hdr_color", png.toString(),
                RenderDocArgs.ImageFormat.png, null, false), ToolContext.SILENT);
        assertEquals(4 * 1024, saved.get("non_finite_components_written").asInt(), "1024 NaN pixels × 3 + 1024 Inf");
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertEquals(0x1A9933, image.getRGB(5, 250) & 0xFFFFFF, "the green background quad is at the bottom");
        assertEquals(0xFF0000, image.getRGB(70, 20) & 0xFFFFFF, "+Inf red, clamped to 1");
        ToolException again = assertThrows(ToolException.class, () -> writer.saveTexture(
                new RenderDocArgs.SaveTextureArgs(GL, "hdr_color", png.toString(), null, null, false),
                        ToolContext.SILENT));
        assertEquals("overwrite", again.context().get("parameter"));
        writer.saveTexture(new RenderDocArgs.SaveTextureArgs(GL, "hdr_color", png.toString(), null, null, true),
                ToolContext.SILENT);
        ToolException outside = assertThrows(ToolException.class, () -> writer.saveTexture(
                new RenderDocArgs.SaveTextureArgs(GL, "hdr_color", state.resolve("x.png").toString(), null, null,
                        false), ToolContext.SILENT));
        assertEquals("output", outside.context().get("parameter"));
        ToolException extension = assertThrows(ToolException.class, () -> writer.saveTexture(
                new RenderDocArgs.SaveTextureArgs(GL, "hdr_color", out.resolve("x.exr").toString(), null, null,
                        false), ToolContext.SILENT));
        assertEquals("output", extension.context().get("parameter"));

        Path copy = out.resolve("copy.rdc");
        writer.copyCapture(new RenderDocArgs.CopyCaptureArgs(GL, copy.toString(), false), ToolContext.SILENT);
        assertTrue(java.util.Arrays.equals(Files.readAllBytes(Path.of(GL)), Files.readAllBytes(copy)));
    }

    @Test
    void countersDrawCostsSearchesAndTexturesAgreeWithTheProgram() {
        JsonNode counters = captures.query("get_counters", new RenderDocArgs.CountersArgs(GL, 500), r -> "",
                ToolContext.SILENT);
        Map<String, Double> frame = new java.util.HashMap<>();
        counters.at("/counters/preview").forEach(c -> frame.put(c.get("name").asText(), c.get("value").asDouble()));
        assertTrue(frame.keySet().containsAll(List.of("Samples Passed", "GPU Duration", "Rasterized Primitives")),
                frame.toString());
        JsonNode top = counters.at("/draws/preview/0");
        JsonNode background = draw("normal");
        assertEquals(background.get("marker").asText(), top.get("marker_path").asText(), "the largest draw");
        assertEquals(area(background.get("region")), top.get("samples_passed").asInt(), "one sample per pixel");
        long drawn = 0;
        for (JsonNode d : counters.at("/draws/preview")) {
            drawn += d.get("samples_passed").asLong();
        }
        assertFalse(counters.at("/draws/truncated").asBoolean());
        assertEquals(frame.get("Samples Passed"), (double) drawn, "the frame's value is the sum over its draws");

        JsonNode byOutput = captures.iterateActions(new IterateActionsArgs(GL, null, null, null, null, null,
                "UI_Color"), ToolContext.SILENT);
        boolean named = false;
        for (JsonNode r : byOutput.at("/resources/preview")) {
            named |= r.get("name").asText().equals("ui_color");
        }
        assertTrue(named, "one search finds the resource too: " + byOutput);
        boolean found = false;
        for (JsonNode m : byOutput.get("preview")) {
            found |= m.get("marker_path").asText().equals(draw("no_depth_target").get("marker").asText())
                    && m.get("match_reason").asText().equals("output ui_color");
        }
        assertTrue(found, byOutput.toString());

        Set<String> resources = new HashSet<>();
        captures.iterateActions(new IterateActionsArgs(GL, null, null, null, null, 500, ""), ToolContext.SILENT)
                .at("/resources/preview").forEach(r -> resources.add(r.get("name").asText()));
        truth.get("resources").forEach(name -> assertTrue(resources.contains(name.asText()), name.asText()));

        JsonNode info = captures.query("get_texture", new RenderDocArgs.TextureArgs(GL, "hdr_color", null, null, null,
                null, null, null), r -> "", ToolContext.SILENT).at("/textures/preview/0");
        assertEquals(truth.at("/target/format").asText(), info.get("format").asText());
        assertEquals(truth.at("/target/width").asInt(), info.get("width").asInt());
        int nanEvent = eventAt(draw("writes_nan").get("marker").asText());
        boolean used = false;
        for (JsonNode e : info.at("/used_by_events/preview")) {
            used |= e.asInt() == nanEvent;
        }
        assertTrue(used, info.toString());
    }

    private static int area(JsonNode box) {
        return (box.get(2).asInt() - box.get(0).asInt()) * (box.get(3).asInt() - box.get(1).asInt());
    }

    @Test
    void missingWrongTypeAndTruncatedCapturesAreStructuredErrorsAndTheBridgeGoesOn(@TempDir Path dir)
            throws Exception {
        ToolException missing = assertThrows(ToolException.class, () -> captures.open(new OpenCaptureArgs("no/such.rdc"),
                ToolContext.SILENT));
        assertEquals(ErrorCode.NOT_FOUND, missing.code());
        ToolException wrongType = assertThrows(ToolException.class, () -> captures.open(new OpenCaptureArgs("pom.xml"),
                ToolContext.SILENT));
        assertEquals(ErrorCode.INVALID_ARGUMENT, wrongType.code());
        assertEquals("capture", wrongType.context().get("parameter"));
        assertTrue(wrongType.getMessage().contains("not a RenderDoc capture"), wrongType.getMessage());
        byte[] whole = Files.readAllBytes(Path.of(GL));
        Path truncated = dir.resolve("truncated.rdc");
        Files.write(truncated, java.util.Arrays.copyOf(whole, whole.length / 2));
        ToolException cut = assertThrows(ToolException.class, () -> captures.open(new OpenCaptureArgs(truncated.toString()),
                ToolContext.SILENT));
        assertTrue(cut.code() == ErrorCode.INVALID_ARGUMENT || cut.code() == ErrorCode.ENGINE_FAILED, cut.toString());
        assertEquals("OpenGL", captures.open(new OpenCaptureArgs(GL),
                ToolContext.SILENT).get("api").asText(), "the bridge still serves");
        assertEquals(whole.length, Files.size(Path.of(GL)), "captures are only read");
    }

    @Test
    void aCrashAKillAndATimeoutEachGiveAStructuredErrorAndTheNextCallWorks() throws Exception {
        captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT);
        ToolException crash = assertThrows(ToolException.class, () -> bridge.call("crash", Map.of("capture", GL),
                30_000));
        assertEquals(ErrorCode.ENGINE_FAILED, crash.code());
        assertTrue(crash.getMessage().contains("exit 139"), crash.getMessage());
        assertEquals("OpenGL", captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT).get("api").asText());
        long starts = bridge.diagnostics(0).counters().starts();
        ToolException again = assertThrows(ToolException.class, () -> bridge.call("crash", Map.of("capture", GL),
                30_000));
        assertEquals(ErrorCode.ENGINE_UNAVAILABLE, again.code(), "a call that crashed the driver is not repeated");
        assertEquals(starts, bridge.diagnostics(0).counters().starts(), "and the bridge was not killed again");
        assertTrue(bridge.diagnostics(0).unavailableCalls().containsKey("crash on " + GL));

        CompletableFuture<JsonNode> slow = CompletableFuture.supplyAsync(() -> bridge.call("sleep",
                Map.of("seconds", 20), 60_000));
        Thread.sleep(500);
        bridge.handle().destroyForcibly();
        Exception killed = assertThrows(Exception.class, () -> slow.get(30, TimeUnit.SECONDS));
        assertEquals(ErrorCode.ENGINE_FAILED, ((ToolException) killed.getCause()).code());
        assertEquals("OpenGL", captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT).get("api").asText());

        long start = System.nanoTime();
        ToolException late = assertThrows(ToolException.class, () -> bridge.call("sleep", Map.of("seconds", 20),
                1_000));
        assertEquals(ErrorCode.TIMEOUT, late.code());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10));
        assertEquals("OpenGL", captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT).get("api").asText());

        BridgeDiagnostics d = bridge.diagnostics(16);
        assertEquals("healthy", d.status(), "a call succeeded after the last loss");
        assertTrue(d.counters().crashes() >= 2 && d.counters().timeouts() >= 1, d.toString());
        assertEquals(3, d.counters().recoveries(), d.toString());
        assertTrue(d.heartbeatAgeS() < 2, d.toString());
    }

    @Test
    void eightThreadsOfTwoHundredMixedRequestsGetEveryAnswerRight() throws Exception {
        captures.open(new OpenCaptureArgs(GL), ToolContext.SILENT);
        int draws = captures.iterateActions(new IterateActionsArgs(GL, null, null, true, 0, 1),
                ToolContext.SILENT).get("count").asInt();
        assertTrue(draws > 20, "the fixture's draws: " + draws);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        AtomicInteger wrong = new AtomicInteger();
        List<Future<?>> futures = new ArrayList<>();
        long start = System.nanoTime();
        for (int t = 0; t < 8; t++) {
            int thread = t;
            futures.add(pool.submit(() -> {
                for (int i = 0; i < 200; i++) {
                    switch ((thread + i) % 3) {
                        case 0 -> {
                            if (!bridge.call("ping", Map.of(), 30_000).has("renderdoc")) {
                                wrong.incrementAndGet();
                            }
                        }
                        case 1 -> {
                            int offset = i % 20;
                            JsonNode page = captures.iterateActions(new IterateActionsArgs(GL, null, null, true,
                                    offset, 1), ToolContext.SILENT);
                            if (page.get("offset").asInt() != offset || page.get("count").asInt() != draws) {
                                wrong.incrementAndGet();
                            }
                        }
                        default -> {
                            if (!captures.open(new OpenCaptureArgs(GL),
                                    ToolContext.SILENT).get("api").asText().equals("OpenGL")) {
                                wrong.incrementAndGet();
                            }
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get(240, TimeUnit.SECONDS);
        }
        pool.shutdown();
        double seconds = (System.nanoTime() - start) / 1e9;
        System.err.printf("stress: 1600 requests in %.2f s (%.0f/s)%n", seconds, 1600 / seconds);
        assertEquals(0, wrong.get(), "mismatched answers");
    }
}
