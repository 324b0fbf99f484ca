package dev.framescope.shader.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A WebGL2 fragment shader text, exactly as the page compiled it, made into GLSL that glslang compiles for Vulkan
 * ({@code -V -R}): GLSL ES 3.10 instead of 3.00 (or 1.00, whose built-ins become their 3.x names), every {@code #line}
 * directive taken out, and a record of where every line of the result came from. glslang then numbers the lines of
 * the result itself, so a line RenderDoc's debugger names maps back to the effect's own file through {@link #origin}.
 *
 * <p>Where a line comes from follows the runtime's convention: a {@code #line N S} directive starts source string S
 * at line N; string 0 is the program's own code (its last string-0 stretch: the earlier ones are preludes), string 1
 * a Shadertoy Common tab, anything else FrameScope's wrapper. Nothing of the shader's own lines is changed, so their
 * text in the capture is the text in the file.
 */
public final class VulkanGlsl {

    /** Which part of what the page compiled a line is in. */
    public enum Part {
        /** The effect's own file (its pass's code). */
        effect,
        /** A Shadertoy Common tab. */
        common,
        /** FrameScope's or the format's prelude or wrapper. */
        prelude
    }

    /** A line of the converted text: its part and its line number there (1-based). */
    public record Origin(Part part, int line) {
    }

    /**
     * The converted text and, per line of it (index 0 = line 1), where it came from. {@code text} is what glslang
     * compiles, every character outside ASCII made '?'; {@code shown} the same lines with the page's characters, for
     * quoting a line back to the author.
     */
    public record Converted(String text, List<Origin> origins, String shown) {

        /** The origin of 1-based line {@code line} of the text; a prelude line 0 when out of range. */
        public Origin origin(int line) {
            return line >= 1 && line <= origins.size() ? origins.get(line - 1) : new Origin(Part.prelude, 0);
        }
    }

    private static final Pattern NOT_ASCII = Pattern.compile("[^\\x00-\\x7F]");
    private static final Pattern VERSION = Pattern.compile("^\\s*#\\s*version\\b.*$");
    private static final Pattern LINE = Pattern.compile("^\\s*#\\s*line\\s+(\\d+)(?:\\s+(\\d+))?\\s*$");
    /** GLSL ES 1.00 extensions GLSL ES 3.10 has built in (glslang refuses them there). */
    private static final Pattern ES1_EXTENSION = Pattern.compile(
            "^\\s*#\\s*extension\\s+GL_(OES_standard_derivatives|EXT_shader_texture_lod|EXT_frag_depth)\\b.*$");
    /** What GLSL ES 1.00's built-ins are called in 3.x, for a {@code #version 100} fragment shader. */
    private static final String ES1_NAMES = """
            #define texture2D texture
            #define texture2DLod textureLod
            #define texture2DProj textureProj
            #define textureCube texture
            #define textureCubeLod textureLod
            #define texture2DLodEXT textureLod
            #define texture2DGradEXT textureGrad
            #define varying in
            #define gl_FragColor framescope_FragColor
            layout(location = 0) out highp vec4 framescope_FragColor;
            """;

    /**
     * Functions GLSL ES 3.x has built in but 1.00 does not: a {@code #version 100} shader may define its own (ISF's
     * Etch-a-Sketch and VU Meter define {@code round}), which 3.10 refuses as a redefinition of a built-in. Not
     * listed: the names {@link #ES1_NAMES} maps ES 1.00's texture functions to (a macro there would rename those
     * calls too) and the derivatives ES 1.00 has through an extension.
     */
    private static final Set<String> ES3_ONLY_BUILT_INS = Set.of("round", "roundEven", "trunc", "sinh", "cosh",
            "tanh", "asinh", "acosh", "atanh", "isnan", "isinf", "modf", "determinant", "inverse", "outerProduct",
            "transpose", "floatBitsToInt", "floatBitsToUint", "intBitsToFloat", "uintBitsToFloat", "packSnorm2x16",
            "unpackSnorm2x16", "packUnorm2x16", "unpackUnorm2x16", "packHalf2x16", "unpackHalf2x16", "textureSize",
            "texelFetch", "textureOffset", "textureLodOffset", "textureProjOffset");
    /** A function definition or declaration: return type, name, opening parenthesis. */
    private static final Pattern FUNCTION = Pattern.compile(
            "^\\s*(?:(?:lowp|mediump|highp)\\s+)?(?!return\\b|else\\b)[A-Za-z_]\\w*\\s+([A-Za-z_]\\w*)\\s*\\(");

    private VulkanGlsl() {
    }

    /**
     * The ES 1.00 shader's own functions named like a built-in of 3.x, renamed by a macro (the lines, and so the
     * mapping back to the effect's source, stay as they are).
     */
    private static List<String> ownBuiltInNames(String[] lines) {
        Set<String> defined = new TreeSet<>();
        for (String line : lines) {
            Matcher function = FUNCTION.matcher(line);
            if (function.find() && ES3_ONLY_BUILT_INS.contains(function.group(1))) {
                defined.add(function.group(1));
            }
        }
        return defined.stream().map(name -> "#define " + name + " framescope_own_" + name).toList();
    }

    /** GLSL ES 1.00's vertex built-ins under their 3.x names. */
    private static final String ES1_VERTEX_NAMES = """
            #define texture2D texture
            #define texture2DLod textureLod
            #define textureCube texture
            #define varying out
            #define attribute in
            """;
    /** The page's vertex attribute: the full-screen triangle's corner, which the native draw has no buffer for. */
    private static final Pattern POSITION = Pattern.compile(
            "^\\s*(in|attribute)\\s+(?:(?:lowp|mediump|highp)\\s+)?vec2\\s+position\\s*;\\s*$");
    /** Any other vertex attribute: {@code in vec3 normal;}. */
    private static final Pattern ATTRIBUTE = Pattern.compile(
            "^\\s*(?:layout\\s*\\([^)]*\\)\\s*)?(?:in|attribute)\\s+(?:(?:lowp|mediump|highp)\\s+)?\\w+\\s+(\\w+)\\s*;.*$");
    /** The vertex stage's own main, called by the one that sets {@code position} from the vertex index. */
    private static final String VERTEX_MAIN = """
            #undef main
            void main() {
              position = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2)) * 2.0 - 1.0;
              framescope_vertex_main();
            }
            """;

    /**
     * A pass's own vertex stage (an ISF {@code .vs}) as the page compiled it, for the native draw: GLSL ES 3.10, its
     * {@code position} attribute a global set from {@code gl_VertexIndex} to the corners of the same full-screen
     * triangle the page draws, its {@code main} called from a new one. Its lines are not mapped (the trace is the
     * fragment stage's).
     */
    public static Converted vertex(String pageText) {
        Converted c = convert(pageText, true);
        StringBuilder text = new StringBuilder();
        for (String line : c.text().split("\n", -1)) {
            Matcher attribute = ATTRIBUTE.matcher(line);
            if (!POSITION.matcher(line).matches() && attribute.matches()) {
                throw new Unsupported("the pass's vertex stage reads attribute " + attribute.group(1) + ", which the "
                        + "native draw has no vertex buffer for (only the full-screen triangle's position)");
            }
            text.append(POSITION.matcher(line).matches() ? "vec2 position;" : line).append('\n');
        }
        text.setLength(text.length() - 1);
        return new Converted(text + VERTEX_MAIN, c.origins(), c.shown() + VERTEX_MAIN);
    }

    /** {@code pageText}: the fragment text as WebGL2 compiled it, {@code #version} first. */
    public static Converted fragment(String pageText) {
        return convert(pageText, false);
    }

    private static Converted convert(String pageText, boolean vertex) {
        String[] lines = pageText.split("\n", -1);
        int versionAt = -1;
        for (int i = 0; i < lines.length && versionAt < 0; i++) {
            if (VERSION.matcher(lines[i]).matches()) {
                versionAt = i;
            }
        }
        boolean es1 = versionAt >= 0 && lines[versionAt].contains("100");
        // WebGL2's ANGLE accepts a global initialised from a uniform or a call; GLSL ES 3.10 needs this extension
        List<String> header = new ArrayList<>(List.of("#version 310 es",
                "#extension GL_EXT_shader_non_constant_global_initializers : enable"));
        if (vertex) {
            header.add("#define main framescope_vertex_main");
        }
        if (es1) {
            // the shader's own functions first: ES1_NAMES maps texture2D to texture, which must stay the built-in
            header.addAll(ownBuiltInNames(lines));
            header.addAll(List.of((vertex ? ES1_VERTEX_NAMES : ES1_NAMES).strip().split("\n")));
        }
        StringBuilder text = new StringBuilder();
        List<Origin> origins = new ArrayList<>();
        for (String h : header) {
            text.append(h).append('\n');
            origins.add(new Origin(Part.prelude, 0));
        }
        int lastOwn = lastOwnDirective(lines);
        Part part = Part.prelude;
        int line = 1;
        for (int i = 0; i < lines.length; i++) {
            Matcher directive = LINE.matcher(lines[i]);
            if (i == versionAt || directive.matches() || es1 && ES1_EXTENSION.matcher(lines[i]).matches()) {
                text.append('\n');
                origins.add(new Origin(Part.prelude, 0));
                if (directive.matches()) {
                    int string = directive.group(2) == null ? 0 : Integer.parseInt(directive.group(2));
                    part = string == 0 && i == lastOwn ? Part.effect : string == 1 ? Part.common : Part.prelude;
                    line = Integer.parseInt(directive.group(1));
                } else {
                    line++;
                }
                continue;
            }
            text.append(lines[i]).append('\n');
            origins.add(new Origin(part, part == Part.prelude ? 0 : line));
            line++;
        }
        // RenderDoc 1.24's Python bindings fail on a debugged module whose source holds UTF-8 beyond ASCII (a '©' in
        // a licence comment: "UnicodeDecodeError ... byte 0xff"); GLSL allows those characters only in comments.
        return new Converted(NOT_ASCII.matcher(text).replaceAll("?"), List.copyOf(origins), text.toString());
    }

    /**
     * A file compiled as it is (desktop GLSL, HLSL): no prelude and no directive to take out, so every line is the
     * file's own.
     */
    public static Converted asWritten(String text) {
        List<Origin> origins = new ArrayList<>();
        int lines = text.split("\n", -1).length;
        for (int i = 1; i <= lines; i++) {
            origins.add(new Origin(Part.effect, i));
        }
        return new Converted(NOT_ASCII.matcher(text).replaceAll("?"), List.copyOf(origins), text);
    }

    /** The index of the last {@code #line} directive of source string 0: the program's own code starts after it. */
    private static int lastOwnDirective(String[] lines) {
        int last = -1;
        for (int i = 0; i < lines.length; i++) {
            Matcher directive = LINE.matcher(lines[i]);
            if (directive.matches() && (directive.group(2) == null || directive.group(2).equals("0"))) {
                last = i;
            }
        }
        return last;
    }
}
