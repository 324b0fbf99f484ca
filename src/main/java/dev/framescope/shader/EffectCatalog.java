package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Bounded;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import dev.framescope.common.WritableRoots;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.Program;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code search_effects} without a query (list_effects before) and {@code generate_shader_manifest}: what is under an
 * effects root, read from disk only. The manifest keeps the original design's shape ({@code {"ns/effect": {description,
 * tags, hasTex?, glsl: {program: "combined"}, wgsl: {program: 1}}}}), written with sorted keys so that the same folder
 * always gives the same bytes.
 */
public final class EffectCatalog {

    public static final String MANIFEST = "manifest.json";

    private final WritableRoots writable;

    /** @param writable where the manifest may be written (an effects root outside them is refused) */
    public EffectCatalog(WritableRoots writable) {
        this.writable = writable;
    }

    public record EffectEntry(String id, String name, String format, String kind, String description,
                              List<String> tags, List<String> passes, boolean glsl, boolean wgsl,
                              List<String> globals) {
    }

    /** {@code page}: where this answer starts and where the next starts (null: the list ends here). */
    public record EffectList(int schemaVersion, String summary, String effectsRoot, Bounded<EffectEntry> effects,
                             BatchPage.ListPage page) {
    }

    /**
     * The selected effects {@code offset..}, at most {@code limit} and as many as fit the output budget: a folder of
     * hundreds of ISF files answers a page saying where the next starts, not OUTPUT_TOO_LARGE.
     */
    public EffectList list(EffectLibrary library, String selector, int offset, int limit) {
        List<EffectEntry> entries = library.select(selector).stream().map(EffectCatalog::entry).toList();
        if (offset > 0 && offset >= entries.size()) {
            throw ToolException.invalidArgument("offset", "below the " + entries.size() + " effect(s) selected",
                    String.valueOf(offset));
        }
        long filters = entries.stream().filter(e -> e.kind().equals("filter")).count();
        long transitions = entries.stream().filter(e -> e.kind().equals("transition")).count();
        BatchPage.Cut<EffectEntry> cut = BatchPage.fit(entries, offset, limit, BatchPage.RESULT_BUDGET_BYTES);
        int shown = cut.items().preview().size();
        return new EffectList(EffectCompiler.SCHEMA_VERSION, entries.size() + " effect(s): " + filters
                + " filter(s), " + (entries.size() - filters - transitions) + " generator(s)"
                + (transitions > 0 ? ", " + transitions + " transition(s)" : "") + "."
                + (cut.items().truncated() ? " Listed " + shown + " from offset " + offset + "." : "") + cut.more(),
                library.root().toString(), cut.items(), cut.page());
    }

    private static EffectEntry entry(Effect effect) {
        JsonNode d = effect.definition();
        List<String> tags = new ArrayList<>();
        d.path("tags").forEach(t -> tags.add(t.asText()));
        List<String> globals = new ArrayList<>();
        d.path("globals").fieldNames().forEachRemaining(globals::add);
        return new EffectEntry(effect.id(), d.path("name").asText(effect.id()), effect.formatName(), effect.kind(),
                d.path("description").asText(null), tags,
                effect.programs().stream().map(Program::pass).toList(),
                effect.programs().stream().allMatch(p -> p.glsl() != null),
                effect.programs().stream().allMatch(p -> p.wgsl() != null), globals);
    }

    public record ManifestReport(int schemaVersion, String summary, String path, boolean written, boolean dryRun,
                                 int effects, List<String> added, List<String> removed, List<String> changed,
                                 List<String> kept) {
    }

    /**
     * Builds the manifest of every native effect under the root and, unless {@code dryRun}, writes it when an entry
     * was added, removed or changed (atomically: temp file, then rename); a file that holds the same entries in
     * another layout is left alone, and a changed file keeps its layout ({@link ManifestText}). ISF files and
     * gl-transitions have no manifest entry, so a folder of them gets no file. An entry on disk that is not
     * FrameScope's to remove is kept as it is: one whose folder still exists (an effect of another format, such as
     * noisemaker's own library, whose runtime reads this file too). Only entries of native effects whose folder is
     * gone are removed.
     */
    public ManifestReport generate(EffectLibrary library, boolean dryRun) {
        ObjectNode manifest = manifest(library);
        Path file = library.root().resolve(MANIFEST);
        String oldText = Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? readText(file) : null;
        JsonNode old = readOld(oldText);
        List<String> added = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        manifest.properties().forEach(e -> {
            if (!old.has(e.getKey())) {
                added.add(e.getKey());
            } else if (!old.get(e.getKey()).equals(e.getValue())) {
                changed.add(e.getKey());
            }
        });
        old.properties().forEach(e -> {
            if (!manifest.has(e.getKey())) {
                if (notOurs(library.root(), e.getKey())) {
                    kept.add(e.getKey());
                } else {
                    removed.add(e.getKey());
                }
            }
        });
        for (String id : kept) {
            manifest.set(id, old.get(id));
        }
        boolean differs = !added.isEmpty() || !removed.isEmpty() || !changed.isEmpty();
        boolean written = differs && !dryRun;
        if (written) {
            Set<String> rewritten = new HashSet<>(added);
            rewritten.addAll(changed);
            write(file, text(oldText, old, manifest, rewritten));
        }
        int effects = manifest.size() - kept.size();
        String summary = (written ? "Wrote " : differs ? "Would write " : "Unchanged: ") + file + " ("
                + effects + " effects; " + added.size() + " added, " + removed.size()
                + " removed, " + changed.size() + " changed" + (kept.isEmpty() ? "" : "; " + kept.size()
                + " entries of folders FrameScope does not read as native effects kept as they are") + ")"
                + (differs || oldText != null ? "." : ": no native effect here, so no manifest is written.");
        return new ManifestReport(EffectCompiler.SCHEMA_VERSION, summary, file.toString(), written, dryRun,
                effects, added, removed, changed, kept);
    }

    /**
     * The file to write: the old one with the entries in {@code rewritten} written anew, those removed left out and
     * the rest as they were, in the old order (new ids sorted in where the old file was sorted, else after it); a
     * new or unreadable file in the generator's own layout, keys sorted.
     */
    private static String text(String oldText, JsonNode old, ObjectNode manifest, Set<String> rewritten) {
        TreeMap<String, JsonNode> sorted = new TreeMap<>();
        manifest.properties().forEach(e -> sorted.put(e.getKey(), e.getValue()));
        ManifestText layout = oldText == null ? null : ManifestText.read(oldText);
        if (layout == null) {
            ObjectNode fresh = Json.mapper().createObjectNode();
            sorted.forEach(fresh::set);
            return text(fresh);
        }
        List<String> oldIds = new ArrayList<>();
        old.fieldNames().forEachRemaining(oldIds::add);
        Map<String, JsonNode> ordered = new LinkedHashMap<>();
        if (!oldIds.equals(oldIds.stream().sorted().toList())) {
            oldIds.stream().filter(sorted::containsKey).forEach(id -> ordered.put(id, sorted.get(id)));
        }
        ordered.putAll(sorted);
        String text = layout.with(ordered, rewritten);
        return text != null ? text : text(Json.mapper().valueToTree(ordered));
    }

    /** An entry whose folder exists without being a native effect: another tool's, not FrameScope's to remove. */
    private static boolean notOurs(Path root, String id) {
        try {
            return Files.isDirectory(root.resolve(id), LinkOption.NOFOLLOW_LINKS);
        } catch (InvalidPathException e) {
            return true; // not a path at all: no effect of ours ever had that id
        }
    }

    /** The manifest as it would be written, for tests that keep the committed one current. */
    static String text(EffectLibrary library) {
        return text(manifest(library));
    }

    private static String text(ObjectNode manifest) {
        return Json.pretty(manifest) + "\n";
    }

    private static ObjectNode manifest(EffectLibrary library) {
        ObjectNode manifest = Json.mapper().createObjectNode();
        List<Effect> effects;
        try {
            effects = library.select("*");
        } catch (ToolException e) {
            if (e.code() == ErrorCode.NOT_FOUND && Files.isDirectory(library.root())) {
                return manifest; // an empty folder has an empty manifest
            }
            throw e;
        }
        for (Effect effect : effects) {
            if (!effect.hasNativeLayout()) {
                continue;
            }
            JsonNode d = effect.definition();
            ObjectNode entry = manifest.putObject(effect.id());
            entry.put("description", d.path("description").asText(""));
            if (d.has("tags")) {
                entry.set("tags", d.get("tags"));
            }
            if (d.has("starter")) {
                entry.set("starter", d.get("starter"));
            }
            if (effect.isFilter()) {
                entry.put("hasTex", true);
            }
            ObjectNode glsl = entry.putObject("glsl");
            ObjectNode wgsl = entry.putObject("wgsl");
            for (String program : new TreeSet<>(effect.programs().stream().map(Program::name).toList())) {
                Program p = effect.programs().stream().filter(q -> q.name().equals(program)).findFirst().orElseThrow();
                if (p.glsl() != null) {
                    glsl.put(program, "combined");
                }
                if (p.wgsl() != null) {
                    wgsl.put(program, 1);
                }
            }
        }
        return manifest;
    }

    private static JsonNode readOld(String text) {
        if (text == null) {
            return Json.mapper().createObjectNode();
        }
        try {
            JsonNode old = Json.mapper().readTree(text);
            return old != null && old.isObject() ? old : Json.mapper().createObjectNode();
        } catch (IOException e) {
            return Json.mapper().createObjectNode(); // an unreadable manifest is replaced; every id counts as added
        }
    }

    private static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** Only where the person allowed writes, never through a link, keeping the old file's permissions. */
    private void write(Path file, String text) {
        Path target = writable.checked("effects_root", file.toString(), ".json", true);
        try {
            WritableRoots.writeAtomically(target, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ToolException(ErrorCode.ENGINE_FAILED, "Cannot write " + file + ": " + e.getMessage(),
                    Map.of("path", file.toString()), e);
        }
    }
}
