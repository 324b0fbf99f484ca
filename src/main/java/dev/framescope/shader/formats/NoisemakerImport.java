package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * noisemaker effects: a folder with {@code definition.js}, an ES module {@code export default new Effect({...})}.
 * The module is never run: {@link JsLiteral} reads the object literal (and top-level {@code const} literals it
 * names) statically, so an import, a fetch or a loop in the file does nothing; a definition that computes its
 * values with code is UNSUPPORTED naming the construct and its line. The literal becomes the native model
 * ({@link NoisemakerModel}); how its programs compile is {@link NoisemakerSources}'.
 */
final class NoisemakerImport {

    static final String FORMAT = "noisemaker";
    static final String FILE = "definition.js";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Pattern EFFECT = Pattern.compile("export\\s+default\\s+new\\s+Effect\\s*\\(");
    private static final Pattern CLASS = Pattern.compile("(?m)^(?:export\\s+default\\s+)?class\\s+(\\w+)\\s+"
            + "extends\\s+Effect\\b");
    private static final Pattern CONST = Pattern.compile("(?m)^(?:export\\s+)?const\\s+(\\w+)\\s*=\\s*");
    private static final Pattern IMPORT = Pattern.compile("(?m)^\\s*import\\s+(.*?)\\s+from\\s+['\"]([^'\"]+)['\"]");

    private NoisemakerImport() {
    }

    /** The definition read from {@code file}; never throws for a file it cannot read as a literal: unsupported. */
    static ObjectNode definition(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String fallbackName = file.getParent().getFileName().toString();
        try {
            return fromModule(text, fallbackName);
        } catch (JsLiteral.NotLiteral e) {
            return unsupported(fallbackName, "UNSUPPORTED: definition.js is not a literal definition: "
                    + e.getMessage() + imports(text) + "; FrameScope reads definition.js without running it");
        }
    }

    static ObjectNode fromModule(String text, String fallbackName) {
        Matcher klass = CLASS.matcher(text);
        if (klass.find() && !EFFECT.matcher(text).find()) {
            String why = klass.group().startsWith("export") ? null : "it is exported through code";
            JsLiteral reader = reader(text, klass.start());
            reader.skipTo(klass.end());
            ObjectNode fields = why == null ? classFields(reader) : null;
            if (fields != null && !fields.has("passes")) {
                why = "no `passes` field";
                fields = null;
            }
            if (fields == null) {
                return unsupported(fallbackName, "UNSUPPORTED: definition.js exports a class (" + klass.group(1)
                        + " extends Effect, line " + line(text, klass.start()) + ") whose behaviour is JavaScript code"
                        + " (" + (why == null ? reader.found() + " at line " + reader.line(reader.position()) : why)
                        + "); FrameScope reads only literal definitions (`export default new Effect({...})` or a class"
                        + " of literal fields), without running them");
            }
            return NoisemakerModel.of(fields, fallbackName);
        }
        Matcher m = EFFECT.matcher(text);
        if (!m.find()) {
            return unsupported(fallbackName, "UNSUPPORTED: definition.js has no `export default new Effect({...})`");
        }
        JsLiteral reader = reader(text, m.start());
        reader.skipTo(m.end());
        JsonNode literal = reader.value();
        reader.expect(")");
        if (!literal.isObject()) {
            throw reader.fail("an object expected in new Effect(...)");
        }
        return NoisemakerModel.of((ObjectNode) literal, fallbackName);
    }

    /** A reader that knows the top-level {@code const} literals before {@code end} (and the computed ones by name). */
    private static JsLiteral reader(String text, int end) {
        Map<String, JsonNode> constants = new LinkedHashMap<>();
        Map<String, Integer> computed = new LinkedHashMap<>();
        Matcher c = CONST.matcher(text);
        while (c.find() && c.start() < end) {
            try {
                JsLiteral reader = new JsLiteral(text, c.end(), constants);
                JsonNode value = reader.value();
                if (Pattern.compile("\\b" + c.group(1) + "\\s*[.\\[][^\\n;=]*=(?!=)").matcher(text)
                        .find(reader.position())) {
                    throw reader.fail("filled by code after its literal"); // `const c = {}` then `c[k] = v` in a loop
                }
                constants.put(c.group(1), value);
            } catch (JsLiteral.NotLiteral e) {
                computed.put(c.group(1), line(text, c.start())); // a reference to it fails where it is used, naming it
            }
        }
        JsLiteral reader = new JsLiteral(text, end, constants);
        reader.computed.putAll(computed);
        reader.interfaceOnly.add("choices");
        return reader;
    }

    /**
     * The body of {@code export default class X extends Effect { name = ...; globals = {...} }} as the object literal
     * noisemaker's Effect would be given, when every member is a field with a literal value; null, with the reader at
     * the member, when one is a method, an accessor or a static block (JavaScript FrameScope does not run).
     */
    private static ObjectNode classFields(JsLiteral reader) {
        ObjectNode fields = JsonNodeFactory.instance.objectNode();
        reader.expect("{");
        while (!reader.at("}")) {
            if (reader.at(";")) {
                reader.expect(";");
                continue;
            }
            int start = reader.position();
            String name = reader.identifier();
            if (name == null || !reader.at("=") || reader.at("==")) {
                reader.skipTo(start);
                return null;
            }
            reader.expect("=");
            fields.set(name, reader.value());
        }
        return fields;
    }

    private static int line(String text, int at) {
        return new JsLiteral(text, 0, null).line(at);
    }

    private static String imports(String text) {
        List<String> other = new ArrayList<>();
        Matcher m = IMPORT.matcher(text);
        while (m.find()) {
            if (!m.group(2).endsWith("runtime/effect.js")) {
                other.add(m.group(2));
            }
        }
        return other.isEmpty() ? "" : " (it imports " + String.join(", ", other) + ", which FrameScope never loads)";
    }

    private static ObjectNode unsupported(String name, String why) {
        ObjectNode d = F.objectNode();
        d.put("name", name);
        d.put("format", FORMAT);
        d.put("unsupported", why);
        d.set("globals", F.objectNode());
        d.set("passes", F.arrayNode());
        return d;
    }
}
