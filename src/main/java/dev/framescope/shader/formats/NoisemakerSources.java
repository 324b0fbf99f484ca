package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A noisemaker program's sources as noisemaker's runtime compiles them: the file with the definition's
 * {@code define}s (the caller's values for their globals, else the defaults), its own {@code #version} blanked so
 * lines stay the file's, and the vertex stage it links with. Which WGSL programs cannot run as a render pass.
 */
final class NoisemakerSources {

    private static final Pattern OUTPUT_BUFFER = Pattern.compile(
            "var<storage\\s*,\\s*read_write>\\s*(output_buffer|outputBuffer)\\s*:");

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

    private NoisemakerSources() {
    }

    /**
     * The source the runtime compiles for {@code file} (the program's GLSL or WGSL), with the defines of the
     * caller's values ({@code uniforms}, null for the defaults).
     */
    static String source(Effect effect, Program program, Path file,
                         Map<String, Object> uniforms) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            Map<String, Object> defines = defines(effect, program, uniforms);
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
            return "#version 300 es\n" + wrapGlsl(text, defines(effect, program, uniforms));
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
            // one that writes its pixels into output_buffer runs as noisemaker runs it (page runtime compute-pass.js)
            return text.contains("@compute") && !text.contains("@fragment") && !OUTPUT_BUFFER.matcher(text).find()
                    ? "UNSUPPORTED: WGSL program '" + program.name() + "' is a compute shader (@compute, no "
                    + "@fragment) with no `output_buffer` storage buffer of RGBA pixels, which noisemaker's WebGPU "
                    + "backend copies into the pass's target; FrameScope runs only such compute programs" : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** {@link #defines(JsonNode, Map)} a program compiles with: in a 3D chain, its own stage's only. */
    private static Map<String, Object> defines(Effect effect, Program program, Map<String, Object> uniforms) {
        Map<String, Object> defines = defines(effect.definition(), uniforms);
        JsonNode own = program.spec().path("defineNames");
        if (own.isArray()) { // a stage of a 3D chain (NoisemakerChains)
            Set<String> names = new HashSet<>();
            own.forEach(n -> names.add(n.asText()));
            defines.keySet().retainAll(names);
        }
        return defines;
    }

    /** The defines with the caller's values for their globals (noisemaker recompiles when one changes). */
    static Map<String, Object> defines(JsonNode definition, Map<String, Object> uniforms) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = definition.path("defines").properties().iterator(); it.hasNext(); ) {
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
