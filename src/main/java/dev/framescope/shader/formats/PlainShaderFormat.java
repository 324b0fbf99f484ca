package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A plain shader file is an effect too: a {@code .frag} fragment shader (GLSL ES 3.x, or desktop GLSL 330–460) or an
 * {@code .hlsl} pixel shader, one pass, its id the file's path under the root. Its loose uniforms are its globals,
 * 0 unless the call or {@code <file>.json} beside it ({@code {"uniforms": {...}, "entry": "main"}}) says otherwise.
 * The browser runs the GLSL ES ones (as GLSL ES 3.00, the {@code #version} line left blank so the lines keep their
 * numbers); desktop GLSL and HLSL it cannot run, which the other shader tools answer as unsupported and debug_effect
 * draws natively only.
 */
final class PlainShaderFormat implements EffectFormat {

    static final String NAME = "shader-file";
    private static final Pattern VERSION = Pattern.compile("(?m)^[ \\t]*#[ \\t]*version[ \\t]+(\\d+)([ \\t]+es)?");
    /** A loose uniform of a plain type: {@code uniform highp float speed;} (a block or sampler is not a global). */
    private static final Pattern UNIFORM = Pattern.compile("(?m)^[ \\t]*uniform\\s+(?:(?:lowp|mediump|highp)\\s+)?"
            + "(float|int|uint|bool|vec[234]|ivec[234]|bvec[234])\\s+(\\w+)\\s*;");
    /** HLSL globals outside a cbuffer: {@code float speed;} at the start of a line, outside any brace. */
    private static final Pattern HLSL_GLOBAL = Pattern.compile("(?m)^(?:uniform\\s+)?(float|int|uint|bool|float[234]|"
            + "int[234])\\s+(\\w+)\\s*;");

    @Override
    public String name() {
        return NAME;
    }

    /** A shader's own entry point: a Shadertoy tab saved as .frag has mainImage and no main, and is no plain file. */
    private static final Pattern MAIN = Pattern.compile("\\bvoid\\s+main\\s*\\(");

    @Override
    public boolean holds(EffectFile file) {
        if (!file.isSniffable() || file.text() == null) {
            return false;
        }
        return file.name().endsWith(".hlsl") || file.name().endsWith(".frag") && MAIN.matcher(file.text()).find();
    }

    @Override
    public List<Effect> load(EffectFile file, Path root, Predicate<String> wanted) throws IOException {
        String id = root.relativize(file.path()).toString().replace('\\', '/');
        if (!wanted.test(id)) {
            return List.of();
        }
        String text = file.text();
        boolean hlsl = file.name().endsWith(".hlsl");
        Matcher version = VERSION.matcher(text);
        String language = hlsl ? "hlsl" : !version.find() || version.group(2) != null ? "glsl-es"
                : "glsl-" + version.group(1);
        JsonNode side = side(file.path());
        ObjectNode definition = Json.mapper().createObjectNode().put("format", NAME)
                .put("name", file.path().getFileName().toString()).put("language", language)
                .put("entry", side.path("entry").asText("main"));
        definition.put("description", "a plain " + (hlsl ? "HLSL pixel shader" : language.equals("glsl-es")
                ? "GLSL ES fragment shader" : "desktop GLSL " + language.substring(5) + " fragment shader"));
        if (!language.equals("glsl-es")) {
            definition.put("unsupported", "UNSUPPORTED: " + definition.get("description").asText() + ": the browser "
                    + "runs GLSL ES 3.00 and WGSL only; debug_effect draws it natively");
        }
        ObjectNode globals = definition.putObject("globals");
        Matcher uniform = (hlsl ? HLSL_GLOBAL : UNIFORM).matcher(text);
        while (uniform.find()) {
            String type = glslType(uniform.group(1));
            ObjectNode global = globals.putObject(uniform.group(2)).put("type", type);
            JsonNode given = side.path("uniforms").path(uniform.group(2));
            global.set("default", given.isMissingNode() ? zero(type) : given);
        }
        ObjectNode spec = Json.mapper().createObjectNode();
        spec.putObject("outputs").put("fragColor", "outputTex");
        Program program = new Program("main", file.path().getFileName().toString(), file.path(), null, spec);
        return List.of(new Effect(id, file.path().getParent(), definition, List.of(program), root));
    }

    /** {@code <file>.json} beside the file, or nothing. */
    private static JsonNode side(Path file) {
        Path json = file.resolveSibling(file.getFileName() + ".json");
        try {
            return Files.isRegularFile(json) && Files.size(json) < 1 << 20 ? Json.mapper().readTree(json.toFile())
                    : Json.mapper().createObjectNode();
        } catch (IOException e) {
            return Json.mapper().createObjectNode();
        }
    }

    /** HLSL's float3 as GLSL's vec3, for the globals' types. */
    private static String glslType(String type) {
        return type.replaceFirst("^float([234])$", "vec$1").replaceFirst("^int([234])$", "ivec$1")
                .replace("uint", "int").replace("bool", "boolean");
    }

    private static JsonNode zero(String type) {
        if (type.endsWith("2") || type.endsWith("3") || type.endsWith("4")) {
            var zeros = Json.mapper().createArrayNode();
            for (int i = 0; i < type.charAt(type.length() - 1) - '0'; i++) {
                zeros.add(type.startsWith("b") ? Json.mapper().getNodeFactory().booleanNode(false)
                        : Json.mapper().getNodeFactory().numberNode(0));
            }
            return zeros;
        }
        return type.equals("boolean") ? Json.mapper().getNodeFactory().booleanNode(false)
                : Json.mapper().getNodeFactory().numberNode(0);
    }

    /** The file as GLSL ES 3.00 for the page, its {@code #version} line left blank (the page writes its own). */
    @Override
    public String source(Effect effect, Program program, Path file, Map<String, Object> uniforms) {
        return VERSION.matcher(NativeFormat.read(file)).replaceFirst("");
    }

    @Override
    public void putPasses(Map<String, Object> options, Effect effect, FrameInputs frame) {
        options.put("passes", PagePasses.of(effect, frame, p -> Map.of("inputTex", "inputTex"), (p, pass) -> {
        }));
    }
}
