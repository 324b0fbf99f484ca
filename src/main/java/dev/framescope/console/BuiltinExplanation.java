package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ToolCaller;
import java.util.ArrayList;
import java.util.List;

/**
 * The builtin planner's explanation: sentences assembled from the measured results (event, marker path, counts,
 * boxes, the shader lines and constant values, the offending vertices), nothing guessed, and a plain statement that
 * no model wrote it.
 */
final class BuiltinExplanation {

    static final String AUTHOR = "builtin (no model: measured facts only)";

    private BuiltinExplanation() {
    }

    /** A tag the builtin planner gives besides resolved, warning and unanswered: the tools found nothing wrong. */
    static final String NO_FINDING = "no_finding";

    /**
     * The explanation and its tag: {@code resolved} when a finding of the kind asked about (or any, for "anything
     * wrong?") was shown, a count asked for was read from the digest, or a cost question was ranked by get_counters;
     * {@code unanswered} when the question names nothing measured, or the findings are of another kind or elsewhere
     * ({@link QuestionFit}); {@code no_finding} when the digest checked the frame and found no anomaly at all;
     * {@code warning} when a call failed or nothing else applies.
     */
    static Planner.Explanation of(String question, List<ToolCaller.Answer> done) {
        List<String> parts = new ArrayList<>();
        boolean found = false;
        boolean failed = false;
        JsonNode digest = null;
        boolean ranked = false;
        for (ToolCaller.Answer answer : done) {
            if (answer.error()) {
                failed = true;
                parts.add(answer.tool() + " failed: " + answer.body().path("message").asText() + ".");
                continue;
            }
            digest = answer.tool().equals("get_frame_digest") ? answer.body() : digest;
            ranked |= answer.tool().equals("get_counters") && !answer.body().at("/draws/preview/0").isMissingNode();
            JsonNode body = answer.body();
            switch (answer.tool()) {
                case "get_frame_digest" -> parts.add(digest(body));
                case "get_event_insight" -> {
                    found |= !body.path("findings").isEmpty();
                    parts.add(insight(body));
                }
                case "get_shader_info" -> parts.add(shader(body));
                case "geometry_anomalies" -> parts.add(geometry(body));
                case "get_counters" -> parts.add(timings(body));
                case "pixel_history" -> parts.add("Pixel history: " + answer.text());
                default -> parts.add(answer.tool() + ": " + answer.text());
            }
        }
        parts.removeIf(String::isBlank);
        QuestionTopic topic = QuestionTopic.of(question);
        String status;
        if (!topic.isMeasured()) {
            parts.add(0, QuestionFit.NOTHING_MEASURED);
            status = QuestionFit.UNANSWERED;
        } else if (found) {
            String unanswered = QuestionFit.unanswered(question, done);
            if (unanswered != null) {
                parts.add(0, unanswered);
            }
            status = unanswered == null ? "resolved" : QuestionFit.UNANSWERED;
        } else if (topic.codes().isEmpty() && topic.count() != null && digest != null) {
            parts.add(0, count(digest, topic.count()));
            status = "resolved";
        } else if (ranked && topic.codes().contains("many_draws_one_group")) {
            status = "resolved";
        } else {
            status = !failed && digest != null && digest.at("/anomalies/count").asInt(-1) == 0 ? NO_FINDING
                    : "warning";
        }
        parts.add("(Written by FrameScope's builtin planner from the tools' measured results; no language model "
                + "wrote or checked this.)");
        return new Planner.Explanation(String.join("\n\n", parts), AUTHOR, status);
    }

    /** "The frame has 1 draw call (get_frame_digest: …)": a count the question asks for, as the digest has it. */
    private static String count(JsonNode digest, QuestionTopic.Count count) {
        JsonNode stats = digest.path("statistics");
        int n = count.field().equals("anomalies") ? digest.at("/anomalies/count").asInt()
                : stats.path(count.field()).asInt();
        return String.format("The frame has %d %s (get_frame_digest's statistics: actions %d, draw calls %d, "
                + "dispatches %d, clears %d, copies %d, marker groups %d; anomalies %d).", n, count.noun(n),
                stats.path("actions").asInt(), stats.path("draw_calls").asInt(), stats.path("dispatches").asInt(),
                stats.path("clears").asInt(), stats.path("copies").asInt(), stats.path("marker_groups").asInt(),
                digest.at("/anomalies/count").asInt());
    }

    private static String digest(JsonNode digest) {
        int count = digest.at("/anomalies/count").asInt();
        if (count == 0) {
            int draws = digest.at("/statistics/draw_calls").asInt();
            return "The frame digest found no anomaly in the data (" + draws + (draws == 1 ? " draw" : " draws")
                    + " checked for NaN/Inf writes, bad vertices, UVs out of range, API messages and missing depth).";
        }
        List<String> codes = new ArrayList<>();
        digest.at("/anomalies/preview").forEach(a -> {
            String line = a.path("code").asText() + " at event " + a.path("event_id").asText() + " ("
                    + a.path("marker_path").asText() + ")";
            if (codes.size() < 4) {
                codes.add(line);
            }
        });
        return "The frame digest found " + count + " anomal" + (count == 1 ? "y" : "ies") + ": "
                + String.join("; ", codes) + (count > codes.size() ? "; …" : "") + ".";
    }

    private static String insight(JsonNode insight) {
        StringBuilder text = new StringBuilder("Event " + insight.path("event_id").asInt() + " ("
                + insight.path("marker_path").asText() + ", " + insight.at("/action/name").asText() + ")");
        if (insight.path("findings").isEmpty()) {
            return text + " shows no finding in its data.";
        }
        List<String> findings = new ArrayList<>();
        insight.path("findings").forEach(f -> findings.add(clause(f.path("message").asText())
                + (f.has("box") && !f.get("box").isNull() ? " in the box " + f.get("box") + " (x0, y0, x1, y1, "
                + "top-left origin)" : "")));
        text.append(": ").append(String.join("; ", findings)).append('.');
        if (insight.hasNonNull("highlight_stage")) {
            text.append(" Pipeline stage: ").append(insight.get("highlight_stage").asText()).append('.');
        }
        return text.toString();
    }

    /** A finding's message as a clause of a sentence: no trailing separator, no run of them inside. */
    static String clause(String message) {
        return message.replaceAll("\\s*;(\\s*;)+", ";").replaceAll("[\\s;.,|]+$", "");
    }

    private static String shader(JsonNode shader) {
        List<String> lines = new ArrayList<>();
        String source = shader.at("/source_files/0/source").asText("");
        for (String line : source.split("\n")) {
            if (line.contains("/") && !line.trim().startsWith("//") && lines.size() < 3) {
                lines.add(clause(line.trim()));
            }
        }
        List<String> constants = new ArrayList<>();
        shader.at("/constants/preview").forEach(c -> {
            if (constants.size() < 6 && !c.path("type").asText().equals("struct")
                    && !c.path("type").asText().equals("array")) {
                constants.add(c.path("name").asText() + " = " + c.path("value"));
            }
        });
        return "The " + shader.path("stage").asText() + " shader at event " + shader.path("event_id").asInt()
                + (lines.isEmpty() ? "" : " divides in: " + String.join(" | ", lines))
                + (constants.isEmpty() ? "." : "; its constants at this event: " + String.join(", ", constants)
                + ".");
    }

    private static String geometry(JsonNode geometry) {
        JsonNode draw = geometry.at("/draws/preview/0");
        if (draw.isMissingNode()) {
            return "geometry_anomalies found nothing wrong in the vertices.";
        }
        List<String> vertices = new ArrayList<>();
        draw.at("/offending_vertices/preview").forEach(v -> {
            if (vertices.size() < 4) {
                boolean uv = v.path("reason").asText().equals("uv_out_of_range") && v.has("uv");
                vertices.add("#" + v.path("index").asInt() + " " + v.path("reason").asText() + (uv ? " UV "
                        + v.path("uv") : " position " + v.path("position")));
            }
        });
        JsonNode uvRange = draw.path("uv_range");
        String uvs = draw.path("uv_out_of_range").asBoolean() ? "; UVs (" + uvRange.path("attribute").asText()
                + ") span " + uvRange.path("min").asText() + " to " + uvRange.path("max").asText()
                + ", outside [0, 1]" : "";
        return "Vertices of event " + draw.path("event_id").asInt() + ": "
                + draw.at("/bad_vertices/count").asInt() + " with NaN/Inf/huge positions" + uvs
                + (vertices.isEmpty() ? "" : " (" + String.join(", ", vertices) + ")") + ".";
    }

    private static String timings(JsonNode timings) {
        JsonNode top = timings.at("/draws/preview/0");
        return top.isMissingNode() ? "No draws to rank." : "The draw touching the most samples is event "
                + top.path("event_id").asInt() + " (" + top.path("marker_path").asText() + "): "
                + top.path("samples_passed").asText() + " samples passed. " + timings.path("note").asText();
    }
}
