package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On-disk checks against the demo effects with known defects, and a program that no file provides. */
class StructureCheckTest {

    private final EffectLibrary demo = new EffectLibrary(Path.of("demo/shaders/effects"));

    private static List<String> codes(StructureCheck.EffectStructure effect) {
        return effect.findings().stream().filter(f -> !f.code().equals("NO_HELP")).map(f -> f.code() + " " + f.file())
                .toList();
    }

    @Test
    void findsTheUnusedFileAndTheLeakedUniformAndNothingInTheCleanEffect() {
        var report = new StructureCheck("glslangValidator").check(demo, "broken/unused-file,broken/leaked-uniform,synth/gradient");
        assertEquals(List.of("LEAKED_UNIFORM glsl/main.glsl"), codes(report.effects().preview().get(0)));
        assertEquals(List.of("UNUSED_FILE glsl/old.glsl"), codes(report.effects().preview().get(1)));
        assertEquals(List.of(), report.effects().preview().get(2).findings(), "synth/gradient is clean");
    }

    @Test
    void aNoisemakerWgslTextureNoInputNamesIsReportedWhereItIsDeclared() {
        var report = new StructureCheck("glslangValidator").check(
                new EffectLibrary(Path.of("demo/shaders/noisemaker-state")), "filter/bindingNames");
        var unbound = report.effects().preview().get(0).findings().stream()
                .filter(f -> f.code().equals("UNBOUND_TEXTURE")).toList();
        assertEquals(1, unbound.size(), unbound.toString()); // inputColor and tex1 are noisemaker's aliases
        assertEquals("wgsl/bindingNames.wgsl", unbound.get(0).file());
        assertEquals(3, unbound.get(0).line());
        assertTrue(unbound.get(0).message().startsWith("texture 'statsTexture' is no input of pass 'render' (its "
                + "inputs: inputTex, statsTex)"), unbound.get(0).message());
    }

    @Test
    void missingProgramAndUnusedGlobalAreReported(@TempDir Path root) throws Exception {
        Path effect = Files.createDirectories(root.resolve("mine/empty"));
        Files.writeString(effect.resolve("definition.json"), """
                {"globals": {"gain": {"type": "float", "default": 1, "uniform": "gain"}},
                 "passes": [{"name": "main", "program": "nowhere"}]}""");
        var report = new StructureCheck("glslangValidator").check(new EffectLibrary(root), "mine/*");
        var found = codes(report.effects().preview().get(0));
        assertTrue(found.contains("PROGRAM_MISSING definition.json"), found.toString());
        assertTrue(found.contains("UNUSED_GLOBAL definition.json"), found.toString());
        assertTrue(found.contains("NO_DESCRIPTION definition.json"), found.toString());
        assertEquals(1, report.effects().preview().get(0).errors());
    }

    @Test
    void glslangFindsTheUniformNothingReadsAndTheErrorLineOffline(@TempDir Path root) throws Exception {
        Path effect = Files.createDirectories(root.resolve("mine/idle/glsl"));
        Files.writeString(effect.resolveSibling("definition.json"), """
                {"description": "d", "globals": {"gain": {"type": "float", "default": 1, "min": 0, "max": 2,
                 "uniform": "gain"}},
                 "passes": [{"name": "main", "program": "main"}]}""");
        Files.writeString(effect.resolve("main.glsl"), """
                precision highp float;
                uniform vec2 resolution;
                uniform float gain;
                out vec4 fragColor;
                void main() { fragColor = vec4(gl_FragCoord.xy / resolution, 0.0, 1.0); }
                """);
        var idle = new StructureCheck("glslangValidator").check(new EffectLibrary(root), "mine/idle")
                .effects().preview().get(0);
        assertEquals(List.of("INACTIVE_UNIFORM glsl/main.glsl"), codes(idle));
        assertTrue(idle.findings().get(0).message().contains("'gain'"), idle.toString());

        var isf = new StructureCheck("glslangValidator").check(new EffectLibrary(Path.of("demo/shaders/isf")), "*")
                .effects().preview();
        assertEquals(List.of("GLSL_ERROR Broken Line.fs"), codes(isf.get(0)), "line 11 of the .fs file");
        assertEquals(11, isf.get(0).findings().get(0).line());
        for (var clean : isf.subList(1, isf.size())) {
            assertEquals(List.of(), codes(clean), clean.effect() + ": ISF inputs, targets and images are declared "
                    + "by the prelude");
        }
    }

    @Test
    void aVsCompanionIsCheckedAtItsOwnLines(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("Warp.fs"), "/*{\"ISFVSN\": \"2\", \"DESCRIPTION\": \"d\", \"INPUTS\": []}*/\n"
                + "void main() { gl_FragColor = vec4(isf_FragNormCoord, 0.0, 1.0); }\n");
        Files.writeString(root.resolve("Warp.vs"), "void main() {\n    isf_vertShaderInit();\n"
                + "    gl_Position.x += notDeclared;\n}\n");
        var warp = new StructureCheck("glslangValidator").check(new EffectLibrary(root), "Warp").effects().preview()
                .get(0);
        assertEquals(List.of("GLSL_ERROR Warp.vs"), codes(warp), warp.toString());
        assertEquals(3, warp.findings().get(0).line());
        Files.writeString(root.resolve("Warp.vs"), "void main() {\n    isf_vertShaderInit();\n}\n");
        assertEquals(List.of(), codes(new StructureCheck("glslangValidator").check(new EffectLibrary(root), "Warp")
                .effects().preview().get(0)));
    }

    @Test
    void positionsAreInTheUsersFileAndAPreludeErrorIsNamedAsSuch(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("Idle.fs"), """
                /*{
                    "DESCRIPTION": "one input nothing reads",
                    "INPUTS": [
                        {"NAME": "used", "TYPE": "float", "DEFAULT": 0.5},
                        {"NAME": "idle", "TYPE": "color", "DEFAULT": [1, 0, 0, 1]}
                    ]
                }*/
                void main() { gl_FragColor = vec4(used); }
                """);
        Files.writeString(root.resolve("Clash.fs"), """
                /*{ "DESCRIPTION": "an input named like a built-in",
                    "INPUTS": [ {"NAME": "TIME", "TYPE": "float", "DEFAULT": 0.5} ] }*/
                void main() {
                    gl_FragColor = vec4(TIME);
                }
                """);
        var found = new StructureCheck("glslangValidator").check(new EffectLibrary(root), "*").effects().preview();
        var clash = found.get(0).findings();
        assertEquals(1, clash.size(), clash.toString());
        assertEquals("GLSL_ERROR", clash.get(0).code());
        assertEquals(null, clash.get(0).line(), "a prelude line is no line of the 5-line file: " + clash);
        assertTrue(clash.get(0).message().startsWith("in the prelude FrameScope puts before the file"), clash.toString());
        assertTrue(clash.get(0).message().contains("input 'TIME'"), clash.toString());
        var idle = found.get(1).findings();
        assertEquals(1, idle.size(), "no NO_HELP: the ISF header is the file's help; " + idle);
        assertEquals("INACTIVE_UNIFORM", idle.get(0).code());
        assertEquals(5, idle.get(0).line(), "the INPUTS entry of 'idle' in Idle.fs");

        Path effect = Files.createDirectories(root.resolve("native/idle/glsl"));
        Files.writeString(effect.resolveSibling("definition.json"), """
                {"description": "d", "globals": {"gain": {"type": "float", "default": 1, "uniform": "gain"}},
                 "passes": [{"name": "main", "program": "main"}]}""");
        Files.writeString(effect.resolve("main.glsl"), """
                precision highp float;
                uniform vec2 resolution;

                uniform highp float gain;
                out vec4 fragColor;
                void main() { fragColor = vec4(gl_FragCoord.xy / resolution, 0.0, 1.0); }
                """);
        var nativeFindings = new StructureCheck("glslangValidator").check(new EffectLibrary(root), "native/idle")
                .effects().preview().get(0).findings();
        assertEquals(List.of("INACTIVE_UNIFORM 4", "NO_HELP null"), nativeFindings.stream()
                .map(f -> f.code() + " " + f.line()).toList(), "help.md is the native format's: " + nativeFindings);
    }

    @Test
    void noHelpOnlyForTheNativeFormat() {
        for (String folder : List.of("demo/shaders/isf", "demo/shaders/transitions", "demo/shaders/shadertoy")) {
            var report = new StructureCheck("glslangValidator").check(new EffectLibrary(Path.of(folder)), "*");
            report.effects().preview().forEach(e -> e.findings().forEach(f -> assertTrue(!f.code().equals("NO_HELP"),
                    folder + ": " + e)));
        }
        var gradient = new StructureCheck("glslangValidator").check(demo, "synth/gradient").effects().preview();
        assertEquals(List.of(), gradient.get(0).findings(), "it has a help.md");
    }

    @Test
    void shadertoyErrorsNameTheirTab() {
        var report = new StructureCheck("glslangValidator").check(new EffectLibrary(Path.of("demo/shaders/shadertoy")),
                "broken/*").effects().preview();
        assertEquals("(Common, line 2) 'amount' : undeclared identifier", report.get(0).findings().get(0).message());
        assertEquals(3, report.get(1).findings().get(0).line());
    }

    /**
     * An export's buffers are all in one JSON file, so a line means nothing without its pass: an error on line 4 of
     * Buffer B said "(the pass's code, line 4)", which could be any of the three passes.
     */
    @Test
    void aShadertoyErrorInABufferNamesThatBufferAndItsOwnLine(@TempDir Path root) throws Exception {
        String image = "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n"
                + "    fragColor = texture(iChannel0, fragCoord / iResolution.xy);\\n}\\n";
        String bufferA = "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n    fragColor = vec4(0.5);\\n}\\n";
        String bufferB = "// Buffer B: Buffer A scaled\\n// by a gain it never declares\\n"
                + "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\\n"
                + "    fragColor = texture(iChannel0, fragCoord / iResolution.xy) * undeclaredGain;\\n}\\n";
        Files.writeString(root.resolve("two-buffers.json"), """
                {"Shader": {"ver": "0.1", "info": {"id": "local", "name": "Two Buffers", "description": "d"},
                 "renderpass": [
                  {"name": "Image", "type": "image", "code": "%s", "outputs": [{"id": "4dfGRr", "channel": 0}],
                   "inputs": [{"id": "XsXGR8", "type": "buffer", "channel": 0}]},
                  {"name": "Buffer A", "type": "buffer", "code": "%s", "outputs": [{"id": "4dXGR8", "channel": 0}],
                   "inputs": []},
                  {"name": "Buffer B", "type": "buffer", "code": "%s", "outputs": [{"id": "XsXGR8", "channel": 0}],
                   "inputs": [{"id": "4dXGR8", "type": "buffer", "channel": 0}]}]}}
                """.formatted(image, bufferA, bufferB));
        var findings = new StructureCheck("glslangValidator").check(new EffectLibrary(root), "two-buffers")
                .effects().preview().get(0).findings();
        assertEquals(List.of("GLSL_ERROR two-buffers.json 4 (Buffer B, line 4) 'undeclaredGain' : undeclared "
                + "identifier"), findings.stream().map(f -> f.code() + " " + f.file() + " " + f.line() + " "
                + f.message()).toList());
    }

    @Test
    void namesThatClashWithTheLanguagesAreReported(@TempDir Path root) throws Exception {
        Path effect = Files.createDirectories(root.resolve("Mine/clash"));
        Files.writeString(effect.resolve("definition.json"), """
                {"description": "d", "globals": {"amount": {"type": "float", "default": 1, "uniform": "mix"}},
                 "passes": [{"name": "main", "program": "main"}]}""");
        var found = codes(new StructureCheck("glslangValidator").check(new EffectLibrary(root), "Mine/clash")
                .effects().preview().get(0));
        assertTrue(found.contains("NAMING definition.json"), "uniform 'mix' shadows a built-in: " + found);
        assertTrue(found.contains("NAMING null"), "'Mine' is not lower-case: " + found);
    }

    @Test
    void withoutGlslangTheCheckSaysSoAndGoesOn() {
        var report = new StructureCheck("/nonexistent/glslangValidator").check(demo, "broken/unused-file");
        var found = codes(report.effects().preview().get(0));
        assertEquals(List.of("GLSLANG_UNAVAILABLE glsl/main.glsl", "UNUSED_FILE glsl/old.glsl"),
                found.stream().sorted().toList());
    }

    @Test
    void glslangOutputOfBothFormsParses() {
        var fromStdin = GlslReflection.parse("ERROR: 0:8: 'x' : undeclared identifier\n"
                + "ERROR: 0:8: '' : compilation terminated\n");
        assertEquals(List.of(new GlslReflection.Error(8, "'x' : undeclared identifier")), fromStdin.errors());
        var reflected = GlslReflection.parse("/tmp/a.frag\nUniform reflection:\n"
                + "resolution: offset -1, type 8b50, size 1, index -1, binding -1, stages 16\n"
                + "weights[0]: offset -1, type 1406, size 4, index -1, binding -1, stages 16\n\n"
                + "Uniform block reflection:\n\nPipeline output reflection:\n"
                + "fragColor: offset 0, type 8b52, size 1, index 0, binding -1, stages 16\n");
        assertEquals(java.util.Set.of("resolution", "weights"), reflected.activeUniforms());
    }

    @Test
    void selectorThatMatchesNothingIsNotFound() {
        ToolException e = org.junit.jupiter.api.Assertions.assertThrows(ToolException.class,
                () -> demo.select("nope/*"));
        assertEquals(ErrorCode.NOT_FOUND, e.code());
    }
}
