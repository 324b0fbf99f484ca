package dev.framescope.console;

import dev.framescope.common.ToolCaller;
import java.util.List;
import java.util.Map;

/**
 * Turns a person's question about a capture into RenderDoc tool calls, one at a time, and explains what they found.
 * Planners never run tools themselves: {@link NlDebug} validates and runs each call through the tool registry, so
 * a planner's mistake (an unknown tool, bad arguments) becomes a warning answer, never a crash.
 */
public interface Planner {

    /** "builtin", "openai-compatible" or "mcp-sampling": what /models lists and a request's plannerModel names. */
    String id();

    String label();

    /** Null when the planner can run now; otherwise why not (no key configured, client without sampling). */
    String unavailableReason();

    /**
     * The next call, or null when what has run answers the question. {@code done} holds every call so far with its
     * answer, in order; {@code tools} the RenderDoc tools with their input schemas.
     */
    Step next(Question question, List<ToolCaller.Answer> done, List<ToolCaller.ToolInfo> tools)
            throws PlannerException;

    /** The answer to the question from the calls' results. Says who wrote it (a model, or measured facts only). */
    Explanation explain(Question question, List<ToolCaller.Answer> done) throws PlannerException;

    /**
     * @param text        the question as asked
     * @param capture     absolute path of the capture
     * @param plannerModel the model to plan with, for planners that have models (null: their default)
     * @param actionModel  the model to explain with (null: their default)
     * @param apiKey      a key given with this one request, never stored (null: the stored key or environment)
     */
    record Question(String text, String capture, String plannerModel, String actionModel, String apiKey) {
    }

    /** One planned tool call and why it was chosen. */
    record Step(String tool, Map<String, Object> arguments, String why) {
    }

    /**
     * @param text   the explanation
     * @param author who wrote it: "builtin (no model: measured facts only)" or the model's name
     * @param status "resolved" when the calls found the answer, "warning" when they could not
     */
    record Explanation(String text, String author, String status) {
    }

    /** A planner that could not go on: its reason becomes a warning answer. */
    final class PlannerException extends Exception {
        private static final long serialVersionUID = 1L;
        public PlannerException(String reason) {
            super(reason);
        }

        public PlannerException(String reason, Throwable cause) {
            super(reason, cause);
        }
    }
}
