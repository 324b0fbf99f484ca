package dev.framescope.shader;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The new text of a manifest.json that is there already, made so that a diff shows only what changed: each entry
 * that did not change keeps its bytes (order, spacing, escapes), an entry that did is written in the file's own
 * style, and what lies before the first entry and after the last is kept. The style (compact or indented, the
 * indent, the space around {@code :}, arrays on one line or one item a line, the forms of an empty array or object,
 * the line ends) is the one among those JSON writers use that writes the file's own entries back byte for byte:
 * a minified manifest stays minified, noisemaker's {@code JSON.stringify(…, null, 2)} stays that, FrameScope's own
 * ({@link Json#pretty}) stays that.
 */
final class ManifestText {

    /** How a JSON writer lays out values; {@code indent} null for compact text. */
    private record Style(String indent, String eol, String colon, String comma, boolean arraysInline,
                         String arrayPad, String emptyArray, String emptyObject, boolean asciiOnly) {
    }

    /** An escaped character past ASCII: the file's writer escapes them (Python's json does by default). */
    private static final Pattern NON_ASCII_ESCAPE = Pattern.compile("\\\\u(?!00[0-7])[0-9a-fA-F]{4}");

    /** An entry of the top-level object: its id and where its text is ({@code start}: its key's quote). */
    private record Span(String id, int start, int end) {
    }

    private final String text;
    private final List<Span> spans;
    private final Style style;

    private ManifestText(String text, List<Span> spans, Style style) {
        this.text = text;
        this.spans = spans;
        this.style = style;
    }

    /** The file's entries and style, or null when it is not one JSON object (it is then written anew). */
    static ManifestText read(String text) {
        List<Span> spans = new ArrayList<>();
        String colon = null;
        try (JsonParser parser = Json.mapper().getFactory().createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                int start = offset(parser);
                String id = parser.currentName();
                int keyEnd = stringEnd(text, start);
                JsonToken value = parser.nextToken();
                colon = colon == null ? text.substring(keyEnd, offset(parser)) : colon;
                parser.skipChildren();
                int end = value.isStructStart() ? offset(parser) + 1 : scalarEnd(text, offset(parser), value);
                spans.add(new Span(id, start, end));
            }
            if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        return new ManifestText(text, spans, spans.isEmpty() ? null : style(text, spans, colon));
    }

    /**
     * The text with {@code entries} (in this order): the old text of those not in {@code rewritten}, the others
     * written in the file's style. Null when the old file had no entry to learn its style from.
     */
    String with(Map<String, JsonNode> entries, Set<String> rewritten) {
        if (style == null) {
            return null;
        }
        String separator = spans.size() > 1 ? text.substring(spans.get(0).end(), spans.get(1).start())
                : style.indent() == null ? style.comma() : "," + style.eol() + style.indent();
        StringBuilder out = new StringBuilder(text.substring(0, spans.get(0).start()));
        int written = 0;
        for (Map.Entry<String, JsonNode> entry : entries.entrySet()) {
            out.append(written++ == 0 ? "" : separator);
            Span old = rewritten.contains(entry.getKey()) ? null
                    : spans.stream().filter(s -> s.id().equals(entry.getKey())).findFirst().orElse(null);
            if (old != null) {
                out.append(text, old.start(), old.end());
            } else {
                out.append(quote(entry.getKey(), style)).append(style.colon());
                write(out, entry.getValue(), 1, style);
            }
        }
        if (written == 0) { // every entry removed: the opening brace and the closing one, as the file had them
            return text.substring(0, text.indexOf('{') + 1) + text.substring(text.lastIndexOf('}'));
        }
        return out.append(text.substring(spans.get(spans.size() - 1).end())).toString();
    }

    /** The first style that writes the file's first entries back exactly; FrameScope's own when none does. */
    private static Style style(String text, List<Span> spans, String colon) {
        String before = text.substring(0, spans.get(0).start());
        int lineStart = before.lastIndexOf('\n');
        String eol = before.contains("\r\n") ? "\r\n" : "\n";
        boolean ascii = NON_ASCII_ESCAPE.matcher(text).find();
        List<Style> candidates = new ArrayList<>();
        if (lineStart < 0) {
            for (String comma : List.of(",", ", ")) {
                for (String pad : List.of("", " ")) {
                    candidates.add(new Style(null, eol, colon, comma, true, pad, "[]", "{}", ascii));
                    candidates.add(new Style(null, eol, colon, comma, true, pad, "[ ]", "{ }", ascii));
                }
            }
        } else {
            String indent = before.substring(lineStart + 1);
            for (String empty : List.of("[]", "[ ]")) {
                String emptyObject = empty.replace('[', '{').replace(']', '}');
                candidates.add(new Style(indent, eol, colon, ", ", true, " ", empty, emptyObject, ascii));
                candidates.add(new Style(indent, eol, colon, ", ", false, "", empty, emptyObject, ascii));
                candidates.add(new Style(indent, eol, colon, ", ", true, "", empty, emptyObject, ascii));
            }
        }
        ObjectNode old;
        try {
            old = (ObjectNode) Json.mapper().readTree(text);
        } catch (IOException e) {
            return candidates.get(0);
        }
        List<Span> sample = spans.subList(0, Math.min(spans.size(), 20));
        return candidates.stream().filter(style -> sample.stream().allMatch(span -> {
            StringBuilder out = new StringBuilder(quote(span.id(), style)).append(style.colon());
            write(out, old.get(span.id()), 1, style);
            return out.toString().contentEquals(text.subSequence(span.start(), span.end()));
        })).findFirst().orElse(candidates.get(0));
    }

    private static void write(StringBuilder out, JsonNode node, int depth, Style style) {
        if (node.isObject() || node.isArray()) {
            boolean object = node.isObject();
            if (node.isEmpty()) {
                out.append(object ? style.emptyObject() : style.emptyArray());
                return;
            }
            boolean inline = style.indent() == null || (!object && style.arraysInline());
            String inner = inline ? style.arrayPad() : style.eol() + style.indent().repeat(depth + 1);
            String between = inline ? style.comma() : "," + inner;
            out.append(object ? '{' : '[').append(object && inline ? "" : inner);
            Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
            for (int i = 0; i < node.size(); i++) {
                out.append(i == 0 ? "" : between);
                if (object) {
                    Map.Entry<String, JsonNode> field = fields.next();
                    out.append(quote(field.getKey(), style)).append(style.colon());
                    write(out, field.getValue(), depth + 1, style);
                } else {
                    write(out, node.get(i), depth + 1, style);
                }
            }
            String close = inline ? style.arrayPad() : style.eol() + style.indent().repeat(depth);
            out.append(object && inline ? "" : close).append(object ? '}' : ']');
            return;
        }
        out.append(node.isTextual() ? quote(node.asText(), style) : node.toString());
    }

    private static String quote(String text, Style style) {
        String quoted = Json.write(text);
        if (!style.asciiOnly()) {
            return quoted;
        }
        StringBuilder out = new StringBuilder(quoted.length());
        quoted.chars().forEach(c -> out.append(c < 0x80 ? String.valueOf((char) c)
                : String.format(Locale.ROOT, "\\u%04x", c)));
        return out.toString();
    }

    private static int offset(JsonParser parser) {
        return (int) parser.currentTokenLocation().getCharOffset();
    }

    /** The index after the string literal that opens at {@code quote}. */
    private static int stringEnd(String text, int quote) {
        for (int i = quote + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i + 1;
            }
        }
        return text.length();
    }

    private static int scalarEnd(String text, int start, JsonToken token) {
        if (token == JsonToken.VALUE_STRING) {
            return stringEnd(text, start);
        }
        int i = start;
        while (i < text.length() && ",}] \t\r\n".indexOf(text.charAt(i)) < 0) {
            i++;
        }
        return i;
    }
}
