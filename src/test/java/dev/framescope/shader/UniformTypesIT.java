package dev.framescope.shader;

import static dev.framescope.shader.ShaderCalls.effect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.server.ToolGroups;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * test_effect's responsiveness check over every input type, in real Chromium: demo/shaders/responsive has one ISF file that
 * uses each type and one that declares the same inputs and lets none change a pixel; the gl-transition and Shadertoy
 * demos have vec2, ivec2, vec3, bool, unranged float and iMouse globals.
 */
@Timeout(240)
class UniformTypesIT {

    @TempDir
    Path stateDir;

    private JsonNode call(Map<String, Object> args) throws Exception {
        return ShaderCalls.call(ToolGroups.create(Config.defaults(stateDir)), "test_effect", args);
    }

    private static JsonNode uniform(JsonNode result, String global) {
        for (JsonNode u : result.get("uniforms")) {
            if (u.get("global").asText().equals(global)) {
                return u;
            }
        }
        throw new AssertionError(global + " not tested: " + result);
    }

    private static List<Object> tried(JsonNode u) {
        List<Object> values = new ArrayList<>();
        u.get("tried").forEach(t -> values.add(Json.mapper().convertValue(t.get("value"), Object.class)));
        return values;
    }

    @Test
    void everyIsfInputTypeIsTriedAndChangesPixelsOnlyWhereTheEffectUsesIt() throws Exception {
        JsonNode report = call(Map.of("effect", "*", "effects_root", "demo/shaders/responsive", "backend", "webgl2"));
        JsonNode live = effect(report, "Every Input");
        JsonNode dead = effect(report, "Dead Inputs");
        Map<String, List<Object>> expected = Map.of(
                "invert", List.of(true),
                "tint", List.of(List.of(1.0, 1.0, 0.0, 1.0)),
                "centre", List.of(List.of(0.75, 0.75)),
                "flash", List.of(true),
                "mode", List.of(1, 2),
                "steps", List.of(5),
                "gain", List.of(-0.25, 1.75));
        assertEquals(7, live.get("uniforms").size(), live.toString());
        for (Map.Entry<String, List<Object>> e : expected.entrySet()) {
            JsonNode used = uniform(live, e.getKey());
            JsonNode unused = uniform(dead, e.getKey());
            assertEquals(e.getValue(), tried(used), e.getKey());
            assertEquals(e.getValue(), tried(unused), e.getKey());
            for (JsonNode t : used.get("tried")) {
                assertTrue(t.get("changed_pixels").asInt() > 1000 && t.get("max_diff").asInt() > 30,
                        e.getKey() + " changes pixels: " + t);
                assertTrue(t.get("rule").asText().length() > 3, t.toString());
            }
            assertTrue(used.get("changed").asBoolean(), used.toString());
            for (JsonNode t : unused.get("tried")) {
                assertEquals(0, t.get("changed_pixels").asInt(), e.getKey() + " is dead: " + t);
                assertEquals(0, t.get("max_diff").asInt(), t.toString());
            }
            assertEquals(false, unused.get("changed").asBoolean(), unused.toString());
        }
        assertEquals("event", uniform(live, "flash").get("type").asText());
        assertEquals("event fired", uniform(live, "flash").at("/tried/0/rule").asText());
        assertTrue(report.get("summary").asText().contains("14 uniform test(s) ran, 7 changed no pixel"),
                report.get("summary").asText());
    }

    @Test
    void startingValuesAreTheBaseOfEveryTest() throws Exception {
        // mode 2 draws a flat colour: the centre and the ring count no longer matter; gain's trials start from 0.5.
        JsonNode flat = effect(call(Map.of("effect", "Every Input", "effects_root", "demo/shaders/responsive",
                "backend", "webgl2", "uniforms", Map.of("mode", 2, "gain", 0.5))), "Every Input");
        assertEquals(List.of(0, 1), tried(uniform(flat, "mode")));
        assertEquals(List.of(-0.5, 1.5), tried(uniform(flat, "gain")));
        assertEquals(0.5, uniform(flat, "gain").get("default_value").asDouble(), "the base value is reported");
        assertEquals(0, uniform(flat, "centre").get("changed_pixels").asInt(), flat.toString());
        assertEquals(0, uniform(flat, "steps").get("changed_pixels").asInt(), flat.toString());
        assertTrue(uniform(flat, "tint").get("changed_pixels").asInt() > 1000, flat.toString());
        JsonNode error = call(Map.of("effect", "Every Input", "effects_root", "demo/shaders/responsive",
                "uniforms", Map.of("nope", 1)));
        assertEquals("INVALID_ARGUMENT", error.get("code").asText(), error.toString());
    }

    @Test
    void glTransitionAndShadertoyGlobalsAreTried() throws Exception {
        JsonNode transitions = call(Map.of("effect", "collection/iris,collection/shutters,collection/maskWipe",
                "effects_root", "demo/shaders/transitions", "backend", "webgl2"));
        JsonNode iris = effect(transitions, "collection/iris");
        assertEquals(List.of(List.of(0.8, 0.8)), tried(uniform(iris, "center")), "0.5 mirrors onto itself: + 0.3");
        assertEquals(List.of(true), tried(uniform(iris, "closing")));
        JsonNode shutters = effect(transitions, "collection/shutters");
        assertEquals(List.of(List.of(12, 2)), tried(uniform(shutters, "slats")));
        assertEquals(List.of(List.of(0.0, 0.0, 0.0)), tried(uniform(shutters, "shade")));
        assertEquals(List.of(-1.0, 1.0), tried(uniform(effect(transitions, "collection/maskWipe"), "softness")),
                "an unranged float: default 0 ± 1");
        for (JsonNode e : transitions.at("/effects/preview")) {
            for (JsonNode u : e.get("uniforms")) {
                assertTrue(u.get("changed").asBoolean(), e.get("effect") + ": " + u);
            }
        }
        JsonNode rings = effect(call(Map.of("effect", "rings", "effects_root", "demo/shaders/shadertoy",
                "backend", "webgl2")), "rings");
        JsonNode mouse = uniform(rings, "iMouse");
        assertEquals(List.of(List.of(48.0, 16.0, 48.0, 16.0)), tried(mouse), "a click at (¾ width, ¼ height)");
        assertTrue(mouse.get("changed_pixels").asInt() > 1000, mouse.toString());
    }
}
