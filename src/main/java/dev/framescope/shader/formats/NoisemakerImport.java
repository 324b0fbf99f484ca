package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * noisemaker effects: a folder with {@code definition.js}, an ES module {@code export default new Effect({...})}.
 * The module is never run: {@link JsLiteral} reads the object literal (and top-level {@code const} literals it
 * names) statically, so an import, a fetch or a loop in the file does nothing; a definition that computes its
 * values with code is UNSUPPORTED naming the construct and its line. The result is the native model (globals,
 * passes with inputs/outputs) with {@code format: noisemaker}, its {@code uniformLayout}, the {@code define}s of its
 * globals, and {@code unsupported} for what FrameScope cannot run (compute, point/mesh draws, 3D volumes, several
 * render targets, CPU-built textures).
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
    private static final Pattern VERSION = Pattern.compile("(?m)^[ \\t]*#version[^\\n]*");

    /**
     * The noisemaker runtime's full-screen vertex stage (a_position → v_texCoord 0..1), its attribute named as
     * FrameScope's pass runtime binds it.
     */
    static final String VERTEX_GLSL = """
            #version 300 es
            precision highp float;
            in vec2 position;
            out vec2 v_texCoord;
            void main() {
                v_texCoord = position * 0.5 + 0.5;
                gl_Position = vec4(position, 0.0, 1.0);
            }""";

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
        return model((ObjectNode) literal, fallbackName);
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

    /** The native model of a literal definition. */
    static ObjectNode model(ObjectNode js, String fallbackName) {
        ObjectNode d = F.objectNode();
        d.put("name", js.path("name").asText(fallbackName));
        for (String key : List.of("namespace", "func", "description")) {
            if (js.path(key).isTextual()) {
                d.put(key, js.get(key).asText());
            }
        }
        if (js.path("tags").isArray()) {
            d.set("tags", js.get("tags"));
        }
        d.put("format", FORMAT);
        ObjectNode globals = F.objectNode();
        ObjectNode defines = F.objectNode();
        ArrayNode surfaces = F.arrayNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = js.path("globals").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isObject()) {
                continue;
            }
            ObjectNode g = ((ObjectNode) e.getValue()).deepCopy();
            g.remove("ui");
            String type = g.path("type").asText("float");
            if (type.equals("color")) {
                JsonNode rgb = color(g.path("default"));
                g.put("type", rgb.size() == 4 ? "vec4" : "vec3");
                g.set("default", rgb);
            }
            if (type.equals("surface")) {
                surfaces.add(e.getKey());
            }
            if (g.has("define")) {
                defines.set(g.get("define").asText(), g.path("default"));
                g.put("defineGlobal", e.getKey());
            }
            if (!g.has("uniform") || type.equals("surface") || type.equals("string") || type.equals("member")
                    || type.equals("palette") || type.equals("button")) {
                g.remove("uniform");
            }
            globals.set(e.getKey(), g);
        }
        d.set("globals", globals);
        d.set("defines", defines);
        d.set("surfaces", surfaces);
        d.set("imageInputs", surfaces); // bindable by name through `images`
        if (js.path("uniformLayout").isObject()) {
            d.set("uniformLayout", js.get("uniformLayout"));
        }
        if (js.path("uniformLayouts").isObject()) {
            d.set("uniformLayouts", js.get("uniformLayouts")); // per program; before uniformLayout, as noisemaker
        }
        if (js.path("textures").isObject()) {
            d.set("textures", js.get("textures"));
        }
        ArrayNode passes = F.arrayNode();
        List<String> why = new ArrayList<>();
        String ns = js.path("namespace").asText("");
        if (ns.endsWith("3d")) {
            why.add("3D volume effects (namespace " + ns + ")");
        }
        for (JsonNode p : js.path("passes")) {
            ObjectNode pass = F.objectNode();
            String program = p.path("program").asText(p.path("name").asText(""));
            pass.put("name", p.path("name").asText(program));
            pass.put("program", program);
            pass.set("inputs", p.path("inputs").isObject() ? p.get("inputs") : F.objectNode());
            if (p.path("uniforms").isObject()) {
                pass.set("uniforms", p.get("uniforms")); // shader uniform -> global (NoisemakerRuntime.passUniforms)
            }
            ObjectNode outputs = F.objectNode();
            Iterator<JsonNode> outs = p.path("outputs").elements();
            outputs.put("fragColor", outs.hasNext() ? outs.next().asText() : "outputTex");
            pass.set("outputs", outputs);
            String label = "pass '" + pass.get("name").asText() + "'";
            String type = p.path("type").asText("render");
            if (!type.equals("render")) {
                why.add(type + " pass (" + label + ")");
            }
            if (p.has("drawMode") && !p.get("drawMode").asText().equals("fullscreen")) {
                why.add(p.get("drawMode").asText() + " draw mode (" + label + ")");
            }
            if (p.path("drawBuffers").asInt(1) > 1 || p.path("outputs").size() > 1) {
                why.add("several render targets (" + label + ", drawBuffers " + Math.max(p.path("drawBuffers")
                        .asInt(1), p.path("outputs").size()) + ")");
            }
            if (p.has("count") || p.has("vertexCount")) {
                why.add("instanced point/vertex draws (" + label + ")");
            }
            JsonNode repeatNode = p.path("repeat");
            if (repeatNode.isTextual()) {
                // a count named by a global: its default (noisemaker reads the global's value each frame)
                repeatNode = js.path("globals").path(repeatNode.asText()).path("default");
                if (!repeatNode.canConvertToInt()) {
                    why.add("a repeat count from '" + p.get("repeat").asText() + "' (" + label + ")");
                }
            } else if (p.has("repeat") && !repeatNode.canConvertToInt()) {
                why.add("a repeat count that is not a number (" + label + ")");
            }
            for (JsonNode input : pass.get("inputs")) {
                String t = input.asText();
                if (t.endsWith("3d") || t.startsWith("global_mesh") || t.startsWith("vol")) {
                    why.add("3D or mesh input '" + t + "' (" + label + ")");
                }
            }
            int repeat = repeatNode.canConvertToInt() ? Math.max(1, Math.min(64, repeatNode.asInt(1))) : 1;
            for (int r = 0; r < repeat; r++) {
                ObjectNode copy = pass.deepCopy();
                if (p.path("repeat").isTextual()) {
                    // the global's default count; a render repeats it by the global's value (NoisemakerRuntime)
                    copy.put("repeatOf", p.get("repeat").asText()).put("repeatIndex", r).put("repeatDefault", repeat);
                }
                passes.add(copy);
            }
        }
        for (JsonNode t : js.path("textures")) {
            if (t.has("depth")) {
                why.add("3D textures (depth)");
                break;
            }
        }
        d.set("passes", passes);
        if (!why.isEmpty()) {
            d.put("unsupported", "UNSUPPORTED: noisemaker " + String.join(", ", new LinkedHashSet<>(why))
                    + "; FrameScope runs full-screen fragment passes only");
        }
        return d;
    }

    /** A colour default as [r, g, b] (or 4) in 0..1: an array as given, "#rrggbb" parsed. */
    static JsonNode color(JsonNode value) {
        if (value.isArray()) {
            return value;
        }
        ArrayNode rgb = F.arrayNode();
        String hex = value.asText("#000000").replace("#", "");
        for (int k = 0; k + 2 <= Math.min(hex.length(), 8); k += 2) {
            try {
                rgb.add(Integer.parseInt(hex.substring(k, k + 2), 16) / 255.0);
            } catch (NumberFormatException e) {
                rgb.add(0.0);
            }
        }
        while (rgb.size() < 3) {
            rgb.add(0.0);
        }
        return rgb;
    }

    /**
     * The source the runtime compiles for {@code file} (the program's GLSL or WGSL), with the defines of the
     * caller's values ({@code uniforms}, null for the defaults).
     */
    static String source(Effect effect, Program program, Path file,
                         Map<String, Object> uniforms) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            Map<String, Object> defines = defines(effect.definition(), uniforms);
            return file.toString().endsWith(".wgsl") ? wrapWgsl(text, defines) : wrapGlsl(text, defines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The GLSL vertex stage of a program: its {@code .vert} file with the defines, else the full-screen one. */
    static String vertex(Effect effect, Program program, Map<String, Object> uniforms) {
        String file = program.spec().path("vertexFile").asText(null);
        if (file == null) {
            return VERTEX_GLSL;
        }
        try {
            String text = Files.readString(Path.of(file), StandardCharsets.UTF_8);
            return "#version 300 es\n" + wrapGlsl(text, defines(effect.definition(), uniforms));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Why a program's WGSL cannot run as a render pass (a compute shader: {@code @compute} without {@code @fragment},
     * which noisemaker's WebGPU backend runs as a compute pass), or null.
     */
    static String wgslUnsupported(Program program) {
        if (program.wgsl() == null) {
            return null;
        }
        try {
            String text = Files.readString(program.wgsl(), StandardCharsets.UTF_8);
            return text.contains("@compute") && !text.contains("@fragment") ? "UNSUPPORTED: WGSL program '"
                    + program.name() + "' is a compute shader (@compute, no @fragment), which noisemaker runs as a "
                    + "compute pass on WebGPU; FrameScope runs full-screen fragment passes only" : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The defines with the caller's values for their globals (noisemaker recompiles when one changes). */
    static Map<String, Object> defines(JsonNode definition, Map<String, Object> uniforms) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = definition.path("defines").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), e.getValue().isNumber() ? e.getValue().numberValue()
                    : e.getValue().isBoolean() ? e.getValue().booleanValue() : e.getValue().asText());
        }
        for (JsonNode g : definition.path("globals")) {
            if (g.has("define") && uniforms != null && uniforms.containsKey(g.path("defineGlobal").asText())) {
                out.put(g.get("define").asText(), uniforms.get(g.path("defineGlobal").asText()));
            }
        }
        return out;
    }

    /**
     * A GLSL program as noisemaker's runtime compiles it: its own {@code #version} line blanked (so lines stay the
     * file's), precision and the defines before {@code #line 1}.
     */
    static String wrapGlsl(String text, Map<String, Object> defines) {
        StringBuilder out = new StringBuilder("precision highp float;\nprecision highp int;\n");
        defines.forEach((k, v) -> out.append("#define ").append(k).append(' ').append(v).append('\n'));
        out.append("#line 1\n");
        Matcher m = VERSION.matcher(text);
        return out.append(m.find() ? text.substring(0, m.start()) + text.substring(m.end()) : text).toString();
    }

    /** A WGSL program with the defines as {@code const}s, appended after the file so its lines stay its own. */
    static String wrapWgsl(String text, Map<String, Object> defines) {
        StringBuilder out = new StringBuilder(text).append('\n');
        defines.forEach((k, v) -> {
            if (v instanceof Boolean) {
                out.append("const ").append(k).append(": bool = ").append(v).append(";\n");
            } else if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
                // as noisemaker: a whole number (JavaScript's Number.isInteger) is an i32
                out.append("const ").append(k).append(": i32 = ").append(n.longValue()).append(";\n");
            } else if (v instanceof Number n) {
                String s = Double.toString(n.doubleValue());
                out.append("const ").append(k).append(": f32 = ").append(s).append(";\n");
            } else {
                out.append("const ").append(k).append(" = ").append(v).append(";\n");
            }
        });
        return out.toString();
    }
}
