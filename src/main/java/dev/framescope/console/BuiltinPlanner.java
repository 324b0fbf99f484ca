package dev.framescope.console;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The planner that needs no model and no network: it starts from get_frame_digest, picks the anomaly the question is
 * about by its words ({@link QuestionTopic}: NaN/Inf, geometry, UVs, overdraw or "slow", API errors, depth; the most
 * severe one when it asks whether anything is wrong), and follows the tools' own recommended_next_calls from there
 * for a few steps. A count the digest holds, and a question about nothing measured, end at the digest. Its explanation is assembled from the measured results only
 * ({@link BuiltinExplanation}) and says so.
 */
public final class BuiltinPlanner implements Planner {

    public static final String ID = "builtin";
    /** Digest, insight, the cause (shader or vertices), one more look: enough for every fixture defect. */
    static final int MAX_CALLS = 4;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String label() {
        return "Built-in (no model, no network): digest → anomaly → recommended calls";
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public Step next(Question question, List<ToolCaller.Answer> done, List<ToolCaller.ToolInfo> tools) {
        if (done.isEmpty()) {
            return new Step("get_frame_digest", Map.of("capture", question.capture()), "every anomaly of the frame, "
                    + "ranked, with the calls that drill into each");
        }
        if (done.size() >= MAX_CALLS) {
            return null;
        }
        ToolCaller.Answer last = done.get(done.size() - 1);
        if (last.error()) {
            return null;
        }
        if (last.tool().equals("get_frame_digest")) {
            return fromDigest(question, last.body());
        }
        if (last.tool().equals("get_counters")) {
            JsonNode top = last.body().at("/draws/preview/0");
            return top.isMissingNode() ? null : step(question, "get_event_insight",
                    Map.of("event_id", top.get("event_id").asInt()), "the draw that touches the most samples");
        }
        // After the insight, its first recommendation reaches the cause (the shader and its constants, the
        // offending vertices); after that the cause is shown and the planner stops.
        JsonNode next = last.body().at("/recommended_next_calls/0");
        if (!last.tool().equals("get_event_insight") || last.body().path("findings").isEmpty()
                || next.isMissingNode()) {
            return null;
        }
        return toStep(question, next);
    }

    /**
     * The anomaly the question is about, or for a question whether anything is wrong the most severe one; "slow"
     * questions go to the draw costs. A count the digest gives ("how many draws") is answered by the digest itself,
     * and a question about nothing the tools measure gets no further call: both stop here.
     */
    private Step fromDigest(Question question, JsonNode digest) {
        QuestionTopic topic = QuestionTopic.of(question.text());
        List<String> wanted = topic.codes();
        if (wanted.isEmpty() && !topic.general()) {
            return null;
        }
        JsonNode anomalies = digest.at("/anomalies/preview");
        if (wanted.contains("many_draws_one_group") && anomaly(anomalies, wanted) == null) {
            return step(question, "get_counters", Map.of("top_n", 10), "the question is about cost: draws by "
                    + "samples passed");
        }
        JsonNode chosen = anomaly(anomalies, wanted);
        if (chosen == null && anomalies.size() > 0) {
            chosen = anomalies.get(0);
        }
        if (chosen == null || chosen.path("event_id").isNull()) {
            return null;
        }
        return step(question, "get_event_insight", Map.of("event_id", chosen.get("event_id").asInt()),
                chosen.get("code").asText() + " at event " + chosen.get("event_id").asInt() + " ("
                        + chosen.path("marker_path").asText() + "): " + chosen.path("message").asText());
    }

    private static JsonNode anomaly(JsonNode anomalies, List<String> codes) {
        for (String code : codes) {
            for (JsonNode a : anomalies) {
                if (a.path("code").asText().equals(code)) {
                    return a;
                }
            }
        }
        return null;
    }

    private static Step toStep(Question question, JsonNode call) {
        Map<String, Object> arguments = Json.mapper().convertValue(call.get("arguments"),
                new TypeReference<LinkedHashMap<String, Object>>() { });
        arguments.put("capture", question.capture());
        return new Step(call.get("tool").asText(), arguments, call.path("why").asText());
    }

    private static Step step(Question question, String tool, Map<String, Object> arguments, String why) {
        Map<String, Object> withCapture = new LinkedHashMap<>(arguments);
        withCapture.put("capture", question.capture());
        return new Step(tool, withCapture, why);
    }

    @Override
    public Explanation explain(Question question, List<ToolCaller.Answer> done) {
        return BuiltinExplanation.of(question.text(), done);
    }
}
