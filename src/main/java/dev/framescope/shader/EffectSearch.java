package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Bounded;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.Program;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code search_effects}: finds effects by their metadata (a case-insensitive substring of id, name, description,
 * tags, author, ISF CATEGORIES/CREDIT, Shadertoy title, manifest.json entries) and shader source lines by a regular
 * expression, from disk only. The scan is bounded: at most {@link #MAX_SCAN_BYTES} of source and
 * {@link #TIME_LIMIT_MS} of matching (a pathological pattern is cut off through {@link Deadline}); a cut scan says so.
 * Stateless and safe to call from several requests at once.
 */
public final class EffectSearch {

    static final long MAX_SCAN_BYTES = 32L << 20;
    static final long TIME_LIMIT_MS = 10_000;
    static final int MAX_LINE_CHARS = 200;

    private final long timeLimitMs;

    public EffectSearch() {
        this(TIME_LIMIT_MS);
    }

    /** @param timeLimitMs how long matching may run before the scan is cut */
    EffectSearch(long timeLimitMs) {
        this.timeLimitMs = timeLimitMs;
    }

    /** One effect whose metadata holds the query; {@code fields} names where (id, name, description, tags…). */
    public record EffectMatch(String id, String name, String format, List<String> fields, String description,
                              List<String> tags) {
    }

    /**
     * One source line the pattern matches: {@code file} relative to the effects root, {@code line} 1-based in the file
     * (for a gl-transitions.json entry or a Shadertoy export's pass, in that entry's or pass's code, named by
     * {@code part}), the line's text cut to 200 characters.
     */
    public record SourceMatch(String effect, String file, String part, int line, String text) {
    }

    /**
     * {@code page}: the offset both lists start at, and where a next call starts (null: neither list goes on; else
     * the first item the more cut list did not show, so nothing is skipped).
     */
    public record SearchReport(int schemaVersion, String summary, String query, String sourceRegex, int effectsSearched,
                               Bounded<EffectMatch> effects, Bounded<SourceMatch> sourceMatches, int sourcesScanned,
                               long bytesScanned, boolean scanCut, String note, BatchPage.ListPage page) {
    }

    public SearchReport search(EffectLibrary library, String selector, String query, String sourceRegex, int limit) {
        return search(library, selector, query, sourceRegex, 0, limit);
    }

    /** Both lists from {@code offset}, each at most {@code limit} and half the output budget. */
    public SearchReport search(EffectLibrary library, String selector, String query, String sourceRegex, int offset,
                               int limit) {
        if ((query == null || query.isBlank()) && (sourceRegex == null || sourceRegex.isEmpty())) {
            throw ToolException.invalidArgument("query", "a text to look for in the effects' metadata, or a "
                    + "source_regex (at least one of the two)", query);
        }
        Pattern pattern = compile(sourceRegex);
        List<Effect> effects = library.select(selector);
        List<EffectMatch> found = new ArrayList<>();
        if (query != null && !query.isBlank()) {
            Map<String, JsonNode> manifest = manifest(library.root());
            String needle = query.toLowerCase(Locale.ROOT);
            for (Effect effect : effects) {
                EffectMatch match = match(effect, manifest.get(effect.id()), needle);
                if (match != null) {
                    found.add(match);
                }
            }
        }
        Scan scan = new Scan(library.root(), pattern, System.currentTimeMillis() + timeLimitMs);
        if (pattern != null) {
            for (Effect effect : effects) {
                if (!scan.effect(effect)) {
                    break;
                }
            }
        }
        BatchPage.Cut<EffectMatch> effectPage = BatchPage.fit(found, offset, limit, BatchPage.RESULT_BUDGET_BYTES / 2);
        BatchPage.Cut<SourceMatch> linePage = BatchPage.fit(scan.matches, offset, limit,
                BatchPage.RESULT_BUDGET_BYTES / 2);
        BatchPage.Cut<?> sooner = linePage.page().nextOffset() == null || effectPage.page().nextOffset() != null
                && effectPage.page().nextOffset() < linePage.page().nextOffset() ? effectPage : linePage;
        String summary = (query == null || query.isBlank() ? "" : found.size() + " of " + effects.size()
                + " effect(s) match '" + query + "'" + (pattern == null ? "." : "; "))
                + (pattern == null ? "" : scan.matches.size() + " source line(s) match /" + sourceRegex + "/ in "
                + scan.sources + " source(s)" + (scan.cutReason == null ? "." : " (scan cut: " + scan.cutReason
                + ")."))
                + (offset > 0 ? " Listed from offset " + offset + "." : "") + sooner.more();
        return new SearchReport(EffectCompiler.SCHEMA_VERSION, summary, query, sourceRegex, effects.size(),
                effectPage.items(), linePage.items(), scan.sources, scan.bytes, scan.cutReason != null,
                scan.cutReason, sooner.page());
    }

    private static Pattern compile(String regex) {
        if (regex == null || regex.isEmpty()) {
            return null;
        }
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw ToolException.invalidArgument("source_regex", "a Java regular expression (" + e.getDescription()
                    + " near index " + e.getIndex() + ")", regex);
        }
    }

    /** The manifest.json of the root by id, or empty when there is none or it is not JSON. */
    private static Map<String, JsonNode> manifest(Path root) {
        Path file = root.resolve(EffectCatalog.MANIFEST);
        Map<String, JsonNode> entries = new LinkedHashMap<>();
        try {
            if (Files.isRegularFile(file) && Files.size(file) <= MAX_SCAN_BYTES) {
                Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8)).properties()
                        .forEach(e -> entries.put(e.getKey(), e.getValue()));
            }
        } catch (IOException e) {
            return Map.of(); // a broken manifest adds nothing to search; the listing reads the folders themselves
        }
        return entries;
    }

    /** The metadata fields of an effect by name, each a list of texts. */
    static Map<String, List<String>> metadata(Effect effect, JsonNode manifestEntry) {
        JsonNode d = effect.definition();
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("id", List.of(effect.id()));
        for (String key : List.of("name", "title", "description", "author", "license")) {
            if (d.hasNonNull(key)) {
                fields.put(key, List.of(d.get(key).asText()));
            }
        }
        fields.put("tags", texts(d.path("tags")));
        fields.putAll(effect.format().metadata(effect));
        if (manifestEntry != null) {
            List<String> manifest = new ArrayList<>(texts(manifestEntry.path("tags")));
            manifest.add(manifestEntry.path("description").asText(""));
            fields.put("manifest", manifest);
        }
        return fields;
    }

    private static EffectMatch match(Effect effect, JsonNode manifestEntry, String needle) {
        Map<String, List<String>> fields = metadata(effect, manifestEntry);
        List<String> hits = new ArrayList<>();
        fields.forEach((name, texts) -> {
            if (texts.stream().anyMatch(t -> t.toLowerCase(Locale.ROOT).contains(needle))) {
                hits.add(name);
            }
        });
        JsonNode d = effect.definition();
        return hits.isEmpty() ? null : new EffectMatch(effect.id(), d.path("name").asText(effect.id()),
                effect.formatName(), hits, d.path("description").asText(null), texts(d.path("tags")));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(t -> out.add(t.asText()));
        return out;
    }

    /** The source lines matched so far, within the byte and time bounds. */
    private static final class Scan {
        private final Path root;
        private final Pattern pattern;
        private final long deadline;
        private final List<SourceMatch> matches = new ArrayList<>();
        private final Set<Path> seen = new LinkedHashSet<>();
        private int sources;
        private long bytes;
        private String cutReason;

        Scan(Path root, Pattern pattern, long deadline) {
            this.root = root;
            this.deadline = deadline;
            this.pattern = pattern;
        }

        /**
         * Scans every source of {@code effect}: code inside a shared file (Shadertoy's Common tab and passes, a
         * collection entry) by its part, program files once each; false once a bound is reached.
         */
        boolean effect(Effect effect) {
            String shared = effect.format().sharedCode(effect);
            if (shared != null && !text(effect.id(), relative(effect.programs().get(0).glsl()), "Common", shared)) {
                return false;
            }
            for (Program p : effect.programs()) {
                String code = effect.format().embeddedCode(effect, p);
                if (code != null) {
                    if (!text(effect.id(), relative(p.glsl()), p.name(), code)) {
                        return false;
                    }
                    continue;
                }
                for (Path file : new Path[] {p.glsl(), p.wgsl()}) {
                    if (file != null && seen.add(file) && !file(effect.id(), file)) {
                        return false;
                    }
                }
            }
            return true;
        }

        private boolean file(String effect, Path file) {
            try {
                long size = Files.size(file);
                if (bytes + size > MAX_SCAN_BYTES) {
                    cutReason = "the sources exceed " + (MAX_SCAN_BYTES >> 20) + " MiB; narrow `effect`";
                    return false;
                }
                return text(effect, relative(file), null, Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException e) {
                return true; // unreadable or not UTF-8: nothing to match in it
            }
        }

        private boolean text(String effect, String file, String part, String text) {
            sources++;
            bytes += text.length();
            if (bytes > MAX_SCAN_BYTES) {
                cutReason = "the sources exceed " + (MAX_SCAN_BYTES >> 20) + " MiB; narrow `effect`";
                return false;
            }
            String[] lines = text.split("\r?\n", -1);
            try {
                for (int i = 0; i < lines.length; i++) {
                    Matcher m = pattern.matcher(new Deadline(lines[i], deadline));
                    if (m.find()) {
                        String line = lines[i].strip();
                        matches.add(new SourceMatch(effect, file, part, i + 1, line.length() > MAX_LINE_CHARS
                                ? line.substring(0, MAX_LINE_CHARS) + "…" : line));
                    }
                }
            } catch (Deadline.Expired e) {
                cutReason = "matching ran past the time limit; simplify source_regex or narrow "
                        + "`effect`";
                return false;
            }
            return true;
        }

        private String relative(Path file) {
            return root.relativize(file).toString().replace('\\', '/');
        }
    }

    /** A line that stops a runaway match: every 4096th character read checks the clock. */
    private static final class Deadline implements CharSequence {
        static final class Expired extends RuntimeException {
            private static final long serialVersionUID = 1L;
            Expired() {
                super(null, null, false, false);
            }
        }

        private final CharSequence text;
        private final long deadlineMs;
        private int reads;

        Deadline(CharSequence text, long deadlineMs) {
            this.text = text;
            this.deadlineMs = deadlineMs;
        }

        @Override
        public char charAt(int index) {
            if ((++reads & 0xFFF) == 0 && System.currentTimeMillis() > deadlineMs) {
                throw new Expired();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new Deadline(text.subSequence(start, end), deadlineMs);
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
