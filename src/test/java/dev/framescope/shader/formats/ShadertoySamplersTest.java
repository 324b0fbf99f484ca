package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shadertoy's per-channel sampler settings read from exports and channel comments, with Shadertoy's defaults. */
class ShadertoySamplersTest {

    private static JsonNode export(String inputs) throws Exception {
        return ShadertoyImport.export("x", ShadertoyImport.shader(Json.mapper().readTree(("""
                {'renderpass': [
                  {'name': 'Buffer A', 'type': 'buffer', 'code': 'A', 'outputs': [{'id': '4dXGR8', 'channel': 0}],
                   'inputs': []},
                  {'name': 'Image', 'type': 'image', 'code': 'I', 'outputs': [{'id': '4dfGRr', 'channel': 0}],
                   'inputs': [%s]}]}""").formatted(inputs).replace('\'', '"'))));
    }

    @Test
    void inputsWithoutSamplersGetShadertoysDefaultsPerKind() throws Exception {
        JsonNode d = export("{'channel': 0, 'type': 'buffer', 'id': '4dXGR8'},"
                + "{'channel': 1, 'type': 'texture', 'filepath': '/media/a/x.png'}");
        assertNull(d.get("unsupported"));
        assertEquals("{\"filter\":\"linear\",\"wrap\":\"clamp\"}", d.at("/passes/1/samplers/iChannel0").toString());
        assertEquals("{\"filter\":\"mipmap\",\"wrap\":\"repeat\",\"vflip\":true,\"srgb\":false}",
                d.at("/passes/1/samplers/iChannel1").toString());
        assertEquals(d.at("/passes/1/samplers/iChannel1"), d.at("/imageSamplers/iChannel1"));
        // Compared as maps: the order of a Map.of's entries changes from one JVM run to the next.
        assertEquals(java.util.Map.of("iChannel0", java.util.Map.of("filter", "linear", "wrap", "clamp"),
                "iChannel1", java.util.Map.of("filter", "mipmap", "wrap", "repeat")),
                ShadertoySamplers.samplers(d.at("/passes/1")));
    }

    @Test
    void anExportsSettingsAreKeptAsStringsOrBooleans() throws Exception {
        JsonNode d = export("{'channel': 0, 'type': 'buffer', 'id': '4dXGR8', 'sampler': {'filter': 'nearest',"
                + " 'wrap': 'repeat', 'vflip': 'true', 'srgb': 'false', 'internal': 'byte'}},"
                + "{'channel': 2, 'type': 'texture', 'src': '/media/a/x.png', 'sampler': {'filter': 'linear',"
                + " 'wrap': 'clamp', 'vflip': false, 'srgb': 'true'}}");
        assertNull(d.get("unsupported"));
        assertEquals("{\"filter\":\"nearest\",\"wrap\":\"repeat\"}", d.at("/passes/1/samplers/iChannel0").toString());
        assertEquals("{\"filter\":\"linear\",\"wrap\":\"clamp\",\"vflip\":false,\"srgb\":true}",
                d.at("/imageSamplers/iChannel2").toString());
    }

    @Test
    void aSettingFrameScopeCannotHonourIsUnsupportedNamingTheChannel() throws Exception {
        JsonNode d = export("{'channel': 3, 'type': 'texture', 'src': '/media/a/x.png', 'sampler': {'filter': "
                + "'anisotropic', 'wrap': 'mirror'}}");
        String message = d.get("unsupported").asText();
        assertTrue(message.startsWith("UNSUPPORTED: sampler filter 'anisotropic' on iChannel3 of Image"), message);
        assertTrue(message.contains("sampler wrap 'mirror' on iChannel3 of Image (one of clamp, repeat)"), message);
    }

    @Test
    void aChannelCommentTakesOptionsAfterItsImage(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.glsl");
        Files.writeString(file, "// iChannel0: my photo.png filter=nearest wrap=clamp vflip=false\n"
                + "// iChannel1: ramp\n// iChannel2: ramp filter=cubic\nvoid mainImage(out vec4 c, in vec2 p) {}\n");
        JsonNode d = ShadertoyImport.file(file);
        assertEquals("my photo.png", d.at("/images/iChannel0").asText());
        assertEquals("{\"filter\":\"nearest\",\"wrap\":\"clamp\",\"vflip\":false,\"srgb\":false}",
                d.at("/imageSamplers/iChannel0").toString());
        assertEquals("{\"filter\":\"mipmap\",\"wrap\":\"repeat\",\"vflip\":true,\"srgb\":false}",
                d.at("/passes/0/samplers/iChannel1").toString());
        assertEquals("ramp", d.at("/images/iChannel2").asText());
        assertTrue(d.get("unsupported").asText().contains("sampler filter 'cubic' on iChannel2 of Image"),
                d.get("unsupported").asText());
    }
}
