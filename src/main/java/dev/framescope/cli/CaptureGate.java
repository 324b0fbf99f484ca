package dev.framescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What assert-capture decides from a frame digest (get_frame_digest's anomalies, the findings every RenderDoc answer
 * shares): the kinds a CI gate fails on, the findings of each, and which of them the caller allowed. Checks nothing
 * itself, so the gate and the digest never disagree.
 */
final class CaptureGate {

    /** The finding codes that fail a frame, with what each means, in report order. */
    static final Map<String, String> KINDS = kinds();

    private static Map<String, String> kinds() {
        Map<String, String> kinds = new LinkedHashMap<>();
        kinds.put("nan_written", "a draw writes NaN texels to a float colour target");
        kinds.put("inf_written", "a draw writes Inf texels to a float colour target");
        kinds.put("bad_vertex_positions", "NaN/Inf, huge or w <= 0 positions after the vertex shader");
        kinds.put("degenerate_triangles", "zero-area triangles");
        kinds.put("uv_out_of_range", "UVs outside [0, 1]");
        kinds.put("api_error", "an API error or validation error the capture recorded");
        kinds.put("api_warning", "an API or validation warning the capture recorded");
        kinds.put("api_message", "another API or validation message the capture recorded");
        return Collections.unmodifiableMap(kinds);
    }

    /** One anomaly of a gated kind. */
    record Finding(String kind, Integer eventId, String markerPath, String message, boolean allowed) {
        /** The one line a CI log shows for it. */
        String line() {
            String where = eventId == null ? "after the last action" : "event " + eventId + " (" + (markerPath
                    .isEmpty() ? "no marker" : markerPath) + ")";
            return (allowed ? "allowed " : "FAIL ") + kind + " at " + where + ": " + message;
        }
    }

    /**
     * The verdict on one capture.
     *
     * @param findings   every anomaly of a gated kind, allowed ones included
     * @param unlisted   anomalies the digest counted past its bound, which could not be checked (they fail the frame)
     */
    record Verdict(String capture, List<Finding> findings, int unlisted) {
        boolean passed() {
            return unlisted == 0 && findings.stream().allMatch(Finding::allowed);
        }

        List<Finding> failing() {
            return findings.stream().filter(f -> !f.allowed()).toList();
        }

        List<Finding> of(String kind) {
            return findings.stream().filter(f -> f.kind().equals(kind)).toList();
        }
    }

    private CaptureGate() {
    }

    /** The verdict on a get_frame_digest answer, with {@code allowed} kinds reported but not failing. */
    static Verdict judge(JsonNode digest, Set<String> allowed) {
        List<Finding> findings = new ArrayList<>();
        JsonNode anomalies = digest.path("anomalies");
        for (JsonNode a : anomalies.path("preview")) {
            String code = a.path("code").asText();
            if (KINDS.containsKey(code)) {
                findings.add(new Finding(code, a.path("event_id").isInt() ? a.path("event_id").asInt() : null,
                        a.path("marker_path").asText(), a.path("message").asText(), allowed.contains(code)));
            }
        }
        int unlisted = anomalies.path("count").asInt() - anomalies.path("preview").size();
        return new Verdict(digest.path("capture").asText(), findings, Math.max(0, unlisted));
    }
}
