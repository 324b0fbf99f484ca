package dev.framescope.shader;

import static dev.framescope.shader.ShaderCalls.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * test_effect's reference and endpoints checks on real WebGL2: a frame recorded by render_effect_frame matches itself
 * on the next call and another effect's frame does not (with the diff picture); a reference of another size is an
 * error naming both sizes; the bundled gl-transitions and the ISF transition show their from and to cards at
 * progress 0 and 1, and a transition that never reaches its ends is caught at both.
 */
@Timeout(240)
class GoldenChecksIT {

    private static final Path EFFECTS = Path.of("demo/shaders/effects");
    @TempDir
    static Path dir;
    private static ToolGroups.Toolkit toolkit;
    private static Path gradient;

    @BeforeAll
    static void recordAGolden() throws Exception {
        toolkit = ToolGroups.create(Config.defaults(dir.resolve("state")));
        gradient = dir.resolve("golden/synth/gradient.png");
        Files.createDirectories(gradient.getParent());
        Files.write(gradient, image(raw("render_effect_frame", Map.of("effect", "synth/gradient", "effects_root",
                EFFECTS.toString(), "time", 0.25, "width", 48, "height", 32, "include_image", true))));
    }

    private static CallToolResult raw(String tool, Map<String, Object> args) {
        return toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(),
                toolkit.registry().arguments(tool, args), ToolContext.SILENT);
    }

    private static byte[] image(CallToolResult result) {
        for (var content : result.content()) {
            if (content instanceof ImageContent picture) {
                return Base64.getDecoder().decode(picture.data());
            }
        }
        throw new AssertionError("no image in " + result.content());
    }

    private static Map<String, Object> reference(String effect, String reference) {
        return Map.of("effect", effect, "effects_root", EFFECTS.toString(), "check", "reference", "reference",
                reference, "tolerance", 0);
    }

    @Test
    void aRecordedFrameMatchesItsGoldenExactlyAndAnotherEffectDiffersWithAPicture() throws Exception {
        JsonNode same = call(toolkit, "test_effect", reference("synth/gradient", gradient.toString()));
        JsonNode match = ShaderCalls.effect(same, "synth/gradient");
        assertEquals("ok", match.get("status").asText(), same.toString());
        assertEquals(List.of(48, 32, 0, 0), List.of(match.get("width").asInt(), match.get("height").asInt(),
                match.at("/match/differing_pixels").asInt(), match.at("/match/max_diff").asInt()));
        assertTrue(!same.has("diff_image"), "nothing differs, no picture: " + same);

        CallToolResult other = raw("test_effect", reference("synth/checker", gradient.toString()));
        BufferedImage picture = ImageIO.read(new ByteArrayInputStream(image(other)));
        assertEquals(List.of(48, 32), List.of(picture.getWidth(), picture.getHeight()));
        JsonNode differs = call(toolkit, "test_effect", reference("synth/checker", gradient.toString()));
        JsonNode checker = ShaderCalls.effect(differs, "synth/checker");
        assertEquals("differs", checker.get("status").asText());
        double fraction = checker.at("/match/differing_fraction").asDouble();
        assertEquals(checker.at("/match/differing_pixels").asInt() / (48.0 * 32), fraction, 1e-12);
        assertTrue(fraction > 0.5 && checker.at("/match/max_diff").asInt() > 100, checker.toString());
        assertEquals("synth/checker", differs.get("diff_image").asText());
        assertTrue(differs.get("summary").asText().contains("0 match, 1 differ (first: synth/checker"),
                differs.get("summary").asText());
    }

    @Test
    void aFolderOfGoldensNamesEachEffectsFileAndReportsTheMissingOnes() throws Exception {
        JsonNode report = call(toolkit, "test_effect", Map.of("effect", "synth/gradient,synth/rings",
                "effects_root", EFFECTS.toString(), "check", "reference", "reference",
                dir.resolve("golden").toString()));
        assertEquals("ok", ShaderCalls.effect(report, "synth/gradient").get("status").asText(), report.toString());
        JsonNode rings = ShaderCalls.effect(report, "synth/rings");
        assertEquals("missing", rings.get("status").asText());
        assertEquals(dir.resolve("golden/synth/rings.png").toString(), rings.get("reference").asText());
    }

    @Test
    void aSizeOtherThanTheReferencesIsAnErrorNamingBoth() throws Exception {
        JsonNode error = call(toolkit, "test_effect", Map.of("effect", "synth/gradient", "effects_root",
                EFFECTS.toString(), "check", "reference", "reference", gradient.toString(), "width", 64));
        assertEquals("INVALID_ARGUMENT", error.get("code").asText(), error.toString());
        assertEquals("width", error.at("/context/parameter").asText());
        assertTrue(error.get("message").asText().contains("48×32") && error.get("message").asText()
                .contains("64×32"), error.toString());
    }

    @Test
    void bundledTransitionsShowTheirCardsAtBothEndsAndOtherEffectsAreSkipped() throws Exception {
        JsonNode gl = call(toolkit, "test_effect", Map.of("effect", "*", "effects_root",
                "demo/shaders/transitions", "check", "endpoints", "tolerance", 0));
        for (String id : List.of("collection/iris", "collection/maskWipe", "collection/shutters",
                "single/posterFade")) {
            JsonNode e = ShaderCalls.effect(gl, id);
            assertEquals("ok", e.get("status").asText(), e.toString());
            assertEquals(List.of("from", "to"), List.of(e.at("/ends/0/expected").asText(),
                    e.at("/ends/1/expected").asText()));
            assertEquals(0, e.at("/ends/0/match/max_diff").asInt() + e.at("/ends/1/match/max_diff").asInt());
        }
        assertEquals("error", ShaderCalls.effect(gl, "single/brokenWipe").get("status").asText());

        JsonNode isf = call(toolkit, "test_effect", Map.of("effect", "*", "effects_root",
                "demo/shaders/isf-complete", "check", "endpoints", "tolerance", 0));
        JsonNode wipe = ShaderCalls.effect(isf, "Two Image Wipe");
        assertEquals("ok", wipe.get("status").asText(), wipe.toString());
        assertEquals("startImage", wipe.at("/ends/0/expected").asText());
        assertEquals("endImage", wipe.at("/ends/1/expected").asText());
        assertEquals("skipped", ShaderCalls.effect(isf, "Shifted").get("status").asText());
    }

    @Test
    void aTransitionThatNeverReachesItsEndsIsCaughtAtBoth() throws Exception {
        Path root = dir.resolve("halfway");
        Files.createDirectories(root);
        // A quarter of the way in at progress 0 and three quarters at 1: neither end shows its image.
        Files.writeString(root.resolve("lazyMix.glsl"), "vec4 transition(vec2 uv) {\n"
                + "  return mix(getFromColor(uv), getToColor(uv), 0.25 + 0.5 * progress);\n}\n");
        JsonNode report = call(toolkit, "test_effect", Map.of("effect", "*", "effects_root", root.toString(),
                "check", "endpoints"));
        JsonNode lazy = ShaderCalls.effect(report, "lazyMix");
        assertEquals("differs", lazy.get("status").asText(), lazy.toString());
        assertEquals(List.of(false, false), List.of(lazy.at("/ends/0/match/matches").asBoolean(),
                lazy.at("/ends/1/match/matches").asBoolean()));
        assertTrue(lazy.at("/ends/0/match/differing_fraction").asDouble() > 0.9, lazy.toString());
        assertTrue(report.get("summary").asText().contains("0 show the from image at progress 0, 0 the to image "
                + "at 1 (first: lazyMix at progress 0 vs from"), report.get("summary").asText());
        JsonNode refused = call(toolkit, "test_effect", Map.of("effect", "*", "effects_root", root.toString(),
                "check", "endpoints", "uniforms", Map.of("progress", 0.5)));
        assertEquals("uniforms.progress", refused.at("/context/parameter").asText(), refused.toString());
    }
}
