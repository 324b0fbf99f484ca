package dev.framescope.shader.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Positive zeros go to the page as the integer 0, wherever they sit; a real −0.0 and every other value stay. */
class PageArgumentsTest {

    @Test
    void positiveZerosBecomeIntegerZeroAndNegativeZeroStays() {
        Object exact = PageArguments.exact(Map.of("uniforms", Map.of("zero", 0.0, "minus", -0.0, "one", 1.5,
                "vector", List.of(0.0, 2.0, 0.0f)), "width", 64, "list", Arrays.asList(null, "a", true)));
        @SuppressWarnings("unchecked")
        Map<String, Object> uniforms = (Map<String, Object>) ((Map<String, Object>) exact).get("uniforms");
        assertEquals(0, uniforms.get("zero"));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits((Double) uniforms.get("minus")));
        assertEquals(1.5, uniforms.get("one"));
        assertEquals(List.of(0, 2.0, 0), uniforms.get("vector"));
        assertEquals(64, ((Map<?, ?>) exact).get("width"));
        assertEquals(Arrays.asList(null, "a", true), ((Map<?, ?>) exact).get("list"));
    }
}
