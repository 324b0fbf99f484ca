package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NoisemakerBindingsTest {

    private static final String DECLARATIONS = "@group(0) @binding(0) var inputColor: texture_2d<f32>;\n"
            + "@group(0) @binding(1) var tex1 : texture_2d<f32>;\n"
            + "@group(0) @binding(2) var stats_texture: texture_2d<f32>;\n"
            + "@group(0) @binding(3) var tex5: texture_2d<f32>;\n"
            + "@group(0) @binding(4) var statsTex: texture_2d<f32>;\n";

    @Test
    void texturesNoInputNamesGetNoisemakersAliasesOrItsBlackPlaceholder() throws Exception {
        JsonNode pass = Json.mapper().readTree("{\"inputs\": {\"inputTex\": \"inputTex\", \"statsTex\": \"stats\"}}");
        assertEquals(Map.of("inputTex", "inputTex", "statsTex", "stats", "inputColor", "inputTex", "tex1", "stats",
                "stats_texture", NoisemakerBindings.BLANK, "tex5", NoisemakerBindings.BLANK),
                NoisemakerBindings.wgslInputs(pass, DECLARATIONS));
    }

    @Test
    void withoutInputTexItsAliasesAreBlankButTex0IsTheFirstInput() throws Exception {
        JsonNode pass = Json.mapper().readTree("{\"inputs\": {\"a\": \"surfaceA\"}}");
        assertEquals(Map.of("a", "surfaceA", "inputColor", NoisemakerBindings.BLANK, "tex0", "surfaceA"),
                NoisemakerBindings.wgslInputs(pass, "@group(0) @binding(0) var inputColor: texture_2d<f32>;\n"
                        + "@group(0) @binding(1) var tex0: texture_2d<f32>;"));
    }
}
