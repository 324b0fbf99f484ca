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
import dev.framescope.renderdoc.RenderDocArgs.OpenCaptureArgs;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RenderDoc group on a frame no FrameScope author drew: frame 5 of Debian's unmodified vkcube, captured through
 * target control (scripts/capture-frame.py), with a swapchain. Its ground truth comes from vkcube's source (one
 * 36-vertex draw, a 0.2 grey clear, a 500 × 500 window). On lavapipe 22.3 RenderDoc's SaveTexture segfaults for the
 * swapchain and depth images; every texture must still save, and the bridge must keep serving.
 */
@Timeout(300)
class ThirdPartyCaptureIT {

    private static final Path CAPTURES = Path.of("demo/captures");
    private static final String VKCUBE = CAPTURES.resolve("vkcube.rdc").toAbsolutePath().toString();

    @TempDir
    static Path state;
    private static BridgeProcess bridge;
    private static JsonNode truth;

    @BeforeAll
    static void start() throws Exception {
        bridge = new BridgeProcess(FaultyPython.in(state), state);
        truth = Json.mapper().readTree(Files.readString(CAPTURES.resolve("ground-truth.json"))).at("/captures/vkcube");
    }

    @AfterAll
    static void stop() {
        bridge.close();
    }

    @Test
    void theCommittedCaptureIsTheOneTheGroundTruthDescribes() throws Exception {
        byte[] bytes = Files.readAllBytes(CAPTURES.resolve("vkcube.rdc"));
        assertEquals(truth.get("sha256").asText(),
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
    }

    @Test
    void theFrameIsVkcubesOneCubeDrawIntoItsSwapchainImage() {
        Captures captures = new Captures(bridge, List.of(Path.of("")));
        JsonNode status = captures.open(new OpenCaptureArgs(VKCUBE), ToolContext.SILENT);
        assertEquals("Vulkan", status.get("api").asText());
        assertEquals(1, status.get("draws").asInt());
        assertEquals(truth.get("textures").asInt(), status.get("textures").asInt());
        assertFalse(status.at("/capabilities/safe_texture_save").asBoolean(), "lavapipe: SaveTexture is unsafe");

        JsonNode expected = truth.at("/draws/0");
        JsonNode draw = drawAction(captures);
        assertEquals(expected.get("name").asText(), draw.get("name").asText());
        assertEquals(expected.get("vertices").asInt(), draw.get("num_indices").asInt());
        assertEquals(expected.get("instances").asInt(), draw.get("num_instances").asInt());
        assertFalse(iterable(draw.get("flags")).contains("Indexed"), "vkcube draws without an index buffer");

        JsonNode present = texture(captures, draw.at("/outputs/0").asText());
        assertEquals(truth.at("/present/format").asText(), present.get("format").asText());
        assertEquals(truth.at("/present/width").asInt(), present.get("width").asInt());
        assertEquals(truth.at("/present/height").asInt(), present.get("height").asInt());
    }

    @Test
    void everyListedTextureSavesAsPngAndExrWithoutCrashingTheBridge(@TempDir Path out) throws Exception {
        Captures captures = new Captures(bridge, List.of(out));
        long crashesBefore = captures.diagnostics(0).counters().crashes();
        String presentId = drawAction(captures).at("/outputs/0").asText();
        JsonNode listed = captures.query("get_texture", new RenderDocArgs.TextureArgs(VKCUBE), r -> "",
                ToolContext.SILENT)
                .at("/textures/preview");
        assertEquals(truth.get("textures").asInt(), listed.size());
        for (JsonNode texture : listed) {
            String id = texture.get("texture").asText();
            Path png = out.resolve("t" + id + ".png");
            JsonNode saved = captures.saveTexture(new RenderDocArgs.SaveTextureArgs(VKCUBE, id, png.toString(),
                    RenderDocArgs.ImageFormat.png, null, false), ToolContext.SILENT);
            assertEquals("FrameScope encoder from GetTextureData", saved.get("method").asText(), id);
            BufferedImage image = ImageIO.read(png.toFile());
            assertEquals(texture.get("width").asInt(), image.getWidth(), id);
            assertEquals(texture.get("height").asInt(), image.getHeight(), id);

            Path exr = out.resolve("t" + id + ".exr");
            captures.saveTexture(new RenderDocArgs.SaveTextureArgs(VKCUBE, id, exr.toString(),
                    RenderDocArgs.ImageFormat.exr, null, false), ToolContext.SILENT);
            Exr read = Exr.read(exr);
            assertEquals(texture.get("width").asInt(), read.width(), id);
            assertEquals(texture.get("height").asInt(), read.height(), id);

            if (id.equals(presentId)) {
                int clear = truth.at("/present/clear_rgba8/0").asInt();
                for (JsonNode corner : truth.at("/present/clear_pixels")) {
                    int argb = image.getRGB(corner.get(0).asInt(), corner.get(1).asInt());
                    assertEquals(clear, argb & 0xFF, "blue of the clear colour at " + corner);
                    assertEquals(clear, argb >>> 24, "alpha of the clear colour at " + corner);
                    assertEquals(0.2f, read.rgba(corner.get(0).asInt(), corner.get(1).asInt())[0], 1e-6f);
                }
                int cube = image.getRGB(truth.at("/present/cube_pixel/0").asInt(),
                        truth.at("/present/cube_pixel/1").asInt());
                assertTrue((cube & 0xFFFFFF) != (clear * 0x010101), "the cube covers the centre");
                Set<Integer> colours = new HashSet<>();
                for (int y = 0; y < image.getHeight(); y += 2) {
                    for (int x = 0; x < image.getWidth(); x += 2) {
                        colours.add(image.getRGB(x, y));
                    }
                }
                assertTrue(colours.size() > 200, "a shaded, textured cube: " + colours.size() + " colours");
            }
        }
        assertEquals(crashesBefore, captures.diagnostics(0).counters().crashes(), "no bridge crash");
        assertEquals("Vulkan", captures.open(new OpenCaptureArgs(VKCUBE),
                ToolContext.SILENT).get("api").asText(), "later calls still work");
    }

    @Test
    void mipAndSliceAreCheckedAgainstTheTextureWithTheValidRange(@TempDir Path out) {
        Captures captures = new Captures(bridge, List.of(out));
        String depth = "160";
        ToolException mip = assertThrows(ToolException.class, () -> captures.saveTexture(
                new RenderDocArgs.SaveTextureArgs(VKCUBE, depth, out.resolve("m.png").toString(), null, null, false,
                        1, 0), ToolContext.SILENT));
        assertEquals(ErrorCode.INVALID_ARGUMENT, mip.code());
        assertEquals("mip", mip.context().get("parameter"));
        assertEquals(List.of(0, 0), mip.context().get("valid_range"));
        ToolException slice = assertThrows(ToolException.class, () -> captures.saveTexture(
                new RenderDocArgs.SaveTextureArgs(VKCUBE, depth, out.resolve("s.png").toString(), null, null, false,
                        0, 3), ToolContext.SILENT));
        assertEquals("slice", slice.context().get("parameter"));
        assertEquals(List.of(0, 0), slice.context().get("valid_range"));
        assertFalse(Files.exists(out.resolve("m.png")) || Files.exists(out.resolve("s.png")));
        JsonNode saved = captures.saveTexture(new RenderDocArgs.SaveTextureArgs(VKCUBE, depth,
                out.resolve("d.png").toString(), null, 11, false, 0, 0), ToolContext.SILENT);
        assertEquals(0, saved.get("mip").asInt());
        assertEquals(0, saved.get("slice").asInt());
    }

    @Test
    void aCrashOnOneTextureRefusesThatCallAgainButNotTheSameCallOnAnotherTexture(@TempDir Path out) {
        Captures captures = new Captures(bridge, List.of(out));
        ToolException crash = assertThrows(ToolException.class, () -> bridge.call("crash",
                java.util.Map.of("capture", VKCUBE, "texture", "135"), 30_000));
        assertEquals(ErrorCode.ENGINE_FAILED, crash.code());
        ToolException refused = assertThrows(ToolException.class, () -> bridge.call("crash",
                java.util.Map.of("capture", VKCUBE, "texture", "135"), 30_000));
        assertEquals(ErrorCode.ENGINE_UNAVAILABLE, refused.code(), "the crashing call is not repeated");
        ToolException other = assertThrows(ToolException.class, () -> bridge.call("crash",
                java.util.Map.of("capture", VKCUBE, "texture", "164"), 30_000));
        assertEquals(ErrorCode.ENGINE_FAILED, other.code(), "another texture is tried, not refused");
        JsonNode saved = captures.saveTexture(new RenderDocArgs.SaveTextureArgs(VKCUBE, "135",
                out.resolve("after.png").toString(), null, null, false), ToolContext.SILENT);
        assertTrue(saved.get("bytes").asLong() > 0, "other calls on the capture still work");
    }

    /**
     * get_texture on the 8-bit present image reads vkcube's clear colour; on the D16 depth image, a format it does not
     * decode, it still describes the texture (as get_texture_info did) and says why there are no values.
     */
    @Test
    void getTextureReadsThePresentImageAndDescribesTheDepthImage() {
        Captures captures = new Captures(bridge, List.of(Path.of("")));
        String present = drawAction(captures).at("/outputs/0").asText();
        JsonNode corner = captures.query("get_texture", ToolArguments.asSent("get_texture", java.util.Map.of("capture",
                VKCUBE, "texture", present, "width", 1, "height", 1)), r -> "", ToolContext.SILENT);
        double clear = truth.at("/present/clear_rgba8/0").asInt() / 255.0;
        for (JsonNode component : corner.at("/rows/0/0")) {
            assertEquals(clear, component.asDouble(), 1e-6, corner.toString());
        }
        assertEquals(truth.at("/present/format").asText(), corner.at("/textures/preview/0/format").asText());

        String depth = null;
        for (JsonNode t : captures.query("get_texture", new RenderDocArgs.TextureArgs(VKCUBE), r -> "",
                ToolContext.SILENT)
                .at("/textures/preview")) {
            if (t.get("format").asText().startsWith(truth.at("/depth/format").asText())) {
                depth = t.get("texture").asText();
            }
        }
        JsonNode described = captures.query("get_texture", ToolArguments.asSent("get_texture",
                java.util.Map.of("capture", VKCUBE, "texture", depth)), r -> "", ToolContext.SILENT);
        assertEquals(truth.at("/depth/width").asInt(), described.at("/textures/preview/0/width").asInt());
        assertTrue(described.get("values_unavailable").asText().contains(described.get("format").asText()),
                described.toString());
        assertFalse(described.has("rows") || described.has("data"), described.toString());
    }

    @Test
    void theDigestRaisesNoFalseNanAlarm() {
        Captures captures = new Captures(bridge, List.of(Path.of("")));
        JsonNode digest = captures.query("get_frame_digest", ToolArguments.asSent("get_frame_digest",
                java.util.Map.of("capture", VKCUBE)), r -> "", ToolContext.SILENT);
        for (JsonNode anomaly : digest.at("/anomalies/preview")) {
            assertFalse(anomaly.toString().toLowerCase().matches(".*(nan|inf).*"), anomaly.toString());
        }
        assertEquals(1, digest.at("/statistics/draw_calls").asInt());
        assertEquals(0, digest.at("/anomalies/count").asInt(), "a clean frame: " + digest.get("anomalies"));
        JsonNode scan = captures.analyzeNanInf(new RenderDocArgs.AnalyzeNanInfArgs(VKCUBE, null, null, 4),
                ToolContext.SILENT);
        for (JsonNode target : scan.get("targets")) {
            assertEquals(0, target.path("nan_pixels").asInt(), target.toString());
            assertEquals(0, target.path("inf_pixels").asInt(), target.toString());
        }
    }

    /** vkcube's vertex uniform block: mat4 MVP, vec4 position[36], vec4 attr[36] (cube.c's vktexcube_vs_uniform). */
    @Test
    void theUniformBlockComesBackTypedWithShape() {
        Captures captures = new Captures(bridge, List.of(Path.of("")));
        int draw = drawAction(captures).get("event_id").asInt();
        JsonNode shader = captures.query("get_shader_info", ToolArguments.asSent("get_shader_info", java.util.Map.of(
                "capture", VKCUBE, "event_id", draw, "stage", "vertex", "include_constants", true, "max_constants",
                4)), r -> "", ToolContext.SILENT);
        java.util.Map<String, JsonNode> byName = new java.util.HashMap<>();
        shader.at("/constants/preview").forEach(c -> byName.put(c.get("name").asText(), c));
        JsonNode mvp = byName.get("MVP");
        assertEquals("float", mvp.get("type").asText(), shader.toString());
        assertEquals("[4,4]", mvp.get("shape").toString());
        assertEquals(4, mvp.get("value").size());
        JsonNode position = byName.get("position");
        assertEquals("array", position.get("type").asText(), position.toString());
        assertEquals("[36]", position.get("shape").toString(), "36 vertices of the cube");
        assertEquals("[4]", position.at("/value/0/shape").toString());
        assertEquals(4, position.get("value").size(), "bounded by max_constants");
        assertTrue(position.get("truncated").asBoolean());
    }

    private static JsonNode drawAction(Captures captures) {
        JsonNode page = captures.iterateActions(new RenderDocArgs.IterateActionsArgs(VKCUBE, null, null, true, null,
                null), ToolContext.SILENT);
        for (JsonNode action : page.get("preview")) {
            if (iterable(action.get("flags")).contains("Drawcall")) {
                return action;
            }
        }
        throw new AssertionError("no draw in " + page);
    }

    private static JsonNode texture(Captures captures, String id) {
        for (JsonNode t : captures.query("get_texture", new RenderDocArgs.TextureArgs(VKCUBE), r -> "",
                ToolContext.SILENT)
                .at("/textures/preview")) {
            if (t.get("texture").asText().equals(id)) {
                return t;
            }
        }
        throw new AssertionError("no texture " + id);
    }

    private static List<String> iterable(JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The part of OpenEXR a single-part, uncompressed, 32-bit float scanline file needs: enough to read it back. */
    record Exr(int width, int height, List<String> channels, ByteBuffer file, long[] lineOffsets) {

        static Exr read(Path path) throws Exception {
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(path)).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(20000630, b.getInt(), "OpenEXR magic number");
            assertEquals(2, b.getInt() & 0xFF, "version 2");
            int width = 0;
            int height = 0;
            List<String> channels = new java.util.ArrayList<>();
            while (true) {
                String name = cString(b);
                if (name.isEmpty()) {
                    break;
                }
                String type = cString(b);
                int size = b.getInt();
                int start = b.position();
                switch (name) {
                    case "dataWindow" -> {
                        int x0 = b.getInt();
                        int y0 = b.getInt();
                        width = b.getInt() - x0 + 1;
                        height = b.getInt() - y0 + 1;
                    }
                    case "compression" -> assertEquals(0, b.get(), "no compression");
                    case "channels" -> {
                        for (String c = cString(b); !c.isEmpty(); c = cString(b)) {
                            assertEquals(2, b.getInt(), "FLOAT channel " + c);
                            b.position(b.position() + 12);
                            channels.add(c);
                        }
                    }
                    default -> { }
                }
                assertFalse(type.isEmpty(), name);
                b.position(start + size);
            }
            long[] offsets = new long[height];
            for (int y = 0; y < height; y++) {
                offsets[y] = b.getLong();
            }
            return new Exr(width, height, channels, b, offsets);
        }

        /** R, G, B, A of one pixel (top-left origin). */
        float[] rgba(int x, int y) {
            int line = (int) lineOffsets[y];
            assertEquals(y, file.getInt(line));
            float[] out = new float[4];
            for (int c = 0; c < channels.size(); c++) {
                float v = file.getFloat(line + 8 + 4 * (c * width + x));
                out["RGBA".indexOf(channels.get(c))] = v;
            }
            return out;
        }

        private static String cString(ByteBuffer b) {
            int start = b.position();
            while (b.get() != 0) {
                // scan to the terminating zero
            }
            return new String(b.array(), start, b.position() - start - 1, StandardCharsets.US_ASCII);
        }
    }
}
