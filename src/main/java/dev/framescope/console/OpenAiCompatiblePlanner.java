package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans with any chat-completions API (OpenRouter by default, or a local server): the RenderDoc tools go out as
 * OpenAI function definitions, the calls so far as the assistant's tool calls and their results, and the model
 * answers with one tool call or none (done). A second request, to the action model, explains the results.
 *
 * <p>It only plans: arguments are checked against the tool's schema and run by {@link NlDebug} through the tool
 * registry, and the number of steps is NlDebug's to bound. What it does check is the shape of the model's answer —
 * a tool that was not offered, arguments that are not a JSON object, no choices, an HTTP error or a timeout each
 * become a {@link PlannerException} whose reason names the fix and never the key. Thread-safe; make one per
 * console, since each holds an HTTP client with its own connection pool.
 */
public final class OpenAiCompatiblePlanner implements Planner {

    public static final String ID = "openai-compatible";
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final ConsoleSettings settings;
    private final ChatCompletionsClient client;

    public OpenAiCompatiblePlanner(ConsoleSettings settings) {
        this(settings, CONNECT_TIMEOUT, REQUEST_TIMEOUT);
    }

    public OpenAiCompatiblePlanner(ConsoleSettings settings, Duration connectTimeout, Duration requestTimeout) {
        this.settings = settings;
        this.client = new ChatCompletionsClient(connectTimeout, requestTimeout);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String label() {
        return "Model via " + URI.create(settings.baseUrl()).getHost() + " (chat completions)";
    }

    /** Available with a key, or without one for a server on this machine; a request's own key is checked later. */
    @Override
    public String unavailableReason() {
        return settings.hasApiKey() || settings.baseUrlIsLoopback() ? null : noKey();
    }

    @Override
    public Step next(Question question, List<ToolCaller.Answer> done, List<ToolCaller.ToolInfo> tools)
            throws PlannerException {
        if (tools.isEmpty()) {
            throw new PlannerException("there are no RenderDoc tools to choose from");
        }
        ChatEndpoint endpoint = endpointFor(question);
        ObjectNode body = Json.mapper().createObjectNode()
                .put("model", endpoint.plannerModel())
                .put("temperature", 0)
                .put("max_tokens", 800)
                .put("tool_choice", "auto");
        body.set("messages", planMessages(question, done));
        ArrayNode offered = body.putArray("tools");
        for (ToolCaller.ToolInfo tool : tools) {
            ObjectNode function = offered.addObject().put("type", "function").putObject("function");
            function.put("name", tool.name()).put("description", tool.description());
            function.set("parameters", PlannerPrompts.parameters(tool));
        }
        JsonNode answer = client.post(endpoint, body);
        JsonNode message = firstMessage(answer, endpoint.plannerModel());
        String model = answer.path("model").asText(endpoint.plannerModel());
        JsonNode call = message.path("tool_calls").path(0).path("function");
        if (call.isMissingNode() && message.path("function_call").isObject()) {
            call = message.get("function_call"); // the pre-tools form some local servers still use
        }
        if (call.isMissingNode() || call.isNull()) {
            return null;
        }
        String name = call.path("name").asText("");
        if (tools.stream().noneMatch(tool -> tool.name().equals(name))) {
            throw new PlannerException(model + " asked for the tool '" + PlannerPrompts.cut(name, 80)
                    + "', which is not one of the " + tools.size() + " RenderDoc tools it was offered");
        }
        Map<String, Object> arguments = arguments(model, name, call.get("arguments"));
        String content = message.path("content").asText("").strip();
        String why = content.isEmpty() ? "chosen by " + model : PlannerPrompts.cut(content, 500);
        return new Step(name, arguments, why);
    }

    @Override
    public Explanation explain(Question question, List<ToolCaller.Answer> done) throws PlannerException {
        ChatEndpoint endpoint = endpointFor(question);
        ObjectNode body = Json.mapper().createObjectNode()
                .put("model", endpoint.actionModel())
                .put("temperature", 0.2)
                .put("max_tokens", 1200);
        ArrayNode messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", PlannerPrompts.EXPLAIN);
        messages.addObject().put("role", "user").put("content", PlannerPrompts.question(question)
                + "\n\nWhat the RenderDoc tools returned:\n\n"
                + PlannerPrompts.callsSoFar(done, PlannerPrompts.PROMPT_BUDGET_CHARS - 5_000));
        JsonNode answer = client.post(endpoint, body);
        JsonNode message = firstMessage(answer, endpoint.actionModel());
        String model = answer.path("model").asText(endpoint.actionModel());
        String text = message.path("content").asText("").strip();
        if (text.isEmpty()) {
            throw new PlannerException(model + " answered with no explanation text");
        }
        boolean anyAnswered = done.stream().anyMatch(call -> !call.error());
        return new Explanation(text, model, anyAnswered ? "resolved" : "warning");
    }

    /**
     * The conversation so far in the function-calling form models are trained on: the question, then each call as
     * the assistant's tool call followed by its (cut) result.
     */
    private static ArrayNode planMessages(Question question, List<ToolCaller.Answer> done) {
        ArrayNode messages = Json.mapper().createArrayNode();
        messages.addObject().put("role", "system").put("content", PlannerPrompts.PLAN);
        messages.addObject().put("role", "user").put("content", PlannerPrompts.question(question));
        int budget = PlannerPrompts.PROMPT_BUDGET_CHARS - PlannerPrompts.PLAN.length() - 5_000
                - done.stream().mapToInt(call -> PlannerPrompts.call(call).length() + 120).sum();
        List<String> results = PlannerPrompts.results(done, budget);
        for (int i = 0; i < done.size(); i++) {
            String id = "call_" + (i + 1);
            ObjectNode assistant = messages.addObject().put("role", "assistant").putNull("content");
            assistant.putArray("tool_calls").addObject().put("id", id).put("type", "function")
                    .putObject("function").put("name", done.get(i).tool())
                    .put("arguments", Json.compact(done.get(i).arguments(), 600));
            messages.addObject().put("role", "tool").put("tool_call_id", id).put("content", results.get(i));
        }
        return messages;
    }

    private ChatEndpoint endpointFor(Question question) throws PlannerException {
        ChatEndpoint endpoint = settings.endpoint(question);
        if (endpoint.apiKey() == null && !ConsoleSettings.isLoopback(endpoint.baseUrl().getHost())) {
            throw new PlannerException(noKey());
        }
        return endpoint;
    }

    private static JsonNode firstMessage(JsonNode answer, String model) throws PlannerException {
        JsonNode message = answer.path("choices").path(0).path("message");
        if (!message.isObject()) {
            throw new PlannerException(model + " gave no answer (no choices[0].message in the reply)");
        }
        return message;
    }

    /** Arguments come as a JSON string per the API; some local servers send the object itself. */
    private static Map<String, Object> arguments(String model, String tool, JsonNode raw) throws PlannerException {
        JsonNode tree = raw;
        if (raw != null && raw.isTextual()) {
            String text = raw.asText().strip();
            try {
                tree = text.isEmpty() ? Json.mapper().createObjectNode() : Json.mapper().readTree(text);
            } catch (IOException e) {
                throw new PlannerException(model + " gave arguments for " + tool + " that are not JSON: "
                        + PlannerPrompts.cut(text, 200));
            }
        }
        if (tree == null || tree.isNull() || tree.isMissingNode()) {
            return new LinkedHashMap<>();
        }
        if (!tree.isObject()) {
            throw new PlannerException(model + " gave arguments for " + tool + " that are not a JSON object: "
                    + Json.compact(tree, 200));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> arguments = Json.mapper().convertValue(tree, LinkedHashMap.class);
        return arguments;
    }

    private String noKey() {
        return "no API key for " + URI.create(settings.baseUrl()).getHost() + ": save one in Settings, set"
                + " FRAMESCOPE_LLM_API_KEY or OPENROUTER_API_KEY, or give openrouterKey with the question";
    }
}
