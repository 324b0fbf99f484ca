package dev.framescope.shader.formats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * gl-transitions (the npm package's {@code gl-transitions.json} array of {name, glsl, paramsTypes, defaultParams,
 * author, license}, or single {@code .glsl} files with {@code // Author:}/{@code // License:} lines and uniforms
 * declared as {@code uniform float foo; // = 1.0}) run unchanged: the entry's {@code vec4 transition(vec2 uv)} goes
 * under a prelude that declares {@code progress}, {@code ratio}, the {@code from}/{@code to} images and
 * {@code getFromColor}/{@code getToColor} as the gl-transitions host does (GLSL ES 1.00, the image fitted to the
 * frame's aspect), with {@code #line 1} so diagnostics are on the entry's own lines. {@code progress} is a global
 * (0..1, default 0.5); every typed parameter is a global with its default; {@code from} is the test card,
 * {@code to} the second card and each {@code sampler2D} parameter the grey ramp, each bindable by name to a file.
 * GLSL only: WGSL is "not available". Reading the images is left to {@link ImageInputs}.
 */
final class GlTransitionImport {

    static final String COLLECTION = "gl-transitions.json";
    static final String FORMAT = "gl-transition";
    /** Uniforms the prelude declares that FrameScope sets itself (progress is a global). */
    static final Set<String> PRELUDE_UNIFORMS = Set.of("resolution", "ratio",
            "_fromR", "_toR", "from", "to");
    /** The default progress: halfway, where a transition shows both images. */
    static final double DEFAULT_PROGRESS = 0.5;

    private static final Pattern TRANSITION = Pattern.compile("\\bvec4\\s+transition\\s*\\(");
    /** {@code uniform <type> <name>;} with an optional {@code // = default} or {@code /* = default *\/}. */
    private static final Pattern UNIFORM = Pattern.compile("^[ \\t]*uniform\\s+(\\w+)\\s+(\\w+)\\s*"
            + "(?:/\\*\\s*=\\s*([^*]*?)\\s*\\*/\\s*)?;[ \\t]*(?://\\s*=\\s*(.*))?$", Pattern.MULTILINE);
    private static final Pattern LITERAL = Pattern.compile("^\\s*(?:([ib]?vec[234])\\s*\\(([^)]*)\\)|(true|false)"
            + "|([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?))");
    private static final Pattern HEADER = Pattern.compile("^\\s*//\\s*(Author|License)\\s*:\\s*(.*?)\\s*$",
            Pattern.MULTILINE | Pattern.CASE_INSENSITIVE);

    private GlTransitionImport() {
    }

    /** Whether a {@code .glsl} file is a gl-transition: it defines {@code vec4 transition(...)}. */
    static boolean isTransition(String text) {
        return TRANSITION.matcher(text).find();
    }

    /** The definitions of every entry of a {@code gl-transitions.json}, in file order. */
    static List<ObjectNode> collection(Path file) throws IOException {
        JsonNode array;
        try {
            array = Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, file + " is not valid JSON: "
                    + e.getOriginalMessage(), Map.of("file", file.toString()));
        }
        if (array == null || !array.isArray()) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, file + " is not a gl-transitions collection (a JSON "
                    + "array of {name, glsl, paramsTypes, defaultParams})", Map.of("file", file.toString()));
        }
        List<ObjectNode> definitions = new ArrayList<>();
        for (JsonNode entry : array) {
            String name = entry.path("name").asText("");
            if (name.isEmpty() || !entry.path("glsl").isTextual()) {
                continue;
            }
            String glsl = entry.get("glsl").asText();
            ObjectNode definition = definition(name, glsl, entry.path("paramsTypes"), entry.path("defaultParams"),
                    entry.path("author").asText(null), entry.path("license").asText(null));
            definition.put("glsl", glsl); // the program's text: the collection file holds every entry's
            definitions.add(definition);
        }
        return definitions;
    }

    /** The definition of a single {@code .glsl} transition: parameters and defaults from its uniform lines. */
    static ObjectNode file(Path file) throws IOException {
        String glsl = Files.readString(file, StandardCharsets.UTF_8);
        ObjectNode types = JsonNodeFactory.instance.objectNode();
        ObjectNode defaults = JsonNodeFactory.instance.objectNode();
        Matcher m = UNIFORM.matcher(glsl);
        while (m.find()) {
            if (m.group(1).startsWith("sampler")) {
                continue;
            }
            types.put(m.group(2), m.group(1));
            String literal = m.group(3) != null ? m.group(3) : m.group(4);
            JsonNode value = literal == null ? null : literal(m.group(1), literal);
            if (value != null) {
                defaults.set(m.group(2), value);
            }
        }
        Map<String, String> header = new LinkedHashMap<>();
        Matcher h = HEADER.matcher(glsl);
        while (h.find()) {
            header.putIfAbsent(h.group(1).toLowerCase(Locale.ROOT), h.group(2));
        }
        String name = file.getFileName().toString().replaceFirst("\\.glsl$", "");
        return definition(name, glsl, types, defaults, header.get("author"), header.get("license"));
    }

    /**
     * A GLSL literal as JSON: a number, a boolean, or an array for a vector ({@code vec2(0.5)} fills every
     * component); null when the text does not start with one.
     */
    static JsonNode literal(String type, String text) {
        Matcher m = LITERAL.matcher(text);
        if (!m.find()) {
            return null;
        }
        JsonNodeFactory json = JsonNodeFactory.instance;
        if (m.group(3) != null) {
            return json.booleanNode(Boolean.parseBoolean(m.group(3)));
        }
        if (m.group(4) != null) {
            return number(type, m.group(4));
        }
        String[] parts = m.group(2).split(",");
        int size = m.group(1).charAt(m.group(1).length() - 1) - '0';
        ArrayNode array = json.arrayNode();
        for (int i = 0; i < size; i++) {
            String part = parts[Math.min(i, parts.length - 1)].trim();
            if (m.group(1).startsWith("b")) {
                array.add(Boolean.parseBoolean(part));
            } else {
                JsonNode n = number(m.group(1), part);
                if (n == null) {
                    return null;
                }
                array.add(n);
            }
        }
        return array;
    }

    private static JsonNode number(String type, String text) {
        try {
            double value = Double.parseDouble(text);
            boolean integral = type.equals("int") || type.startsWith("ivec");
            return integral ? JsonNodeFactory.instance.numberNode((int) value) : JsonNodeFactory.instance.numberNode(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The definition.json equivalent of one transition. */
    static ObjectNode definition(String name, String glsl, JsonNode paramsTypes, JsonNode defaultParams,
                                 String author, String license) {
        ObjectNode definition = Json.mapper().createObjectNode();
        definition.put("name", name);
        definition.put("description", "gl-transition" + (author == null ? "" : " by " + author)
                + (license == null ? "" : " (" + license + ")"));
        definition.put("format", FORMAT);
        if (author != null) {
            definition.put("author", author);
        }
        if (license != null) {
            definition.put("license", license);
        }
        ObjectNode globals = definition.putObject("globals");
        ObjectNode progress = globals.putObject("progress");
        progress.put("type", "float");
        progress.put("default", DEFAULT_PROGRESS);
        progress.put("min", 0.0);
        progress.put("max", 1.0);
        progress.put("uniform", "progress");
        paramsTypes.properties().forEach(p -> {
            ObjectNode global = globals.putObject(p.getKey());
            global.put("type", p.getValue().asText().equals("bool") ? "boolean" : p.getValue().asText());
            if (defaultParams.has(p.getKey())) {
                global.set("default", defaultParams.get(p.getKey()));
            }
            global.put("uniform", p.getKey());
        });
        ObjectNode images = definition.putObject("images");
        images.put("from", "testcard");
        images.put("to", "testcard2");
        Matcher m = UNIFORM.matcher(glsl);
        while (m.find()) {
            if (m.group(1).equals("sampler2D") && !images.has(m.group(2))) {
                images.put(m.group(2), "ramp");
            }
        }
        ObjectNode pass = definition.putArray("passes").addObject();
        pass.put("name", "main");
        pass.put("program", name);
        pass.put("glslVersion", "100");
        ObjectNode inputs = pass.putObject("inputs");
        images.fieldNames().forEachRemaining(image -> inputs.put(image, image));
        pass.putObject("outputs").put("fragColor", "outputTex");
        return definition;
    }

    /**
     * The entry under the prelude of the gl-transitions host (GLSL ES 1.00): {@code getFromColor}/{@code
     * getToColor} fit each image to the frame as it does ({@code _fromR}/{@code _toR}: the images' aspect ratios).
     */
    static String wrap(String glsl) {
        return """
                precision highp float;
                precision highp int;
                uniform vec2 resolution;
                uniform float progress;
                uniform float ratio;
                uniform float _fromR;
                uniform float _toR;
                uniform sampler2D from;
                uniform sampler2D to;
                vec4 getFromColor(vec2 uv) {
                  return texture2D(from, .5 + (uv - .5) * vec2(min(ratio / _fromR, 1.), min(_fromR / ratio, 1.)));
                }
                vec4 getToColor(vec2 uv) {
                  return texture2D(to, .5 + (uv - .5) * vec2(min(ratio / _toR, 1.), min(_toR / ratio, 1.)));
                }
                #line 1
                """ + glsl + "\nvoid main() {\n  gl_FragColor = transition(gl_FragCoord.xy / resolution);\n}\n";
    }
}
