package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** definition.js read without running it: literals in, code named and refused, defines and wrappers as noisemaker. */
class NoisemakerImportTest {

    private static final String HEAD = "import { Effect } from '../../../src/runtime/effect.js'\n";

    @Test
    void readsTheLiteralWithCommentsQuotesTrailingCommasAndConstants() {
        JsonNode d = NoisemakerImport.fromModule(HEAD + """
                const layout = { speed: { slot: 1, components: 'x' }, }
                // a comment
                export default new Effect({
                  name: 'Demo', namespace: "synth", /* block */
                  uniformLayout: layout,
                  globals: {
                    speed: { type: "float", default: -2.5e-1, uniform: "speed", min: -1, max: 0x10 },
                    kind: { type: "int", default: 3, define: "KIND", choices: { "Group:": null, a: 3, }, },
                    tint: { type: "color", default: "#ff8000", uniform: "tint" },
                    src: { type: "surface", default: "none" },
                  },
                  passes: [{ name: "render", program: "demo", inputs: { inputTex: "inputTex", tex: "src" },
                             outputs: { color: "outputTex" }, repeat: 2 }],
                })
                """, "fallback");
        assertFalse(d.has("unsupported"), d.toString());
        assertEquals("Demo", d.get("name").asText());
        assertEquals(-0.25, d.at("/globals/speed/default").asDouble());
        assertEquals(16, d.at("/globals/speed/max").asInt());
        assertEquals(1, d.at("/uniformLayout/speed/slot").asInt());
        assertEquals(3, d.at("/defines/KIND").asInt());
        assertEquals("vec3", d.at("/globals/tint/type").asText());
        assertEquals(1.0, d.at("/globals/tint/default/0").asDouble());
        assertEquals(128 / 255.0, d.at("/globals/tint/default/1").asDouble(), 1e-9);
        assertEquals("src", d.at("/surfaces/0").asText());
        assertEquals(2, d.get("passes").size(), "repeat 2 runs the pass twice");
        assertEquals("outputTex", d.at("/passes/0/outputs/fragColor").asText());
        assertEquals(Map.of("KIND", 5), NoisemakerSources.defines(d, Map.of("kind", 5)));
    }

    @Test
    @Timeout(5)
    void codeIsNamedNeverRun(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createDirectories(dir.resolve("h")).resolve("definition.js");
        java.nio.file.Files.writeString(file, HEAD + "import { x } from 'https://example.invalid/x.js'\n"
                + "while (true) {}\n"
                + "export default new Effect({ name: fetch('https://example.invalid'), globals: {}, passes: [] })");
        String why = NoisemakerImport.definition(file).get("unsupported").asText();
        assertTrue(why.startsWith("UNSUPPORTED: definition.js is not a literal definition: JavaScript code "
                + "('fetch('https://example.invalid')"), why);
        assertTrue(why.contains("at line 4") && why.contains("https://example.invalid/x.js, which FrameScope never "
                + "loads"), why);
        java.nio.file.Files.writeString(file, HEAD + "export default new Effect({ a: [1, 2 + 3] })");
        assertTrue(NoisemakerImport.definition(file).get("unsupported").asText().contains("an expression ('+ 3]"));
        java.nio.file.Files.writeString(file, HEAD + "const layout = (() => ({}))()\n"
                + "export default new Effect({ name: 'x', uniformLayout: layout })");
        assertTrue(NoisemakerImport.definition(file).get("unsupported").asText().contains("'layout', a constant "
                + "computed by code (line 2) at line 3"), NoisemakerImport.definition(file).toString());
        java.nio.file.Files.writeString(file, HEAD + "class Fibers extends Effect {}\nexport default new Fibers()");
        assertTrue(NoisemakerImport.definition(file).get("unsupported").asText().contains("exports a class (Fibers "
                + "extends Effect, line 2)"));
        java.nio.file.Files.writeString(file, HEAD + "export default new Effect({ a: `x${y}` })");
        assertTrue(NoisemakerImport.definition(file).get("unsupported").asText().contains("template substitution"));
    }

    @Test
    void unsupportedKindsAreNamed() {
        JsonNode d = NoisemakerImport.fromModule(HEAD + """
                export default new Effect({ name: "P", namespace: "synth3d", globals: {},
                  passes: [{ name: "sim", type: "compute", program: "sim" },
                           { name: "draw", program: "draw", drawMode: "triangles", count: 36, inputs: {},
                             outputs: {} },
                           { name: "dots", program: "dots", drawMode: "points", count: "everything" }] })
                """, "p");
        String why = d.get("unsupported").asText();
        assertTrue(why.startsWith("UNSUPPORTED: noisemaker 3D volume effects without an outputTex3d (namespace "
                + "synth3d), compute pass (pass 'sim'), triangles draw mode (pass 'draw'), instanced vertex draws "
                + "(pass 'draw'), a draw count 'everything' (pass 'dots')"), why);
        assertTrue(NoisemakerImport.fromModule(HEAD + "export default class Media extends Effect {}", "m")
                .get("unsupported").asText().contains("exports a class (Media extends Effect, line 2)"));
    }

    @Test
    void aClassOfLiteralFieldsReadsAsItsLiteralWithPaletteDefaultsExpanded() {
        // as classicNoisedeck's definitions: fields only, dropdown choices filled by a loop, a palette preset index
        JsonNode d = NoisemakerImport.fromModule(HEAD + """
                import { stdEnums } from '../../../src/lang/std_enums.js'
                const paletteChoices = {}
                for (const [key, val] of Object.entries(stdEnums.palette)) { paletteChoices[key] = val.value }
                const speed = { type: "float", default: 2, uniform: "speed" }

                export default class Noise extends Effect {
                  name = "Noise"
                  namespace = "classicNoisedeck";
                  globals = {
                    speed,
                    palette: { type: "palette", default: 2, uniform: "palette", choices: paletteChoices,
                               ui: { label: "palette" } },
                    paletteOffset: { type: "vec3", default: [0, 0, 0], uniform: "paletteOffset" },
                    paletteMode: { type: "int", default: 0, uniform: "paletteMode" },
                  }
                  passes = [{ name: "render", program: "noise", outputs: { fragColor: "outputTex" } }]
                }
                """, "fallback");
        assertFalse(d.has("unsupported"), d.toString());
        assertEquals("Noise", d.get("name").asText());
        assertEquals(2, d.at("/globals/speed/default").asInt());
        assertFalse(d.at("/globals/palette").has("choices"), "choices computed by code are left out");
        assertEquals(1, d.get("passes").size());
        // noisemaker's preset 2 (fiveG): offset 0.5, mode 3 (rgb)
        assertEquals(0.5, d.at("/globals/paletteOffset/default/0").asDouble());
        assertEquals(3, d.at("/globals/paletteMode/default").asInt());
        assertEquals(55, NoisemakerPalettes.count());
    }

    @Test
    void aClassWithCodeOrAnExternalTextureIsNamed() {
        String why = NoisemakerImport.fromModule(HEAD + """
                export default class Media extends Effect {
                  name = "Media"
                  passes = []
                  onInit() { this.x = 1 }
                }
                """, "m").get("unsupported").asText();
        assertTrue(why.contains("exports a class (Media extends Effect, line 2) whose behaviour is JavaScript code "
                + "('onInit() { this.x = 1 }' at line 5)"), why);
        String text = NoisemakerImport.fromModule(HEAD + """
                export default class Text extends Effect {
                  externalTexture = "textTex"
                  passes = [{ name: "render", program: "text", inputs: { textTex: "textTex" } }]
                }
                """, "t").get("unsupported").asText();
        assertTrue(text.contains("an external texture 'textTex' that noisemaker's host page loads"), text);
        JsLiteral.NotLiteral computed = assertThrows(JsLiteral.NotLiteral.class, () -> NoisemakerImport.fromModule(
                HEAD + "const c = f()\nexport default new Effect({ globals: { a: { choices: c, default: c } }, "
                        + "passes: [] })", "c"));
        assertTrue(computed.getMessage().contains("'c', a constant computed by code (line 2)"), "only choices may "
                + "be computed: " + computed.getMessage());
    }

    @Test
    void wrappersKeepTheFilesLinesAndInjectDefinesAsNoisemakerDoes() {
        String glsl = NoisemakerSources.wrapGlsl("#version 300 es\nprecision highp float;\nout vec4 c;",
                Map.of("KIND", 2));
        assertTrue(glsl.startsWith("precision highp float;\nprecision highp int;\n#define KIND 2\n#line 1\n\n"),
                glsl);
        assertFalse(glsl.contains("#version"));
        String wgsl = NoisemakerSources.wrapWgsl("fn main() {}", new java.util.LinkedHashMap<>(Map.of("A", 2)));
        assertTrue(wgsl.startsWith("fn main() {}\n"), "consts go after the file: its lines stay the file's");
        assertTrue(wgsl.contains("const A: i32 = 2;"));
        assertTrue(NoisemakerSources.wrapWgsl("", Map.of("B", 0.5)).contains("const B: f32 = 0.5;"));
        assertTrue(NoisemakerSources.wrapWgsl("", Map.of("C", true)).contains("const C: bool = true;"));
    }

    /**
     * A {@code member} global of enum {@code palette} (noisemaker's filter/palette and filter3d/palette3d) reaches the
     * shader as the palette's index in noisemaker's list ("none" 0, brushedMetal 7). Its uniform was dropped, so the
     * shader read 0 and passed its input through: a frame that looked rendered but was not the effect.
     */
    @Test
    void aPaletteMemberIsItsIndex() {
        JsonNode d = NoisemakerImport.fromModule(HEAD + """
                export default new Effect({ name: "P", namespace: "filter", globals: {
                  index: { type: "member", default: "palette.brushedMetal", enum: "palette",
                           uniform: "paletteIndex" } },
                  passes: [{ name: "p", program: "p", inputs: { inputTex: "inputTex" },
                             outputs: { fragColor: "outputTex" } }] })
                """, "p");
        assertEquals(7, d.at("/globals/index/default").asInt(), d.toString());
        assertEquals("paletteIndex", d.at("/globals/index/uniform").asText());
        assertEquals(7, Effect.uniforms(d, null).get("paletteIndex"));
    }
}
