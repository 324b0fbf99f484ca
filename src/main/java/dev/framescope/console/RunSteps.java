package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import java.util.List;

/** The design's step records ({id, title, status, logs[{type, content}]}) for calls and the explanation. */
final class RunSteps {

    private RunSteps() {
    }

    static ObjectNode call(int index, String planner, Planner.Step step, ToolCaller.Answer answer) {
        ObjectNode node = Json.mapper().createObjectNode();
        node.put("id", "step-" + index).put("title", "Planner (" + planner + ") selected " + step.tool())
                .put("status", answer.error() ? "failed" : "completed").put("tool", step.tool())
                .put("millis", answer.millis());
        node.set("arguments", Json.mapper().valueToTree(answer.arguments()));
        ArrayNode logs = node.putArray("logs");
        log(logs, "analysis", step.why() == null ? "" : step.why());
        log(logs, answer.error() ? "error" : "result", answer.error()
                ? answer.errorCode() + ": " + answer.body().path("message").asText() : answer.text());
        return node;
    }

    static ObjectNode explanation(Planner.Explanation explanation, String warning) {
        ObjectNode node = Json.mapper().createObjectNode();
        node.put("id", "explain").put("title", "Explanation by " + explanation.author())
                .put("status", "completed");
        ArrayNode logs = node.putArray("logs");
        if (warning != null) {
            log(logs, "warning", warning);
        }
        log(logs, "explanation", explanation.text());
        return node;
    }

    static ObjectNode event(String type, JsonNode payload) {
        ObjectNode node = Json.mapper().createObjectNode();
        node.put("type", type);
        node.set(type.equals("done") ? "reply" : "step", payload);
        return node;
    }

    static ArrayNode calls(List<ToolCaller.Answer> done) {
        ArrayNode calls = Json.mapper().createArrayNode();
        for (ToolCaller.Answer a : done) {
            ObjectNode call = calls.addObject();
            call.put("tool", a.tool()).put("ok", !a.error()).put("summary", a.text()).put("millis", a.millis());
            call.set("arguments", Json.mapper().valueToTree(a.arguments()));
        }
        return calls;
    }

    private static void log(ArrayNode logs, String type, String content) {
        logs.addObject().put("type", type).put("content", content);
    }
}
