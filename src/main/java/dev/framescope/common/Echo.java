package dev.framescope.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much of what a client sent an error may say back. A message or context that quotes an argument quotes at most
 * {@link #MAX_CHARS} characters of it, however large the argument was (a 3 MiB path came back twice in a 6 MiB error,
 * and the server's diagnostics, which keep each tool's last error, then no longer fit their budget). Stateless.
 */
public final class Echo {

    /** The most characters of any one value an error says back. */
    public static final int MAX_CHARS = 512;
    /** The longest message an error keeps: room for a few echoed values and what to do next. */
    public static final int MAX_MESSAGE_CHARS = 4 * MAX_CHARS;
    /** The most items of one list in an error's context. */
    static final int MAX_ITEMS = 100;

    /** A run without white space longer than an echo: an argument quoted whole (a path, a JSON value). */
    private static final Pattern LONG_RUN = Pattern.compile("\\S{" + (MAX_CHARS + 1) + ",}");

    private Echo() {
    }

    /**
     * {@code text} as an error may echo it: when longer than {@link #MAX_CHARS}, its start and its length, together
     * {@link #MAX_CHARS} characters at most, so that cutting again changes nothing.
     */
    public static String cut(String text) {
        if (text == null || text.length() <= MAX_CHARS) {
            return text;
        }
        String length = "… (" + text.length() + " characters)";
        return head(text, MAX_CHARS - length.length()) + length;
    }

    /**
     * {@code message} with every long run cut ({@link #cut}) and, when still longer than {@link #MAX_MESSAGE_CHARS},
     * its start and its end kept: the end of a message is usually what to do next.
     */
    public static String message(String message) {
        if (message == null || message.length() <= MAX_CHARS) {
            return message;
        }
        Matcher runs = LONG_RUN.matcher(message);
        StringBuilder out = new StringBuilder();
        int last = 0;
        while (runs.find()) {
            out.append(message, last, runs.start()).append(cut(runs.group()));
            last = runs.end();
        }
        String shortened = out.append(message, last, message.length()).toString();
        if (shortened.length() <= MAX_MESSAGE_CHARS) {
            return shortened;
        }
        String start = head(shortened, MAX_MESSAGE_CHARS - MAX_CHARS);
        String end = shortened.substring(shortened.length() - MAX_CHARS / 2);
        return start + " … (" + (shortened.length() - start.length() - end.length()) + " characters left out) … "
                + end;
    }

    /** {@code context} with every text cut ({@link #cut}) and every list kept to {@link #MAX_ITEMS} items. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> context(Map<String, Object> context) {
        JsonNode tree = Json.tree(context);
        return tree instanceof ObjectNode object ? Json.mapper().convertValue(value(object), Map.class) : context;
    }

    /** A JSON value as an error may echo it: texts cut, lists kept to {@link #MAX_ITEMS} items. */
    public static JsonNode value(JsonNode value) {
        if (value == null) {
            return null;
        }
        if (value.isTextual() && value.asText().length() > MAX_CHARS) {
            return TextNode.valueOf(cut(value.asText()));
        }
        if (value instanceof ObjectNode object) {
            ObjectNode copy = object.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.properties().iterator(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                copy.set(cut(field.getKey()), value(field.getValue()));
            }
            return copy;
        }
        if (value instanceof ArrayNode array) {
            ArrayNode copy = array.arrayNode();
            for (int i = 0; i < Math.min(array.size(), MAX_ITEMS); i++) {
                copy.add(value(array.get(i)));
            }
            if (array.size() > MAX_ITEMS) {
                copy.add("… " + (array.size() - MAX_ITEMS) + " more");
            }
            return copy;
        }
        return value;
    }

    /** The first {@code n} characters, one fewer where the n-th would split a surrogate pair. */
    private static String head(String text, int n) {
        int end = Character.isHighSurrogate(text.charAt(n - 1)) ? n - 1 : n;
        return text.substring(0, end);
    }
}
