package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.shader.EffectLibrary;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Declared texture sizes resolved as noisemaker's resolveDimension does, against a 200-pixel frame. */
class NoisemakerTexturesTest {

    private static final JsonNode DEFINITION = json("{\"globals\": {\"zoom\": {\"type\": \"int\", \"default\": 8, "
            + "\"uniform\": \"zoom\"}, \"stateSize\": {\"type\": \"int\", \"default\": 16, \"uniform\": \"stateSize\"}}}");

    private static JsonNode json(String text) {
        try {
            return Json.mapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static int size(String spec, Map<String, Object> uniforms) {
        return NoisemakerTextures.dimension("t", "width", spec == null ? null : json(spec), 200, DEFINITION, uniforms);
    }

    @Test
    void sizesAsNoisemakerResolvesThem() {
        assertEquals(200, size(null, Map.of()));
        assertEquals(16, size("16.7", Map.of()));
        assertEquals(1, size("0", Map.of()));
        assertEquals(12, size("\"6.25%\"", Map.of()));
        assertEquals(200, size("\"input\"", Map.of()));
        assertEquals(200, size("\"screen\"", Map.of()));
        assertEquals(25, size("{\"screenDivide\": \"zoom\", \"default\": 4}", Map.of()));
        assertEquals(50, size("{\"screenDivide\": \"zoom\", \"default\": 4}", Map.of("zoom", 4)));
        assertEquals(16, size("{\"param\": \"stateSize\"}", Map.of()));
        assertEquals(256, size("{\"param\": \"stateSize\", \"power\": 2, \"default\": 4096}", Map.of()));
        assertEquals(64, size("{\"param\": \"missing\"}", Map.of()));
        assertEquals(4096, size("{\"param\": \"missing\", \"power\": 2, \"default\": 4096}", Map.of()));
        assertEquals(50, size("{\"scale\": 0.1, \"clamp\": {\"min\": 50}}", Map.of()));
        NoisemakerTextures.Unsupported huge = assertThrows(NoisemakerTextures.Unsupported.class,
                () -> size("{\"param\": \"stateSize\", \"multiply\": 1000}", Map.of()));
        assertTrue(huge.getMessage().startsWith("UNSUPPORTED: texture 't' width"), huge.getMessage());
    }

    @Test
    void declaredSizesAndFormatsPerBackend() {
        Effect effect = new EffectLibrary(Path.of("demo/shaders/noisemaker-state"))
                .select("filter/accumulate").get(0);
        assertEquals(Map.of("width", 16, "height", 16, "format", "rgba16float"),
                NoisemakerTextures.targets(effect, false, 32, 32, Map.of()).get("_state"));
        assertEquals("rgba32f", NoisemakerTextures.targets(effect, true, 32, 32, Map.of()).get("_wide").get("format"));
    }

    /**
     * One draw's several render targets share one size (WebGL2 and WebGPU refuse attachments of different sizes):
     * those the definition does not declare take the declared one's, each keeps its own format, and the pass lists
     * them in attachment order.
     */
    @Test
    void severalRenderTargetsShareTheDeclaredSize() {
        Effect effect = new EffectLibrary(Path.of("demo/shaders/noisemaker-state"))
                .select("filter/threeTargets").get(0);
        assertNull(effect.unsupported(), "several render targets run");
        assertEquals(List.of("global_a", "global_b", "_c"), effect.programs().get(0).outputs());
        Map<String, Map<String, Object>> targets = NoisemakerTextures.targets(effect, true, 32, 32, Map.of());
        assertEquals(Map.of("width", 8, "height", 8, "format", "rgba16f"), targets.get("global_a"));
        assertEquals(Map.of("width", 8, "height", 8, "format", "rgba16f"), targets.get("global_b"));
        assertEquals(Map.of("width", 8, "height", 8, "format", "rgba32f"), targets.get("_c"));
        assertEquals(Map.of("width", 32, "height", 32, "format", "rgba16f"), targets.get("outputTex"));
    }
}
