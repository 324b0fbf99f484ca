package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The planner that needs no model and no network: it starts from get_frame_digest, picks the anomaly the question is
 * about by its words (NaN/Inf, geometry, UVs, overdraw or "slow", API errors, depth), and follows the tools' own
 * recommended_next_calls from there for a few steps. Its explanation is assembled from the measured results only
 * ({@link BuiltinExplanation}) and says so.
 */
public final class BuiltinPlanner implements Planner {

    public static final String ID = "builtin";
    /** Digest, insight, the cause (shader or vertices), one more look: enough for every fixture defect. */
    static final int MAX_CALLS = 4;

    /** Question words → the anomaly codes they are about, most specific first. */
    private static final List<Map.Entry<List<String>, List<String>>> TOPICS = List.of(
            Map.entry(List.of("nan", "not a number"), List.of("nan_written", "inf_written")),
            Map.entry(List.of("inf", "infinit", "overflow"), List.of("inf_written", "nan_written")),
            Map.entry(List.of("black", "white", "firefl", "hdr", "bloom", "sparkle"),
                    List.of("nan_written", "inf_written")),
            Map.entry(List.of("uv", "texture coordinate", "texcoord", "tiling", "tiled", "repeat"),
                    List.of("uv_out_of_range")),
            Map.entry(List.of("vertex", "vertices", "geometry", "mesh", "spike", "stretch", "triangle", "explod",
                    "position"), List.of("bad_vertex_positions", "degenerate_triangles", "uv_out_of_range")),
            Map.entry(List.of("error", "validation", "invalid", "warning", "api", "gl_"),
                    List.of("api_error", "api_warning", "api_message")),
            Map.entry(List.of("depth", "z-fight", "sorting", "behind"), List.of("no_depth_target")),
            Map.entry(List.of("overdraw", "slow", "perf", "expensive", "cost", "fps", "frame time"),
                    List.of("many_draws_one_group")));

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

    /** The anomaly the question is about, or the most severe one; "slow" questions go to the draw costs. */
    private Step fromDigest(Question question, JsonNode digest) {
        List<String> wanted = topic(question.text());
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

    static List<String> topic(String question) {
        String text = question.toLowerCase(Locale.ROOT);
        List<String> codes = new ArrayList<>();
        for (var entry : TOPICS) {
            if (entry.getKey().stream().anyMatch(text::contains)) {
                entry.getValue().stream().filter(c -> !codes.contains(c)).forEach(codes::add);
            }
        }
        return codes;
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
        Map<String, Object> arguments = new LinkedHashMap<>(Json.mapper()
                .convertValue(call.get("arguments"), Map.class));
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
