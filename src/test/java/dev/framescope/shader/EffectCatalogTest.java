package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.FileTrees;
import dev.framescope.common.Json;
import dev.framescope.common.WritableRoots;
import dev.framescope.shader.EffectCatalog.EffectEntry;
import dev.framescope.shader.EffectCatalog.ManifestReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** list_effects and generate_shader_manifest on the demo effects and on copies of them. */
class EffectCatalogTest {

    private static final Path DEMO = Path.of("demo/shaders/effects");

    /** Test folders live under the temp directory, so that is where this catalog may write. */
    private final EffectCatalog catalog = new EffectCatalog(new WritableRoots(
            List.of(Path.of(System.getProperty("java.io.tmpdir"))), "the temp directory"));

    @Test
    void listsKindsLanguagesAndPassesFromDisk() {
        List<EffectEntry> effects = catalog.list(new EffectLibrary(DEMO), "*", 200).effects().preview();
        EffectEntry blur = effects.stream().filter(e -> e.id().equals("filter/blur")).findFirst().orElseThrow();
        assertEquals("filter", blur.kind());
        assertEquals(List.of("horizontal", "vertical"), blur.passes());
        assertTrue(blur.glsl() && blur.wgsl());
        assertEquals(List.of("spread"), blur.globals());
        assertEquals("generator", effects.stream().filter(e -> e.id().equals("synth/gradient")).findFirst()
                .orElseThrow().kind());

        List<EffectEntry> isf = catalog.list(new EffectLibrary(Path.of("demo/shaders/isf")), "*", 200).effects()
                .preview();
        EffectEntry pulse = isf.stream().filter(e -> e.id().equals("Radial Pulse")).findFirst().orElseThrow();
        assertEquals("isf", pulse.format());
        assertTrue(pulse.glsl());
        assertFalse(pulse.wgsl(), "ISF effects have no WGSL");
    }

    @Test
    void listIsBoundedAndSaysSo() {
        var list = catalog.list(new EffectLibrary(DEMO), "synth/*", 2).effects();
        assertEquals(2, list.preview().size());
        assertTrue(list.count() > 2);
        assertTrue(list.truncated());
    }

    @Test
    void committedManifestIsWhatTheGeneratorWrites() throws IOException {
        assertEquals(EffectCatalog.text(new EffectLibrary(DEMO)), Files.readString(DEMO.resolve("manifest.json")),
                "run: java -jar target/framescope.jar call generate_shader_manifest '{}'");
    }

    @Test
    void generatingIsIdempotentAndReportsAddedRemovedAndChangedIds(@TempDir Path root) throws IOException {
        FileTrees.copy(DEMO.resolve("synth"), root.resolve("synth"));
        EffectLibrary library = new EffectLibrary(root);

        ManifestReport first = catalog.generate(library, false);
        assertTrue(first.written());
        assertEquals(6, first.added().size());
        byte[] bytes = Files.readAllBytes(root.resolve("manifest.json"));

        ManifestReport second = catalog.generate(library, false);
        assertFalse(second.written(), "nothing changed, nothing written");
        assertEquals(List.of(), second.added());
        assertEquals(List.of(), second.changed());
        assertEquals(List.of(), second.removed());
        assertTrue(java.util.Arrays.equals(bytes, Files.readAllBytes(root.resolve("manifest.json"))));

        Path plasma = root.resolve("synth/plasma/definition.json");
        Files.writeString(plasma, Files.readString(plasma).replaceFirst("\"description\": \"[^\"]*\"",
                "\"description\": \"edited\""));
        deleteTree(root.resolve("synth/rings"));
        ManifestReport dry = catalog.generate(library, true);
        assertFalse(dry.written());
        assertEquals(List.of("synth/plasma"), dry.changed());
        assertEquals(List.of("synth/rings"), dry.removed());
        assertTrue(java.util.Arrays.equals(bytes, Files.readAllBytes(root.resolve("manifest.json"))),
                "a dry run writes nothing");
        assertTrue(catalog.generate(library, false).written());
        assertTrue(Files.readString(root.resolve("manifest.json")).contains("\"edited\""));
    }

    /**
     * noisemaker's own library folder has noisemaker's manifest.json, whose 210 entries are not FrameScope's: a dry
     * run said "0 effects; 210 removed", and a real run would have emptied the file noisemaker's runtime reads.
     */
    @Test
    void entriesOfAnotherToolsEffectsAreKeptNeverRemoved(@TempDir Path root) throws IOException {
        FileTrees.copy(Path.of("demo/shaders/noisemaker"), root);
        FileTrees.copy(DEMO.resolve("synth/plasma"), root.resolve("synth/plasma"));
        String foreign = """
                {
                  "mixer/crossfade": {"description": "noisemaker's own entry", "glsl": {"crossfade": "combined"}},
                  "synth/solidColor": {"description": "noisemaker's own entry", "hasTex": false},
                  "synth/deleted": {"description": "an effect of ours whose folder is gone"}
                }
                """;
        Files.writeString(root.resolve("manifest.json"), foreign);
        EffectLibrary library = new EffectLibrary(root);

        ManifestReport dry = catalog.generate(library, true);
        assertEquals(List.of("mixer/crossfade", "synth/solidColor"), dry.kept());
        assertEquals(List.of("synth/deleted"), dry.removed());
        assertEquals(List.of("synth/plasma"), dry.added());
        assertTrue(dry.summary().contains("2 entries of folders FrameScope does not read as native effects kept"),
                dry.summary());
        assertEquals(foreign, Files.readString(root.resolve("manifest.json")), "a dry run writes nothing");

        ManifestReport real = catalog.generate(library, false);
        assertTrue(real.written());
        JsonNode written = Json.mapper().readTree(root.resolve("manifest.json").toFile());
        assertEquals("noisemaker's own entry", written.at("/mixer~1crossfade/description").asText());
        assertEquals("noisemaker's own entry", written.at("/synth~1solidColor/description").asText());
        assertFalse(written.has("synth/deleted"));
        assertTrue(written.has("synth/plasma"));
        assertFalse(catalog.generate(library, false).written(), "idempotent with kept entries too");
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
