package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an ISF host provides beyond the fragment prelude: the vertex stage of a file with a {@code .vs} companion (its
 * text under a vertex prelude with {@code isf_vertShaderInit()}), the GLSL ES 1.00 form of a file that is valid there
 * and not under 3.00, the textures of its image and audio inputs, and {@code DATE}.
 */
final class IsfStages {

    /** Samples (waveform) or bins (FFT) of an audio input without a MAX. */
    static final int AUDIO_SAMPLES = 256;

    /** The generated cards image inputs get in their declared order; later ones repeat the last. */
    static final List<String> CARDS = List.of("testcard", "testcard2", "ramp");

    private IsfStages() {
    }

    /**
     * The {@code .vs} companion of an ISF file under the vertex prelude, for GLSL ES {@code version} ("300 es" or
     * "100"), with its {@code #version} line; null without one. A {@code #line 1} keeps the companion's line numbers.
     */
    static String vertex(Path fsFile, JsonNode definition, int passIndex, String version) {
        if (!definition.has("vertexShader")) {
            return null;
        }
        String text;
        try {
            text = Files.readString(fsFile.resolveSibling(definition.get("vertexShader").asText()),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean es1 = version.equals("100");
        String io = es1 ? "attribute vec2 position;\nvarying vec2 isf_FragNormCoord;\n"
                : "in vec2 position;\nout vec2 isf_FragNormCoord;\n#define varying out\n#define attribute in\n"
                + "#define texture2D texture\n";
        return "#version " + (es1 ? "100" : "300 es") + "\nprecision highp float;\nprecision highp int;\n" + io
                + IsfImport.declarations(definition, passIndex) + (es1 ? sizes(definition) : "")
                + imageBuiltIns(definition, es1)
                + "void isf_vertShaderInit() {\n  gl_Position = vec4(position, 0.0, 1.0);\n"
                + "  isf_FragNormCoord = position * 0.5 + 0.5;\n}\n#line 1\n" + (es1 ? rewrite100(text) : text);
    }

    /** The 3.00 vertex text of a file with a .vs companion; empty when the .vs is gone or unreadable. */
    static Optional<String> vertexText(Path fsFile, JsonNode definition) {
        try {
            return Optional.ofNullable(vertex(fsFile, definition, 0, "300 es"));
        } catch (UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /**
     * The fragment file under a GLSL ES 1.00 prelude (native {@code gl_FragColor}, {@code texture2D},
     * {@code varying}); IMG_SIZE and IMG_PIXEL read {@code _<name>_imgSize} uniforms the runtime sets, since 1.00
     * has no textureSize.
     */
    static String wrap100(String source, JsonNode definition, int passIndex) {
        String prelude = "precision highp float;\nprecision highp int;\n"
                + (definition.has("vertexShader") ? "varying vec2 isf_FragNormCoord;\n"
                : "#define isf_FragNormCoord (gl_FragCoord.xy / resolution)\n")
                + "#define IMG_NORM_PIXEL(img, uv) texture2D(img, uv)\n"
                + "#define IMG_PIXEL_(size, img, px) texture2D(img, (px) / (size))\n"
                + "#define IMG_THIS_PIXEL(img) texture2D(img, isf_FragNormCoord)\n"
                + "#define IMG_THIS_NORM_PIXEL(img) texture2D(img, isf_FragNormCoord)\n"
                + IsfImport.declarations(definition, passIndex) + sizes(definition) + imageBuiltIns(definition, true);
        return prelude + "#line 1\n" + rewrite100(source);
    }

    private static String sizes(JsonNode definition) {
        StringBuilder text = new StringBuilder("uniform vec2 _inputTex_imgSize;\n"
                + "#define _inputImage_imgSize _inputTex_imgSize\n");
        Set<String> names = new LinkedHashSet<>();
        definition.path("imageInputs").forEach(i -> names.add(i.asText()));
        definition.path("audioInputs").fieldNames().forEachRemaining(names::add);
        definition.path("passes").forEach(p -> names.add(p.path("outputs").path("fragColor").asText()));
        definition.path("imported").fieldNames().forEachRemaining(names::add);
        names.remove("inputImage");
        names.remove("outputTex");
        names.forEach(n -> text.append("uniform vec2 _").append(IsfImport.samplerName(n)).append("_imgSize;\n")
                .append(n.equals(IsfImport.samplerName(n)) ? "" : "#define _" + n + "_imgSize _"
                        + IsfImport.samplerName(n) + "_imgSize\n"));
        return text.toString();
    }

    /**
     * ISF 1's per-image built-ins, which files still read: {@code _<name>_imgRect} (the image's rect in its texture,
     * in pixels: origin 0, its size), {@code _<name>_imgSize} and {@code _<name>_flip} (false: the runtime uploads
     * images upright). Under 1.00 the size is the {@code _<name>_imgSize} uniform {@link #sizes} declares.
     */
    static String imageBuiltIns(JsonNode definition, boolean es1) {
        Set<String> names = new LinkedHashSet<>();
        if (Effect.isFilter(definition)) {
            names.add("inputImage");
        }
        definition.path("imageInputs").forEach(i -> names.add(i.asText()));
        definition.path("audioInputs").fieldNames().forEachRemaining(names::add);
        definition.path("passes").forEach(p -> names.add(p.path("outputs").path("fragColor").asText()));
        definition.path("imported").fieldNames().forEachRemaining(names::add);
        names.remove("outputTex");
        names.remove("");
        StringBuilder text = new StringBuilder();
        for (String n : names) {
            if (!es1) {
                text.append("#define _").append(n).append("_imgSize vec2(textureSize(").append(n).append(", 0))\n");
            }
            text.append("#define _").append(n).append("_imgRect vec4(0.0, 0.0, _").append(n).append("_imgSize)\n")
                    .append("#define _").append(n).append("_flip false\n");
        }
        return text.toString();
    }

    private static final Pattern IMG_SIZE = Pattern.compile("\\bIMG_SIZE\\s*\\(\\s*(\\w+)\\s*\\)");
    private static final Pattern IMG_PIXEL = Pattern.compile("\\bIMG_PIXEL\\s*\\(\\s*(\\w+)\\s*,");

    /** IMG_SIZE(x) → _x_imgSize and IMG_PIXEL(x, → IMG_PIXEL_(_x_imgSize, x, (same lines, so diagnostics agree). */
    static String rewrite100(String text) {
        String sized = IMG_SIZE.matcher(text).replaceAll(m -> "_" + m.group(1) + "_imgSize");
        return IMG_PIXEL.matcher(sized).replaceAll(m -> "IMG_PIXEL_(_" + m.group(1) + "_imgSize, "
                + Matcher.quoteReplacement(m.group(1)) + ",");
    }

    /**
     * The textures of an ISF file's inputs by texture name, sampled linearly as ISF hosts do: each image input a
     * generated card (the first the test card, the second the transitions' second card, then a grey ramp) or the
     * file bound to its name (inputImage is the texture inputTex); each audio input a synthetic signal, see
     * {@code audio} in the runtime's testcard.js. IMPORTED images (already decoded) are kept, sampled linearly too,
     * a bound file replacing them.
     */
    static Map<String, Object> images(JsonNode definition, Map<String, Object> imported, Map<String, String> bindings,
                                      int width, int height) {
        Map<String, Object> images = new HashMap<>();
        int index = 0;
        for (JsonNode input : definition.path("imageInputs")) {
            String name = input.asText();
            String file = bindings == null ? null : bindings.get(name);
            Map<String, Object> image = new HashMap<>(file == null
                    ? Map.of("card", CARDS.get(Math.min(index, CARDS.size() - 1)))
                    : ImageInputs.decode("images." + name, Path.of(file)));
            image.put("linear", true);
            images.put(name.equals("inputImage") ? "inputTex" : name, image);
            index++;
        }
        definition.path("audioInputs").properties().forEach(e -> {
            String file = bindings == null ? null : bindings.get(e.getKey());
            Map<String, Object> image = new HashMap<>(file != null
                    ? ImageInputs.decode("images." + e.getKey(), Path.of(file))
                    : Map.of("card", e.getValue().path("fft").asBoolean() ? "audiofft" : "audio",
                    "width", e.getValue().path("samples").asInt(AUDIO_SAMPLES), "height", 2));
            image.put("linear", true);
            images.put(e.getKey(), image);
        });
        imported.forEach((name, decoded) -> {
            @SuppressWarnings("unchecked")
            Map<String, Object> image = new HashMap<>(bindings != null && bindings.containsKey(name)
                    ? ImageInputs.decode("images." + name, Path.of(bindings.get(name)))
                    : (Map<String, Object>) decoded);
            image.put("linear", true);
            images.put(name, image);
        });
        return images;
    }

    /**
     * The runtime's options for an ISF pass beyond its 3.00 source: its {@code vertex} text (with a {@code .vs}
     * companion) and the {@code fallback} it compiles when 3.00 fails: the GLSL ES 1.00 form, with its vertex.
     */
    static Map<String, Object> passStages(Effect effect, Program program) {
        Path file = program.glsl();
        int index = program.spec().path("passIndex").asInt(0);
        Map<String, Object> stages = new HashMap<>();
        String vertex = vertex(file, effect.definition(), index, "300 es");
        if (vertex != null) {
            stages.put("vertex", vertex);
        }
        Map<String, Object> fallback = new HashMap<>();
        try {
            fallback.put("source", wrap100(Files.readString(file, StandardCharsets.UTF_8), effect.definition(), index));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        fallback.put("version", "100");
        String vertex100 = vertex(file, effect.definition(), index, "100");
        if (vertex100 != null) {
            fallback.put("vertex", vertex100);
        }
        stages.put("fallback", fallback);
        return stages;
    }

    /** DATE as ISF defines it: year, month (1–12), day of the month, seconds since midnight, at local time. */
    static List<Double> date(LocalDateTime now) {
        return List.of((double) now.getYear(), (double) now.getMonthValue(), (double) now.getDayOfMonth(),
                now.toLocalTime().toNanoOfDay() / 1e9);
    }
}
