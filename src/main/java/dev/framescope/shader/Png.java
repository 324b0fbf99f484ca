package dev.framescope.shader;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import javax.imageio.ImageIO;

/** A rendered frame as the PNG image a tool answers with. */
final class Png {

    private Png() {
    }

    /** {@code rgba}: {@code width}×{@code height} pixels, rows top-down, 4 bytes each. */
    static byte[] encode(byte[] rgba, int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int i = 4 * (y * width + x);
                image.setRGB(x, y, (rgba[i + 3] & 0xff) << 24 | (rgba[i] & 0xff) << 16 | (rgba[i + 1] & 0xff) << 8
                        | (rgba[i + 2] & 0xff));
            }
        }
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            System.setProperty("java.awt.headless", "true");
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new ToolException(ErrorCode.INTERNAL, "PNG encoding failed: " + e.getMessage(), Map.of(), e);
        }
    }
}
