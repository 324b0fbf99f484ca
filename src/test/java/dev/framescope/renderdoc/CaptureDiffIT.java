package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.common.ToolOutput;
import dev.framescope.renderdoc.RenderDocArgs.DiffCapturesArgs;
import dev.framescope.renderdoc.RenderDocArgs.OpenCaptureArgs;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * diff_captures on the committed captures of one GL scene taken five ways (gl_defects through EGL, gl_defects_glfw
 * through a GLFW window on Xvfb, gl_defects_swap from swap to swap through target control, gl_defects_fixed with the
 * NaN division guarded, gl_defects_tuned with two draws changed in state only) and on the Vulkan fixture: exact verdicts, the differing draws and fields, the NaN pixels,
 * the anomaly only the broken frame has; captures never modified.
 */
@Timeout(240)
class CaptureDiffIT {

    private static final String GL = capture("gl_defects");
    private static final String GLFW = capture("gl_defects_glfw");
    private static final String FIXED = capture("gl_defects_fixed");
    private static final String TUNED = capture("gl_defects_tuned");
    private static final String SWAP = capture("gl_defects_swap");
    private static final String VK = capture("vk_defects");
    private static final String VKCUBE = capture("vkcube");

    @TempDir
    static Path state;
    private static BridgeProcess bridge;
    private static Captures captures;
    private static Map<String, String> md5Before;

    private static String capture(String name) {
        return Path.of("demo/captures/" + name + ".rdc").toAbsolutePath().toString();
    }

    @BeforeAll
    static void start() throws Exception {
        md5Before = md5s();
        bridge = new BridgeProcess(Path.of("/usr/bin/python3"), state);
        captures = new Captures(bridge, List.of(Path.of("")));
    }

    @AfterAll
    static void stop() throws Exception {
        bridge.close();
        assertEquals(md5Before, md5s(), "no capture changed");
    }

    private static Map<String, String> md5s() throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (var files = Files.list(Path.of("demo/captures"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".rdc")).toList()) {
                out.put(f.getFileName().toString(), HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                        .digest(Files.readAllBytes(f))));
            }
        }
        return out;
    }

    private static ToolOutput diff(String a, String b) {
        return captures.diffCaptures(new DiffCapturesArgs(a, b, null, null), Cancellation.none());
    }

    private static JsonNode body(ToolOutput output) {
        return (JsonNode) output.body();
    }

    @Test
    void aCaptureAgainstItselfHasNoDifference() {
        ToolOutput out = diff(GL, GL);
        JsonNode r = body(out);
        assertEquals("no_difference", r.path("verdict").asText(), r.toString());
        assertTrue(r.path("same_file").asBoolean());
        assertEquals(27, r.at("/actions/matched").asInt());
        assertEquals(24, r.at("/draws/compared").asInt());
        assertEquals(0, r.at("/draws/differing/count").asInt());
        assertEquals(0, r.at("/pixels/differing_pixels").asInt());
        assertTrue(r.at("/pixels/compared").asBoolean());
        assertEquals(8, r.at("/anomalies/in_both").asInt());
        assertFalse(out instanceof ToolOutput.WithImage, "no picture when nothing differs");
        assertTrue(r.path("summary").asText().startsWith("No difference"), r.path("summary").asText());
    }

    /**
     * The same scene through a GLFW window (GLX on Xvfb) instead of an EGL pbuffer: the same draws, state, pixels and
     * anomalies. What does differ is only what the answer's `ignored` names: the window system's backbuffer, which
     * no draw uses (checked here, so the exclusion hides nothing a draw depends on).
     */
    @Test
    void theSameSceneThroughAnotherWindowSystemHasNoSpuriousDifference() {
        JsonNode r = body(diff(GL, GLFW));
        assertEquals("no_difference", r.path("verdict").asText(), r.toString());
        assertEquals(27, r.at("/actions/matched").asInt());
        assertEquals(0, r.at("/actions/only_in_capture/count").asInt());
        assertEquals(0, r.at("/actions/only_in_other/count").asInt());
        assertEquals(0, r.at("/draws/differing/count").asInt());
        assertEquals(0, r.at("/pixels/differing_pixels").asInt());
        assertEquals("hdr_color", r.at("/pixels/target/other/name").asText());
        assertEquals(8, r.at("/anomalies/in_both").asInt());
        assertTrue(r.path("ignored").toString().contains("backbuffer"), r.path("ignored").toString());

        List<String> egl = backbuffers(GL);
        List<String> glfw = backbuffers(GLFW);
        assertEquals(List.of("Backbuffer Color R10G10B10A2_UNORM []"), egl);
        assertEquals(List.of("Backbuffer Color R8G8B8A8_UNORM []", "Backbuffer Depth-stencil D24S8 []"), glfw);
        assertNotEquals(egl, glfw, "the two captures really do differ where the diff says it does not look");
    }

    /**
     * One frame of the scene as a game draws it, taken through target control (it ends at glXSwapBuffers), against
     * the in-application takes (they end at RenderDoc's End of Capture): the frame boundary is not a difference, nor
     * are the names RenderDoc dropped from the vertex buffers the program re-specifies every frame; every draw,
     * pixel and anomaly is the same.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gl_defects", "gl_defects_glfw"})
    void anInApplicationAndATargetControlTakeOfOneFrameHaveNoDifference(String inApplication) {
        JsonNode actions = captures.query("iterate_actions", ToolArguments.asSent("iterate_actions", Map.of("capture",
                SWAP, "limit", 500)), x -> "", ToolContext.SILENT)
                .at("/preview");
        JsonNode last = actions.get(actions.size() - 1);
        assertTrue(last.get("name").asText().startsWith("glXSwapBuffers"), last.toString());
        assertEquals("[\"Present\"]", last.get("flags").toString());
        JsonNode r = body(diff(capture(inApplication), SWAP));
        assertEquals("no_difference", r.path("verdict").asText(), r.toString());
        assertEquals(27, r.at("/actions/capture").asInt());
        assertEquals(27, r.at("/actions/other").asInt());
        assertEquals(27, r.at("/actions/matched").asInt());
        assertEquals(24, r.at("/draws/compared").asInt());
        assertEquals(0, r.at("/draws/differing/count").asInt());
        assertTrue(r.at("/pixels/compared").asBoolean());
        assertEquals(0, r.at("/pixels/differing_pixels").asInt());
        assertEquals(8, r.at("/anomalies/in_both").asInt());
        assertTrue(r.path("ignored").toString().contains("frame-boundary"), r.path("ignored").toString());
    }

    /** The backbuffer textures of a capture, with the events that use them (none: no draw targets them). */
    private static List<String> backbuffers(String capture) {
        List<String> out = new ArrayList<>();
        JsonNode textures = captures.query("get_texture", ToolArguments.asSent("get_texture",
                Map.of("capture", capture)), x -> "", ToolContext.SILENT).at("/textures/preview");
        for (JsonNode t : textures) {
            if (t.path("name").asText().startsWith("Backbuffer")) {
                out.add(t.path("name").asText() + " " + t.path("format").asText() + " "
                        + t.at("/used_by_events/preview"));
            }
        }
        return out;
    }

    @Test
    void glAgainstVulkanIsADifferentApiNotHundredsOfDifferences() {
        JsonNode r = body(diff(GL, VK));
        assertEquals("different_api", r.path("verdict").asText());
        assertEquals("OpenGL", r.at("/api/capture").asText());
        assertEquals("Vulkan", r.at("/api/other").asText());
        assertTrue(r.path("draws").isMissingNode() && r.path("pixels").isMissingNode(), r.toString());
        assertEquals("get_frame_digest", r.at("/recommended_next_calls/0/tool").asText());
    }

    /**
     * Draws that differ in what is not a shader, as gl_defects_tuned's ground truth says: the tiled quad's blending
     * (its alpha becomes 2 over the quad) and the degenerate draw's vertex count (no pixels: zero-area triangles).
     * The blend function GL keeps after glDisable(GL_BLEND) is not a difference of the later draws.
     */
    @Test
    void drawsThatDifferInStateAreNamedWithTheirFields() throws Exception {
        JsonNode truth = Json.mapper().readTree(Path.of("demo/captures/ground-truth.json").toFile())
                .at("/captures/gl_defects_tuned/diff_against_gl_defects");
        JsonNode r = body(diff(GL, TUNED));
        assertEquals(truth.get("verdict").asText(), r.path("verdict").asText(), r.toString());
        assertEquals(27, r.at("/actions/matched").asInt());
        Map<String, List<String>> differing = new TreeMap<>();
        for (JsonNode draw : r.at("/draws/differing/preview")) {
            List<String> fields = new ArrayList<>();
            draw.path("differences").forEach(d -> fields.add(d.path("field").asText()));
            differing.put(draw.path("marker_path").asText(), fields);
        }
        assertEquals(Json.mapper().convertValue(truth.get("differing_draws"), TreeMap.class), differing,
                r.path("draws").toString());
        assertEquals(truth.get("differing_draws").size(), r.at("/draws/differing/count").asInt());
        JsonNode pixels = r.path("pixels");
        assertEquals(truth.get("differing_pixels").asInt(), pixels.path("differing_pixels").asInt());
        assertEquals(truth.get("pixel_box"), pixels.path("box"));
        assertEquals(1.0, pixels.at("/preview/0/capture/3").asDouble(), pixels.toString());
        assertEquals(2.0, pixels.at("/preview/0/other/3").asDouble(), pixels.toString());
        assertEquals(0, r.at("/anomalies/only_in_capture/count").asInt() + r.at("/anomalies/only_in_other/count")
                .asInt(), r.path("anomalies").toString());
    }

    @Test
    void theFixOfTheNanDrawIsTheOneDifference() throws Exception {
        ToolOutput out = diff(GL, FIXED);
        JsonNode r = body(out);
        assertEquals("different", r.path("verdict").asText());
        assertEquals(27, r.at("/actions/matched").asInt());
        assertEquals(1, r.at("/draws/differing/count").asInt(), r.path("draws").toString());
        JsonNode draw = r.at("/draws/differing/preview/0");
        assertEquals("Frame/Defects/NaN quad", draw.path("marker_path").asText());
        assertEquals(1, draw.path("differences").size(), draw.toString());
        assertEquals("shader.pixel", draw.at("/differences/0/field").asText());
        assertNotEquals(draw.at("/differences/0/capture/sha256"), draw.at("/differences/0/other/sha256"));

        JsonNode pixels = r.path("pixels");
        assertEquals(1024, pixels.path("differing_pixels").asInt());
        assertEquals(1024, pixels.path("non_finite_mismatches").asInt());
        assertEquals(Json.mapper().readTree("[16,16,48,48]"), pixels.path("box"));
        assertEquals("NaN", pixels.at("/preview/0/capture/0").asText());
        assertEquals(0.0, pixels.at("/preview/0/other/0").asDouble());

        assertEquals(1, r.at("/anomalies/only_in_capture/count").asInt());
        assertEquals("nan_written", r.at("/anomalies/only_in_capture/preview/0/code").asText());
        assertEquals("Frame/Defects/NaN quad", r.at("/anomalies/only_in_capture/preview/0/marker_path").asText());
        assertEquals(0, r.at("/anomalies/only_in_other/count").asInt());
        assertEquals(7, r.at("/anomalies/in_both").asInt());

        assertTrue(out instanceof ToolOutput.WithImage, "the diff picture comes as an image");
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(((ToolOutput.WithImage) out).image()));
        assertEquals(256, png.getWidth());
        assertEquals(0xFF00FF, png.getRGB(20, 20) & 0xFFFFFF, "NaN against a number is magenta");
        assertEquals(png.getRGB(200, 100) & 0xFF, (png.getRGB(200, 100) >> 16) & 0xFF, "equal pixels are grey");
        assertFalse(((ObjectNode) r).has("diff_png_base64"), "the picture is not also in the text");

        JsonNode back = body(diff(FIXED, GL));
        assertEquals(0, back.at("/anomalies/only_in_capture/count").asInt());
        assertEquals("nan_written", back.at("/anomalies/only_in_other/preview/0/code").asText());
    }

    /** The replay keeps two captures open: diffs that each need one the other evicted still answer the same. */
    @Test
    void diffsAcrossMoreCapturesThanStayOpenAnswerTheSame() {
        captures.open(new OpenCaptureArgs(VKCUBE), ToolContext.SILENT);
        assertEquals("different", body(diff(GL, FIXED)).path("verdict").asText());
        assertEquals("no_difference", body(diff(GLFW, GL)).path("verdict").asText());
        assertEquals(1, body(diff(FIXED, GLFW)).at("/draws/differing/count").asInt());
        captures.open(new OpenCaptureArgs(VKCUBE), ToolContext.SILENT);
        assertEquals(1, body(diff(GL, FIXED)).at("/draws/differing/count").asInt());
    }

    /** The other takes are the files their ground truth describes, and it says what the diffs above answer. */
    @Test
    void theOtherTakesAreTheCommittedFilesTheGroundTruthDescribes() throws Exception {
        JsonNode truth = Json.mapper().readTree(Files.readString(Path.of("demo/captures/ground-truth.json")));
        for (String name : List.of("gl_defects_glfw", "gl_defects_fixed", "gl_defects_swap")) {
            assertEquals(truth.at("/captures/" + name + "/sha256").asText(), HexFormat.of().formatHex(MessageDigest
                    .getInstance("SHA-256").digest(Files.readAllBytes(Path.of(capture(name))))), name);
            assertEquals("gl_defects", truth.at("/captures/" + name + "/same_scene_as").asText());
        }
        JsonNode fixed = truth.at("/captures/gl_defects_fixed/diff_against_gl_defects");
        JsonNode r = body(diff(GL, FIXED));
        assertEquals(fixed.path("differing_pixels").asInt(), r.at("/pixels/differing_pixels").asInt());
        assertEquals(fixed.path("pixel_box"), r.at("/pixels/box"));
        assertEquals(fixed.at("/differing_draws/0").asText(), r.at("/draws/differing/preview/0/marker_path").asText());
        assertEquals(truth.at("/captures/gl_defects_glfw/diff_against_gl_defects/verdict").asText(),
                body(diff(GL, GLFW)).path("verdict").asText());
        assertEquals(truth.at("/captures/gl_defects_swap/diff_against_gl_defects/verdict").asText(),
                body(diff(GL, SWAP)).path("verdict").asText());
    }

    @Test
    void aMissingOtherCaptureIsNamedAsThatParameter() {
        ToolException e = assertThrows(ToolException.class,
                () -> diff(GL, capture("no_such_capture")));
        assertEquals("NOT_FOUND", e.code().name());
        assertEquals("other_capture", e.context().get("parameter"));
    }
}
