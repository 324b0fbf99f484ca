package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.shader.EffectLibrary;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Point draws as the import and the runtime hand them to the page (demo noisemaker-state synth/pointDeposits):
 * {@code drawMode}, {@code count} and {@code blend} kept, the count's texture named, and a pass whose
 * {@code conditions} do not hold left out as noisemaker leaves it out each frame.
 */
class NoisemakerDrawsTest {

    private final Effect effect = new EffectLibrary(Path.of("demo/shaders/noisemaker-state"))
            .select("synth/pointDeposits").get(0);

    private List<String> passNames(Map<String, Object> values) {
        return NoisemakerRuntime.passes(effect, new FrameInputs(true, 32, 32, Effect.uniforms(effect.definition(),
                values), Map.of())).stream().map(p -> p.get("name").toString()).toList();
    }

    @Test
    void pointDrawsKeepTheirModeCountAndBlend() {
        assertNull(effect.unsupported(), "point draws run");
        Map<String, Object> deposit = NoisemakerRuntime.passes(effect, new FrameInputs(false, 32, 32,
                Effect.uniforms(effect.definition(), Map.of()), Map.of())).get(1);
        assertEquals("points", deposit.get("drawMode"));
        assertEquals("input", deposit.get("count"));
        assertEquals(true, deposit.get("blend"));
        assertEquals("_xyz", deposit.get("countTexture"), "count 'input' is the pixels of the pass's xyzTex");
    }

    @Test
    void aPassWhoseConditionDoesNotHoldIsLeftOut() {
        assertEquals(List.of("seed", "deposit", "show"), passNames(Map.of()));
        assertEquals(List.of("seed", "deposit", "depositBlue", "show"), passNames(Map.of("mode", 1)));
        assertTrue(NoisemakerRuntime.skipped(effect, effect.programs().get(2).spec(), Map.of("mode", 0)));
        assertFalse(NoisemakerRuntime.skipped(effect, effect.programs().get(2).spec(), Map.of("mode", 1.0)),
                "1.0 equals 1, as noisemaker's numbers compare");
        assertFalse(NoisemakerRuntime.skipped(effect, effect.programs().get(1).spec(), Map.of()), "no conditions");
    }

    /** A numeric count past one point per texel of the largest texture would only run into the time limit. */
    @Test
    void aDrawOfMorePointsThanAnyStateHoldsIsNamed() {
        String why = NoisemakerImport.fromModule("import { Effect } from '../../../src/runtime/effect.js'\n"
                + "export default new Effect({ name: \"B\", globals: {}, passes: [{ name: \"d\", program: \"d\", "
                + "drawMode: \"points\", count: 2000000000, inputs: {}, outputs: { fragColor: \"outputTex\" } }] })",
                "b").get("unsupported").asText();
        assertTrue(why.contains("a draw of 2000000000 points, more than the 67108864"), why);
    }
}
