package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ToolException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.HashMap;
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
    static final Set<String> PRELUDE_UNIFORMS = Set.of("resolution", "time", "_frame", "_timeDelta",
            "iChannelResolution", "iChannel0", "iChannel1", "iChannel2", "iChannel3", "iDate");
    /** Source-string numbers of the tabs in diagnostics: the pass's own code, the Common tab, FrameScope's main. */
    static final int PASS_SOURCE = 0;
    static final int COMMON_SOURCE = 1;
    static final int WRAPPER_SOURCE = 2;

    private static final Set<String> CARDS = Set.of("testcard", "testcard2", "ramp");

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
}
