package dev.framescope.shader.debug;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One pass as Chromium drew it on the frame that was read back (the page's gl-snapshot.js): the program texts WebGL2
 * compiled, each active uniform's value, each sampler's texture as float RGBA with its filter and wrap, and what the
 * pass wrote, as floats. Pixel arrays are rows from the bottom (WebGL's readPixels order, which is also the order the
 * native draw writes: row k holds gl_FragCoord.y = k + 0.5 in both).
 */
public record PassSnapshot(int index, String name, String version, String fragmentText, String vertexText,
                           boolean customVertex, int width, int height, String unsupported,
                           Map<String, List<List<Double>>> uniforms, List<Input> inputs, float[] output) {

    /**
     * A sampler's texture: level 0 as little-endian float32 RGBA rows from t = 0, or why it cannot be read. A cube
     * map ({@code cube}) holds its six faces one after the other, in GL's order (+X, -X, +Y, -Y, +Z, -Z).
     */
    public record Input(String sampler, int width, int height, String filter, String wrapS, String wrapT,
                        byte[] data, String unsupported, boolean cube) {
    }

    public static PassSnapshot of(JsonNode page) {
        Map<String, List<List<Double>>> uniforms = new LinkedHashMap<>();
        for (JsonNode u : page.path("uniforms")) {
            List<List<Double>> elements = new ArrayList<>();
            for (JsonNode element : u.path("values")) {
                List<Double> components = new ArrayList<>();
                element.forEach(c -> components.add(c.isNumber() ? c.asDouble() : Double.NaN));
                elements.add(components);
            }
            uniforms.put(u.path("name").asText(), elements);
        }
        List<Input> inputs = new ArrayList<>();
        for (JsonNode i : page.path("inputs")) {
            inputs.add(new Input(i.path("sampler").asText(), i.path("width").asInt(), i.path("height").asInt(),
                    i.path("filter").asText("linear"), i.path("wrap_s").asText("clamp"),
                    i.path("wrap_t").asText("clamp"), i.has("data") ? Base64.getDecoder().decode(
                    i.get("data").asText()) : null, i.path("unsupported").asText(null),
                    i.path("cube").asBoolean()));
        }
        return new PassSnapshot(page.path("index").asInt(), page.path("name").asText(null),
                page.path("version").asText("300 es"), page.path("fragment_text").asText(),
                page.path("vertex_text").asText(null),
                page.path("custom_vertex").asBoolean(), page.path("width").asInt(), page.path("height").asInt(),
                page.path("unsupported").asText(null), uniforms, inputs,
                page.has("output") ? floats(Base64.getDecoder().decode(page.get("output").asText())) : null);
    }

    /** Little-endian float32 components. */
    public static float[] floats(byte[] bytes) {
        float[] out = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(out);
        return out;
    }

    /** The RGBA at pass pixel (x, y), y counted from the top row, of a bottom-up array of this pass's size. */
    public float[] at(float[] pixels, int x, int y) {
        int i = 4 * ((height - 1 - y) * width + x);
        return new float[] {pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]};
    }

    /** The first pixel (rows from the top, then columns) with a NaN or infinite component, as {x, y}; or null. */
    public int[] firstNonFinite(float[] pixels) {
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                for (float v : at(pixels, x, y)) {
                    if (!Float.isFinite(v)) {
                        return new int[] {x, y};
                    }
                }
            }
        }
        return null;
    }

    /** Pixels with any NaN or infinite component. */
    public static int nonFinitePixels(float[] pixels) {
        int count = 0;
        for (int p = 0; p + 3 < pixels.length; p += 4) {
            if (!(Float.isFinite(pixels[p]) && Float.isFinite(pixels[p + 1]) && Float.isFinite(pixels[p + 2])
                    && Float.isFinite(pixels[p + 3]))) {
                count++;
            }
        }
        return count;
    }
}
