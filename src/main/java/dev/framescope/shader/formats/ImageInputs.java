package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.SystemFolders;
import dev.framescope.common.ToolException;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * The images an effect reads by name (a gl-transition's {@code from}, {@code to} and sampler parameters; an ISF
 * file's IMPORTED images) and the files a caller binds to those names. Decodes PNG/JPEG files into RGBA rows
 * top-down for the page runtime; images without a file are generated there ({@code {card: name}}).
 */
public final class ImageInputs {

    /** Larger images are refused before decoding: a small file can declare a huge canvas. */
    static final int MAX_SIDE = 4096;

    private ImageInputs() {
    }

    /** The names an effect reads images by, in the definition's order. */
    public static List<String> names(JsonNode definition) {
        List<String> names = new ArrayList<>();
        definition.path("images").fieldNames().forEachRemaining(names::add);
        definition.path("imported").fieldNames().forEachRemaining(names::add);
        definition.path("imageInputs").forEach(i -> names.add(i.asText()));
        definition.path("audioInputs").fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Each bound name must be an image input of a selected effect, and its file a readable PNG/JPEG. */
    public static void check(List<Effect> effects, Map<String, String> bindings) {
        if (bindings == null || bindings.isEmpty()) {
            return;
        }
        TreeSet<String> known = new TreeSet<>();
        effects.forEach(e -> known.addAll(names(e.definition())));
        for (Map.Entry<String, String> binding : bindings.entrySet()) {
            if (!known.contains(binding.getKey())) {
                throw ToolException.invalidArgument("images." + binding.getKey(), "an image input of the selected "
                        + "effect(s): " + (known.isEmpty() ? "none (they read no named image)" : String.join(", ",
                        known)), binding.getKey());
            }
            decode("images." + binding.getKey(), Path.of(binding.getValue()));
        }
    }

    /**
     * A gl-transition's images for the runtime: each bound file decoded, the others generated cards at the frame's
     * size (linear sampling, as the gl-transitions host does). Puts the {@code from}/{@code to} aspect ratios into
     * {@code uniforms} as {@code _fromR}/{@code _toR}.
     */
    static Map<String, Object> transition(JsonNode definition, Map<String, String> bindings, int width, int height,
                                          Map<String, Object> uniforms) {
        Map<String, Object> images = new HashMap<>();
        definition.path("images").properties().forEach(e -> {
            String file = bindings == null ? null : bindings.get(e.getKey());
            Map<String, Object> image = new HashMap<>(file == null ? Map.of("card", e.getValue().asText())
                    : decode("images." + e.getKey(), Path.of(file)));
            image.put("linear", true);
            double aspect = file == null ? (double) width / height
                    : ((Integer) image.get("width")).doubleValue() / (Integer) image.get("height");
            if (e.getKey().equals("from") || e.getKey().equals("to")) {
                uniforms.put("_" + e.getKey() + "R", aspect);
            }
            images.put(e.getKey(), image);
        });
        return images;
    }

    /** {width, height, rgba (base64, rows top-down)} of a PNG/JPEG file, or an error naming {@code param}. */
    public static Map<String, Object> decode(String param, Path file) {
        SystemFolders.refuse(param, file, "a PNG or JPEG file");
        if (!Files.isRegularFile(file)) {
            throw ToolException.notFound("image", file, param + " names a file that is missing or not a regular "
                    + "file");
        }
        BufferedImage image;
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            Iterator<ImageReader> readers = in == null ? null : ImageIO.getImageReaders(in);
            if (readers == null || !readers.hasNext()) {
                throw ToolException.invalidArgument(param, "a PNG or JPEG file", file.toString());
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in);
                if (reader.getWidth(0) > MAX_SIDE || reader.getHeight(0) > MAX_SIDE) {
                    throw ToolException.invalidArgument(param, "an image at most " + MAX_SIDE + " pixels a side",
                            file + " (" + reader.getWidth(0) + "×" + reader.getHeight(0) + ")");
                }
                image = reader.read(0);
            } finally {
                reader.dispose();
            }
        } catch (IOException e) {
            throw ToolException.invalidArgument(param, "a readable PNG or JPEG file", file + " (" + e.getMessage()
                    + ")");
        }
        return rgba(image);
    }

    static Map<String, Object> rgba(BufferedImage image) {
        byte[] rgba = new byte[image.getWidth() * image.getHeight() * 4];
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int argb = image.getRGB(x, y);
                int i = 4 * (y * image.getWidth() + x);
                rgba[i] = (byte) (argb >> 16);
                rgba[i + 1] = (byte) (argb >> 8);
                rgba[i + 2] = (byte) argb;
                rgba[i + 3] = (byte) (argb >>> 24);
            }
        }
        return Map.of("width", image.getWidth(), "height", image.getHeight(),
                "rgba", Base64.getEncoder().encodeToString(rgba));
    }
}
