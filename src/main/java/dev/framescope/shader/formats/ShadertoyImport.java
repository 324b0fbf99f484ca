package dev.framescope.shader.formats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shadertoy shaders run unchanged: a {@code .glsl} file defining {@code void mainImage(out vec4, in vec2)} (one Image
 * pass; {@code // iChannel0: <card or file>} lines bind its channels), or a {@code .json} file in the shape of
 * Shadertoy's API ({@code {"Shader": {"info": {...}, "renderpass": [...]}}}, also without the {@code Shader}
 * wrapper) with a Common tab, Buffer A–D and the Image pass. Each pass runs under a prelude that declares
 * Shadertoy's uniforms and maps them onto the runtime ({@code iTime} = time × 8 s, {@code iFrame}, {@code iTimeDelta}
 * from the frames rendered); the Common tab follows it after {@code #line 1 1} and the pass's code after
 * {@code #line 1 0}, so a diagnostic's source number says which tab its line is in. Buffers are float targets that
 * keep the previous frame; the Image pass draws the output. Channels read buffers by their output id, images by
 * name ({@code iChannelN} in the Image pass, {@code bufferA.iChannelN} in Buffer A; test card by default), and an
 * unbound channel reads transparent black, as on Shadertoy. Inputs and passes FrameScope cannot run (cubemaps,
 * sound, video, webcam, keyboard, volumes, Cube A and Sound passes) make the effect {@code unsupported}, with the
 * feature named. GLSL only: WGSL is "not available".
 */
final class ShadertoyImport {

    static final String FORMAT = "shadertoy";
    /** Uniforms the prelude declares that FrameScope sets itself (iMouse and iDate are set too, but overridable). */
    static final Set<String> PRELUDE_UNIFORMS = Set.of("resolution", "time", "_frame", "_timeDelta",
            "iChannelResolution", "iChannel0", "iChannel1", "iChannel2", "iChannel3", "iDate");
    /** The pass type that draws the output and the name of its texture. */
    static final String IMAGE = "Image";
    /** Source-string numbers of the tabs in diagnostics: the pass's own code, the Common tab, FrameScope's main. */
    static final int PASS_SOURCE = 0;
    static final int COMMON_SOURCE = 1;
    static final int WRAPPER_SOURCE = 2;

    private static final Pattern MAIN_IMAGE = Pattern.compile("\\bvoid\\s+mainImage\\s*\\(");
    private static final Pattern CHANNEL_COMMENT = Pattern.compile("^[ \\t]*//[ \\t]*iChannel([0-3])[ \\t]*:[ \\t]*"
            + "(\\S[^\\r\\n]*?)[ \\t]*$", Pattern.MULTILINE);
    private static final Set<String> CARDS = Set.of("testcard", "testcard2", "ramp");
    /** Shadertoy's output ids of Buffer A–D (the old string ids and the numeric ones of newer exports). */
    private static final List<Set<String>> BUFFER_IDS = List.of(Set.of("4dXGR8", "257"), Set.of("XsXGR8", "258"),
            Set.of("4sXGR8", "259"), Set.of("XdfGR8", "260"));
    private static final Pattern BUFFER_SRC = Pattern.compile("buffer0?([0-3])\\.png$");
    private static final Pattern BUFFER_NAME = Pattern.compile("(?i)^buf(?:fer)?\\s*([A-D])$");

    private ShadertoyImport() {
    }

    /** Whether a {@code .glsl} file is a Shadertoy shader: it defines {@code void mainImage(...)}. */
    static boolean isShadertoy(String text) {
        return MAIN_IMAGE.matcher(text).find();
    }

    /** The shader object of a Shadertoy export ({@code {"Shader": {...}}} or the bare object), or null. */
    static JsonNode shader(JsonNode json) {
        JsonNode shader = json != null && json.has("Shader") ? json.get("Shader") : json;
        return shader != null && shader.path("renderpass").isArray() ? shader : null;
    }

    /** The definition of a single-pass {@code .glsl} file. */
    static ObjectNode file(Path file) throws IOException {
        String code = Files.readString(file, StandardCharsets.UTF_8);
        ObjectNode definition = base(file.getFileName().toString().replaceFirst("\\.glsl$", ""),
                "Shadertoy shader (single pass)");
        ObjectNode images = definition.putObject("images");
        Map<Integer, String> comments = new TreeMap<>();
        Matcher m = CHANNEL_COMMENT.matcher(code);
        while (m.find()) {
            comments.putIfAbsent(Integer.parseInt(m.group(1)), m.group(2));
        }
        ObjectNode pass = definition.putArray("passes").addObject();
        pass.put("name", IMAGE);
        pass.put("code", code);
        ObjectNode inputs = pass.putObject("inputs");
        ObjectNode samplers = pass.putObject("samplers");
        List<String> unsupported = new ArrayList<>();
        for (int channel = 0; channel < 4; channel++) {
            String name = "iChannel" + channel;
            ShadertoySamplers.Comment comment = ShadertoySamplers.comment(comments.getOrDefault(channel, "testcard"));
            images.put(name, comment.image());
            inputs.put(name, name);
            ObjectNode settings = ShadertoySamplers.settings(comment.options().isEmpty() ? null
                    : ShadertoySamplers.asSampler(comment.options()), true, name + " of Image", unsupported);
            samplers.set(name, settings);
            definition.with("imageSamplers").set(name, settings);
        }
        pass.putObject("outputs").put("fragColor", "outputTex");
        unsupported(definition, unsupported);
        return definition;
    }

    /** The definition of a Shadertoy export: its Common code, its buffers in A–D order, then the Image pass. */
    static ObjectNode export(String name, JsonNode shader) {
        JsonNode info = shader.path("info");
        ObjectNode definition = base(name, info.path("description").asText("").isBlank()
                ? "Shadertoy shader" : info.get("description").asText());
        if (!info.path("name").asText("").isBlank()) {
            definition.put("title", info.get("name").asText());
        }
        if (!info.path("username").asText("").isBlank()) {
            definition.put("author", info.get("username").asText());
        }
        ArrayNode tags = definition.putArray("tags");
        info.path("tags").forEach(tags::add);
        ObjectNode images = definition.putObject("images");
        List<String> unsupported = new ArrayList<>();
        TreeMap<Integer, JsonNode> buffers = new TreeMap<>();
        JsonNode image = null;
        StringBuilder common = new StringBuilder();
        for (JsonNode pass : shader.path("renderpass")) {
            String type = pass.path("type").asText("").toLowerCase(Locale.ROOT);
            String passName = pass.path("name").asText(type);
            switch (type) {
                case "common" -> common.append(pass.path("code").asText("")).append('\n');
                case "image" -> image = pass;
                case "buffer" -> {
                    int index = bufferIndex(pass);
                    if (index < 0) {
                        unsupported.add("buffer pass '" + passName + "' whose output is none of Buffer A–D");
                    } else {
                        buffers.put(index, pass);
                    }
                }
                case "cubemap" -> unsupported.add("Cube A pass '" + passName + "' (cubemap buffers)");
                case "sound" -> unsupported.add("Sound pass '" + passName + "'");
                default -> unsupported.add("pass '" + passName + "' of type '" + type + "'");
            }
        }
        if (image == null) {
            unsupported.add("an export without an Image pass");
        }
        if (common.length() > 0) {
            definition.put("common", common.toString());
        }
        ArrayNode passes = definition.putArray("passes");
        List<JsonNode> ordered = new ArrayList<>(buffers.values());
        if (image != null) {
            ordered.add(image);
        }
        for (JsonNode spec : ordered) {
            boolean isImage = spec == image;
            String key = isImage ? "" : "buffer" + (char) ('A' + bufferIndex(spec)) + ".";
            ObjectNode pass = passes.addObject();
            pass.put("name", isImage ? IMAGE : "Buffer " + (char) ('A' + bufferIndex(spec)));
            pass.put("code", spec.path("code").asText(""));
            ObjectNode inputs = pass.putObject("inputs");
            for (JsonNode input : spec.path("inputs")) {
                int channel = input.path("channel").asInt(-1);
                String ctype = input.has("ctype") ? input.path("ctype").asText() : input.path("type").asText();
                String src = input.path("src").asText(input.path("filepath").asText(""));
                if (channel < 0 || channel > 3) {
                    continue;
                }
                String where = "iChannel" + channel + " of " + pass.get("name").asText();
                switch (ctype) {
                    case "buffer" -> {
                        ((ObjectNode) pass.with("samplers")).set("iChannel" + channel,
                                ShadertoySamplers.settings(input.get("sampler"), false, where, unsupported));
                        int index = bufferIndexOf(input.path("id").asText(""), src);
                        if (index < 0) {
                            unsupported.add("a buffer input on iChannel" + channel + " of " + pass.get("name")
                                    .asText() + " that names none of Buffer A–D");
                        } else {
                            inputs.put("iChannel" + channel, "buffer" + (char) ('A' + index));
                        }
                    }
                    case "texture" -> {
                        String imageName = key + "iChannel" + channel;
                        images.put(imageName, src.isEmpty() ? "testcard"
                                : "file:" + src.substring(src.lastIndexOf('/') + 1));
                        inputs.put("iChannel" + channel, imageName);
                        ObjectNode settings = ShadertoySamplers.settings(input.get("sampler"), true, where,
                                unsupported);
                        ((ObjectNode) pass.with("samplers")).set("iChannel" + channel, settings);
                        definition.with("imageSamplers").set(imageName, settings);
                    }
                    default -> unsupported.add(inputName(ctype) + " on iChannel" + channel + " of "
                            + pass.get("name").asText());
                }
            }
            pass.putObject("outputs").put("fragColor", isImage ? "outputTex" : "buffer" + (char) ('A'
                    + bufferIndex(spec)));
            if (!isImage) {
                pass.put("float", true);
            }
        }
        // A channel reading a buffer the export has no pass for reads black, as on Shadertoy.
        for (JsonNode pass : passes) {
            ObjectNode inputs = (ObjectNode) pass.get("inputs");
            inputs.fields().forEachRemaining(e -> {
                if (e.getValue().asText().matches("buffer[A-D]") && !buffers.containsKey(e.getValue().asText()
                        .charAt(6) - 'A')) {
                    e.setValue(inputs.textNode("_empty"));
                }
            });
        }
        unsupported(definition, unsupported);
        return definition;
    }

    private static void unsupported(ObjectNode definition, List<String> unsupported) {
        if (!unsupported.isEmpty()) {
            definition.put("unsupported", "UNSUPPORTED: " + String.join("; ", unsupported)
                    + " (FrameScope runs Common, Buffer A–D and Image passes with buffer and 2D texture inputs)");
        }
    }

    private static String inputName(String ctype) {
        return switch (ctype) {
            case "cubemap" -> "a cubemap input";
            case "music", "musicstream" -> "a sound (music) input";
            case "mic" -> "a microphone input";
            case "video" -> "a video input";
            case "webcam" -> "a webcam input";
            case "keyboard" -> "a keyboard input";
            case "volume" -> "a volume (3D texture) input";
            default -> "an input of type '" + ctype + "'";
        };
    }

    private static ObjectNode base(String name, String description) {
        ObjectNode definition = Json.mapper().createObjectNode();
        definition.put("name", name);
        definition.put("description", description);
        definition.put("format", FORMAT);
        ObjectNode mouse = definition.putObject("globals").putObject("iMouse");
        mouse.put("type", "vec4");
        mouse.putArray("default").add(0.0).add(0.0).add(0.0).add(0.0);
        mouse.put("uniform", "iMouse");
        return definition;
    }

    /** 0–3 for Buffer A–D by the pass's output id, else by its name; -1 for neither. */
    private static int bufferIndex(JsonNode pass) {
        for (JsonNode output : pass.path("outputs")) {
            int index = bufferIndexOf(output.path("id").asText(""), "");
            if (index >= 0) {
                return index;
            }
        }
        Matcher m = BUFFER_NAME.matcher(pass.path("name").asText("").trim());
        return m.matches() ? Character.toUpperCase(m.group(1).charAt(0)) - 'A' : -1;
    }

    private static int bufferIndexOf(String id, String src) {
        for (int i = 0; i < BUFFER_IDS.size(); i++) {
            if (BUFFER_IDS.get(i).contains(id)) {
                return i;
            }
        }
        Matcher m = BUFFER_SRC.matcher(src);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /**
     * The images for the runtime: a card ({@code testcard}, {@code testcard2}, {@code ramp}) or a file beside the
     * shader (a {@code // iChannel0: photo.png} line, or a texture input whose Shadertoy media file was saved beside
     * the export; the test card when it was not), each replaced by a file the caller binds to its name, with its
     * channel's vflip and srgb ({@link ShadertoySamplers}). {@code _empty} is the transparent black an unbound
     * channel reads.
     */
    static Map<String, Object> images(Path root, Path dir, JsonNode definition, Map<String, String> bindings) {
        Map<String, Object> images = new HashMap<>();
        definition.path("images").fields().forEachRemaining(e -> {
            String value = e.getValue().asText();
            Map<String, Object> image;
            if (bindings != null && bindings.containsKey(e.getKey())) {
                image = new HashMap<>(ImageInputs.decode("images." + e.getKey(), Path.of(bindings.get(e.getKey()))));
            } else if (CARDS.contains(value)) {
                image = new HashMap<>(Map.of("card", value));
            } else {
                boolean media = value.startsWith("file:");
                Path file = dir.resolve(media ? value.substring(5) : value).normalize();
                if (EffectFile.outside(root, file)) {
                    throw ToolException.invalidArgument("effect", "a Shadertoy channel naming an image inside the "
                            + "effects root " + root, value);
                }
                if (media && !Files.isRegularFile(file)) {
                    image = new HashMap<>(Map.of("card", "testcard")); // Shadertoy's media file was not saved
                } else {
                    image = new HashMap<>(ImageInputs.decode(e.getKey(), file));
                }
            }
            image.put("linear", true);
            JsonNode settings = definition.path("imageSamplers").path(e.getKey());
            image.put("vflip", settings.path("vflip").asBoolean(true));
            image.put("srgb", settings.path("srgb").asBoolean(false));
            images.put(e.getKey(), image);
        });
        images.put("_empty", Map.of("width", 1, "height", 1, "rgba", "AAAAAA=="));
        return images;
    }

    /** A pass's inputs with every channel it leaves unbound reading {@code _empty}. */
    static Map<String, Object> inputs(JsonNode pass) {
        Map<String, Object> inputs = new HashMap<>();
        for (int channel = 0; channel < 4; channel++) {
            inputs.put("iChannel" + channel, pass.path("inputs").path("iChannel" + channel).asText("_empty"));
        }
        return inputs;
    }

    /** iDate as Shadertoy gives it: year, month (0–11), day, seconds since midnight, at the call's local time. */
    static List<Double> date(LocalDateTime now) {
        return List.of((double) now.getYear(), (double) now.getMonthValue() - 1, (double) now.getDayOfMonth(),
                now.toLocalTime().toNanoOfDay() / 1e9);
    }

    /** A pass's code under the prelude, the Common tab and a {@code main} that calls {@code mainImage}. */
    static String wrap(JsonNode definition, JsonNode pass) {
        boolean image = pass.path("outputs").path("fragColor").asText().equals("outputTex");
        StringBuilder text = new StringBuilder("""
                precision highp float;
                precision highp int;
                precision highp sampler2D;
                uniform vec2 resolution;
                uniform float time;
                uniform int _frame;
                uniform float _timeDelta;
                uniform vec4 iMouse;
                uniform vec4 iDate;
                uniform vec3 iChannelResolution[4];
                uniform sampler2D iChannel0;
                uniform sampler2D iChannel1;
                uniform sampler2D iChannel2;
                uniform sampler2D iChannel3;
                #define iTime (time * 8.0)
                #define iResolution vec3(resolution, 1.0)
                #define iFrame _frame
                #define iTimeDelta _timeDelta
                #define iFrameRate 60.0
                #define iChannelTime float[4](iTime, iTime, iTime, iTime)
                #define iSampleRate 44100.0
                out vec4 _fragColor;
                """);
        if (definition.has("common")) {
            text.append("#line 1 ").append(COMMON_SOURCE).append('\n').append(definition.get("common").asText())
                    .append('\n');
        }
        text.append("#line 1 ").append(PASS_SOURCE).append('\n').append(pass.path("code").asText()).append('\n');
        text.append("#line 1 ").append(WRAPPER_SOURCE).append('\n');
        // Shadertoy shows the Image pass opaque; buffers keep the alpha the pass writes.
        text.append("void main() {\n  vec4 color = vec4(0.0, 0.0, 0.0, 1.0);\n  mainImage(color, gl_FragCoord.xy);\n")
                .append(image ? "  color.a = 1.0;\n" : "").append("  _fragColor = color;\n}\n");
        return text.toString();
    }

    /** Which tab a diagnostic's source-string number points into: the pass itself, Common or FrameScope's main. */
    static String tab(String pass, int source) {
        return source == COMMON_SOURCE ? "Common" : source == WRAPPER_SOURCE ? "main (FrameScope's wrapper)" : pass;
    }

    /** Reads a Shadertoy export, or fails naming the file. */
    static JsonNode read(Path file) throws IOException {
        try {
            JsonNode shader = shader(Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8)));
            if (shader == null) {
                throw new ToolException(ErrorCode.INVALID_ARGUMENT, file + " is not a Shadertoy export",
                        Map.of("file", file.toString()));
            }
            return shader;
        } catch (JsonProcessingException e) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, file + " is not valid JSON: "
                    + e.getOriginalMessage(), Map.of("file", file.toString()));
        }
    }
}
