package dev.framescope.common;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A prompt a tool group offers: a short recipe of its tool calls with the caller's arguments filled in, which clients
 * show as a slash command (Claude Code: {@code /mcp__framescope__triage-capture}). The group that owns the tools
 * owns the recipe and says where each argument's completions come from; the server only turns it into MCP.
 *
 * @param text the one user message, from the arguments given (a required one is always present)
 */
public record PromptRecipe(String name, String title, String description, List<Argument> arguments,
                           Function<Map<String, Object>, String> text) {

    public PromptRecipe {
        arguments = List.copyOf(arguments);
    }

    /**
     * One argument of a prompt.
     *
     * @param completer where {@code completion/complete} finds values for it, or null for none
     */
    public record Argument(String name, String title, String description, boolean required, Completer completer) {
    }

    /** Values to offer for an argument, given the prompt's other arguments so far (e.g. {@code effects_root}). */
    @FunctionalInterface
    public interface Completer {
        List<String> values(Map<String, String> given);
    }

    /** Whether an argument was given with something in it. */
    public static boolean present(Object value) {
        return value != null && !value.toString().isBlank();
    }

    /** A value as a JSON string, for the tool-call arguments a recipe spells out. */
    public static String json(Object value) {
        return Json.write(value == null ? "" : value.toString());
    }

    /** A value in backquotes, for the recipe's prose. */
    public static String quote(Object value) {
        return "`" + value + "`";
    }
}
