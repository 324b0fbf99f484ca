package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;

/**
 * What the page's probe (runtime/probe.js) found on the frame that was read back: for each pass in drawing order, the
 * non-finite components it wrote, counted before an 8-bit target quantised them (such a pass is drawn a second time
 * into a 32-bit float twin), and, when asked, its value at the traced pixel and its picture. {@code unsupported}
 * says why a backend could not probe (then {@code passes} is empty).
 */
record PassProbes(List<Pass> passes, String unsupported) {

    /**
     * One pass. Counts per channel (r, g, b, a) of components that are NaN, +Inf, −Inf; {@code pixels}: pixels with any
     * of them; {@code box}: their bounding box {x0, y0, x1, y1} inclusive, rows top-down, in the pass's target pixels;
     * {@code at}, {@code value} (non-finite components null) and {@code kinds} at the traced pixel, else null;
     * {@code picture}: RGBA8 rows top-down, non-finite pixels magenta, or null.
     */
    record Pass(int index, String name, String output, String format, String readFrom, int width, int height,
                boolean isFinal, long pixels, long[] nan, long[] posInf, long[] negInf, List<Integer> box,
                List<Integer> at, List<Double> value, List<String> kinds, byte[] picture) {
    }

    /** The page's {@code probe} answer; a missing one (a page that did not probe) reads as unsupported. */
    static PassProbes of(JsonNode probe) {
        if (probe == null || probe.isNull() || probe.isMissingNode()) {
            return new PassProbes(List.of(), "the page returned no probe");
        }
        if (probe.has("unsupported")) {
            return new PassProbes(List.of(), probe.get("unsupported").asText());
        }
        List<Pass> passes = new ArrayList<>();
        for (JsonNode p : probe.path("passes")) {
            passes.add(new Pass(p.path("index").asInt(), p.path("name").asText(null), p.path("output").asText(null),
                    p.path("format").asText(null), p.path("read_from").asText(null), p.path("width").asInt(),
                    p.path("height").asInt(), p.path("final").asBoolean(), p.path("pixels").asLong(),
                    longs(p.path("nan")), longs(p.path("pos_inf")), longs(p.path("neg_inf")),
                    list(p.get("box"), JsonNode::asInt), list(p.get("at"), JsonNode::asInt),
                    list(p.get("value"), v -> v.isNumber() ? v.asDouble() : null), list(p.get("kinds"), JsonNode::asText),
                    p.hasNonNull("picture") ? Base64.getDecoder().decode(p.get("picture").asText()) : null));
        }
        return new PassProbes(List.copyOf(passes), null);
    }

    private static long[] longs(JsonNode array) {
        long[] out = new long[4];
        for (int c = 0; c < 4 && c < array.size(); c++) {
            out[c] = array.get(c).asLong();
        }
        return out;
    }

    /** The array's items, each read by {@code item} (null items allowed); null when there is no array. */
    private static <T> List<T> list(JsonNode array, Function<JsonNode, T> item) {
        if (array == null || !array.isArray()) {
            return null;
        }
        List<T> out = new ArrayList<>();
        array.forEach(n -> out.add(item.apply(n)));
        return out;
    }
}
