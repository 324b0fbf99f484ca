package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A strict reader of JavaScript literal values (objects, arrays, strings, numbers, true/false/null, comments,
 * trailing commas, unquoted keys, shorthand properties and names of earlier top-level {@code const} literals). It
 * evaluates nothing: any other expression (a call, an operator, a function, a template with {@code ${}}) stops the
 * read with a {@link NotLiteral} naming it and its line, so reading a hostile file can neither run code nor hang.
 */
final class JsLiteral {

    /** The text is not a literal at {@code line}: {@code what} says what was found. */
    static final class NotLiteral extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int line;

        NotLiteral(String what, int line) {
            super(what + " at line " + line);
            this.line = line;
        }
    }

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private final String s;
    private final Map<String, JsonNode> constants;
    private int i;
    private int depth;
    /** Top-level constants whose value is code, by name, with their line: named when the literal uses one. */
    final Map<String, Integer> computed = new LinkedHashMap<>();
    /**
     * Properties only a user interface reads (noisemaker's dropdown {@code choices}): one whose value is a computed
     * constant is left out rather than refused, since no shader or runtime value depends on it.
     */
    final Set<String> interfaceOnly = new HashSet<>();

    JsLiteral(String text, int start, Map<String, JsonNode> constants) {
        this.s = text;
        this.i = start;
        this.constants = constants == null ? new LinkedHashMap<>() : constants;
    }

    int position() {
        return i;
    }

    void skipTo(int position) {
        i = position;
    }

    int line(int at) {
        int n = 1;
        for (int k = 0; k < Math.min(at, s.length()); k++) {
            if (s.charAt(k) == '\n') {
                n++;
            }
        }
        return n;
    }

    NotLiteral fail(String what) {
        return new NotLiteral(what, line(i));
    }

    /** Skips blanks and comments. */
    void skip() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (s.startsWith("//", i)) {
                int end = s.indexOf('\n', i);
                i = end < 0 ? s.length() : end + 1;
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                if (end < 0) {
                    throw fail("an unclosed comment");
                }
                i = end + 2;
            } else {
                return;
            }
        }
    }

    boolean at(String token) {
        skip();
        return s.startsWith(token, i);
    }

    void expect(String token) {
        if (!at(token)) {
            throw fail("'" + token + "' expected, found " + found());
        }
        i += token.length();
    }

    String found() {
        skip();
        if (i >= s.length()) {
            return "the end of the file";
        }
        int end = Math.min(s.length(), i + 30);
        int nl = s.indexOf('\n', i);
        return "'" + s.substring(i, nl >= 0 && nl < end ? nl : end).strip() + "'";
    }

    /** An identifier at the cursor, or null. */
    String identifier() {
        skip();
        int start = i;
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_' || s.charAt(i) == '$')) {
            i++;
        }
        if (start == i || Character.isDigit(s.charAt(start))) {
            i = start;
            return null;
        }
        return s.substring(start, i);
    }

    /** One literal value; after it the cursor is past it. */
    JsonNode value() {
        skip();
        if (++depth > 64) {
            throw fail("nesting deeper than 64 levels");
        }
        try {
            if (i >= s.length()) {
                throw fail("a value expected, found the end of the file");
            }
            char c = s.charAt(i);
            JsonNode v;
            if (c == '{') {
                v = object();
            } else if (c == '[') {
                v = array();
            } else if (c == '"' || c == '\'' || c == '`') {
                v = F.textNode(string(c));
            } else if (c == '-' || c == '+' || c == '.' || Character.isDigit(c)) {
                v = number();
            } else {
                int start = i;
                String word = identifier();
                if (word == null) {
                    throw fail("a literal value expected, found " + found());
                }
                v = switch (word) {
                    case "true" -> F.booleanNode(true);
                    case "false" -> F.booleanNode(false);
                    case "null", "undefined" -> F.nullNode();
                    default -> {
                        if (constants.containsKey(word) && !at("(") && !at(".") && !at("[")) {
                            yield constants.get(word).deepCopy();
                        }
                        i = start;
                        if (computed.containsKey(word)) {
                            throw fail("'" + word + "', a constant computed by code (line " + computed.get(word) + ")");
                        }
                        throw fail("JavaScript code (" + found() + ") where FrameScope reads only literal values");
                    }
                };
            }
            skip();
            if (i < s.length() && "+-*/%?&|<>=!(.[".indexOf(s.charAt(i)) >= 0 && !at("//") && !at("/*")) {
                throw fail("an expression (" + found() + ") where FrameScope reads only literal values");
            }
            return v;
        } finally {
            depth--;
        }
    }

    private ObjectNode object() {
        expect("{");
        ObjectNode o = F.objectNode();
        while (!at("}")) {
            if (at("...")) {
                throw fail("a spread ('...') where FrameScope reads only literal values");
            }
            String key;
            skip();
            char c = i < s.length() ? s.charAt(i) : 0;
            if (c == '"' || c == '\'') {
                key = string(c);
            } else if (Character.isDigit(c)) {
                key = number().asText();
            } else {
                key = identifier();
                if (key == null) {
                    throw fail("a property name expected, found " + found());
                }
            }
            if (at(",") || at("}")) {
                if (!constants.containsKey(key)) {
                    throw fail("shorthand property '" + key + "' names " + (computed.containsKey(key)
                            ? "a constant computed by code (const " + key + ", line " + computed.get(key) + ")"
                            : "no literal constant"));
                }
                o.set(key, constants.get(key).deepCopy());
            } else {
                if (at("(")) {
                    throw fail("a method '" + key + "()' where FrameScope reads only literal values");
                }
                expect(":");
                if (interfaceOnly.contains(key) && computedName()) {
                    continue; // past the name: the property is left out (see interfaceOnly)
                }
                o.set(key, value());
            }
            if (!at(",")) {
                break;
            }
            expect(",");
        }
        expect("}");
        return o;
    }

    /** True, with the cursor past it and past a following comma, when a computed constant's bare name is next. */
    private boolean computedName() {
        int start = i;
        String word = identifier();
        if (word != null && computed.containsKey(word) && (at(",") || at("}"))) {
            if (at(",")) {
                expect(",");
            }
            return true;
        }
        i = start;
        return false;
    }

    private ArrayNode array() {
        expect("[");
        ArrayNode a = F.arrayNode();
        while (!at("]")) {
            if (at("...")) {
                throw fail("a spread ('...') where FrameScope reads only literal values");
            }
            a.add(value());
            if (!at(",")) {
                break;
            }
            expect(",");
        }
        expect("]");
        return a;
    }

    private String string(char quote) {
        StringBuilder out = new StringBuilder();
        i++;
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (c == quote) {
                return out.toString();
            }
            if (quote == '`' && c == '$' && i < s.length() && s.charAt(i) == '{') {
                throw fail("a template substitution ('${') where FrameScope reads only literal values");
            }
            if (c == '\n' && quote != '`') {
                throw fail("a line break inside a string");
            }
            if (c == '\\' && i < s.length()) {
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'v' -> out.append('\u000b');
                    case '0' -> out.append('\0');
                    case '\n' -> { }
                    case 'u' -> {
                        if (i + 4 > s.length()) {
                            throw fail("a broken \\u escape");
                        }
                        try {
                            out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        } catch (NumberFormatException x) {
                            throw fail("a broken \\u escape");
                        }
                        i += 4;
                    }
                    default -> out.append(e);
                }
            } else {
                out.append(c);
            }
        }
        throw fail("an unclosed string");
    }

    private JsonNode number() {
        int start = i;
        boolean negative = false;
        if (s.charAt(i) == '-' || s.charAt(i) == '+') {
            negative = s.charAt(i) == '-';
            i++;
        }
        if (s.startsWith("0x", i) || s.startsWith("0X", i)) {
            int from = i + 2;
            i = from;
            while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
                i++;
            }
            long v = negative ? -Long.parseLong(s.substring(from, i), 16) : Long.parseLong(s.substring(from, i), 16);
            return v == (int) v ? F.numberNode((int) v) : F.numberNode(v);
        }
        while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.' || s.charAt(i) == 'e'
                || s.charAt(i) == 'E' || ((s.charAt(i) == '-' || s.charAt(i) == '+')
                && (s.charAt(i - 1) == 'e' || s.charAt(i - 1) == 'E')))) {
            i++;
        }
        String text = s.substring(start, i).replace("+", "");
        try {
            if (text.matches("-?\\d+") && text.length() < 18) {
                long v = Long.parseLong(text);
                return v == (int) v ? F.numberNode((int) v) : F.numberNode(v);
            }
            return F.numberNode(Double.parseDouble(text));
        } catch (NumberFormatException e) {
            i = start;
            throw fail("a number expected, found " + found());
        }
    }
}
