package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ToolCaller;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether the builtin planner's findings answer the question asked, or only describe the frame: a finding is not an
 * answer when the question names nothing the tools measure, when no finding is of the kind it asks about, or when it
 * asks about a part of the screen ("black in the middle") that no finding's box reaches. Such an answer is marked
 * {@link #UNANSWERED} with a sentence that says why, never "resolved" with an unrelated finding.
 */
final class QuestionFit {

    static final String UNANSWERED = "unanswered";

    /** Screen words → the part of the target they mean, as fractions x0, y0, x1, y1 (top-left origin). */
    private static final Map<String, double[]> PLACES = Map.of(
            "middle", new double[] {1 / 3.0, 1 / 3.0, 2 / 3.0, 2 / 3.0},
            "center", new double[] {1 / 3.0, 1 / 3.0, 2 / 3.0, 2 / 3.0},
            "centre", new double[] {1 / 3.0, 1 / 3.0, 2 / 3.0, 2 / 3.0},
            "top", new double[] {0, 0, 1, 0.5},
            "bottom", new double[] {0, 0.5, 1, 1},
            "left", new double[] {0, 0, 0.5, 1},
            "right", new double[] {0.5, 0, 1, 1});

    private QuestionFit() {
    }

    /**
     * A model planner's explanation as it stands, but marked {@link #UNANSWERED} with the sentence first when it was
     * "resolved" on findings that do not answer the question (the builtin planner's explanation does this itself).
     */
    static Planner.Explanation checked(String question, List<ToolCaller.Answer> done, Planner.Explanation said) {
        if (!"resolved".equals(said.status())) {
            return said;
        }
        String why = unanswered(question, done);
        return why == null ? said : new Planner.Explanation(why + "\n\n" + said.text(), said.author(), UNANSWERED);
    }

    /** Why a question about nothing the tools measure is not answered, whatever was found. */
    static final String NOTHING_MEASURED = "Unanswered: the question names nothing these tools measure ("
            + QuestionTopic.MEASURED + "), so what follows describes the frame, not an answer to it.";

    /**
     * The sentence that says why the findings do not answer {@code question}, or null when they do. A question about
     * nothing measured is unanswered whatever was called: a model planner may stop at the digest, with no insight.
     */
    static String unanswered(String question, List<ToolCaller.Answer> done) {
        QuestionTopic topic = QuestionTopic.of(question);
        if (!topic.isMeasured()) {
            return NOTHING_MEASURED;
        }
        List<String> wanted = topic.codes();
        JsonNode insight = lastInsight(done);
        if (insight == null) {
            return null; // the digest covers the whole frame: what it did not find is an answer too
        }
        List<String> codes = new ArrayList<>();
        insight.path("findings").forEach(f -> codes.add(f.path("code").asText()));
        if (wanted.isEmpty()) {
            return null; // "anything wrong?": any finding answers it (a count is answered by the digest)
        }
        if (codes.stream().noneMatch(wanted::contains)) {
            return "Unanswered: no finding is of the kind the question asks about (" + String.join(", ", wanted)
                    + "); the findings below are what the data shows instead.";
        }
        String text = question.toLowerCase(Locale.ROOT);
        JsonNode viewport = insight.at("/pipeline/viewport");
        double width = viewport.path("width").asDouble();
        double height = viewport.path("height").asDouble();
        for (var place : PLACES.entrySet()) {
            if (!text.matches("(?s).*\\b" + place.getKey() + "\\b.*") || width <= 0 || height <= 0) {
                continue;
            }
            double[] p = place.getValue();
            double[] region = {p[0] * width, p[1] * height, p[2] * width, p[3] * height};
            List<String> boxes = new ArrayList<>();
            boolean reached = false;
            for (JsonNode f : insight.path("findings")) {
                JsonNode box = f.path("box");
                if (wanted.contains(f.path("code").asText()) && box.isArray() && box.size() == 4) {
                    boxes.add(box.toString());
                    reached |= box.get(0).asDouble() < region[2] && box.get(2).asDouble() > region[0]
                            && box.get(1).asDouble() < region[3] && box.get(3).asDouble() > region[1];
                }
            }
            if (!boxes.isEmpty() && !reached) {
                return String.format(Locale.ROOT, "Unanswered: the question asks about the %s of the screen, and "
                        + "nothing the tools measured is there: the finding's box %s (x0, y0, x1, y1, top-left "
                        + "origin) lies outside it (%.0f..%.0f x %.0f..%.0f of the %.0f x %.0f viewport). The data "
                        + "does not say why that part looks as it does.", place.getKey(), String.join(", ", boxes),
                        region[0], region[2], region[1], region[3], width, height);
            }
        }
        return null;
    }

    private static JsonNode lastInsight(List<ToolCaller.Answer> done) {
        for (int i = done.size() - 1; i >= 0; i--) {
            if (!done.get(i).error() && done.get(i).tool().equals("get_event_insight")) {
                return done.get(i).body();
            }
        }
        return null;
    }
}
