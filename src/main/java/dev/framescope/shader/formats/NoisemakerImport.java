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
            return unsupported(fallbackName, "UNSUPPORTED: definition.js exports a class (" + klass.group(1)
                    + " extends Effect, line " + line(text, klass.start()) + ") whose behaviour is JavaScript code; "
                    + "FrameScope reads only `export default new Effect({...})` literals, without running them");
        }
        Matcher m = EFFECT.matcher(text);
        if (!m.find()) {
            return unsupported(fallbackName, "UNSUPPORTED: definition.js has no `export default new Effect({...})`");
        }
        Map<String, JsonNode> constants = new LinkedHashMap<>();
        Map<String, Integer> computed = new LinkedHashMap<>();
        Matcher c = CONST.matcher(text);
        while (c.find()) {
            if (c.start() > m.start()) {
                break;
            }
            try {
                JsLiteral reader = new JsLiteral(text, c.end(), constants);
                constants.put(c.group(1), reader.value());
            } catch (JsLiteral.NotLiteral e) {
                computed.put(c.group(1), line(text, c.start())); // a reference to it fails where it is used, naming it
            }
        }
        JsLiteral reader = new JsLiteral(text, m.end(), constants);
        reader.computed.putAll(computed);
        JsonNode literal = reader.value();
        reader.expect(")");
        if (!literal.isObject()) {
            throw reader.fail("an object expected in new Effect(...)");
        }
        return NoisemakerModel.of((ObjectNode) literal, fallbackName);
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
