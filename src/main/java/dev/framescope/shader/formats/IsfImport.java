package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * ISF 2.0 effects (a {@code .fs} file starting with a {@code /*{ JSON }*\/} header) tested unchanged: INPUTS become
 * globals with ranges, an image input named {@code inputImage} makes a filter, and the file runs under a prelude that
 * declares the inputs and maps the built-ins (TIME, RENDERSIZE, isf_FragNormCoord, the IMG_* macros, gl_FragColor,
 * texture2D) onto FrameScope's runtime; FRAMEINDEX and TIMEDELTA are uniforms the runtime sets per frame. A {@code #line 1} after the prelude keeps diagnostics
 * on the file's own line numbers. PASSES become passes of the same file (PASSINDEX set per pass) drawing into their
 * TARGETs, sized by the WIDTH/HEIGHT expressions, float and persistent as flagged; IMPORTED images are decoded here
 * and bound by name. GLSL only: WGSL is "not available".
 */
final class IsfImport {

    private IsfImport() {
    }

    /** The definition.json equivalent of an ISF file's header. */
    static JsonNode definition(Path file) throws IOException {
        JsonNode header = header(file);
        ObjectNode definition = Json.mapper().createObjectNode();
        definition.put("name", file.getFileName().toString().replaceFirst("\\.fs$", ""));
        definition.put("description", header.path("DESCRIPTION").asText(""));
        definition.put("format", "isf");
        boolean filter = addInputs(header, definition);
        List<String> samplers = new ArrayList<>();
        // Every image INPUT but inputImage (the filter's input, inputTex) and every audio input is a named texture.
        definition.get("imageInputs").forEach(i -> {
            if (!i.asText().equals("inputImage")) {
                samplers.add(i.asText());
            }
        });
        definition.path("audioInputs").fieldNames().forEachRemaining(samplers::add);
        Path vertex = file.resolveSibling(definition.get("name").asText() + ".vs");
        if (Files.isRegularFile(vertex)) {
            definition.put("vertexShader", vertex.getFileName().toString());
        }
        header.path("PASSES").forEach(p -> {
            if (!p.path("TARGET").asText("").isEmpty()) {
                samplers.add(p.get("TARGET").asText());
            }
        });
        ObjectNode imported = definition.putObject("imported");
        header.path("IMPORTED").properties().forEach(e -> {
            imported.put(e.getKey(), e.getValue().path("PATH").asText());
            samplers.add(e.getKey());
        });
        addPasses(header, definition, filter, samplers);
        return definition;
    }

    /**
     * The INPUTS: image inputs by name ({@code imageInputs}), audio inputs with their sample counts
     * ({@code audioInputs}), the rest as globals with their ranges. True when {@code inputImage} makes a filter.
     */
    private static boolean addInputs(JsonNode header, ObjectNode definition) {
        ObjectNode globals = definition.putObject("globals");
        boolean filter = false;
        ArrayNode images = definition.putArray("imageInputs");
        for (JsonNode input : header.path("INPUTS")) {
            String name = input.path("NAME").asText();
            String type = input.path("TYPE").asText();
            if (type.equals("image")) {
                filter |= name.equals("inputImage");
                images.add(name);
                continue;
            }
            if (type.equals("audio") || type.equals("audioFFT")) {
                ObjectNode audio = definition.withObjectProperty("audioInputs").putObject(name);
                audio.put("fft", type.equals("audioFFT"));
                audio.put("samples", Math.max(1, Math.min(4096, input.path("MAX").asInt(IsfStages.AUDIO_SAMPLES))));
                continue;
            }
            ObjectNode global = globals.putObject(name);
            global.put("type", switch (type) {
                case "long" -> "int";
                case "bool", "event" -> "boolean";
                case "color" -> "vec4";
                case "point2D" -> "vec2";
                default -> "float";
            });
            global.put("uniform", name);
            global.put("isfType", type);
            for (String[] key : new String[][] {{"DEFAULT", "default"}, {"MIN", "min"}, {"MAX", "max"},
                {"VALUES", "values"}, {"LABELS", "labels"}}) {
                if (input.has(key[0])) {
                    global.set(key[1], input.get(key[0]));
                }
            }
        }
        return filter;
    }

    /**
     * The PASSES (one without), each reading every sampler and drawing into its TARGET, or the output when it has
     * none, as PERSISTENT and FLOAT say, sized by its WIDTH/HEIGHT expressions.
     */
    private static void addPasses(JsonNode header, ObjectNode definition, boolean filter, List<String> samplers) {
        ArrayNode passes = definition.putArray("passes");
        int count = Math.max(1, header.path("PASSES").size());
        for (int i = 0; i < count; i++) {
            JsonNode spec = header.path("PASSES").path(i);
            String target = spec.path("TARGET").asText("");
            ObjectNode pass = passes.addObject();
            pass.put("name", !target.isEmpty() ? target : count == 1 ? "main" : "pass" + i);
            pass.put("program", definition.get("name").asText());
            pass.put("passIndex", i);
            ObjectNode inputs = pass.putObject("inputs");
            if (filter) {
                inputs.put("inputTex", "inputTex");
            }
            samplers.forEach(name -> inputs.put(samplerName(name), name));
            // A pass without a TARGET draws the output (ISF renders the last pass to the screen).
            pass.putObject("outputs").put("fragColor", target.isEmpty() ? "outputTex" : target);
            pass.put("persistent", spec.path("PERSISTENT").asBoolean(false));
            pass.put("float", spec.path("FLOAT").asBoolean(false));
            for (String[] key : new String[][] {{"WIDTH", "width"}, {"HEIGHT", "height"}}) {
                if (spec.has(key[0])) {
                    pass.put(key[1], spec.get(key[0]).asText());
                }
            }
        }
    }

    /**
     * A pass's target options for the runtime: its size from the WIDTH/HEIGHT expressions (at least 1×1; the frame
     * size without them), and the FLOAT and PERSISTENT flags.
     */
    static Map<String, Object> targetOptions(JsonNode pass, int width, int height, Map<String, Object> uniforms) {
        Map<String, Double> variables = new HashMap<>();
        uniforms.forEach((name, value) -> {
            if (value instanceof Number number) {
                variables.put(name, number.doubleValue());
            } else if (value instanceof Boolean bool) {
                variables.put(name, bool ? 1.0 : 0.0);
            }
        });
        variables.put("WIDTH", (double) width);
        variables.put("HEIGHT", (double) height);
        Map<String, Object> options = new HashMap<>();
        options.put("width", size(pass.path("width").asText(null), width, variables));
        options.put("height", size(pass.path("height").asText(null), height, variables));
        options.put("float", pass.path("float").asBoolean(false));
        options.put("persistent", pass.path("persistent").asBoolean(false));
        return options;
    }

    private static int size(String expression, int frame, Map<String, Double> variables) {
        if (expression == null || expression.isBlank()) {
            return frame;
        }
        double value = IsfExpression.evaluate(expression, variables);
        return (int) Math.max(1, Math.min(4096, Math.floor(value)));
    }

    /**
     * The IMPORTED images, decoded to RGBA rows top-down, base64, by sampler name; paths relative to the file, and
     * only inside the effects root (an ISF file cannot make FrameScope read any image on the machine).
     */
    static Map<String, Object> images(Path root, Path dir, JsonNode definition) {
        Map<String, Object> images = new HashMap<>();
        definition.path("imported").properties().forEach(e -> {
            Path file = dir.resolve(e.getValue().asText()).normalize();
            if (EffectFile.outside(root, file)) {
                throw ToolException.invalidArgument("effect", "an ISF file whose IMPORTED '" + e.getKey()
                        + "' names an image inside the effects root " + root, e.getValue().asText());
            }
            BufferedImage image;
            try {
                image = Files.isRegularFile(file) ? ImageIO.read(file.toFile()) : null;
            } catch (IOException ex) {
                image = null;
            }
            if (image == null) {
                throw ToolException.notFound("ISF imported image", file, "IMPORTED '" + e.getKey() + "' names a "
                        + "file that is missing or not a PNG/JPEG");
            }
            images.put(e.getKey(), ImageInputs.rgba(image));
        });
        return images;
    }

    /** The file under the prelude that makes it GLSL ES 3.00 for the runtime. */
    static String wrap(String source, JsonNode definition, int passIndex) {
        boolean vertex = definition.has("vertexShader");
        StringBuilder prelude = new StringBuilder("""
                precision highp float;
                precision highp int;
                out vec4 fragColor;
                #define gl_FragColor fragColor
                #define texture2D texture
                #define varying in
                #define IMG_NORM_PIXEL(img, uv) texture(img, uv)
                #define IMG_PIXEL(img, px) texture(img, (px) / vec2(textureSize(img, 0)))
                #define IMG_THIS_PIXEL(img) texture(img, isf_FragNormCoord)
                #define IMG_THIS_NORM_PIXEL(img) texture(img, isf_FragNormCoord)
                #define IMG_SIZE(img) vec2(textureSize(img, 0))
                """);
        prelude.append(vertex ? "in vec2 isf_FragNormCoord;\n"
                : "#define isf_FragNormCoord (gl_FragCoord.xy / resolution)\n");
        prelude.append(declarations(definition, passIndex)).append(IsfStages.imageBuiltIns(definition, false));
        return prelude + "#line 1\n" + source;
    }

    /**
     * What both stages declare: the built-in uniforms and macros (RENDERSIZE, TIME, PASSINDEX, FRAMEINDEX,
     * TIMEDELTA, DATE, vv_FragNormCoord), the samplers (inputImage as inputTex, other image and audio inputs, pass
     * targets, IMPORTED images) and the INPUTS as uniforms.
     */
    static String declarations(JsonNode definition, int passIndex) {
        StringBuilder prelude = new StringBuilder("""
                uniform vec2 resolution;
                uniform float time;
                #define RENDERSIZE resolution
                uniform int FRAMEINDEX;
                uniform float TIMEDELTA;
                uniform vec4 DATE;
                #define TIME (time * 8.0)
                #define PASSINDEX %d
                #define vv_FragNormCoord isf_FragNormCoord
                """.formatted(passIndex));
        if (Effect.isFilter(definition)) {
            prelude.append("uniform sampler2D inputTex;\n#define inputImage inputTex\n");
        }
        List<String> samplers = new ArrayList<>();
        definition.path("imageInputs").forEach(i -> samplers.add(i.asText()));
        definition.path("audioInputs").fieldNames().forEachRemaining(samplers::add);
        definition.path("passes").forEach(pass -> samplers.add(pass.path("outputs").path("fragColor").asText()));
        definition.path("imported").fieldNames().forEachRemaining(samplers::add);
        if (samplers.contains("time")) {
            // A texture named like the runtime's own uniform: TIME keeps reading the uniform through a function
            // compiled before the rename, and the file's `time` (declared below through the macro) is the texture.
            prelude.append("float isf_time_() { return time; }\n#undef TIME\n#define TIME (isf_time_() * 8.0)\n"
                    + "#define time " + samplerName("time") + "\n");
        }
        if (samplers.contains("resolution")) {
            prelude.append("vec2 isf_resolution_() { return resolution; }\n#undef RENDERSIZE\n"
                    + "#define RENDERSIZE isf_resolution_()\n#ifdef isf_FragNormCoord\n#undef isf_FragNormCoord\n"
                    + "#define isf_FragNormCoord (gl_FragCoord.xy / isf_resolution_())\n#endif\n"
                    + "#define resolution " + samplerName("resolution") + "\n");
        }
        new LinkedHashSet<>(samplers).forEach(name -> {
            if (!name.equals("outputTex") && !name.equals("inputImage")) {
                prelude.append("uniform sampler2D ").append(name).append(";\n");
            }
        });
        definition.path("globals").properties().forEach(g -> prelude.append("uniform ")
                .append(glslType(g.getValue().path("type").asText())).append(' ').append(g.getKey()).append(";\n"));
        return prelude.toString();
    }

    /**
     * The GLSL name of the sampler of an ISF image, audio input, pass target or IMPORTED image: its own name, but for
     * {@code time} and {@code resolution}, the runtime's uniforms, which ISF leaves free; the prelude renames the
     * file's uses by a macro ({@link #declarations}).
     */
    static String samplerName(String name) {
        return name.equals("time") || name.equals("resolution") ? "isf_texture_" + name : name;
    }

    private static String glslType(String type) {
        return Map.of("int", "int", "boolean", "bool", "vec4", "vec4", "vec2", "vec2").getOrDefault(type, "float");
    }

    /** The JSON comment the file starts with (its ISF header); INVALID_ARGUMENT when it has none or it is not JSON. */
    static JsonNode header(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int start = text.indexOf("/*");
        int end = text.indexOf("*/", start + 2);
        if (start < 0 || end < 0 || !text.substring(0, start).isBlank()) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, file + " is not an ISF file: it does not start with a "
                    + "/*{ JSON }*/ header", Map.of("file", file.toString()));
        }
        try {
            return Json.mapper().readTree(text.substring(start + 2, end));
        } catch (IOException e) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, "The ISF header of " + file + " is not JSON: "
                    + e.getMessage().lines().findFirst().orElse(""), Map.of("file", file.toString()), e);
        }
    }
}
