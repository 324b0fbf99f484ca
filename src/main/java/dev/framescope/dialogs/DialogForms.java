package dev.framescope.dialogs;

import dev.framescope.dialogs.DialogArgs.Option;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parts of an MCP elicitation form (a flat object of primitive fields, spec 2025-11-25) that several questions
 * share: the optional note, options with their descriptions, the planner's thinking mode. Option descriptions go
 * where clients show them: the spec gives an option only {@code const} and {@code title}, so a short description
 * joins the title ("label — description", at most {@value #SHORT_TITLE} characters) and longer ones are listed in
 * the field's {@code description}, which Claude Code and VS Code show with the field.
 */
final class DialogForms {

    /** The planner's answer to "how hard should the agent think next", in the order the person sees them. */
    static final List<String> THINKING_MODES = List.of("normal", "deep");
    static final String DEFAULT_THINKING = "normal";
    static final int SHORT_TITLE = 80;

    private DialogForms() {
    }

    /** The optional free-text note every question carries, returned as {@code additional_context}. */
    static Map<String, Object> note() {
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("type", "string");
        field.put("title", "Anything to add (optional)");
        field.put("description", "A note for the agent with your answer; leave empty if none.");
        field.put("maxLength", PageAnswers.MAX_ADDITIONAL_CONTEXT);
        return field;
    }

    /** Option titles: the label, with the description after a dash when both fit in {@value #SHORT_TITLE}. */
    static List<Map<String, Object>> titled(List<Option> options) {
        return options.stream().map(o -> Map.<String, Object>of("const", o.valueOrLabel(), "title",
                fitsTitle(o) ? o.labelOrValue() + " — " + o.description() : o.labelOrValue())).toList();
    }

    /** The descriptions that did not fit in their option's title, one "label: description" line each; or null. */
    static String longDescriptions(List<Option> options) {
        List<String> lines = new ArrayList<>();
        for (Option o : options) {
            if (hasDescription(o) && !fitsTitle(o)) {
                lines.add(o.labelOrValue() + ": " + o.description());
            }
        }
        return lines.isEmpty() ? null : String.join("\n", lines);
    }

    /** A choice field ({@code type} string with {@code oneOf}, or array with {@code items.anyOf}). */
    static Map<String, Object> choiceField(String title, List<Option> options, boolean many) {
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("type", many ? "array" : "string");
        field.put("title", title);
        String descriptions = longDescriptions(options);
        if (descriptions != null) {
            field.put("description", descriptions);
        }
        if (many) {
            field.put("items", Map.of("anyOf", titled(options)));
        } else {
            field.put("oneOf", titled(options));
        }
        return field;
    }

    /** The planner's thinking-mode field, preset to normal. */
    static Map<String, Object> thinkingField() {
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("type", "string");
        field.put("title", "How hard should the agent think next?");
        field.put("oneOf", List.of(Map.of("const", "normal", "title", "Normal — go on as usual"),
                Map.of("const", "deep", "title", "Deep — think it through harder before acting")));
        field.put("default", DEFAULT_THINKING);
        return field;
    }

    private static boolean hasDescription(Option o) {
        return o.description() != null && !o.description().isBlank();
    }

    private static boolean fitsTitle(Option o) {
        return hasDescription(o) && o.labelOrValue().length() + 3 + o.description().length() <= SHORT_TITLE;
    }
}
