package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.shader.EffectLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading Shadertoy shaders without a browser: single files, API exports, unsupported features, the prelude. */
class ShadertoyImportTest {

    private static JsonNode json(String text) throws Exception {
        return Json.mapper().readTree(text.replace('\'', '"'));
    }

    @Test
    void aGlslFileIsOneImagePassWithFourChannelsAndIMouseAtZero(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("spot.glsl");
        Files.writeString(file, "// iChannel2: photo.png\n// iChannel0: ramp\nvoid mainImage(out vec4 c, in vec2 p) "
                + "{ c = vec4(1.0); }\n");
        assertTrue(ShadertoyImport.isShadertoy(Files.readString(file)));
        assertFalse(ShadertoyImport.isShadertoy("vec4 transition(vec2 uv) { return vec4(0.0); }"));
        JsonNode d = ShadertoyImport.file(file);
        assertEquals("shadertoy", d.get("format").asText());
        assertEquals("{\"iChannel0\":\"ramp\",\"iChannel1\":\"testcard\",\"iChannel2\":\"photo.png\","
                + "\"iChannel3\":\"testcard\"}", d.get("images").toString());
        assertEquals("[0.0,0.0,0.0,0.0]", d.at("/globals/iMouse/default").toString());
        assertEquals(1, d.get("passes").size());
        assertEquals("Image", d.at("/passes/0/name").asText());
        assertEquals("outputTex", d.at("/passes/0/outputs/fragColor").asText());
        assertNull(d.get("unsupported"));
    }

    @Test
    void anExportRunsItsBuffersInOrderAThenDThenImageAndMapsChannels() throws Exception {
        JsonNode shader = ShadertoyImport.shader(json("""
                {'Shader': {'info': {'name': 'X', 'description': 'two buffers', 'username': 'me', 'tags': ['a']},
                 'renderpass': [
                  {'name': 'Image', 'type': 'image', 'code': 'I', 'outputs': [{'id': '4dfGRr', 'channel': 0}],
                   'inputs': [{'channel': 0, 'type': 'buffer', 'id': '4dXGR8'},
                              {'channel': 1, 'ctype': 'buffer', 'id': 0, 'src': '/media/previz/buffer01.png'}]},
                  {'name': 'Buffer B', 'type': 'buffer', 'code': 'B', 'outputs': [{'id': 258, 'channel': 0}],
                   'inputs': [{'channel': 0, 'type': 'buffer', 'id': 257},
                              {'channel': 3, 'type': 'texture', 'filepath': '/media/a/abc123.png'}]},
                  {'name': 'Common', 'type': 'common', 'code': 'C', 'inputs': [], 'outputs': []},
                  {'name': 'Buffer A', 'type': 'buffer', 'code': 'A', 'outputs': [{'id': '4dXGR8', 'channel': 0}],
                   'inputs': [{'channel': 0, 'type': 'buffer', 'id': '4dXGR8'}]}]}}"""));
        JsonNode d = ShadertoyImport.export("x", shader);
        assertNull(d.get("unsupported"), String.valueOf(d.get("unsupported")));
        assertEquals("two buffers", d.get("description").asText());
        assertEquals("C\n", d.get("common").asText());
        List<String> names = new java.util.ArrayList<>();
        d.get("passes").forEach(p -> names.add(p.get("name").asText() + ":" + p.get("code").asText() + "→"
                + p.at("/outputs/fragColor").asText() + p.get("inputs")));
        assertEquals(List.of("Buffer A:A→bufferA{\"iChannel0\":\"bufferA\"}",
                "Buffer B:B→bufferB{\"iChannel0\":\"bufferA\",\"iChannel3\":\"bufferB.iChannel3\"}",
                "Image:I→outputTex{\"iChannel0\":\"bufferA\",\"iChannel1\":\"bufferB\"}"), names);
        assertTrue(d.at("/passes/0/float").asBoolean());
        assertFalse(d.at("/passes/2/float").asBoolean());
        assertEquals("file:abc123.png", d.at("/images/bufferB.iChannel3").asText());
        assertEquals("{\"iChannel0\":\"bufferA\",\"iChannel1\":\"bufferB\",\"iChannel2\":\"_empty\","
                + "\"iChannel3\":\"_empty\"}", Json.mapper().valueToTree(new java.util.TreeMap<>(
                        ShadertoyHost.inputs(d.at("/passes/2")))).toString());
    }

    @Test
    void cubemapSoundVideoAndKeyboardAreUnsupportedByName() throws Exception {
        JsonNode d = ShadertoyImport.export("x", ShadertoyImport.shader(json("""
                {'info': {}, 'renderpass': [
                  {'name': 'Cube A', 'type': 'cubemap', 'code': '', 'inputs': [], 'outputs': []},
                  {'name': 'Sound', 'type': 'sound', 'code': '', 'inputs': [], 'outputs': []},
                  {'name': 'Image', 'type': 'image', 'code': '', 'outputs': [],
                   'inputs': [{'channel': 0, 'type': 'video', 'id': 1}, {'channel': 2, 'ctype': 'cubemap', 'id': 2},
                              {'channel': 3, 'type': 'webcam'}]}]}""")));
        assertEquals("UNSUPPORTED: Cube A pass 'Cube A' (cubemap buffers); Sound pass 'Sound'; a video input on "
                + "iChannel0 of Image; a cubemap input on iChannel2 of Image; a webcam input on iChannel3 of Image "
                + "(FrameScope runs Common, Buffer A–D and Image passes with buffer and 2D texture inputs)",
                d.get("unsupported").asText());
        assertTrue(ShadertoyImport.export("y", ShadertoyImport.shader(json("{'renderpass': []}")))
                .get("unsupported").asText().contains("without an Image pass"));
        assertNull(ShadertoyImport.shader(json("{'Shader': {'info': {}}}")), "no renderpass: not an export");
    }

    @Test
    void thePreludePutsCommonAndThePassInTheirOwnSourceStrings() throws Exception {
        JsonNode d = ShadertoyImport.export("x", ShadertoyImport.shader(json("""
                {'renderpass': [{'name': 'Common', 'type': 'common', 'code': 'float k = 1.0;'},
                  {'name': 'Image', 'type': 'image', 'code': 'MAIN', 'outputs': [], 'inputs': []}]}""")));
        String source = ShadertoyHost.wrap(d, d.at("/passes/0"));
        assertTrue(source.contains("#line 1 1\nfloat k = 1.0;\n\n#line 1 0\nMAIN\n#line 1 2\n"), source);
        assertTrue(source.contains("#define iTime (time * 8.0)"));
        assertTrue(source.contains("color.a = 1.0;"), "the Image pass is shown opaque");
        assertEquals("Common", ShadertoyHost.tab("Image", 1));
        assertEquals("Image", ShadertoyHost.tab("Image", 0));
        assertEquals(List.of(2026.0, 0.0, 2.0, 3661.5), ShadertoyHost.date(
                java.time.LocalDateTime.of(2026, 1, 2, 1, 1, 1, 500_000_000)));
    }

    @Test
    void theDemoFolderListsSevenShadertoyEffectsGlslOnly() {
        List<Effect> effects = new EffectLibrary(Path.of("demo/shaders/shadertoy")).select("*");
        assertEquals(List.of("broken/common-error", "broken/image-error", "probes/channel", "probes/uv", "rings",
                "trail", "unsupported/keyboard"), effects.stream().map(Effect::id).toList());
        Effect trail = effects.get(5);
        assertEquals("shadertoy", trail.formatName());
        assertEquals(List.of("Buffer A", "Image"), trail.programs().stream().map(Program::pass)
                .toList());
        assertTrue(trail.programs().stream().allMatch(p -> p.wgsl() == null));
        assertTrue(trail.usesPassRuntime());
        assertTrue(effects.get(6).unsupported().startsWith("UNSUPPORTED: a keyboard input on iChannel1 of Image"));
        assertEquals(1, Schedule.of(0.0, null).frames());
        assertEquals(121, Schedule.of(0.25, null).frames());
        assertEquals(481, Schedule.of(1.0, null).frames());
    }
}
