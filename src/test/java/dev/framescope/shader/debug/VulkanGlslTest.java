package dev.framescope.shader.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.shader.debug.VulkanGlsl.Converted;
import dev.framescope.shader.debug.VulkanGlsl.Origin;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page texts shaped as each format's runtime gives them (the page's "#line 1", a format prelude, its own "#line 1",
 * Shadertoy's numbered source strings, GLSL ES 1.00) made into Vulkan GLSL: every line of the result maps back to the
 * part and line it came from, and glslang compiles it with the uniforms where the layout says.
 */
class VulkanGlslTest {

    private static String lineOf(Converted c, String text) {
        String[] lines = c.text().split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(text)) {
                Origin o = c.origin(i + 1);
                return o.part() + ":" + o.line();
            }
        }
        return "absent";
    }

    @Test
    void anIsfStylePreludeIsPreludeAndTheFileKeepsItsOwnLines() {
        String page = "#version 300 es\n#line 1\nprecision highp float;\nuniform float TIME;\nout vec4 c;\n#line 1\n"
                + "// the file\nvoid main() {\n  c = vec4(TIME / 0.0);\n}\n";
        Converted c = VulkanGlsl.fragment(page);
        assertTrue(c.text().startsWith("#version 310 es\n"), c.text());
        assertTrue(!c.text().contains("#line"), c.text());
        assertEquals("prelude:0", lineOf(c, "uniform float TIME"));
        assertEquals("effect:1", lineOf(c, "// the file"));
        assertEquals("effect:3", lineOf(c, "TIME / 0.0"));
    }

    @Test
    void shadertoyStringsNameCommonPassAndWrapper() {
        String page = "#version 300 es\n#line 1\nprecision highp float;\n#line 1 1\nfloat common1() { return 1.0; }\n"
                + "#line 1 0\nvoid mainImage(out vec4 o, vec2 p) {\n  o = vec4(common1());\n}\n#line 1 2\n"
                + "out vec4 f;\nvoid main() { mainImage(f, gl_FragCoord.xy); }\n";
        Converted c = VulkanGlsl.fragment(page);
        assertEquals("common:1", lineOf(c, "float common1()"));
        assertEquals("effect:2", lineOf(c, "o = vec4(common1())"));
        assertEquals("prelude:0", lineOf(c, "mainImage(f, gl_FragCoord.xy)"));
    }

    /** ISF's Etch-a-Sketch and VU Meter (ES 1.00) define round(), a built-in from ES 3.00 on. */
    @Test
    void anEs100ShadersOwnFunctionNamedLikeALaterBuiltInIsRenamedAndCompiles(@TempDir Path dir) throws Exception {
        String page = "#version 100\n#line 1\nprecision highp float;\nuniform float level;\n#line 1\n"
                + "float round(float val)\t{\n  return floor(val + 0.5);\n}\nvoid main() {\n"
                + "  float r = round(level) / dFdx(level);\n  gl_FragColor = vec4(r);\n}\n";
        Converted c = VulkanGlsl.fragment(page);
        assertEquals("effect:1", lineOf(c, "float round(float val)"), "the line is the effect's, as written");
        assertTrue(c.text().contains("#define round framescope_own_round"), c.text());
        assertFalse(c.text().contains("framescope_own_dFdx"), "a built-in it only calls keeps its name");
        SpirvCompiler.Compiled compiled = new SpirvCompiler("glslangValidator").compile(c.text(), "frag",
                dir.resolve("r.spv"));
        assertTrue(Files.size(compiled.spirv()) > 0);
    }

    @Test
    void glslEs100BecomesThreeTenWithItsBuiltInsRenamed(@TempDir Path dir) throws Exception {
        String page = "#version 100\n#line 1\nprecision highp float;\nuniform vec2 resolution;\nuniform float progress;"
                + "\nuniform sampler2D from;\n#line 1\nvec4 transition(vec2 uv) {\n  return texture2D(from, uv) * "
                + "progress;\n}\nvoid main() {\n  gl_FragColor = transition(gl_FragCoord.xy / resolution);\n}\n";
        Converted c = VulkanGlsl.fragment(page);
        assertEquals("effect:2", lineOf(c, "texture2D(from, uv)"));
        SpirvCompiler.Compiled compiled = new SpirvCompiler("glslangValidator").compile(c.text(), "frag",
                dir.resolve("t.spv"));
        assertTrue(Files.size(compiled.spirv()) > 0);
        assertEquals(Map.of("from", 1), compiled.layout().samplers());
        UniformLayout.Slot progress = compiled.layout().blockSlots().get("progress");
        UniformLayout.Slot resolution = compiled.layout().blockSlots().get("resolution");
        ByteBuffer bytes = ByteBuffer.allocate(compiled.layout().block().size());
        List<String> missing = compiled.layout().pack(Map.of("progress", List.of(List.of(0.5)), "resolution",
                List.of(List.of(64.0, 48.0))), bytes);
        assertEquals(List.of(), missing);
        bytes.order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0.5f, bytes.getFloat(progress.offset()));
        assertEquals(64f, bytes.getFloat(resolution.offset()));
        assertEquals(48f, bytes.getFloat(resolution.offset() + 4));
    }

    @Test
    void matricesArraysIntegersAndBooleansLandAtStd140Offsets(@TempDir Path dir) {
        String page = "#version 300 es\n#line 1\nprecision highp float;\nuniform mat3 m;\nuniform vec3 col[2];\n"
                + "uniform int n;\nuniform bool flag;\nout vec4 o;\nvoid main() { o = vec4(m[2] + col[1], float(n))"
                + " + (flag ? 1.0 : 0.0); }\n";
        SpirvCompiler.Compiled compiled = new SpirvCompiler("glslangValidator").compile(
                VulkanGlsl.fragment(page).text(), "frag", dir.resolve("m.spv"));
        UniformLayout layout = compiled.layout();
        ByteBuffer bytes = ByteBuffer.allocate(layout.block().size());
        layout.pack(Map.of("m", List.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0)), "col",
                List.of(List.of(0.1, 0.2, 0.3), List.of(0.4, 0.5, 0.6)), "n", List.of(List.of(7.0)), "flag",
                List.of(List.of(1.0))), bytes);
        bytes.order(ByteOrder.LITTLE_ENDIAN);
        int m = layout.blockSlots().get("m").offset();
        assertEquals(7f, bytes.getFloat(m + 32));
        assertEquals(9f, bytes.getFloat(m + 40));
        UniformLayout.Slot col = layout.blockSlots().get("col");
        assertEquals(0.6f, bytes.getFloat(col.offset() + col.arrayStride() + 8));
        assertEquals(7, bytes.getInt(layout.blockSlots().get("n").offset()));
        assertEquals(1, bytes.getInt(layout.blockSlots().get("flag").offset()));
    }

    @Test
    void charactersBeyondAsciiAreQuestionMarksForGlslangButQuotedAsWritten() {
        // an ISF file's licence comment (Boxinator.fs of the public ISF files): RenderDoc's Python fails on it
        String page = "#version 300 es\n#line 1\nprecision highp float;\nout vec4 o;\n#line 1\n"
                + "// \u00a9 2011 Ashima Arts \ud83c\udfa8\nvoid main() { o = vec4(1.0); }\n";
        Converted c = VulkanGlsl.fragment(page);
        assertTrue(c.text().contains("// ? 2011 Ashima Arts ?\n"), c.text());
        assertTrue(c.text().chars().allMatch(ch -> ch < 128), c.text());
        assertTrue(c.shown().contains("// \u00a9 2011 Ashima Arts \ud83c\udfa8\n"), c.shown());
        assertEquals(c.text().split("\n", -1).length, c.shown().split("\n", -1).length);
    }

    @Test
    void aSamplerReadOnlyBehindAConstantFalseLeavesTheModule(@TempDir Path dir) throws Exception {
        // ISF's runtime defines PASSINDEX per pass; glslang keeps the dead branch's read of A without a binding (so
        // at 0, the uniform block's) while its reflection leaves A out: the native draw refused the module
        String page = "#version 300 es\n#line 1\nprecision highp float;\nout vec4 o;\nuniform vec2 resolution;\n"
                + "#define PASSINDEX 2\nuniform sampler2D A;\nuniform sampler2D B;\n#line 1\nvoid main() {\n"
                + "  vec2 uv = gl_FragCoord.xy / resolution;\n  if (PASSINDEX == 1) {\n    o = texture(A, uv);\n"
                + "  } else {\n    float b = texture(B, uv).r;\n    o = vec4(b / b);\n  }\n}\n";
        SpirvCompiler.Compiled compiled = new SpirvCompiler("glslangValidator").compile(
                VulkanGlsl.fragment(page).text(), "frag", dir.resolve("p.spv"));
        assertEquals(Map.of("B", 1), compiled.layout().samplers());
        assertEquals(0, compiled.layout().block().binding());
        assertEquals(List.of(0, 1), bindings(Files.readAllBytes(compiled.spirv())));
    }

    @Test
    void aGlobalInitialisedFromAUniformCompiles(@TempDir Path dir) throws Exception {
        // ISF's Circle Crop and Dreamy Zoom: WebGL2 takes it, GLSL ES 3.10 wants an extension for it
        String page = "#version 300 es\n#line 1\nprecision highp float;\nuniform vec2 resolution;\nout vec4 o;\n"
                + "#line 1\nvec2 half_res = resolution * 0.5;\nvoid main() { o = vec4(half_res, 0.0, 1.0); }\n";
        Converted c = VulkanGlsl.fragment(page);
        SpirvCompiler.Compiled compiled = new SpirvCompiler("glslangValidator").compile(c.text(), "frag",
                dir.resolve("g.spv"));
        assertEquals(0, compiled.layout().blockSlots().get("resolution").offset());
        assertEquals("effect:1", lineOf(c, "vec2 half_res"));
    }

    @Test
    void aFunctionOverloadingABuiltInCompilesAsDesktopGlslWithItsLines(@TempDir Path dir) throws Exception {
        // ISF's Basic Shape and Broken LCD declare sign(p1, p2, p3): ANGLE takes it, GLSL ES forbids it
        String page = "#version 300 es\n#line 1\nprecision highp float;\nuniform vec2 resolution;\nout vec4 o;\n"
                + "#line 1\nfloat sign(vec2 p1, vec2 p2, vec2 p3) {\n  return (p1.x - p3.x) * (p2.y - p3.y);\n}\n"
                + "void main() {\n  vec2 p = gl_FragCoord.xy / resolution;\n"
                + "  o = vec4(sign(p, vec2(0.0), vec2(1.0)), sign(p.x - 0.5), 0.0, 1.0);\n}\n";
        Converted c = VulkanGlsl.fragment(page);
        SpirvCompiler.Compiled compiled = new SpirvCompiler("glslangValidator").compile(c.text(), "frag",
                dir.resolve("s.spv"));
        assertTrue(Files.size(compiled.spirv()) > 0);
        assertEquals(Map.of("resolution", 0), Map.of("resolution",
                compiled.layout().blockSlots().get("resolution").offset()));
        assertEquals("effect:6", lineOf(c, "o = vec4(sign(p"));
    }

    @Test
    void aFullScreenVertexShaderTakesItsCornerFromTheVertexIndex(@TempDir Path dir) throws Exception {
        // noisemaker's default vertex program (NoisemakerSources.VERTEX_GLSL), as the page compiled it
        String page = "#version 300 es\nprecision highp float;\nin vec2 position;\nout vec2 v_texCoord;\n"
                + "void main() {\n    v_texCoord = position * 0.5 + 0.5;\n    gl_Position = vec4(position, 0.0, 1.0);\n}";
        Converted v = VulkanGlsl.vertex(page);
        assertTrue(v.text().contains("position = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2))"),
                v.text());
        assertTrue(v.text().contains("\nvec2 position;\n"), v.text());
        SpirvCompiler.Compiled compiled = new SpirvCompiler("glslangValidator").compile(v.text(), "vert",
                dir.resolve("v.spv"));
        assertTrue(Files.size(compiled.spirv()) > 0);
        assertEquals(null, compiled.layout().block());
    }

    @Test
    void aVertexShaderReadingAnotherAttributeIsRefused() {
        Unsupported refused = org.junit.jupiter.api.Assertions.assertThrows(Unsupported.class, () -> VulkanGlsl
                .vertex("#version 300 es\nin vec3 normal;\nin vec2 position;\nout vec2 uv;\n"
                        + "void main() { uv = position; gl_Position = vec4(normal, 1.0); }"));
        assertTrue(refused.getMessage().contains("normal"), refused.getMessage());
    }

    @Test
    void varyingsGetTheSameLocationByNameInBothArmsOfAnIf() {
        Converted vertex = VulkanGlsl.vertex("#version 300 es\nin vec2 position;\n#if __VERSION__ <= 120\n"
                + "varying vec2 b;\nvarying vec2 a;\n#else\nout vec2 b;\nout mat2 m;\nout vec2 a;\n#endif\n"
                + "void main() { b = a = position; m = mat2(1.0); gl_Position = vec4(position, 0.0, 1.0); }");
        Converted fragment = VulkanGlsl.fragment("#version 300 es\nprecision highp float;\nin vec2 a;\nin mat2 m;\n"
                + "in vec2 b;\nout vec4 o;\nvoid main() { o = vec4(a, b) + m[0].xxxx; }");
        Converted[] located = Varyings.locate(vertex, fragment);
        assertTrue(located[0].text().contains("layout(location = 0) varying vec2 b;"), located[0].text());
        assertTrue(located[0].text().contains("layout(location = 0) out vec2 b;"), located[0].text());
        assertTrue(located[0].text().contains("layout(location = 2) out mat2 m;"), located[0].text());
        assertTrue(located[1].text().contains("layout(location = 1) in vec2 a;"), located[1].text());
        assertTrue(located[1].text().contains("layout(location = 2) in mat2 m;"), located[1].text());
        assertTrue(located[1].text().contains("layout(location = 0) in vec2 b;"), located[1].text());
    }

    /** The Binding decorations of a SPIR-V module, in order. */
    private static List<Integer> bindings(byte[] module) {
        ByteBuffer words = ByteBuffer.wrap(module).order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> out = new ArrayList<>();
        for (int at = 20; at < module.length; ) {
            int first = words.getInt(at);
            int count = first >>> 16;
            int opcode = first & 0xffff;
            if (opcode == 71 && count == 4 && words.getInt(at + 8) == 33) { // OpDecorate %id Binding n
                out.add(words.getInt(at + 12));
            }
            at += 4 * Math.max(1, count);
        }
        return out;
    }
}
