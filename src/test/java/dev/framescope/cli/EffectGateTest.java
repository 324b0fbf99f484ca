package dev.framescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import org.junit.jupiter.api.Test;

/** The line and verdict assert-effects gives each status of test_effect's reference check. */
class EffectGateTest {

    private static EffectGate.Outcome judge(String json) throws Exception {
        JsonNode result = Json.mapper().readTree(json);
        return EffectGate.judge(result);
    }

    @Test
    void aMatchPassesADifferenceAMissingGoldenAndABrokenEffectFailAnUnsupportedOneIsSkipped() throws Exception {
        assertEquals(new EffectGate.Outcome("a", EffectGate.Verdict.PASS, "PASS a"),
                judge("{\"effect\": \"a\", \"status\": \"ok\"}"));
        assertEquals("FAIL synth/b: differs from g/synth/b.png: 12 pixel(s) (1.17%) beyond the tolerance, max "
                + "channel difference 51", judge("{\"effect\": \"synth/b\", \"status\": \"differs\", \"reference\": "
                + "\"g/synth/b.png\", \"match\": {\"differing_pixels\": 12, \"differing_fraction\": 0.01171875, "
                + "\"max_diff\": 51}}").line());
        assertEquals("FAIL c: no golden g/c.png; record it with --update", judge("{\"effect\": \"c\", \"status\": "
                + "\"missing\", \"reference\": \"g/c.png\"}").line());
        assertEquals(new EffectGate.Outcome("d", EffectGate.Verdict.FAIL, "FAIL d: error: glsl line 9: 'edge' : "
                + "undeclared identifier"), judge("{\"effect\": \"d\", \"status\": \"error\", \"note\": \"glsl line "
                + "9: 'edge' : undeclared identifier\"}"));
        assertEquals(new EffectGate.Outcome("e", EffectGate.Verdict.SKIP, "SKIP e: not_available (no GLSL program "
                + "main)"), judge("{\"effect\": \"e\", \"status\": \"not_available\", \"note\": \"no GLSL program "
                + "main\"}"));
        // render_effect_frame's shape, which --update reads: a compile error is a diagnostic, not a note
        assertEquals("FAIL f: error: glsl line 8: 'undeclaredValue' : undeclared identifier", judge("{\"effect\": "
                + "\"f\", \"status\": \"error\", \"diagnostics\": [{\"pass\": \"main\", \"language\": \"glsl\", "
                + "\"severity\": \"warning\", \"line\": 3, \"message\": \"unused\"}, {\"pass\": \"main\", "
                + "\"language\": \"glsl\", \"stage\": \"fragment\", \"severity\": \"error\", \"line\": 8, "
                + "\"message\": \"'undeclaredValue' : undeclared identifier\"}]}").line());
        assertEquals("failure", judge("{\"effect\": \"c\", \"status\": \"missing\", \"reference\": \"g/c.png\"}")
                .junit().outcome());
        assertEquals(null, judge("{\"effect\": \"a\", \"status\": \"ok\"}").junit().outcome());
    }
}
