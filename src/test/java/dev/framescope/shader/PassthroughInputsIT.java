package dev.framescope.shader;

import static dev.framescope.shader.ShaderCalls.effect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.server.ToolGroups;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The passthrough check's false positives (issue 27, point 8) on demo/shaders/isf-passthrough, in real Chromium: a
 * filter whose long inputs copy the input at their defaults (as Vidvox's RGBA Swap does), a gain without MIN/MAX, and
 * a trails filter that shows a still card unchanged are not passthrough; a temporal filter whose last pass shows the
 * input itself still is, on the moving card too. Which channels moved is said, alpha included.
 */
@Timeout(180)
class PassthroughInputsIT {

    @TempDir
    Path stateDir;

    @Test
    void movesEveryInputKindAndGivesTemporalFiltersAMovingCard() throws Exception {
        JsonNode report = ShaderCalls.call(ToolGroups.create(Config.defaults(stateDir)), "test_effect", Map.of(
                "check", "passthrough", "effect", "*", "backend", "webgl2",
                "effects_root", Path.of("demo/shaders/isf-passthrough").toString()));
        JsonNode swap = effect(report, "Long Swap");
        assertEquals(1, swap.at("/uniforms/redInput").asInt(), "a long takes its next value: " + swap);
        assertEquals(2, swap.at("/uniforms/greenInput").asInt(), swap.toString());
        assertEquals(0, swap.at("/uniforms/blueInput").asInt(), swap.toString());
        assertFalse(swap.get("passthrough").asBoolean(), swap.toString());
        assertTrue(swap.get("similarity").asDouble() < 0.95, swap.toString());
        assertNull(swap.get("note"), "no time dependence, the still card: " + swap);

        JsonNode gain = effect(report, "Unranged Gain");
        assertEquals(1.5, gain.at("/uniforms/gain").asDouble(), "off its default, not to it: " + gain);
        assertFalse(gain.get("passthrough").asBoolean(), gain.toString());

        JsonNode trails = effect(report, "Trails");
        assertFalse(trails.get("passthrough").asBoolean(), trails.toString());
        assertTrue(trails.get("similarity").asDouble() < 0.99, trails.toString());
        assertTrue(trails.get("note").asText().startsWith("moving card"), trails.toString());

        JsonNode stuck = effect(report, "Stuck Trails");
        assertTrue(stuck.get("passthrough").asBoolean(), "a real passthrough is still caught: " + stuck);
        assertEquals(1.0, stuck.get("similarity").asDouble(), 1e-9, stuck.toString());
        assertTrue(stuck.get("note").asText().startsWith("moving card"), stuck.toString());
        assertEquals("[]", stuck.get("moved_channels").toString(), stuck.toString());
        assertEquals(1.0, stuck.at("/channel_similarity/a").asDouble(), 1e-9, stuck.toString());
        assertEquals("[\"r\",\"g\",\"b\"]", swap.get("moved_channels").toString(), swap.toString());
    }

    /**
     * Issue 33 point 5: filters that change only alpha (demo/shaders/isf-alpha, made with its ground truth by
     * scripts/make-alpha-filters.py) were all "passthrough" with similarity 1.0, RGB alone being compared: a set
     * alpha, a round mask, a feathered crop and an inverted alpha that leaves the frame fully transparent.
     */
    @Test
    void filtersThatChangeOnlyAlphaAreNoPassthroughAndSaySo() throws Exception {
        Path root = Path.of("demo/shaders/isf-alpha");
        JsonNode truth = Json.mapper().readTree(root.resolve("ground-truth.json").toFile());
        JsonNode report = ShaderCalls.call(ToolGroups.create(Config.defaults(stateDir)), "test_effect", Map.of(
                "check", "passthrough", "effect", "*", "backend", "webgl2", "effects_root", root.toString()));
        assertTrue(report.get("summary").asText().startsWith("4 effect(s) on [webgl2]: 0 filter run(s) pass the "
                + "input through"), report.get("summary").asText());
        assertEquals(3, report.get("schema_version").asInt());
        for (Map.Entry<String, JsonNode> expected : truth.get("effects").properties()) {
            JsonNode e = effect(report, expected.getKey());
            JsonNode want = expected.getValue();
            assertEquals(want.get("uniforms"), e.get("uniforms"), e.toString());
            assertEquals(want.get("similarity_rgb").asDouble(), e.get("similarity").asDouble(), 1e-9, e.toString());
            // ±1/255 per pixel where the shader's rounding of a feathered edge may differ from the generator's
            assertEquals(want.get("alpha_similarity").asDouble(), e.at("/channel_similarity/a").asDouble(),
                    1.0 / 255, e.toString());
            for (String c : new String[] {"r", "g", "b"}) {
                assertEquals(1.0, e.at("/channel_similarity/" + c).asDouble(), 1e-9, e.toString());
            }
            assertEquals(want.get("moved_channels"), e.get("moved_channels"), e.toString());
            assertFalse(e.get("passthrough").asBoolean(), e.toString());
        }
    }
}
