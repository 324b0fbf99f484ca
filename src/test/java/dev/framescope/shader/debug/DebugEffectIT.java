package dev.framescope.shader.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * debug_effect end to end on real Chromium, glslang, lavapipe and RenderDoc: every fixture of
 * demo/shaders/debug/ground-truth.json (ISF two- and three-pass, gl-transition, Shadertoy Buffer A, a native
 * two-pass effect) steps its first non-finite pixel to the division on the line of its own file the manifest names, with the
 * operands' values, and the native draw agrees with Chromium's at that pixel and at a finite one. A WGSL-only effect
 * answers unsupported, saying why; a selector naming several effects is refused naming the parameter.
 */
@Timeout(600)
class DebugEffectIT {

    private static final JsonNode TRUTH = read(Path.of("demo/shaders/debug/ground-truth.json"));

    @TempDir
    static Path state;
    private static ToolGroups.Toolkit toolkit;

    @BeforeAll
    static void start() {
        toolkit = ToolGroups.create(Config.defaults(state));
    }

    @AfterAll
    static void stop() {
        toolkit.registry().groups().forEach(g -> g.clientGone());
    }

    private static JsonNode read(Path file) {
        try {
            return Json.mapper().readTree(file.toFile());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static CallToolResult call(Object... keyValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            args.put((String) keyValues[i], keyValues[i + 1]);
        }
        return toolkit.invoker().call(toolkit.registry().find("debug_effect").orElseThrow(), args,
                ToolContext.SILENT);
    }

    private static JsonNode answer(CallToolResult result) throws Exception {
        String text = ((TextContent) result.content().get(0)).text();
        assertFalse(Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }

    @Test
    void everyFixturesNanIsSteppedToItsOwnLine() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (JsonNode truth : TRUTH.get("effects")) {
            String effect = truth.get("effect").asText();
            JsonNode a = answer(call("effect", effect, "effects_root", truth.get("root").asText(), "width",
                    TRUTH.get("width").asInt(), "height", TRUTH.get("height").asInt()));
            List<String> found = traceFindings(truth, a);
            check(found, "pass", truth.get("pass").asInt(), a.at("/pass/index").asInt());
            check(found, "part", "effect", a.at("/trace/first_non_finite/source/part").asText());
            check(found, "agrees at the pixel", true, a.at("/agreement/at_pixel").asBoolean());
            check(found, "pixels differing", 0, a.at("/agreement/pixels_differing").asInt());
            check(found, "native NaN count = Chromium's", a.at("/agreement/chromium_non_finite").asInt(),
                    a.at("/agreement/native_non_finite").asInt());
            if (truth.has("note")) {
                check(found, "a note saying " + truth.get("note"), true, a.path("notes").toString().contains(
                        truth.get("note").asText()));
            }
            assertTrue(Files.isRegularFile(Path.of(a.get("capture").asText())), a.get("capture").asText());
            assertTrue(a.get("capture").asText().startsWith(state.toString()), a.get("capture").asText());
            if (!found.isEmpty()) {
                wrong.add(effect + ": " + found + " in " + a.path("summary").asText());
            }
            JsonNode finite = truth.get("finite_pixel");
            if (finite.isArray()) {
                JsonNode f = answer(call("effect", effect, "effects_root", truth.get("root").asText(), "width",
                        TRUTH.get("width").asInt(), "height", TRUTH.get("height").asInt(), "pass",
                        truth.get("pass").asInt(), "x", finite.get(0).asInt(), "y", finite.get(1).asInt()));
                if (!f.at("/trace/first_non_finite").isNull() || !f.at("/agreement/at_pixel").asBoolean()
                        || !f.at("/trace/outputs/0/value/0").isNumber()) {
                    wrong.add(effect + " at finite pixel " + finite + ": " + f.path("summary").asText());
                }
            }
        }
        assertEquals(List.of(), wrong);
        try (Stream<Path> files = Files.list(state.resolve("debug-effect"))) {
            assertEquals(List.of("captures"), files.map(p -> p.getFileName().toString()).toList(),
                    "a call's work folder was left behind");
        }
    }

    /** What differs between a fixture's ground truth and the answer's status, pixel and first non-finite step. */
    private static List<String> traceFindings(JsonNode truth, JsonNode a) {
        JsonNode first = a.at("/trace/first_non_finite");
        List<String> found = new ArrayList<>();
        check(found, "status", "debugged", a.path("status").asText());
        check(found, "pixel", truth.get("first_pixel").toString(), "[" + a.at("/pixel/x").asInt() + ","
                + a.at("/pixel/y").asInt() + "]");
        check(found, "kind", truth.get("kind").asText(), first.path("kind").asText());
        check(found, "file", Path.of(truth.get("file").asText()).toString(), first.at("/source/file").asText());
        check(found, "line", truth.get("line").asInt(), first.at("/source/line").asInt());
        check(found, "text", truth.get("text").asText(), first.at("/source/text").asText().strip());
        List<Double> operands = new ArrayList<>();
        first.path("operands").forEach(o -> operands.add(o.path("value").asDouble(Double.NaN)));
        List<Double> expected = new ArrayList<>();
        truth.get("operands").forEach(o -> expected.add(o.asDouble()));
        check(found, "operands", expected, operands);
        return found;
    }

    private static void check(List<String> found, String what, Object expected, Object actual) {
        if (!expected.equals(actual)) {
            found.add(what + " " + actual + " (expected " + expected + ")");
        }
    }

    @Test
    void aWgslOnlyEffectIsUnsupportedAndSaysWhy() throws Exception {
        Path root = state.resolve("wgsl-only/fx/plain");
        Files.createDirectories(root.resolve("wgsl"));
        Files.writeString(root.resolve("definition.json"), "{\"name\": \"plain\", \"passes\": [{\"name\": \"main\", "
                + "\"program\": \"main\", \"outputs\": {\"fragColor\": \"outputTex\"}}]}");
        Files.writeString(root.resolve("wgsl/main.wgsl"), "@fragment fn main() -> @location(0) vec4<f32> { return "
                + "vec4<f32>(1.0); }\n");
        JsonNode a = answer(call("effect", "fx/plain", "effects_root", state.resolve("wgsl-only").toString()));
        assertEquals("unsupported", a.get("status").asText(), a.toString());
        assertTrue(a.get("note").asText().startsWith("UNSUPPORTED: "), a.toString());
        assertTrue(a.get("note").asText().contains("WGSL-to-SPIR-V"), a.toString());
    }

    @Test
    void aSelectorOfSeveralEffectsIsRefusedNamingTheParameter() throws Exception {
        CallToolResult result = call("effect", "isf/*,transitions/*", "effects_root", "demo/shaders/debug");
        assertTrue(Boolean.TRUE.equals(result.isError()));
        String text = ((TextContent) result.content().get(0)).text();
        JsonNode error = Json.mapper().readTree(text.substring(text.indexOf('{')));
        assertEquals("INVALID_ARGUMENT", error.get("code").asText(), text);
        assertEquals("effect", error.at("/context/parameter").asText(), text);
    }

    @Test
    void aTriedSourceShowsTheNanGoneBesideTheNanBeforeAndLeavesTheFileAlone() throws Exception {
        Path file = Path.of("demo/shaders/non-finite/probe/nan-box/glsl/nan.glsl");
        String original = Files.readString(file);
        String fixed = original.replace("zero / zero", "zero / max(zero, 1e-6)");
        JsonNode a = answer(call("effect", "probe/nan-box", "effects_root", "demo/shaders/non-finite", "width", 32,
                "height", 16, "source", fixed));
        assertEquals("debugged", a.get("status").asText(), a.toString());
        assertTrue(a.at("/trace/first_non_finite").isNull(), a.toString());
        assertEquals(0, a.at("/agreement/chromium_non_finite").asInt(), a.toString());
        assertEquals(0, a.at("/agreement/native_non_finite").asInt(), a.toString());
        assertEquals(0.0, a.at("/agreement/chromium/0").asDouble(), a.toString());
        assertEquals(List.of(8, 4), List.of(a.at("/pixel/x").asInt(), a.at("/pixel/y").asInt()), a.toString());
        assertEquals(10, a.at("/before/first_non_finite/source/line").asInt(), a.toString());
        assertEquals("NaN", a.at("/before/agreement/chromium/0").asText(), a.toString());
        assertEquals(128, a.at("/before/agreement/chromium_non_finite").asInt(), a.toString());
        assertEquals(original, Files.readString(file));
        JsonNode json = answer(call("effect", "shadertoy/buffer-nan", "effects_root", "demo/shaders/debug", "width",
                64, "height", 32, "source", "void mainImage(out vec4 o, vec2 p) { o = vec4(1.0); }"));
        assertEquals("unsupported", json.get("status").asText(), json.toString());
        assertTrue(json.get("note").asText().contains("JSON"), json.toString());
    }

    @Test
    void theTerminalCommandPrintsTheTrace() throws Exception {
        Process process = new ProcessBuilder("java", "-jar", "target/framescope.jar", "debug-effect",
                "isf/Two Pass NaN", "--effects-root", "demo/shaders/debug", "--size", "64,32")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), out);
        assertTrue(out.contains("first nan at step "), out);
        assertTrue(out.contains("demo/shaders/debug/isf/Two Pass NaN.fs:19"), out);
        assertTrue(out.contains("float ratio = v / v;"), out);
        assertTrue(out.contains("agrees with Chromium"), out);
    }

    @Test
    void plainDesktopGlslAndHlslFilesAreSteppedNativelyWithTheirSideUniforms() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (JsonNode truth : TRUTH.get("native_only")) {
            String effect = truth.get("effect").asText();
            JsonNode a = answer(call("effect", effect, "effects_root", truth.get("root").asText(), "width",
                    TRUTH.get("width").asInt(), "height", TRUTH.get("height").asInt()));
            List<String> found = traceFindings(truth, a);
            check(found, "no comparison", true, a.path("agreement").isMissingNode() || a.path("agreement").isNull());
            JsonNode finite = truth.get("finite_pixel");
            JsonNode f = answer(call("effect", effect, "effects_root", truth.get("root").asText(), "width",
                    TRUTH.get("width").asInt(), "height", TRUTH.get("height").asInt(), "x", finite.get(0).asInt(),
                    "y", finite.get(1).asInt()));
            check(found, "finite pixel's value", truth.get("finite_value").asDouble(),
                    f.at("/trace/outputs/0/value/0").asDouble(Double.NaN));
            check(found, "finite pixel's trace", true, f.at("/trace/first_non_finite").isNull());
            if (!found.isEmpty()) {
                wrong.add(effect + ": " + found + " in " + a.path("summary").asText());
            }
        }
        assertEquals(List.of(), wrong);
        CallToolResult rendered = toolkit.invoker().call(toolkit.registry().find("render_effect_frame").orElseThrow(),
                Map.of("effect", "plain/*", "effects_root", "demo/shaders/debug", "width", 64, "height", 32),
                ToolContext.SILENT);
        JsonNode frames = answer(rendered);
        Map<String, String> status = new LinkedHashMap<>();
        frames.at("/frames/preview").forEach(f -> status.put(f.path("effect").asText(), f.path("status").asText()));
        assertEquals(Map.of("plain/nan_es.frag", "ok", "plain/nan_desktop.frag", "unsupported",
                "plain/nan_pixel.hlsl", "unsupported"), status, frames.toString());
    }

    @Test
    void aPublicThreePassEffectWithItsOwnVertexStageIsSteppedAndComparedHonestly() throws Exception {
        JsonNode a = answer(call("effect", "Soft Blur", "effects_root", "demo/shaders/non-finite", "width", 64,
                "height", 32, "pass", 2, "x", 20, "y", 10));
        assertEquals("debugged", a.get("status").asText(), a.toString());
        assertTrue(a.at("/agreement/at_pixel").asBoolean(), a.toString());
        // two drivers filter a 1/50-size input differently: counted, and few
        int differing = a.at("/agreement/pixels_differing").asInt();
        assertTrue(differing < 64 * 32 / 5, a.at("/agreement").toString());
        if (differing > 0) { // a pixel to debug next, inside the pass
            JsonNode next = a.at("/agreement/most_differing_pixel");
            assertTrue(next.get(0).asInt() < 64 && next.get(1).asInt() < 32, a.at("/agreement").toString());
        }
        assertTrue(a.get("notes").toString().contains("vertex stage"), a.toString());
    }

    /**
     * A public Shadertoy export with a cube-map pass (TestCubemap: Cube A draws six faces, Image samples them): the
     * cube pass is debugged face by face and the Image pass with the cube map as its input, each against Chromium.
     */
    @Test
    void aCubeMapPassAndThePassSamplingItAreSteppedAndAgreeWithChromium() throws Exception {
        JsonNode minusY = answer(call("effect", "TestCubemap", "effects_root", "demo/shaders/shadertoy-exports",
                "width", 64, "height", 64, "pass", 0, "face", 3));
        assertEquals("debugged", minusY.get("status").asText(), minusY.toString());
        assertTrue(minusY.get("notes").toString().contains("face 3 (-Y)"), minusY.get("notes").toString());
        assertEquals(0, minusY.at("/agreement/pixels_differing").asInt(), minusY.at("/agreement").toString());
        JsonNode plusX = answer(call("effect", "TestCubemap", "effects_root", "demo/shaders/shadertoy-exports",
                "width", 64, "height", 64, "pass", 0));
        assertFalse(plusX.at("/agreement/chromium").equals(minusY.at("/agreement/chromium")),
                "two faces, two pictures: " + plusX.at("/agreement") + " " + minusY.at("/agreement"));

        JsonNode image = answer(call("effect", "TestCubemap", "effects_root", "demo/shaders/shadertoy-exports",
                "width", 64, "height", 64, "pass", 1));
        assertEquals("debugged", image.get("status").asText(), image.toString());
        assertTrue(image.at("/agreement/at_pixel").asBoolean(), image.at("/agreement").toString());
    }
}
