package dev.framescope.renderdoc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ToolOutput;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The first lines of debug_shader's and replace_shader's answers, and replace_shader's picture taken out of the
 * bridge's JSON into an MCP image. The answers themselves are the bridge's (shader_debug.py, shader_replace.py).
 */
final class ShaderAnswers {

    private ShaderAnswers() {
    }

    static String debugSummary(JsonNode r) {
        if (r.path("status").asText().equals("unsupported")) {
            return r.path("message").asText();
        }
        String what = r.has("pixel") ? "Pixel (" + r.at("/pixel/x").asInt() + ", " + r.at("/pixel/y").asInt() + ")"
                : "Vertex " + r.at("/vertex/vertex").asInt();
        StringBuilder out = new StringBuilder(what + " of event " + r.path("event_id").asInt() + " ("
                + r.path("stage").asText() + " shader" + (r.path("replaced").asBoolean() ? ", replaced" : "")
                + "): " + r.path("steps_run").asInt() + " steps"
                + (r.path("complete").asBoolean() ? "" : " (stopped at max_steps)") + "; ");
        JsonNode first = r.path("first_non_finite");
        if (first.isObject()) {
            out.append("first ").append(first.path("kind").asText().equals("nan") ? "NaN" : first.path("kind").asText()
                    .equals("inf") ? "Inf" : "denormal").append(" at step ").append(first.path("step").asInt());
            JsonNode source = first.path("source");
            if (source.isObject()) {
                out.append(", line ").append(source.path("line").asInt()).append(" `").append(source.path("text")
                        .asText()).append("`");
            }
            out.append(" (`").append(first.path("text").asText()).append("`");
            List<String> operands = new ArrayList<>();
            first.path("operands").forEach(o -> operands.add(o.path("source_name").asText(o.path("name").asText())
                    + " = " + o.path("value")));
            out.append(operands.isEmpty() ? "" : ", " + String.join(", ", operands)).append(")");
        } else {
            out.append("no step made NaN, Inf or a denormal");
        }
        List<String> outputs = new ArrayList<>();
        r.path("outputs").forEach(o -> outputs.add(o.path("name").asText() + " = " + o.path("value")));
        return out.append(outputs.isEmpty() ? "." : "; " + String.join(", ", outputs) + ".").toString();
    }

    static String replaceSummary(JsonNode r) {
        String status = r.path("status").asText();
        if (!r.has("event_id") || status.equals("nothing_to_restore")) {
            return status.equals("restored") ? "Restored " + r.path("restored").size() + " replaced shader(s); every "
                    + "shader is the captured one." : "Nothing to restore: " + r.path("note").asText() + ".";
        }
        StringBuilder out = new StringBuilder((status.equals("restored") ? "Restored" : "Replaced") + " the "
                + r.path("stage").asText() + " shader " + r.path("shader").asText() + " at event "
                + r.path("event_id").asInt());
        int others = r.path("other_events").size();
        out.append(others == 0 ? " (no other draw uses it)" : " (also used by events " + r.path("other_events")
                .toString().replaceAll("[\\[\\]]", "").replace(",", ", ") + ")");
        for (JsonNode t : r.path("targets")) {
            if (t.has("nan_pixels")) {
                out.append("; ").append(t.path("name").asText(t.path("texture").asText())).append(" NaN pixels ")
                        .append(t.at("/nan_pixels/before").asInt()).append(" → ").append(t.at("/nan_pixels/after")
                                .asInt()).append(", Inf ").append(t.at("/inf_pixels/before").asInt()).append(" → ")
                        .append(t.at("/inf_pixels/after").asInt());
            }
        }
        int findings = r.path("findings_after").size();
        return out.append("; ").append(findings == 0 ? "no finding at the event now" : findings + " finding(s) at the "
                + "event now, first: " + r.at("/findings_after/0/message").asText()).append(".").toString();
    }

    /** The answer, its picture (if the bridge drew one) as an image beside it. */
    static ToolOutput withPicture(ObjectNode answer) {
        JsonNode png = answer.remove("picture_png_base64");
        return new ToolOutput.WithImages(answer, png == null ? List.of()
                : List.of(new ToolOutput.Image(Base64.getDecoder().decode(png.asText()), "image/png")));
    }
}
