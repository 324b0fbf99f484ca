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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shadertoy shaders read as effects: a {@code .glsl} file defining {@code void mainImage(out vec4, in vec2)} (one
 * Image pass; {@code // iChannel0: <card or file>} lines bind its channels), or a {@code .json} file in the shape of
 * Shadertoy's API ({@code {"Shader": {"info": {...}, "renderpass": [...]}}}, also without the {@code Shader}
 * wrapper) with a Common tab, Buffer A–D and the Image pass. Buffers are float targets that keep the previous
 * frame; the Image pass draws the output. Channels read buffers by their output id, images by name
 * ({@code iChannelN} in the Image pass, {@code bufferA.iChannelN} in Buffer A; test card by default). Inputs and
 * passes FrameScope cannot run (cubemaps, sound, video, webcam, keyboard, volumes, Cube A and Sound passes) make the
 * effect {@code unsupported}, with the feature named. GLSL only: WGSL is "not available". How the passes run is
 * {@link ShadertoyHost}'s.
 */
final class ShadertoyImport {

    static final String FORMAT = "shadertoy";
    /** The pass type that draws the output and the name of its texture. */
    static final String IMAGE = "Image";
    private static final Pattern MAIN_IMAGE = Pattern.compile("\\bvoid\\s+mainImage\\s*\\(");
    private static final Pattern CHANNEL_COMMENT = Pattern.compile("^[ \\t]*//[ \\t]*iChannel([0-3])[ \\t]*:[ \\t]*"
            + "(\\S[^\\r\\n]*?)[ \\t]*$", Pattern.MULTILINE);
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
        ObjectNode definition = header(name, shader.path("info"));
        ObjectNode images = definition.putObject("images");
        List<String> unsupported = new ArrayList<>();
        Tabs tabs = tabs(shader, unsupported);
        if (tabs.image() == null) {
            unsupported.add("an export without an Image pass");
        }
        if (!tabs.common().isEmpty()) {
            definition.put("common", tabs.common());
        }
        ArrayNode passes = definition.putArray("passes");
        for (JsonNode spec : tabs.ordered()) {
            addPass(passes, spec, spec == tabs.image(), definition, images, unsupported);
        }
        // A channel reading a buffer the export has no pass for reads black, as on Shadertoy.
        for (JsonNode pass : passes) {
            ObjectNode inputs = (ObjectNode) pass.get("inputs");
            inputs.fields().forEachRemaining(e -> {
                if (e.getValue().asText().matches("buffer[A-D]") && !tabs.buffers().containsKey(e.getValue().asText()
                        .charAt(6) - 'A')) {
                    e.setValue(inputs.textNode("_empty"));
                }
            });
        }
        unsupported(definition, unsupported);
        return definition;
    }

    /** The definition's name, description, iMouse, and the export's title, author and tags. */
    private static ObjectNode header(String name, JsonNode info) {
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
        return definition;
    }

    /** An export's tabs: the Common code (empty without one), Buffer A–D by index and the Image pass, or null. */
    private record Tabs(String common, TreeMap<Integer, JsonNode> buffers, JsonNode image) {

        /** The passes in the order they run: the buffers A–D, then the Image pass. */
        List<JsonNode> ordered() {
            List<JsonNode> ordered = new ArrayList<>(buffers.values());
            if (image != null) {
                ordered.add(image);
            }
            return ordered;
        }
    }

    /** The export's render passes sorted into tabs; a kind FrameScope cannot run is added to {@code unsupported}. */
    private static Tabs tabs(JsonNode shader, List<String> unsupported) {
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
        return new Tabs(common.toString(), buffers, image);
    }

    /** One pass: its code, its channels, and its target (a buffer is a float texture, the Image pass the output). */
    private static void addPass(ArrayNode passes, JsonNode spec, boolean isImage, ObjectNode definition,
                                ObjectNode images, List<String> unsupported) {
        ObjectNode pass = passes.addObject();
        pass.put("name", isImage ? IMAGE : "Buffer " + (char) ('A' + bufferIndex(spec)));
        pass.put("code", spec.path("code").asText(""));
        ObjectNode inputs = pass.putObject("inputs");
        String key = isImage ? "" : "buffer" + (char) ('A' + bufferIndex(spec)) + ".";
        for (JsonNode input : spec.path("inputs")) {
            int channel = input.path("channel").asInt(-1);
            if (channel >= 0 && channel <= 3) {
                addChannel(pass, inputs, input, channel, key, definition, images, unsupported);
            }
        }
        pass.putObject("outputs").put("fragColor", isImage ? "outputTex" : "buffer" + (char) ('A'
                + bufferIndex(spec)));
        if (!isImage) {
            pass.put("float", true);
        }
    }

    /**
     * A channel's input: a buffer by its output id, or a texture as an image named {@code <key>iChannelN} (the media
     * file's name, or the test card), with its sampler settings; any other kind is unsupported.
     */
    private static void addChannel(ObjectNode pass, ObjectNode inputs, JsonNode input, int channel, String key,
                                   ObjectNode definition, ObjectNode images, List<String> unsupported) {
        String ctype = input.has("ctype") ? input.path("ctype").asText() : input.path("type").asText();
        String src = input.path("src").asText(input.path("filepath").asText(""));
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
                ObjectNode settings = ShadertoySamplers.settings(input.get("sampler"), true, where, unsupported);
                ((ObjectNode) pass.with("samplers")).set("iChannel" + channel, settings);
                definition.with("imageSamplers").set(imageName, settings);
            }
            default -> unsupported.add(inputName(ctype) + " on iChannel" + channel + " of "
                    + pass.get("name").asText());
        }
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
