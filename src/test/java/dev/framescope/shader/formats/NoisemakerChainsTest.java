package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.FileTrees;
import dev.framescope.shader.EffectLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 3D volume effects merged with the stages noisemaker's demo draws them with (demo/shaders/noisemaker-3d): a
 * generator followed by render/render3d, a processor fed by synth3d/noise3d at its own volumeSize; names two stages
 * share kept apart, volumeSize shared, and a root without the viewer answered UNSUPPORTED naming it.
 */
class NoisemakerChainsTest {

    private static final Path ROOT = Path.of("demo/shaders/noisemaker-3d");

    private static Effect effect(Path root, String id) {
        return new EffectLibrary(root).select(id).get(0);
    }

    private static List<String> names(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void aGeneratorIsDrawnThroughTheViewerWithItsOwnUniforms() {
        Effect ramp = effect(ROOT, "synth3d/ramp3d");
        assertNull(ramp.unsupported());
        JsonNode d = ramp.definition();
        assertEquals(List.of("synth3d/ramp3d", "render/render3d"), names(d.get("chain")));
        assertEquals(List.of("precompute", "render/render3d: render"),
                ramp.programs().stream().map(Program::pass).toList());
        assertEquals(0.25, d.at("/globals/threshold/default").asDouble(), "the generator's own threshold");
        assertEquals("render3d_threshold", d.at("/globals/render3d_threshold/uniform").asText(),
                "the viewer's threshold renamed: " + d.get("globals"));
        assertFalse(d.get("globals").has("render3d_volumeSize"), "volumeSize is shared");
        Map<String, Object> uniforms = Effect.uniforms(d, Map.of("render3d_threshold", 0.75));
        Map<String, Object> own = NoisemakerRuntime.passUniforms(ramp, ramp.programs().get(1).spec(), uniforms);
        assertEquals(0.75, own.get("threshold"), "the viewer's shader reads its own threshold");
        assertEquals("volumeCache", ramp.programs().get(1).spec().at("/inputs/volumeCache").asText(),
                "inputTex3d is the generator's volume");
    }

    @Test
    void aProcessorIsFedFromNoise3dAtItsVolumeSize() {
        Effect invert = effect(ROOT, "filter3d/invert3d");
        JsonNode d = invert.definition();
        assertEquals(List.of("synth3d/noise3d", "filter3d/invert3d", "render/render3d"), names(d.get("chain")));
        assertEquals(4, d.at("/globals/volumeSize/default").asInt(), "noise3d runs at the processor's size");
        assertEquals("volumeCache", invert.programs().get(1).spec().at("/inputs/inputTex3d").asText());
        assertEquals("invert3d_volumeCache", invert.programs().get(1).outputs().get(0),
                "noise3d's name, kept apart");
        assertEquals("invert3d_volumeCache", invert.programs().get(2).spec().at("/inputs/volumeCache").asText());
        assertEquals("geoBuffer", invert.programs().get(2).spec().at("/inputs/analyticalGeo").asText(),
                "outputGeo 'inputGeo' passes noise3d's geometry on");
        assertTrue(invert.programs().get(0).glsl().toString().contains("synth3d/noise3d"),
                "each program is read from its own stage's folder");
    }

    @Test
    void withoutTheViewerTheVolumeIsUnsupportedNamingIt(@TempDir Path root) throws IOException {
        FileTrees.copy(ROOT.resolve("synth3d/ramp3d"), root.resolve("synth3d/ramp3d"));
        String why = effect(root, "synth3d/ramp3d").unsupported();
        assertTrue(why != null && why.startsWith("UNSUPPORTED: noisemaker a 3D volume that noisemaker's demo shows "
                + "through render/render3d, which is not in this effects root"), why);
    }

    /** A viewer that is a symlink out of the root is not read: it is missing, and said so. */
    @Test
    void aViewerLinkedFromOutsideTheRootIsNotRead(@TempDir Path root, @TempDir Path elsewhere) throws IOException {
        FileTrees.copy(ROOT.resolve("synth3d/ramp3d"), root.resolve("synth3d/ramp3d"));
        FileTrees.copy(ROOT.resolve("render/render3d"), elsewhere.resolve("render3d"));
        Files.createDirectories(root.resolve("render"));
        Files.createSymbolicLink(root.resolve("render/render3d"), elsewhere.resolve("render3d"));
        String why = effect(root, "synth3d/ramp3d").unsupported();
        assertTrue(why != null && why.contains("render/render3d, which is not in this effects root"), why);
    }
}
