package dev.framescope.common;

import java.util.List;
import java.util.Optional;

/**
 * A package's contribution to the server: its tools, its prompts, and the calls {@code demo} makes to show them on
 * the bundled demo data. The server holds one list of groups; nothing else keeps a copy of the tool list.
 */
public interface ToolGroup {

    /** Short group name, e.g. "diagnostics", "physics". */
    String name();

    /** One or two sentences for the server's instructions: what the group is for and the call to make first. */
    String guide();

    List<ToolDef<?>> tools();

    /**
     * Parameters that mean the same in every tool of the group that has them, with that meaning. The server
     * instructions say each once; {@code tools/list} leaves a parameter's description out where it is exactly this
     * text (types, ranges and defaults stay), instead of repeating it in every tool.
     */
    default List<SharedParam> sharedParams() {
        return List.of();
    }

    /** A parameter name and the description every tool of the group gives it. */
    record SharedParam(String name, String description) {
    }

    /**
     * Prompts the group offers: recipes of its tool calls that clients show as slash commands, with where each
     * argument's completions come from. Offered whenever the group is served.
     */
    default List<PromptRecipe> prompts() {
        return List.of();
    }

    /** The group's own part of the server diagnostics, if it has one. */
    default Optional<DiagnosticsSection> diagnostics() {
        return Optional.empty();
    }

    /** The MCP client closed the connection: stop waiting on its behalf (e.g. withdraw questions to the person). */
    default void clientGone() {
    }

    /** Calls the {@code demo} command makes, in order, to show this group working. */
    default List<DemoCall> demoCalls() {
        return List.of();
    }

    /**
     * One scripted tool call in the demo report. {@code argumentsJson} is a JSON object; {@code expectsError} marks
     * a call that shows a failure mode and passes when the tool answers with a structured error.
     */
    record DemoCall(String title, String tool, String argumentsJson, boolean expectsError) {
        public DemoCall(String title, String tool, String argumentsJson) {
            this(title, tool, argumentsJson, false);
        }
    }
}
