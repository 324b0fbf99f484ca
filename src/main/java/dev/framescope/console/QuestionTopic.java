package dev.framescope.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a question about a capture asks, read from its words: the anomaly codes it is about (NaN/Inf, vertices, UVs,
 * API messages, depth, draw cost), whether it asks in general whether anything is wrong, or which of the frame
 * digest's counts it asks for ("how many draws"). Words are matched whole, never as substrings: "capital" does not
 * say "api", "information" does not say "inf". A keyword matches the word itself or its plural (s, es); one ending
 * in {@code *} is a stem and matches every word it begins ("infinit*": infinite, infinity); one of several words
 * matches them in a row. Immutable.
 *
 * @param codes   the anomaly codes asked about, most specific first
 * @param general the question asks whether anything is wrong
 * @param count   the digest statistic asked for, or null
 */
record QuestionTopic(List<String> codes, boolean general, Count count) {

    /** A count of the frame digest's {@code statistics} (or of its anomalies): the field and what it counts. */
    record Count(String field, String one, String many) {
        String noun(int n) {
            return n == 1 ? one : many;
        }
    }

    /** Question words → the anomaly codes they are about, most specific first. */
    private static final List<Map.Entry<List<String>, List<String>>> TOPICS = List.of(
            Map.entry(List.of("nan", "not a number"), List.of("nan_written", "inf_written")),
            Map.entry(List.of("inf", "infinit*", "overflow*"), List.of("inf_written", "nan_written")),
            Map.entry(List.of("black", "white", "firefl*", "hdr", "bloom", "sparkl*"),
                    List.of("nan_written", "inf_written")),
            Map.entry(List.of("uv", "texture coordinate", "texcoord*", "tiling", "tiled", "repeat*"),
                    List.of("uv_out_of_range")),
            Map.entry(List.of("vertex", "vertices", "geometry", "mesh*", "spike*", "stretch*", "triangle*", "explod*",
                    "position*"), List.of("bad_vertex_positions", "degenerate_triangles", "uv_out_of_range")),
            Map.entry(List.of("error*", "validation", "invalid", "warning*", "api", "gl_*"),
                    List.of("api_error", "api_warning", "api_message")),
            Map.entry(List.of("depth", "z-fight*", "sorting", "behind"), List.of("no_depth_target")),
            Map.entry(List.of("overdraw*", "slow*", "perf", "performance", "expensive", "cost*", "fps", "frame time"),
                    List.of("many_draws_one_group")));

    /** Words that ask whether anything at all is wrong with the frame. */
    private static final List<String> GENERAL = List.of("wrong", "problem*", "issue*", "bug*", "broken", "anomal*",
            "glitch*", "artifact*", "artefact*", "defect*", "suspicious", "weird", "strange", "odd", "triage");

    /** What may be counted → the digest field that counts it; "how many", "number of" or "count" must come first. */
    private static final List<Map.Entry<List<String>, Count>> COUNTS = List.of(
            Map.entry(List.of("draw", "draw call", "drawcall*"), new Count("draw_calls", "draw call", "draw calls")),
            Map.entry(List.of("dispatch"), new Count("dispatches", "dispatch", "dispatches")),
            Map.entry(List.of("clear"), new Count("clears", "clear", "clears")),
            Map.entry(List.of("copy", "copies"), new Count("copies", "copy", "copies")),
            Map.entry(List.of("marker*", "pass"), new Count("marker_groups", "marker group", "marker groups")),
            Map.entry(List.of("anomal*", "finding*"), new Count("anomalies", "anomaly", "anomalies")),
            Map.entry(List.of("action", "event", "call"), new Count("actions", "action", "actions")));

    private static final List<String> ASKS_COUNT = List.of("how many", "number of", "count");

    /** The words a topic is told by, for a sentence that says what the builtin planner understands. */
    static final String MEASURED = "NaN/Inf writes, vertices, UVs, API errors, depth, draw cost, the frame's counts "
            + "of draws and other actions, or whether anything is wrong";

    static QuestionTopic of(String question) {
        List<String> words = words(question);
        List<String> codes = new ArrayList<>();
        for (var entry : TOPICS) {
            if (entry.getKey().stream().anyMatch(k -> says(words, k))) {
                entry.getValue().stream().filter(c -> !codes.contains(c)).forEach(codes::add);
            }
        }
        Count count = null;
        if (ASKS_COUNT.stream().anyMatch(k -> says(words, k))) {
            for (var entry : COUNTS) {
                if (count == null && entry.getKey().stream().anyMatch(k -> says(words, k))) {
                    count = entry.getValue();
                }
            }
        }
        return new QuestionTopic(List.copyOf(codes), GENERAL.stream().anyMatch(k -> says(words, k)), count);
    }

    /** Whether the question asks anything the builtin planner can answer from the tools. */
    boolean isMeasured() {
        return !codes.isEmpty() || general || count != null;
    }

    /** The question's words, lower case; letters, digits, '_' and '-' make a word. */
    private static List<String> words(String question) {
        List<String> words = new ArrayList<>();
        for (String w : question.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_-]+")) {
            String word = w.replaceAll("^-+|-+$", "");
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return words;
    }

    /** Whether {@code keyword} (one or more words) stands in {@code words}, word for word. */
    private static boolean says(List<String> words, String keyword) {
        String[] parts = keyword.split(" ");
        for (int start = 0; start + parts.length <= words.size(); start++) {
            boolean all = true;
            for (int i = 0; i < parts.length && all; i++) {
                all = matches(words.get(start + i), parts[i]);
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(String word, String key) {
        if (key.endsWith("*")) {
            return word.startsWith(key.substring(0, key.length() - 1));
        }
        return word.equals(key) || word.equals(key + "s") || word.equals(key + "es");
    }
}
