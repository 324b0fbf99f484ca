package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The words the model planners send: instructions, the question, and what the calls so far returned, cut to fit a
 * prompt budget so a long run cannot grow a request past what a small model takes (or what a person pays for).
 * Shared by the chat-completions and the MCP sampling planner so both ask the same way.
 */
final class PlannerPrompts {

    /** Question, capture and results together stay under this; the tool list travels separately. */
    static final int PROMPT_BUDGET_CHARS = 24_000;
    /** One call's result never takes more than this, however few calls there are. */
    static final int MAX_RESULT_CHARS = 6_000;
    static final int MAX_QUESTION_CHARS = 4_000;

    static final String PLAN = """
            You are FrameScope's capture planner. A graphics engineer asks a question about one RenderDoc capture; \
            you answer it by choosing FrameScope's RenderDoc tools, one call per turn. Each call's result comes back \
            before you choose the next.
            - Start with get_frame_digest unless the question already names an event, texture or pixel; then follow \
            the recommended_next_calls the results give.
            - Pass the capture path given with the question as the tool's capture argument.
            - Use only the arguments a tool's schema lists. Take event ids, texture ids and pixels from earlier \
            results; never guess them.
            - Do not repeat a call that already ran with the same arguments.
            - When the results answer the question, or no tool can help, stop.
            Another step explains the results to the person afterwards; you only choose calls.""";

    static final String EXPLAIN = """
            You explain the results of RenderDoc tool calls to a graphics engineer who asked a question about a \
            capture. Answer in the language the question is written in. Ground every statement in the results \
            given: name event ids, marker paths, counts, pixel coordinates and values as they appear there, and \
            never invent a number. If the results do not answer the question, say so plainly and say what to look \
            at next. Plain text or short markdown, at most about 250 words.""";

    private PlannerPrompts() {
    }

    static String question(Planner.Question question) {
        return "Question: " + cut(question.text(), MAX_QUESTION_CHARS) + "\nCapture: " + question.capture();
    }

    /** Each call's result, cut so that all of them together take at most {@code budgetChars}. */
    static List<String> results(List<ToolCaller.Answer> done, int budgetChars) {
        int each = done.isEmpty() ? 0 : Math.min(MAX_RESULT_CHARS, Math.max(0, budgetChars) / done.size());
        return done.stream().map(answer -> result(answer, each)).toList();
    }

    /** The calls and their results as one text: what the explainer and the sampling planner read. */
    static String callsSoFar(List<ToolCaller.Answer> done, int budgetChars) {
        if (done.isEmpty()) {
            return "No tool has run yet.";
        }
        // the call lines take room too: leave them theirs before sharing the rest among the results
        List<String> calls = done.stream().map(PlannerPrompts::call).toList();
        int callChars = calls.stream().mapToInt(String::length).sum() + done.size() * 16;
        List<String> results = results(done, budgetChars - callChars);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < done.size(); i++) {
            text.append("Call ").append(i + 1).append(": ").append(calls.get(i)).append('\n')
                    .append(results.get(i)).append("\n\n");
        }
        return text.toString().strip();
    }

    /** {@code tool {"arg":…}}, arguments cut to 600 characters. */
    static String call(ToolCaller.Answer answer) {
        return answer.tool() + " " + Json.compact(answer.arguments(), 600);
    }

    /** The summary line, then the result's JSON; errors lead with their code so a model sees them at once. */
    static String result(ToolCaller.Answer answer, int maxChars) {
        if (maxChars < 80) {
            return "(result left out to keep the prompt short)";
        }
        String head = answer.error() ? "ERROR " + answer.errorCode() + ": " + answer.text() : answer.text();
        String text = head == null || head.isBlank() ? Json.compact(answer.body(), maxChars)
                : head + "\n" + Json.compact(answer.body(), maxChars);
        return cut(text, maxChars);
    }

    /**
     * The tools for a model without function calling: name, description and each argument in one line, with
     * descriptions cut so the RenderDoc group (21 tools) takes about 15 KB.
     */
    static String toolCatalog(List<ToolCaller.ToolInfo> tools) {
        StringBuilder text = new StringBuilder();
        for (ToolCaller.ToolInfo tool : tools) {
            text.append("- ").append(tool.name()).append(": ").append(cut(tool.description(), 280)).append('\n');
            JsonNode required = tool.inputSchema().path("required");
            for (Iterator<Map.Entry<String, JsonNode>> it = tool.inputSchema().path("properties").properties().iterator();
                 it.hasNext(); ) {
                Map.Entry<String, JsonNode> property = it.next();
                boolean isRequired = false;
                for (JsonNode name : required) {
                    isRequired |= name.asText().equals(property.getKey());
                }
                text.append("    ").append(property.getKey()).append(isRequired ? " (required" : " (optional")
                        .append(", ").append(shape(property.getValue())).append("): ")
                        .append(cut(property.getValue().path("description").asText(""), 110)).append('\n');
            }
        }
        return text.toString();
    }

    /** type, enum, range and default of one schema property, e.g. {@code integer 0..65535, default 0}. */
    private static String shape(JsonNode property) {
        StringBuilder shape = new StringBuilder();
        JsonNode anyOf = property.path("anyOf");
        if (anyOf.isArray()) {
            List<String> types = new ArrayList<>();
            anyOf.forEach(branch -> types.add(branch.path("type").asText("any")));
            shape.append(String.join(" or ", types));
        } else {
            shape.append(property.path("type").asText("any"));
        }
        if (property.has("enum")) {
            shape.append(" one of ").append(Json.compact(property.get("enum"), 120));
        }
        if (property.has("minimum") || property.has("maximum")) {
            shape.append(' ').append(property.path("minimum").asText("")).append("..")
                    .append(property.path("maximum").asText(""));
        }
        if (property.has("default")) {
            shape.append(", default ").append(Json.compact(property.get("default"), 40));
        }
        return shape.toString();
    }

    /** A tool's schema as OpenAI "parameters": without its {@code $schema} tag, which some servers refuse. */
    static ObjectNode parameters(ToolCaller.ToolInfo tool) {
        ObjectNode schema = tool.inputSchema().deepCopy();
        schema.remove("$schema");
        return schema;
    }

    static String cut(String text, int maxChars) {
        if (text == null) {
            return "";
        }
        if (maxChars <= 0) {
            return "";
        }
        return text.length() <= maxChars ? text : text.substring(0, Math.max(0, maxChars - 1)) + "…";
    }
}
