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
    void cubeASoundVideoAndKeyboardReadStandInsAndVolumesAreUnsupportedByName() throws Exception {
        JsonNode d = ShadertoyImport.export("x", ShadertoyImport.shader(json("""
                {'info': {}, 'renderpass': [
                  {'name': 'Cube A', 'type': 'cubemap', 'code': 'C', 'inputs': [], 'outputs': [{'id': 41}]},
                  {'name': 'Sound', 'type': 'sound', 'code': 'S', 'inputs': [], 'outputs': []},
                  {'name': 'Image', 'type': 'image', 'code': 'I', 'outputs': [],
                   'inputs': [{'channel': 0, 'type': 'video', 'id': 1}, {'channel': 1, 'ctype': 'cubemap', 'id': 41},
                              {'channel': 2, 'ctype': 'cubemap', 'id': 2}, {'channel': 3, 'type': 'keyboard'}]}]}""")));
        assertNull(d.get("unsupported"), String.valueOf(d.get("unsupported")));
        assertEquals(List.of("Cube A", "Image"), List.of(d.at("/passes/0/name").asText(), d.at("/passes/1/name")
                .asText()));
        assertTrue(d.at("/passes/0/cube").asBoolean());
        assertEquals("cubeA", d.at("/passes/0/outputs/fragColor").asText());
        assertEquals("{\"iChannel0\":\"iChannel0\",\"iChannel1\":\"cubeA\",\"iChannel2\":\"iChannel2\","
                + "\"iChannel3\":\"iChannel3\"}", d.at("/passes/1/inputs").toString());
        assertEquals("[\"iChannel1\",\"iChannel2\"]", d.at("/passes/1/cubeChannels").toString());
        assertEquals("{\"iChannel0\":\"testcard\",\"iChannel2\":\"cubecard\",\"iChannel3\":\"keyboard\"}",
                d.get("images").toString());
        assertEquals(List.of("iChannel0 of Image (video): the test card, still", "iChannel2 of Image (cubemap): "
                + "FrameScope's cube test card (exports carry no cubemap media)", "iChannel3 of Image (keyboard): all "
                + "keys up (a 256×3 texture of zeros)", "Sound pass 'Sound' (it makes audio, no pixels): not run"),
                ShadertoyHost.standIns(Path.of("."), d, null));
        String image = ShadertoyHost.wrap(d, d.at("/passes/1"));
        assertTrue(image.contains("uniform samplerCube iChannel1;\nuniform samplerCube iChannel2;\nuniform "
                + "sampler2D iChannel3;"), image);
        assertTrue(ShadertoyHost.wrap(d, d.at("/passes/0")).contains("mainCubemap(color, gl_FragCoord.xy"));
        JsonNode volume = ShadertoyImport.export("v", ShadertoyImport.shader(json("""
                {'renderpass': [{'name': 'Image', 'type': 'image', 'code': 'I', 'outputs': [],
                  'inputs': [{'channel': 2, 'ctype': 'volume', 'id': 3}]}]}""")));
        assertEquals("UNSUPPORTED: a volume (3D texture) input on iChannel2 of Image (FrameScope runs Common, "
                + "Buffer A–D, Cube A and Image passes; keyboard, sound, video and webcam channels read stand-ins)",
                volume.get("unsupported").asText());
        assertTrue(ShadertoyImport.export("y", ShadertoyImport.shader(json("{'renderpass': []}")))
                .get("unsupported").asText().contains("without an Image pass"));
        assertNull(ShadertoyImport.shader(json("{'Shader': {'info': {}}}")), "no renderpass: not an export");
    }

    @Test
    void aPassWithoutCodeReadsTheFileItNamesOrSaysItHasNone(@TempDir Path dir) throws Exception {
        JsonNode shader = ShadertoyImport.shader(json("""
                {'renderpass': [{'name': 'Image', 'type': 'image', 'code': '', 'filename': 'image.frag',
                  'outputs': [], 'inputs': []}]}"""));
        assertEquals("UNSUPPORTED: pass 'Image' has no code in the export: it names the external file "
                + "'image.frag', which is not beside the export", ShadertoyImport.export("x", shader, dir)
                .get("unsupported").asText().replaceFirst(" \\(FrameScope runs.*", ""));
        Files.writeString(dir.resolve("image.frag"), "MAIN");
        JsonNode d = ShadertoyImport.export("x", shader, dir);
        assertNull(d.get("unsupported"));
        assertEquals("MAIN", d.at("/passes/0/code").asText());
        assertTrue(ShadertoyImport.export("x", ShadertoyImport.shader(json("""
                {'renderpass': [{'name': 'Image', 'type': 'image', 'code': ' ', 'outputs': [], 'inputs': []}]}""")))
                .get("unsupported").asText().startsWith("UNSUPPORTED: pass 'Image' has no code in the export ("));
    }

    @Test
    void thePreludePutsCommonAndThePassInTheirOwnSourceStrings() throws Exception {
        JsonNode d = ShadertoyImport.export("x", ShadertoyImport.shader(json("""
                {'renderpass': [{'name': 'Common', 'type': 'common', 'code': 'float k = 1.0;'},
                  {'name': 'Image', 'type': 'image', 'code': 'MAIN', 'outputs': [], 'inputs': []}]}""")));
        String source = ShadertoyHost.wrap(d, d.at("/passes/0"));
        assertTrue(source.contains("#line 1 1\nfloat k = 1.0;\n\n#line 1 0\nMAIN\n#line 1 2\n"), source);
        assertTrue(source.contains("#define iTime (_time * 8.0)"));
        assertTrue(source.contains("color.a = 1.0;"), "the Image pass is shown opaque");
        assertEquals("Common", ShadertoyHost.tab("Image", 1));
        assertEquals("Image", ShadertoyHost.tab("Image", 0));
        assertEquals(List.of(2026.0, 0.0, 2.0, 3661.5), ShadertoyHost.date(
                java.time.LocalDateTime.of(2026, 1, 2, 1, 1, 1, 500_000_000)));
    }

    @Test
    void theDemoFolderListsTenShadertoyEffectsGlslOnly() {
        List<Effect> effects = new EffectLibrary(Path.of("demo/shaders/shadertoy")).select("*");
        assertEquals(List.of("broken/common-error", "broken/image-error", "probes/channel", "probes/cube",
                "probes/globals", "probes/standins", "probes/uv", "rings", "trail", "unsupported/volume"),
                effects.stream().map(Effect::id).toList());
        Effect trail = effects.get(8);
        assertEquals("shadertoy", trail.formatName());
        assertEquals(List.of("Buffer A", "Image"), trail.programs().stream().map(Program::pass)
                .toList());
        assertTrue(trail.programs().stream().allMatch(p -> p.wgsl() == null));
        assertTrue(trail.usesPassRuntime());
        assertTrue(effects.get(9).unsupported().startsWith("UNSUPPORTED: a volume (3D texture) input on iChannel1"));
        assertEquals(1, Schedule.of(0.0, null).frames());
        assertEquals(121, Schedule.of(0.25, null).frames());
        assertEquals(481, Schedule.of(1.0, null).frames());
    }
}
