package dev.framescope.dialogs;

import dev.framescope.common.ClientHuman;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.dialogs.DialogArgs.ConfirmArgs;
import dev.framescope.dialogs.DialogArgs.MultiChoiceArgs;
import dev.framescope.dialogs.DialogArgs.Option;
import dev.framescope.dialogs.DialogArgs.SingleChoiceArgs;
import dev.framescope.dialogs.DialogArgs.TextInputArgs;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Asks the person through MCP elicitation: each question becomes a flat form (a boolean, a string, a one-of or
 * a many-of enum) and the reply becomes one answer shape. A cancel, decline or timeout is an answer with a flag,
 * not an error. Knows nothing of MCP itself: it talks to {@link ClientHuman}.
 */
public final class Dialogs {

    public static final int SCHEMA_VERSION = 1;

    /**
     * @param state   answered, declined, cancelled or timed_out
     * @param channel how the person was asked ("elicitation")
     */
    public record Answer(int schemaVersion, String summary, String tool, String state, String channel,
                         boolean cancelled, boolean timedOut, Boolean confirmed, String value, String choice,
                         List<String> values, String additionalContext, String timestamp) {
    }

    public Answer confirm(ConfirmArgs a, ClientHuman human) {
        String message = a.question() + (a.warning() != null ? "\n\nWarning: " + a.warning() : "")
                + (a.isDangerous() ? "\n\nThis step is marked dangerous." : "");
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("confirmed", Map.of("type", "boolean", "title", a.yesLabel() + " / " + a.noLabel(),
                "default", false));
        properties.put("additional_context", Map.of("type", "string", "title", "Anything to add (optional)"));
        ClientHuman.Reply reply = ask(human, message, properties, List.of("confirmed"), a.timeoutS());
        Boolean confirmed = reply.action().equals("accept") ? Boolean.TRUE.equals(reply.content().get("confirmed"))
                : null;
        return answer("confirm", reply, confirmed, null, null, null,
                confirmed == null ? null : confirmed ? a.yesLabel() : a.noLabel());
    }

    public Answer textInput(TextInputArgs a, ClientHuman human) {
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("type", "string");
        field.put("title", a.placeholder() != null ? a.placeholder() : "Answer");
        field.put("maxLength", a.maxLength());
        if (a.defaultText() != null) {
            field.put("default", a.defaultText());
        }
        ClientHuman.Reply reply = ask(human, a.question(), Map.of("value", field), List.of("value"), a.timeoutS());
        String value = reply.action().equals("accept") ? String.valueOf(reply.content().getOrDefault("value", ""))
                : null;
        if (value != null && value.length() > a.maxLength()) {
            value = value.substring(0, a.maxLength()); // a client that ignored maxLength
        }
        return answer("text_input", reply, null, value, null, null, value);
    }

    public Answer singleChoice(SingleChoiceArgs a, ClientHuman human) {
        checkOptions(a.options());
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("type", "string");
        field.put("title", "Choice");
        field.put("oneOf", titled(a.options()));
        if (a.defaultValue() != null) {
            field.put("default", a.defaultValue());
        }
        ClientHuman.Reply reply = ask(human, a.question(), Map.of("choice", field), List.of("choice"), a.timeoutS());
        String choice = reply.action().equals("accept") ? String.valueOf(reply.content().get("choice")) : null;
        return answer("single_choice", reply, null, null, choice, null, choice);
    }

    public Answer multiChoice(MultiChoiceArgs a, ClientHuman human) {
        checkOptions(a.options());
        int max = a.maxSelections() == null ? a.options().size() : a.maxSelections();
        if (a.minSelections() > max || max > a.options().size()) {
            throw ToolException.invalidArgument("min_selections, max_selections", "0 ≤ min ≤ max ≤ "
                    + a.options().size() + " (the number of options)", a.minSelections() + ", " + max);
        }
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("type", "array");
        field.put("title", "Choices");
        field.put("minItems", a.minSelections());
        field.put("maxItems", max);
        field.put("items", Map.of("anyOf", titled(a.options())));
        ClientHuman.Reply reply = ask(human, a.question(), Map.of("values", field), List.of("values"), a.timeoutS());
        List<String> values = null;
        if (reply.action().equals("accept")) {
            List<String> chosen = new ArrayList<>();
            if (reply.content().get("values") instanceof List<?> list) {
                list.forEach(v -> chosen.add(String.valueOf(v)));
            }
            values = chosen;
        }
        return answer("multi_choice", reply, null, null, null, values, values == null ? null : String.join(", ",
                values));
    }

    private static List<Map<String, Object>> titled(List<Option> options) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Option o : options) {
            out.add(Map.of("const", o.valueOrLabel(), "title", o.label()));
        }
        return out;
    }

    private static void checkOptions(List<Option> options) {
        if (options == null || options.size() < 2) {
            throw ToolException.invalidArgument("options", "2 to 50 options", options == null ? 0 : options.size());
        }
    }

    private static ClientHuman.Reply ask(ClientHuman human, String message, Map<String, Object> properties,
                                         List<String> required, int timeoutS) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", required);
        ClientHuman.Reply reply = human.ask(message, schema, timeoutS * 1000L);
        if (reply.action().equals("unsupported")) {
            throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "This MCP client cannot ask you through MCP "
                    + "elicitation, and FrameScope's own dialog page is not available yet: ask the person in the chat "
                    + "instead.", Map.of("channel", "elicitation", "reason", String.valueOf(reply.reason())));
        }
        if (reply.action().equals("error")) {
            throw new ToolException(ErrorCode.ENGINE_FAILED, "Asking through MCP elicitation failed: "
                    + reply.reason(), Map.of("channel", "elicitation"));
        }
        return reply;
    }

    private static Answer answer(String tool, ClientHuman.Reply reply, Boolean confirmed, String value, String choice,
                                 List<String> values, String shown) {
        String state = switch (reply.action()) {
            case "accept" -> "answered";
            case "decline" -> "declined";
            case "timeout" -> "timed_out";
            default -> "cancelled";
        };
        Object extra = reply.content().get("additional_context");
        String summary = state.equals("answered") ? "The person answered: " + shown + "."
                : state.equals("timed_out") ? "No answer in time; decide without it or ask again."
                : "The person " + state + " the question; do not proceed as if they agreed.";
        return new Answer(SCHEMA_VERSION, summary, tool, state, "elicitation", !state.equals("answered")
                && !state.equals("timed_out"), state.equals("timed_out"), confirmed, value, choice, values,
                extra == null || String.valueOf(extra).isBlank() ? null : String.valueOf(extra),
                Instant.now().toString());
    }
}
