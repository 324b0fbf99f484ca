package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.framescope.shader.EffectLibrary;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How often each unrolled copy of demo filter/repeatCount's `step` pass (repeat: "steps", default 2) is drawn. */
class NoisemakerRepeatTest {

    private final Effect effect = new EffectLibrary(Path.of("demo/shaders/noisemaker-state"))
            .select("filter/repeatCount").get(0);

    private List<Integer> times(Map<String, Object> uniforms) {
        return effect.programs().stream().map(p -> NoisemakerRuntime.repeatTimes(effect, p.spec(), uniforms))
                .toList();
    }

    @Test
    void theGlobalsValueSetsTheCountWithinOneToSixtyFour() {
        assertEquals(List.of(1, 1, 1), times(Map.of()), "the default, 2, as unrolled; show once");
        assertEquals(List.of(1, 4, 1), times(Map.of("steps", 5)));
        assertEquals(List.of(1, 0, 1), times(Map.of("steps", 1)));
        assertEquals(List.of(1, 0, 1), times(Map.of("steps", -3)));
        assertEquals(List.of(1, 63, 1), times(Map.of("steps", 1e9)));
        assertEquals(List.of(1, 1, 1), times(Map.of("steps", Double.NaN)), "not a count: the default");
        assertEquals(List.of(1, 1, 1), times(Map.of("steps", "five")), "not a number: the default");
    }
}
