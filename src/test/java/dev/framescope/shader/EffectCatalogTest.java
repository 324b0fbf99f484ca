package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.framescope.FileTrees;
import dev.framescope.common.Json;
import dev.framescope.common.WritableRoots;
import dev.framescope.shader.EffectCatalog.EffectEntry;
import dev.framescope.shader.EffectCatalog.ManifestReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
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
        List<EffectEntry> effects = catalog.list(new EffectLibrary(DEMO), "*", 0, 200).effects().preview();
        EffectEntry blur = effects.stream().filter(e -> e.id().equals("filter/blur")).findFirst().orElseThrow();
        assertEquals("filter", blur.kind());
        assertEquals(List.of("horizontal", "vertical"), blur.passes());
        assertTrue(blur.glsl() && blur.wgsl());
        assertEquals(List.of("spread"), blur.globals());
        assertEquals("generator", effects.stream().filter(e -> e.id().equals("synth/gradient")).findFirst()
                .orElseThrow().kind());

        List<EffectEntry> isf = catalog.list(new EffectLibrary(Path.of("demo/shaders/isf")), "*", 0, 200).effects()
                .preview();
        EffectEntry pulse = isf.stream().filter(e -> e.id().equals("Radial Pulse")).findFirst().orElseThrow();
        assertEquals("isf", pulse.format());
        assertTrue(pulse.glsl());
        assertFalse(pulse.wgsl(), "ISF effects have no WGSL");
    }

    @Test
    void listIsBoundedAndSaysSo() {
        var list = catalog.list(new EffectLibrary(DEMO), "synth/*", 0, 2).effects();
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
     * The manifest's entries decide whether it changed, not its bytes: a minified manifest holding exactly what the
     * generator would write was rewritten pretty-printed while the report said 0 added, 0 removed, 0 changed.
     */
    @Test
    void aCurrentManifestInAnotherLayoutIsLeftAlone(@TempDir Path root) throws IOException {
        FileTrees.copy(DEMO.resolve("synth"), root.resolve("synth"));
        EffectLibrary library = new EffectLibrary(root);
        catalog.generate(library, false);
        Path file = root.resolve("manifest.json");
        String minified = Json.write(Json.mapper().readTree(file.toFile()));
        Files.writeString(file, minified);

        ManifestReport report = catalog.generate(library, false);
        assertFalse(report.written(), report.summary());
        assertTrue(report.summary().startsWith("Unchanged: "), report.summary());
        assertEquals(minified, Files.readString(file));
    }

    /** ISF files have no manifest entry: a folder of them got a manifest holding "{ }". */
    @Test
    void aFolderWithoutNativeEffectsGetsNoManifest(@TempDir Path root) throws IOException {
        FileTrees.copy(Path.of("demo/shaders/isf"), root);
        ManifestReport report = catalog.generate(new EffectLibrary(root), false);
        assertFalse(report.written());
        assertEquals(0, report.effects());
        assertFalse(Files.exists(root.resolve("manifest.json")), report.summary());
        assertTrue(report.summary().endsWith("no native effect here, so no manifest is written."), report.summary());
    }

    /**
     * A manifest that changes keeps its layout, whichever writer made it: minified, JSON.stringify(m, null, 2)
     * (noisemaker's), Python's json.dumps(m, indent=2) (non-ASCII escaped, a newline after), or four spaces and
     * CRLF; the file after an edit, a removal and an addition is what that writer would have written, so a diff
     * shows the three entries only.
     */
    @Test
    void aChangedManifestKeepsItsLayout(@TempDir Path root) throws IOException {
        Separators jsStyle = Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("").withArrayEmptySeparator("");
        ObjectWriter stringify = indented(jsStyle, "  ", "\n");
        Map<String, Function<JsonNode, String>> writers = Map.of(
                "minified", node -> write(Json.mapper().writer(), node),
                "JSON.stringify", node -> write(stringify, node),
                "python", node -> write(stringify, node).chars().mapToObj(c -> c < 0x80 ? String.valueOf((char) c)
                        : String.format("\\u%04x", c)).collect(Collectors.joining()) + "\n",
                "four spaces, CRLF", node -> write(indented(jsStyle, "    ", "\r\n"), node));
        for (Map.Entry<String, Function<JsonNode, String>> writer : writers.entrySet()) {
            Path dir = Files.createDirectories(root.resolve(writer.getKey().replaceAll("\\W", "")));
            FileTrees.copy(DEMO.resolve("synth"), dir.resolve("synth"));
            describe(dir.resolve("synth/gradient"), "Dégradé");
            EffectLibrary library = new EffectLibrary(dir);
            catalog.generate(library, false);
            Path file = dir.resolve("manifest.json");
            Files.writeString(file, writer.getValue().apply(Json.mapper().readTree(file.toFile())));

            describe(dir.resolve("synth/plasma"), "edited ü");
            deleteTree(dir.resolve("synth/rings"));
            FileTrees.copy(DEMO.resolve("filter/blur"), dir.resolve("filter/blur"));
            ManifestReport report = catalog.generate(library, false);
            assertEquals(List.of("filter/blur"), report.added(), writer.getKey());
            assertEquals(List.of("synth/plasma"), report.changed(), writer.getKey());
            assertEquals(List.of("synth/rings"), report.removed(), writer.getKey());
            assertEquals(writer.getValue().apply(Json.mapper().readTree(EffectCatalog.text(library))),
                    Files.readString(file), writer.getKey());
        }
    }

    private static ObjectWriter indented(Separators separators, String indent, String eol) {
        return Json.mapper().writer(new DefaultPrettyPrinter(separators)
                .withObjectIndenter(new DefaultIndenter(indent, eol))
                .withArrayIndenter(new DefaultIndenter(indent, eol)));
    }

    private static String write(ObjectWriter writer, JsonNode node) {
        try {
            return writer.writeValueAsString(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void describe(Path effect, String description) throws IOException {
        Path definition = effect.resolve("definition.json");
        Files.writeString(definition, Files.readString(definition).replaceFirst("\"description\": \"[^\"]*\"",
                "\"description\": \"" + description + "\""));
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
