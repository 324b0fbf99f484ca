package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One channel of a Shadertoy pass: a buffer or Cube A by its output id, a texture by its media file, and for what an
 * export cannot carry the stand-in shadertoy.com itself shows with no key pressed and silent or still media: the
 * keyboard all keys up, music and microphone a silent FFT/wave texture, video and webcam the test card, a media
 * cubemap FrameScope's cube test card. Every stand-in is recorded under the definition's {@code standIns} so the
 * answer names it. Volumes (3D textures) stay unsupported.
 */
final class ShadertoyChannels {

    /** Shadertoy's output ids of Buffer A–D (the old string ids and the numeric ones of newer exports). */
    private static final List<Set<String>> BUFFER_IDS = List.of(Set.of("4dXGR8", "257"), Set.of("XsXGR8", "258"),
            Set.of("4sXGR8", "259"), Set.of("XdfGR8", "260"));
    /** Shadertoy's output id of Cube A. */
    private static final Set<String> CUBE_IDS = Set.of("4dX3Rr", "41");
    private static final Pattern BUFFER_SRC = Pattern.compile("buffer0?([0-3])\\.png$");

    private ShadertoyChannels() {
    }

    /** 0–3 for Buffer A–D by an input's or output's id (else a buffer preview's file name), -1 for neither. */
    static int bufferIndexOf(String id, String src) {
        for (int i = 0; i < BUFFER_IDS.size(); i++) {
            if (BUFFER_IDS.get(i).contains(id)) {
                return i;
            }
        }
        Matcher m = BUFFER_SRC.matcher(src);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** Whether an input or output id (or a preview file) is Cube A's. */
    static boolean isCubeA(String id, String src) {
        return CUBE_IDS.contains(id) || src.endsWith("cubemap00.png");
    }

    /**
     * Adds a channel's input to {@code pass}: a buffer or Cube A by name, else an image named {@code <key>iChannelN}
     * with its sampler settings; anything FrameScope cannot give is added to {@code unsupported}.
     */
    static void add(ObjectNode pass, JsonNode input, int channel, String key, ObjectNode definition,
                    List<String> unsupported) {
        String ctype = input.has("ctype") ? input.path("ctype").asText() : input.path("type").asText();
        String src = input.path("src").asText(input.path("filepath").asText(""));
        String id = input.path("id").asText("");
        String sampler = "iChannel" + channel;
        String where = sampler + " of " + pass.get("name").asText();
        ObjectNode inputs = (ObjectNode) pass.get("inputs");
        ObjectNode samplers = pass.withObjectProperty("samplers");
        if (ctype.equals("buffer")) {
            samplers.set(sampler, ShadertoySamplers.settings(input.get("sampler"), false, where, unsupported));
            int index = bufferIndexOf(id, src);
            if (index < 0) {
                unsupported.add("a buffer input on " + where + " that names none of Buffer A–D");
            } else {
                inputs.put(sampler, "buffer" + (char) ('A' + index));
            }
            return;
        }
        if (ctype.equals("cubemap") && isCubeA(id, src)) {
            samplers.set(sampler, ShadertoySamplers.settings(input.get("sampler"), false, where, unsupported));
            pass.withArray("cubeChannels").add(sampler);
            inputs.put(sampler, ShadertoyImport.CUBE_A);
            return;
        }
        String image = image(ctype, src);
        if (image == null) {
            unsupported.add(inputName(ctype) + " on " + where);
            return;
        }
        String imageName = key + sampler;
        definition.withObjectProperty("images").put(imageName, image);
        inputs.put(sampler, imageName);
        ObjectNode settings = ShadertoySamplers.settings(input.get("sampler"), true, where, unsupported);
        samplers.set(sampler, settings);
        definition.withObjectProperty("imageSamplers").set(imageName, settings);
        if (ctype.equals("cubemap")) {
            pass.withArray("cubeChannels").add(sampler);
        }
        String standIn = standIn(ctype);
        if (standIn != null) {
            definition.withObjectProperty("standIns").put(imageName, where + " (" + ctype + "): " + standIn);
        }
    }

    /** The image a channel of this kind reads: its media file, a stand-in card, or null for none. */
    private static String image(String ctype, String src) {
        return switch (ctype) {
            case "texture" -> src.isEmpty() ? "testcard" : "file:" + src.substring(src.lastIndexOf('/') + 1);
            case "keyboard" -> ShadertoyHost.KEYBOARD;
            case "music", "musicstream", "mic" -> ShadertoyHost.SILENCE;
            case "video", "webcam" -> "testcard";
            case "cubemap" -> ShadertoyHost.CUBE_CARD;
            default -> null;
        };
    }

    /** What the answer says a stand-in is, or null for a channel that reads its own media. */
    private static String standIn(String ctype) {
        return switch (ctype) {
            case "keyboard" -> "all keys up (a 256×3 texture of zeros)";
            case "music", "musicstream", "mic" -> "silence (512×2: FFT row 0, wave row 0.5)";
            case "video", "webcam" -> "the test card, still";
            case "cubemap" -> "FrameScope's cube test card (exports carry no cubemap media)";
            default -> null;
        };
    }

    private static String inputName(String ctype) {
        return switch (ctype) {
            case "volume" -> "a volume (3D texture) input";
            default -> "an input of type '" + ctype + "'";
        };
    }
}
