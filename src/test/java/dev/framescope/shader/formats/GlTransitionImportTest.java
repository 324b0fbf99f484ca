package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import dev.framescope.shader.EffectLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gl-transitions read as effects: collection entries and single files, typed parameters, images, the prelude. */
class GlTransitionImportTest {

    private final EffectLibrary demo = new EffectLibrary(Path.of("demo/shaders/transitions"));

    private static JsonNode json(String text) throws Exception {
        return Json.mapper().readTree(text);
    }

    @Test
    void collectionEntriesBecomeEffectsWithTypedParametersProgressAndImages() throws Exception {
        List<Effect> effects = demo.select("collection/*");
        assertEquals(List.of("collection/iris", "collection/maskWipe", "collection/shutters"),
                effects.stream().map(Effect::id).toList());
        JsonNode iris = effects.get(0).definition();
        assertEquals(json("{\"type\":\"float\",\"default\":0.5,\"min\":0.0,\"max\":1.0,\"uniform\":\"progress\"}"),
                iris.at("/globals/progress"));
        assertEquals(json("{\"type\":\"vec2\",\"default\":[0.5,0.5],\"uniform\":\"center\"}"),
                iris.at("/globals/center"));
        assertEquals("boolean", iris.at("/globals/closing/type").asText());
        assertEquals(json("{\"from\":\"testcard\",\"to\":\"testcard2\"}"), iris.get("images"));
        JsonNode shutters = effects.get(2).definition();
        assertEquals(json("{\"type\":\"ivec2\",\"default\":[6,1],\"uniform\":\"slats\"}"),
                shutters.at("/globals/slats"));
        assertEquals("vec3", shutters.at("/globals/shade/type").asText());
        // A sampler2D parameter is no global: it is an image input, fed the grey ramp.
        JsonNode wipe = effects.get(1).definition();
        assertTrue(wipe.at("/globals/mask").isMissingNode());
        assertEquals("ramp", wipe.at("/images/mask").asText());
        assertEquals(json("{\"from\":\"from\",\"to\":\"to\",\"mask\":\"mask\"}"), wipe.at("/passes/0/inputs"));
        assertEquals("100", wipe.at("/passes/0/glslVersion").asText());
        assertEquals("gl-transition by FrameScope demo (MIT)", wipe.get("description").asText());
        Effect effect = effects.get(1);
        assertTrue(effect.format() instanceof GlTransitionFormat && effect.usesPassRuntime());
        assertNull(effect.programs().get(0).wgsl(), "GLSL only: WGSL is not available");
        assertEquals(Path.of("demo/shaders/transitions/collection/gl-transitions.json"),
                effect.programs().get(0).glsl());
    }

    @Test
    void singleFilesTakeParametersAndDefaultsFromTheirUniformLinesAndTheHeader() {
        JsonNode poster = demo.select("single/posterFade").get(0).definition();
        assertEquals("int", poster.at("/globals/steps/type").asText());
        assertTrue(poster.at("/globals/steps/default").isInt(), poster.toString());
        assertEquals(4, poster.at("/globals/steps/default").asInt());
        assertEquals("[1.0,0.95,0.8,1.0]", poster.at("/globals/flash/default").toString());
        assertEquals(0.3, poster.at("/globals/flashAmount/default").asDouble());
        assertEquals("FrameScope demo", poster.get("author").asText());
        assertEquals("MIT", poster.get("license").asText());
    }

    @Test
    void literalsFillVectorsAndIgnoreWhatFollows() throws Exception {
        assertEquals(json("[4,4]"), GlTransitionImport.literal("ivec2", "ivec2(4)"));
        assertEquals(json("[10,10]"), GlTransitionImport.literal("ivec2", "ivec2(10,10)"));
        assertEquals(json("[0.5,0.5]"), GlTransitionImport.literal("vec2", "vec2(0.5)"));
        assertEquals(json("[0.0,0.0,0.0,0.6]"), GlTransitionImport.literal("vec4", "vec4(0.,0.,0.,.6)"));
        assertEquals(json("[true,false]"), GlTransitionImport.literal("bvec2", "bvec2(true, false)"));
        assertEquals(json("0.4"), GlTransitionImport.literal("float", "0.4 ; // if 0.0, there is no black phase"));
        assertEquals(json("1"), GlTransitionImport.literal("int", "1"));
        assertEquals(json("-1.0"), GlTransitionImport.literal("float", "-1.0"));
        assertEquals(json("true"), GlTransitionImport.literal("bool", "true"));
        assertNull(GlTransitionImport.literal("float", "half of it"));
    }

    @Test
    void uniformLinesInEveryWrittenFormAreRead(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("mine"));
        Files.writeString(root.resolve("mine/odd.glsl"), """
                // License: BSD 2 Clause
                // Author: someone
                uniform vec3 color /* = vec3(0.9, 0.4, 0.2) */;
                uniform float ampy; //=1.0
                uniform ivec2 size; // = ivec2(4)
                uniform float bare;
                uniform sampler2D noise;
                vec4 transition (vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }
                """);
        Files.writeString(root.resolve("mine/helper.glsl"), "float helper(float x) { return x; }\n");
        List<Effect> effects = new EffectLibrary(root).select("*");
        assertEquals(List.of("mine/odd"), effects.stream().map(Effect::id).toList(),
                "a .glsl file without vec4 transition(...) is no effect");
        JsonNode odd = effects.get(0).definition();
        assertEquals(json("[0.9,0.4,0.2]"), odd.at("/globals/color/default"));
        assertEquals(1.0, odd.at("/globals/ampy/default").asDouble());
        assertEquals(json("[4,4]"), odd.at("/globals/size/default"));
        assertTrue(odd.at("/globals/bare").has("type") && !odd.at("/globals/bare").has("default"));
        assertEquals("ramp", odd.at("/images/noise").asText());
        assertEquals("BSD 2 Clause", odd.get("license").asText());
    }

    @Test
    void thePreludeKeepsTheEntrysOwnLineNumbers() {
        Effect wipe = demo.select("collection/maskWipe").get(0);
        String source = wipe.source(wipe.programs().get(0), wipe.programs().get(0).glsl());
        String entry = wipe.definition().get("glsl").asText();
        int start = source.indexOf("#line 1\n") + "#line 1\n".length();
        assertTrue(source.startsWith(entry, start), "the entry follows #line 1 unchanged");
        assertTrue(source.contains("vec4 getFromColor(vec2 uv)") && source.contains("uniform float ratio;")
                && source.contains("gl_FragColor = transition(gl_FragCoord.xy / resolution);"), source);
    }

    @Test
    void boundImagesMustBeInputsOfTheEffectAndReadableFiles(@TempDir Path dir) {
        List<Effect> wipe = demo.select("collection/maskWipe");
        ToolException unknown = assertThrows(ToolException.class,
                () -> ImageInputs.check(wipe, Map.of("inputImage", "/x.png")));
        assertTrue(unknown.getMessage().contains("from, mask, to"), unknown.getMessage());
        ToolException missing = assertThrows(ToolException.class,
                () -> ImageInputs.check(wipe, Map.of("mask", dir.resolve("none.png").toString())));
        assertEquals(ErrorCode.NOT_FOUND, missing.code());
    }
}
