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
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shadertoy shaders read as effects: a {@code .glsl} file defining {@code void mainImage(out vec4, in vec2)} (one
 * Image pass; {@code // iChannel0: <card or file>} lines bind its channels), or a {@code .json} file in the shape of
 * Shadertoy's API ({@code {"Shader": {"info": {...}, "renderpass": [...]}}}, also without the {@code Shader}
 * wrapper) with a Common tab, Buffer A–D, Cube A and the Image pass. Buffers are float targets that keep the previous
 * frame, Cube A a float cubemap; the Image pass draws the output. Channels ({@link ShadertoyChannels}) read buffers
 * and Cube A by their output id, images by name ({@code iChannelN} in the Image pass, {@code bufferA.iChannelN} in
 * Buffer A), and stand-ins for the keyboard, sound, video, webcam and media cubemaps. A Sound pass is not run; volume
 * inputs make the effect {@code unsupported}, with the feature named. GLSL only: WGSL is "not available". How the
 * passes run is {@link ShadertoyHost}'s.
 */
final class ShadertoyImport {

    static final String FORMAT = "shadertoy";
    /** The pass type that draws the output and the name of its texture. */
    static final String IMAGE = "Image";
    private static final Pattern MAIN_IMAGE = Pattern.compile("\\bvoid\\s+mainImage\\s*\\(");
    private static final Pattern CHANNEL_COMMENT = Pattern.compile("^[ \\t]*//[ \\t]*iChannel([0-3])[ \\t]*:[ \\t]*"
            + "(\\S[^\\r\\n]*?)[ \\t]*$", Pattern.MULTILINE);
    /** The texture Cube A draws into. */
    static final String CUBE_A = "cubeA";
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
            definition.withObjectProperty("imageSamplers").set(name, settings);
        }
        pass.putObject("outputs").put("fragColor", "outputTex");
        unsupported(definition, unsupported);
        return definition;
    }

    /** The definition of a Shadertoy export whose passes all carry their code. */
    static ObjectNode export(String name, JsonNode shader) {
        return export(name, shader, null);
    }

    /**
     * The definition of a Shadertoy export: its Common code, its buffers in A–D order, Cube A, then the Image pass.
     * A pass without code may name a file beside the export ({@code filename}, as Shadertron writes them) in
     * {@code dir}; null reads none.
     */
    static ObjectNode export(String name, JsonNode shader, Path dir) {
        ObjectNode definition = header(name, shader.path("info"));
        definition.putObject("images");
        List<String> unsupported = new ArrayList<>();
        Tabs tabs = tabs(shader, dir, definition, unsupported);
        if (tabs.image() == null) {
            unsupported.add("an export without an Image pass");
        }
        if (!tabs.common().isEmpty()) {
            definition.put("common", tabs.common());
        }
        ArrayNode passes = definition.putArray("passes");
        for (JsonNode spec : tabs.ordered()) {
            addPass(passes, spec, tabs, definition, code(spec, dir, unsupported), unsupported);
        }
        // A channel reading a buffer (or Cube A) the export has no pass for reads black, as on Shadertoy.
        for (JsonNode pass : passes) {
            ObjectNode inputs = (ObjectNode) pass.get("inputs");
            inputs.properties().forEach(e -> {
                String read = e.getValue().asText();
                if (read.matches("buffer[A-D]") && !tabs.buffers().containsKey(read.charAt(6) - 'A')
                        || read.equals(CUBE_A) && tabs.cube() == null) {
                    e.setValue(inputs.textNode(read.equals(CUBE_A) ? ShadertoyHost.EMPTY_CUBE : "_empty"));
                }
            });
        }
        unsupported(definition, unsupported);
        return definition;
    }

    /**
     * A pass's code: the export's, else the file it names beside the export; a pass with neither is unsupported,
     * naming what is missing (the wrapper would otherwise fail on its own line).
     */
    private static String code(JsonNode spec, Path dir, List<String> unsupported) {
        String code = spec.path("code").asText("");
        String file = spec.path("filename").asText("");
        if (!code.isBlank() || file.isBlank() && spec.path("type").asText("").equals("common")) {
            return code;
        }
        String pass = spec.path("name").asText(spec.path("type").asText("?"));
        if (file.isBlank()) {
            unsupported.add("pass '" + pass + "' has no code in the export");
            return code;
        }
        Path path = dir == null ? null : dir.resolve(file).normalize();
        if (path == null || !path.startsWith(dir) || !Files.isRegularFile(path)) {
            unsupported.add("pass '" + pass + "' has no code in the export: it names the external file '" + file
                    + "', which is not beside the export");
            return code;
        }
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            unsupported.add("pass '" + pass + "' has no code in the export and its file '" + file + "' cannot be "
                    + "read (" + e.getMessage() + ")");
            return code;
        }
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

    /** An export's tabs: the Common code (empty without one), Buffer A–D by index, Cube A and Image, or null. */
    private record Tabs(String common, TreeMap<Integer, JsonNode> buffers, JsonNode cube, JsonNode image) {

        /** The passes in the order Shadertoy runs them: the buffers A–D, Cube A, then the Image pass. */
        List<JsonNode> ordered() {
            List<JsonNode> ordered = new ArrayList<>(buffers.values());
            if (cube != null) {
                ordered.add(cube);
            }
            if (image != null) {
                ordered.add(image);
            }
            return ordered;
        }
    }

    /**
     * The export's render passes sorted into tabs; a Sound pass (it makes audio, never pixels) is not run and the
     * definition's {@code notRun} says so; a kind FrameScope cannot run is added to {@code unsupported}.
     */
    private static Tabs tabs(JsonNode shader, Path dir, ObjectNode definition, List<String> unsupported) {
        TreeMap<Integer, JsonNode> buffers = new TreeMap<>();
        JsonNode image = null;
        JsonNode cube = null;
        StringBuilder common = new StringBuilder();
        for (JsonNode pass : shader.path("renderpass")) {
            String type = pass.path("type").asText("").toLowerCase(Locale.ROOT);
            String passName = pass.path("name").asText(type);
            switch (type) {
                case "common" -> common.append(code(pass, dir, unsupported)).append('\n');
                case "image" -> image = pass;
                case "buffer" -> {
                    int index = bufferIndex(pass);
                    if (index < 0) {
                        unsupported.add("buffer pass '" + passName + "' whose output is none of Buffer A–D");
                    } else {
                        buffers.put(index, pass);
                    }
                }
                case "cubemap" -> cube = pass;
                case "sound" -> definition.withArray("notRun").add("Sound pass '" + passName + "' (it makes audio, "
                        + "no pixels)");
                default -> unsupported.add("pass '" + passName + "' of type '" + type + "'");
            }
        }
        return new Tabs(common.toString(), buffers, cube, image);
    }

    /**
     * One pass: its code, its channels, and its target: a buffer is a float texture, Cube A a float cubemap, the
     * Image pass the output.
     */
    private static void addPass(ArrayNode passes, JsonNode spec, Tabs tabs, ObjectNode definition, String code,
                                List<String> unsupported) {
        boolean isImage = spec == tabs.image();
        boolean isCube = spec == tabs.cube();
        String name = isImage ? IMAGE : isCube ? "Cube A" : "Buffer " + (char) ('A' + bufferIndex(spec));
        String output = isImage ? "outputTex" : isCube ? CUBE_A : "buffer" + (char) ('A' + bufferIndex(spec));
        ObjectNode pass = passes.addObject();
        pass.put("name", name);
        pass.put("code", code);
        pass.putObject("inputs");
        String key = isImage ? "" : output + ".";
        for (JsonNode input : spec.path("inputs")) {
            int channel = input.path("channel").asInt(-1);
            if (channel >= 0 && channel <= 3) {
                ShadertoyChannels.add(pass, input, channel, key, definition, unsupported);
            }
        }
        pass.putObject("outputs").put("fragColor", output);
        if (!isImage) {
            pass.put("float", true);
        }
        if (isCube) {
            pass.put("cube", true);
        }
    }

    private static void unsupported(ObjectNode definition, List<String> unsupported) {
        if (!unsupported.isEmpty()) {
            definition.put("unsupported", "UNSUPPORTED: " + String.join("; ", unsupported)
                    + " (FrameScope runs Common, Buffer A–D, Cube A and Image passes; keyboard, sound, video and webcam channels read "
                    + "stand-ins)");
        }
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
            int index = ShadertoyChannels.bufferIndexOf(output.path("id").asText(""), "");
            if (index >= 0) {
                return index;
            }
        }
        Matcher m = BUFFER_NAME.matcher(pass.path("name").asText("").trim());
        return m.matches() ? Character.toUpperCase(m.group(1).charAt(0)) - 'A' : -1;
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
