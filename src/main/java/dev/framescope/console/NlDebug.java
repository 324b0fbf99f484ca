package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * One natural-language question about a capture, answered the original design's way: a planner picks RenderDoc
 * tool calls one at a time, each runs through the tool registry (validated against its schema, within its time
 * limit), and the planner explains the results. The reply has the design's shape ({@code planned}, {@code mcp},
 * {@code explanation}, {@code submission}, {@code message}) plus every call made. Steps are reported to a listener
 * as they happen (the server-sent events of the run).
 */
public final class NlDebug {

    /** Most calls one question may make, whatever the planner says. */
    static final int MAX_CALLS = 6;

    /**
     * @param question     the question as asked
     * @param capturePath  a capture of the project (as its API lists it) or a local path
     * @param projectId    where the exchange is stored, with its evidence; null: nothing is stored
     * @param plannerModel a planner id (builtin, openai-compatible, mcp-sampling) or a model name for the
     *                     openai-compatible planner; null: the default
     * @param actionModel  the model that explains, for model planners
     * @param openrouterKey a key for this request only
     * @param runId        the client's id for this run's event stream, or null
     */
    public record Request(String question, String capturePath, String projectId, String plannerModel,
                          String actionModel, String openrouterKey, String runId) {
    }

    private final ToolCaller caller;
    private final Map<String, Planner> planners;
    private final ConsoleSettings settings;
    private final ProjectStore store;

    /** @param planners by id; the builtin planner must be among them */
    public NlDebug(ToolCaller caller, Map<String, Planner> planners, ConsoleSettings settings, ProjectStore store) {
        this.caller = caller;
        this.planners = Map.copyOf(planners);
        this.settings = settings;
        this.store = store;
    }

    public ObjectNode run(Request request, Consumer<ObjectNode> events) {
        if (request.question() == null || request.question().isBlank()) {
            throw ConsoleException.badRequest("question", "question is required: what do you want to know about "
                    + "the capture?");
        }
        if (request.capturePath() == null || request.capturePath().isBlank()) {
            throw ConsoleException.badRequest("capturePath", "capturePath is required: upload a capture to the "
                    + "project first, or give the path of a local .rdc file");
        }
        String capture = resolveCapture(request);
        ConsoleSettings.Choice choice = settings.choose(request.plannerModel());
        Planner planner = planners.get(choice.planner());
        if (planner == null) {
            throw ConsoleException.badRequest("plannerModel", "no planner " + choice.planner() + "; GET /models lists "
                    + "them: " + planners.keySet());
        }
        Planner.Question question = new Planner.Question(request.question(), capture, choice.model(),
                request.actionModel(), request.openrouterKey());
        Run run = new Run(new ArrayList<>(), new ArrayList<>());
        String warning = callTools(planner, question, run, events);
        Planner.Explanation explanation;
        try {
            explanation = run.done().isEmpty() && warning != null
                    ? new Planner.Explanation(warning, planner.id(), "warning")
                    : planner.explain(question, List.copyOf(run.done()));
        } catch (Planner.PlannerException e) {
            explanation = BuiltinExplanation.of(question.text(), run.done());
            warning = (warning == null ? "" : warning + "; ") + "the model could not explain (" + e.getMessage()
                    + "); the builtin explanation from the measured results is shown instead";
        }
        explanation = QuestionFit.checked(question.text(), run.done(), explanation);
        String status = warning != null ? "warning" : explanation.status();
        ObjectNode explained = RunSteps.explanation(explanation, warning);
        run.steps().add(explained);
        events.accept(RunSteps.event("step", explained));
        ObjectNode reply = reply(request, "sub-" + UUID.randomUUID(), status, run.done(), run.steps(), explanation,
                warning, planner);
        if (request.projectId() != null) {
            store.append(request.projectId(), reply.get("submission"), reply.get("message"));
        }
        events.accept(RunSteps.event("done", reply));
        return reply;
    }

    /** The answers of one run so far, and the steps logged for the person. */
    private record Run(List<ToolCaller.Answer> done, List<ObjectNode> steps) {
    }

    /**
     * Lets the planner call the read-only RenderDoc tools, each on this capture only, until it stops or
     * {@value #MAX_CALLS} calls; returns why it stopped early, or null. Read-only by the tools' own hints, not a
     * list of names here: a model never writes files (save_texture), changes the replay the person's later questions
     * see (replace_shader, open_capture's remote), nor calls a tool added later that does either.
     */
    private String callTools(Planner planner, Planner.Question question, Run run, Consumer<ObjectNode> events) {
        String warning = planner.unavailableReason();
        List<ToolCaller.ToolInfo> tools = caller.tools("renderdoc").stream().filter(t -> t.hints().readOnly())
                .toList();
        while (warning == null && run.done().size() < MAX_CALLS) {
            Planner.Step step;
            try {
                step = planner.next(question, List.copyOf(run.done()), tools);
            } catch (Planner.PlannerException e) {
                return "the planner could not go on: " + e.getMessage();
            }
            if (step == null) {
                break;
            }
            if (tools.stream().noneMatch(t -> t.name().equals(step.tool()))) {
                return "the planner chose " + step.tool() + ", which is not a RenderDoc tool the console may run";
            }
            Map<String, Object> arguments = new LinkedHashMap<>(step.arguments() == null ? Map.of()
                    : step.arguments());
            arguments.put("capture", question.capture()); // a planner cannot point a tool at another file
            ToolCaller.Answer answer = caller.call(step.tool(), arguments, ToolContext.SILENT);
            run.done().add(answer);
            ObjectNode logged = RunSteps.call(run.steps().size() + 1, planner.id(), step, answer);
            run.steps().add(logged);
            events.accept(RunSteps.event("step", logged));
            if (answer.error() && answer.errorCode().equals("INVALID_ARGUMENT")) {
                return "the planner's arguments for " + step.tool() + " were refused: "
                        + answer.body().path("message").asText();
            }
        }
        return warning;
    }

    private String resolveCapture(Request request) {
        String path = request.capturePath();
        if (request.projectId() != null && !Path.of(path).isAbsolute()) {
            return store.capture(request.projectId(), path).toString();
        }
        return Path.of(path).toAbsolutePath().normalize().toString();
    }

    private ObjectNode reply(Request request, String submissionId, String status, List<ToolCaller.Answer> done,
                             List<ObjectNode> steps, Planner.Explanation explanation, String warning,
                             Planner planner) {
        ToolCaller.Answer decisive = decisive(done);
        ObjectNode reply = Json.mapper().createObjectNode();
        ObjectNode planned = reply.putObject("planned");
        planned.put("tool", decisive == null ? null : decisive.tool());
        planned.set("arguments", decisive == null ? Json.mapper().createObjectNode()
                : Json.mapper().valueToTree(decisive.arguments()));
        ObjectNode mcp = reply.putObject("mcp");
        mcp.put("ok", decisive != null && !decisive.error());
        mcp.set("result", decisive == null ? null : decisive.body());
        reply.put("explanation", explanation.text());
        String timestamp = Instant.now().toString();
        ObjectNode submission = reply.putObject("submission");
        submission.put("id", submissionId).put("timestamp", timestamp).put("title", request.question())
                .put("status", status).put("capturePath", request.capturePath());
        ObjectNode pipeline = submission.putObject("pipelineState");
        // a model planner may still call the insight by its older name get_pipeline_state: the same answer
        JsonNode insight = last(done, "get_event_insight", "get_pipeline_state");
        pipeline.set("highlightStage", insight == null ? null : insight.get("highlight_stage"));
        pipeline.set("warningMessage", insight == null ? null : insight.get("warning_message"));
        ObjectNode evidence = submission.putObject("evidence");
        evidence.set("colorBuffer", Json.mapper().valueToTree(evidence(request, submissionId, done)));
        evidence.putNull("depthBuffer");
        ObjectNode message = reply.putObject("message");
        message.put("id", "msg-" + UUID.randomUUID()).put("role", "agent").put("submissionId", submissionId)
                .put("status", status);
        ArrayNode stepList = message.putArray("steps");
        steps.forEach(stepList::add);
        ObjectNode summary = message.putObject("summary");
        summary.put("title", status.replace('_', ' ').toUpperCase(Locale.ROOT)).put("description", explanation.text())
                .put("tag", status);
        reply.set("calls", RunSteps.calls(done));
        reply.putObject("planner").put("id", planner.id()).put("author", explanation.author())
                .put("warning", warning);
        return reply;
    }

    /** The call whose result answers: the last one that succeeded, else the last one. */
    private static ToolCaller.Answer decisive(List<ToolCaller.Answer> done) {
        for (int i = done.size() - 1; i >= 0; i--) {
            if (!done.get(i).error()) {
                return done.get(i);
            }
        }
        return done.isEmpty() ? null : done.get(done.size() - 1);
    }

    private static JsonNode last(List<ToolCaller.Answer> done, String... tools) {
        for (int i = done.size() - 1; i >= 0; i--) {
            if (!done.get(i).error() && List.of(tools).contains(done.get(i).tool())) {
                return done.get(i).body();
            }
        }
        return null;
    }

    /** The picture around the first NaN/Inf finding's box, stored as a project resource; null without one. */
    private String evidence(Request request, String submissionId, List<ToolCaller.Answer> done) {
        JsonNode insight = last(done, "get_event_insight");
        if (request.projectId() == null || insight == null) {
            return null;
        }
        for (JsonNode finding : insight.path("findings")) {
            JsonNode box = finding.get("box");
            if (box == null || !box.isArray() || !finding.hasNonNull("texture")) {
                continue;
            }
            int[] b = {box.get(0).asInt(), box.get(1).asInt(), box.get(2).asInt(), box.get(3).asInt()};
            byte[] png = EvidenceImage.around(caller, insight.path("capture").asText(),
                    finding.get("texture").asText(), insight.path("event_id").asInt(), b);
            if (png != null) {
                return store.writeResource(request.projectId(), "resources/evidence/" + submissionId + ".png", png);
            }
        }
        return null;
    }
}
