package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ToolException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What Shadertoy's host gives a pass: the prelude that declares its uniforms and maps them onto the runtime
 * ({@code iTime} = time × 8 s, {@code iFrame}, {@code iTimeDelta} from the frames rendered), the Common tab after
 * {@code #line 1 1} and the pass's code after {@code #line 1 0} (so a diagnostic's source number says which tab its
 * line is in), the channels' images and {@code iDate}. An unbound channel reads transparent black, as on Shadertoy.
 */
final class ShadertoyHost {

    /** Uniforms the prelude declares that FrameScope sets itself (iMouse and iDate are set too, but overridable). */
    static final Set<String> PRELUDE_UNIFORMS = Set.of("_resolution", "_time", "_frame", "_timeDelta", "_face",
            "iChannelResolution", "iChannel0", "iChannel1", "iChannel2", "iChannel3", "iDate");
    /** Stand-in images: the keyboard with all keys up, silent sound, the cube test card, an unbound cube channel. */
    static final String KEYBOARD = "keyboard";
    static final String SILENCE = "silence";
    static final String CUBE_CARD = "cubecard";
    static final String EMPTY_CUBE = "_emptyCube";
    /** Source-string numbers of the tabs in diagnostics: the pass's own code, the Common tab, FrameScope's main. */
    static final int PASS_SOURCE = 0;
    static final int COMMON_SOURCE = 1;
    static final int WRAPPER_SOURCE = 2;

    private static final Set<String> CARDS = Set.of("testcard", "testcard2", "ramp");
    /** Shadertoy's keyboard texture (256 key codes × down, pressed, toggled) and sound texture (512 × FFT, wave). */
    private static final Map<String, Map<String, Object>> STAND_INS = Map.of(
            KEYBOARD, Map.of("card", "blank", "width", 256, "height", 3),
            SILENCE, Map.of("card", SILENCE, "width", 512, "height", 2),
            CUBE_CARD, Map.of("card", CUBE_CARD, "width", 64, "height", 64, "cube", true));

    private ShadertoyHost() {
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
        definition.path("images").properties().forEach(e -> {
            String value = e.getValue().asText();
            Map<String, Object> image;
            if (bindings != null && bindings.containsKey(e.getKey())) {
                image = new HashMap<>(ImageInputs.decode("images." + e.getKey(), Path.of(bindings.get(e.getKey()))));
            } else if (STAND_INS.containsKey(value)) {
                image = new HashMap<>(STAND_INS.get(value));
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
            // A sound texture's row 0 is its FFT at v = 0; Shadertoy never flips it.
            image.put("vflip", !value.equals(SILENCE) && settings.path("vflip").asBoolean(true));
            image.put("srgb", settings.path("srgb").asBoolean(false));
            images.put(e.getKey(), image);
        });
        images.put("_empty", Map.of("width", 1, "height", 1, "rgba", "AAAAAA=="));
        images.put(EMPTY_CUBE, Map.of("card", "blank", "width", 1, "height", 1, "cube", true));
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

    /**
     * What the frame reads in place of what the export cannot carry, and the passes it does not run: the stand-ins
     * import recorded (unless the caller bound a file to that image) and each media file not saved beside the export.
     */
    static List<String> standIns(Path dir, JsonNode definition, Map<String, String> bindings) {
        List<String> standIns = new ArrayList<>();
        definition.path("images").properties().forEach(e -> {
            if (bindings != null && bindings.containsKey(e.getKey())) {
                return;
            }
            String value = e.getValue().asText();
            JsonNode named = definition.path("standIns").path(e.getKey());
            if (!named.isMissingNode()) {
                standIns.add(named.asText());
            } else if (value.startsWith("file:") && !Files.isRegularFile(dir.resolve(value.substring(5)))) {
                standIns.add(channelName(e.getKey()) + " (texture " + value.substring(5) + ", not saved beside the "
                        + "export): the test card");
            }
        });
        definition.path("notRun").forEach(n -> standIns.add(n.asText() + ": not run"));
        return standIns;
    }

    /** {@code bufferA.iChannel3} as "iChannel3 of Buffer A"; an unprefixed name is the Image pass's. */
    private static String channelName(String image) {
        int dot = image.indexOf('.');
        if (dot < 0) {
            return image + " of " + ShadertoyImport.IMAGE;
        }
        String pass = image.substring(0, dot);
        return image.substring(dot + 1) + " of " + Character.toUpperCase(pass.charAt(0))
                + pass.substring(1, pass.length() - 1) + " " + pass.charAt(pass.length() - 1);
    }

    /**
     * A pass's code under the prelude, the Common tab and a {@code main} that calls {@code mainImage}, or for Cube A
     * {@code mainCubemap} once per face ({@code _face} 0–5: +X, −X, +Y, −Y, +Z, −Z) with the ray through the pixel's
     * texel, so that sampling the cubemap along a ray reads what was drawn for it. The prelude's own uniforms start
     * with an underscore: Shadertoy accepts a global named {@code time} or {@code resolution}.
     */
    static String wrap(JsonNode definition, JsonNode pass) {
        boolean image = pass.path("outputs").path("fragColor").asText().equals("outputTex");
        boolean cube = pass.path("cube").asBoolean(false);
        Set<String> cubeChannels = new HashSet<>();
        pass.path("cubeChannels").forEach(c -> cubeChannels.add(c.asText()));
        StringBuilder text = new StringBuilder("""
                precision highp float;
                precision highp int;
                precision highp sampler2D;
                precision highp samplerCube;
                uniform vec2 _resolution;
                uniform float _time;
                uniform int _frame;
                uniform float _timeDelta;
                uniform vec4 iMouse;
                uniform vec4 iDate;
                uniform vec3 iChannelResolution[4];
                """);
        for (int channel = 0; channel < 4; channel++) {
            String name = "iChannel" + channel;
            text.append("uniform ").append(cubeChannels.contains(name) ? "samplerCube " : "sampler2D ").append(name)
                    .append(";\n");
        }
        text.append("""
                #define iTime (_time * 8.0)
                #define iResolution vec3(_resolution, 1.0)
                #define iFrame _frame
                #define iTimeDelta _timeDelta
                #define iFrameRate 60.0
                #define iChannelTime float[4](iTime, iTime, iTime, iTime)
                #define iSampleRate 44100.0
                out vec4 _fragColor;
                """);
        if (cube) {
            text.append("uniform int _face;\n");
        }
        if (definition.has("common")) {
            text.append("#line 1 ").append(COMMON_SOURCE).append('\n').append(definition.get("common").asText())
                    .append('\n');
        }
        text.append("#line 1 ").append(PASS_SOURCE).append('\n').append(pass.path("code").asText()).append('\n');
        text.append("#line 1 ").append(WRAPPER_SOURCE).append('\n');
        if (cube) {
            // The face's texel (s, t) in -1..1 as GL's cube-map table maps a direction onto it.
            text.append("""
                    void main() {
                      vec2 st = gl_FragCoord.xy / _resolution * 2.0 - 1.0;
                      vec3 rd = _face == 0 ? vec3(1.0, -st.y, -st.x) : _face == 1 ? vec3(-1.0, -st.y, st.x)
                        : _face == 2 ? vec3(st.x, 1.0, st.y) : _face == 3 ? vec3(st.x, -1.0, -st.y)
                        : _face == 4 ? vec3(st.x, -st.y, 1.0) : vec3(-st.x, -st.y, -1.0);
                      vec4 color = vec4(0.0, 0.0, 0.0, 1.0);
                      mainCubemap(color, gl_FragCoord.xy, vec3(0.0), normalize(rd));
                      _fragColor = color;
                    }
                    """);
            return text.toString();
        }
        // Shadertoy shows the Image pass opaque; buffers keep the alpha the pass writes.
        text.append("void main() {\n  vec4 color = vec4(0.0, 0.0, 0.0, 1.0);\n  mainImage(color, gl_FragCoord.xy);\n")
                .append(image ? "  color.a = 1.0;\n" : "").append("  _fragColor = color;\n}\n");
        return text.toString();
    }

    /** Which tab a diagnostic's source-string number points into: the pass itself, Common or FrameScope's main. */
    static String tab(String pass, int source) {
        return source == COMMON_SOURCE ? "Common" : source == WRAPPER_SOURCE ? "main (FrameScope's wrapper)" : pass;
    }
}
