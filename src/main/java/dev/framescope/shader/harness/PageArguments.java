package dev.framescope.shader.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Arguments for {@code page.evaluate} as the page must see them. Playwright for Java (1.62) writes every double equal
 * to 0 as {@code -0}, since it tests {@code d == 0} and that holds for +0 too: a uniform 0.0 reached the shader as
 * −0.0, and {@code 1.0 / zero} gave −Inf instead of +Inf. A positive zero is handed over as the integer 0 (the same
 * number to JavaScript); a real −0.0 stays −0.0.
 */
public final class PageArguments {

    private PageArguments() {
    }

    /** {@code value} with every positive zero double or float, in maps and lists too, as the integer 0. */
    public static Object exact(Object value) {
        if (value instanceof Double d && Double.doubleToRawLongBits(d) == 0L
                || value instanceof Float f && Float.floatToRawIntBits(f) == 0) {
            return 0;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(k, exact(v)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(exact(v)));
            return copy;
        }
        return value;
    }
}
