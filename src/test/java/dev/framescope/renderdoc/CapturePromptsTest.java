package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.PromptRecipe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The triage-capture prompt says what get_frame_digest answers: it filters on severities the digest's findings have
 * (the answer schema's enum) and describes the ranking the digest's schema declares.
 */
class CapturePromptsTest {

    private static final Pattern SEVERITY_WORDS = Pattern.compile(
            "severit(?:y|ies)\\s+(?:\\(([^)]*)\\)|([a-z]+(?:\\s+or\\s+[a-z]+)*))");

    private static String triage() {
        PromptRecipe recipe = CapturePrompts.all().stream().filter(p -> p.name().equals("triage-capture"))
                .findFirst().orElseThrow();
        return recipe.text().apply(Map.of("capture", "demo/captures/gl_defects.rdc"));
    }

    @Test
    void triageFiltersOnlyOnSeveritiesTheDigestUses() {
        Set<String> used = new TreeSet<>();
        AnswerSchemas.load(AnswerSchemas.SHARED).at("/$defs/severity/enum").forEach(e -> used.add(e.asText()));
        String text = triage();
        List<String> named = new ArrayList<>();
        Matcher m = SEVERITY_WORDS.matcher(text);
        while (m.find()) {
            String words = m.group(1) != null ? m.group(1) : m.group(2);
            for (String w : words.split("[,\\s]+|\\s+or\\s+")) {
                if (!w.isBlank() && !w.equals("or")) {
                    named.add(w);
                }
            }
        }
        assertFalse(named.isEmpty(), "the prompt picks findings by severity: " + text);
        assertTrue(used.containsAll(named), "severities " + named + " named; the digest's are " + used + ": " + text);
    }

    @Test
    void triageDescribesTheRankingTheDigestDeclares() {
        JsonNode digest = AnswerSchemas.load("get_frame_digest");
        String declared = digest.at("/properties/anomalies/description").asText();
        String text = triage().replaceAll("\\s+", " ");
        assertTrue(declared.endsWith(CapturePrompts.RANKING), declared);
        assertTrue(text.contains(CapturePrompts.RANKING), text);
        assertFalse(text.contains("ranked by severity"), "the digest ranks by kind first: " + text);
    }

    /** Each step is one line of single-spaced words: no runs left over from joining a text block's lines. */
    @Test
    void everyPromptReadsAsSingleSpacedLines() {
        for (PromptRecipe recipe : CapturePrompts.all()) {
            String text = recipe.text().apply(Map.of("capture", "demo/captures/gl_defects.rdc", "x", 3, "y", 4));
            assertFalse(text.contains("  "), recipe.name() + " has a run of spaces: " + text);
            assertTrue(text.lines().allMatch(line -> line.isEmpty() || !Character.isWhitespace(line.charAt(0))),
                    recipe.name() + " has an indented line: " + text);
        }
    }
}
