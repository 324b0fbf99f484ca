package dev.framescope.shader.debug;

import java.util.ArrayList;
import java.util.List;
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

    private VulkanGlsl() {
    }

    /** {@code pageText}: the fragment text as WebGL2 compiled it, {@code #version} first. */
    public static Converted fragment(String pageText) {
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
        if (es1) {
            // its default precision must come before the output's declaration names one
            header.addAll(List.of(ES1_NAMES.strip().split("\n")));
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

    /** A vertex attribute or varying declaration, as the page's vertex texts declare them. */
    private static final Pattern IN_DECLARATION = Pattern.compile("^\\s*(?:layout\\s*\\([^)]*\\)\\s*)?(?:in|attribute)\\s+"
            + "(?:highp\\s+|mediump\\s+)?(\\w+)\\s+(\\w+)\\s*;\\s*$");
    private static final Pattern OUT_DECLARATION = Pattern.compile("^\\s*(?:flat\\s+|smooth\\s+)?(?:out|varying)\\s+.*;\\s*$");

    /**
     * A page's vertex shader made Vulkan GLSL for the native draw, when it is a full-screen one: its only input is
     * {@code vec2 position} (FrameScope's full-screen convention, e.g. noisemaker's default vertex program) and it
     * writes at most one varying, so glslang's automatic locations pair it with the fragment's. {@code position}
     * becomes the corner of effect_pass's full-screen triangle from gl_VertexIndex (no vertex buffer is bound there),
     * which interpolates to the same values over the target as WebGL2's quad. Null for any other vertex shader.
     */
    public static Converted vertex(String pageText) {
        if (pageText == null) {
            return null;
        }
        StringBuilder text = new StringBuilder("#version 310 es\n");
        List<Origin> origins = new ArrayList<>(List.of(new Origin(Part.prelude, 0)));
        int inputs = 0;
        int outputs = 0;
        for (String line : pageText.split("\n", -1)) {
            Matcher in = IN_DECLARATION.matcher(line);
            if (VERSION.matcher(line).matches() || LINE.matcher(line).matches()) {
                line = "";
            } else if (in.matches()) {
                if (!in.group(1).equals("vec2") || !in.group(2).equals("position")) {
                    return null;
                }
                inputs++;
                line = "#define position (vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2) * 2.0 - 1.0)";
            } else if (OUT_DECLARATION.matcher(line).matches()) {
                outputs++;
            }
            text.append(line).append('\n');
            origins.add(new Origin(Part.prelude, 0));
        }
        if (inputs != 1 || outputs > 1) {
            return null;
        }
        String converted = NOT_ASCII.matcher(text).replaceAll("?");
        return new Converted(converted, List.copyOf(origins), converted);
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
