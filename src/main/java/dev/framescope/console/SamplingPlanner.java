package dev.framescope.console;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ClientModel;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plans and explains with the MCP client's own model (sampling), for a console started inside an MCP session. MCP
 * sampling has no function calling, so the model is shown the tools as text and asked for one JSON object —
 * {@code {"tool": …, "arguments": {…}}} or {@code {"done": true}} — which is read defensively (inside code
 * fences, after prose) and refused with a {@link PlannerException} when it is anything else. Like every planner it
 * only plans: {@link NlDebug} validates the arguments and runs the call. Thread-safe.
 */
public final class SamplingPlanner implements Planner {

    public static final String ID = "mcp-sampling";
    /** The client may ask its user before each request; give them time. */
    public static final long DEFAULT_TIMEOUT_MS = 120_000;

    private static final Pattern FENCE = Pattern.compile("```[A-Za-z0-9_-]*\\s*\\n?(.*?)```", Pattern.DOTALL);
    private static final String REPLY_FORMAT = """
            Reply with exactly one JSON object and nothing else:
              {"tool": "<tool name>", "arguments": {<arguments>}, "why": "<one sentence>"} to run one tool, or
              {"done": true} when the results so far answer the question or no tool can help.""";

    private final ClientModel client;
    private final long timeoutMs;
    private volatile String notSupported;

    public SamplingPlanner(ClientModel client) {
        this(client, DEFAULT_TIMEOUT_MS);
    }

    public SamplingPlanner(ClientModel client, long timeoutMs) {
        this.client = client;
        this.timeoutMs = timeoutMs;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String label() {
        return "The MCP client's own model (sampling)";
    }

    /**
     * Known without asking only for {@link ClientModel#NONE}; otherwise a client is taken at its word until a
     * request comes back {@code not_supported} (asking up front would cost a sampling request, and maybe a prompt
     * to its user, just to fill a menu).
     */
    @Override
    public String unavailableReason() {
        if (client == ClientModel.NONE) {
            return "the console is not running inside an MCP session whose client offers sampling";
        }
        return notSupported;
    }

    @Override
    public Step next(Question question, List<ToolCaller.Answer> done, List<ToolCaller.ToolInfo> tools)
            throws PlannerException {
        if (tools.isEmpty()) {
            throw new PlannerException("there are no RenderDoc tools to choose from");
        }
        String system = PlannerPrompts.PLAN + "\n\n" + REPLY_FORMAT + "\n\nThe tools:\n"
                + PlannerPrompts.toolCatalog(tools);
        String prompt = PlannerPrompts.question(question) + "\n\nCalls so far:\n\n"
                + PlannerPrompts.callsSoFar(done, PlannerPrompts.PROMPT_BUDGET_CHARS - 5_000) + "\n\n" + REPLY_FORMAT;
        ClientModel.Answer answer = ask(system, prompt, 800);
        return parse(answer.text(), answer.model() == null ? "the client's model" : answer.model(), tools);
    }

    @Override
    public Explanation explain(Question question, List<ToolCaller.Answer> done) throws PlannerException {
        String prompt = PlannerPrompts.question(question) + "\n\nWhat the RenderDoc tools returned:\n\n"
                + PlannerPrompts.callsSoFar(done, PlannerPrompts.PROMPT_BUDGET_CHARS - 5_000);
        ClientModel.Answer answer = ask(PlannerPrompts.EXPLAIN, prompt, 1200);
        String text = answer.text() == null ? "" : answer.text().strip();
        if (text.isEmpty()) {
            throw new PlannerException("the client's model answered with no explanation text");
        }
        String author = answer.model() == null || answer.model().isBlank() ? "the MCP client's model" : answer.model();
        return new Explanation(text, author, done.stream().anyMatch(call -> !call.error()) ? "resolved" : "warning");
    }

    /** Text only (no image): the client's sampling request then carries just the question. */
    private ClientModel.Answer ask(String system, String prompt, int maxTokens) throws PlannerException {
        ClientModel.Answer answer = client.ask(system, prompt, null, null, maxTokens, timeoutMs);
        if (answer == null) {
            throw new PlannerException("the client's model gave no answer");
        }
        if ("not_supported".equals(answer.status())) {
            notSupported = "the MCP client does not offer sampling" + (answer.reason() == null ? ""
                    : " (" + answer.reason() + ")");
            throw new PlannerException(notSupported);
        }
        if (!"ok".equals(answer.status())) {
            throw new PlannerException("the client's model did not answer (" + answer.status()
                    + (answer.reason() == null ? "" : ": " + answer.reason()) + ")");
        }
        return answer;
    }

    /** The first JSON object in the reply that is a tool call or "done": fenced blocks first, then the raw text. */
    static Step parse(String reply, String model, List<ToolCaller.ToolInfo> tools) throws PlannerException {
        String text = reply == null ? "" : reply;
        for (JsonNode candidate : candidates(text)) {
            JsonNode tool = candidate.get("tool");
            if (tool != null && tool.isTextual()) {
                return step(candidate, tool.asText(), model, tools);
            }
            if (candidate.path("done").asBoolean(false)) {
                return null;
            }
        }
        throw new PlannerException(model + " did not answer with {\"tool\": …, \"arguments\": {…}} or {\"done\":"
                + " true}: " + PlannerPrompts.cut(text.strip(), 200));
    }

    private static Step step(JsonNode candidate, String name, String model, List<ToolCaller.ToolInfo> tools)
            throws PlannerException {
        if (tools.stream().noneMatch(tool -> tool.name().equals(name))) {
            throw new PlannerException(model + " asked for the tool '" + PlannerPrompts.cut(name, 80)
                    + "', which is not one of the " + tools.size() + " RenderDoc tools it was offered");
        }
        JsonNode arguments = candidate.get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            throw new PlannerException(model + " gave arguments for " + name + " that are not a JSON object: "
                    + Json.compact(arguments, 200));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> values = arguments == null || arguments.isNull() ? new LinkedHashMap<>()
                : Json.mapper().convertValue(arguments, LinkedHashMap.class);
        String why = candidate.path("why").asText("").strip();
        return new Step(name, values, why.isEmpty() ? "chosen by " + model : PlannerPrompts.cut(why, 500));
    }

    /** JSON objects found in the reply, in the order worth trying; at most 32 start positions are tried. */
    private static List<JsonNode> candidates(String text) {
        List<String> sources = new ArrayList<>();
        Matcher fenced = FENCE.matcher(text);
        while (fenced.find()) {
            sources.add(fenced.group(1));
        }
        sources.add(text);
        List<JsonNode> found = new ArrayList<>();
        int tries = 0;
        for (String source : sources) {
            for (int at = source.indexOf('{'); at >= 0 && tries < 32; at = source.indexOf('{', at + 1), tries++) {
                JsonNode node = firstValue(source.substring(at));
                if (node != null && node.isObject()) {
                    found.add(node);
                }
            }
        }
        return found;
    }

    /** The JSON value at the start of {@code text}, ignoring whatever prose follows it; null if there is none. */
    private static JsonNode firstValue(String text) {
        try (JsonParser parser = Json.mapper().getFactory().createParser(text)) {
            return Json.mapper().readTree(parser);
        } catch (IOException e) {
            return null;
        }
    }
}
