package dev.framescope.dialogs;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Screenshots as the tool returns them: unchanged when small enough, else scaled down and sent as PNG. */
final class Screenshots {

    record Fitted(byte[] bytes, String mimeType, int width, int height) {
    }

    private Screenshots() {
    }

    static Fitted fit(Reply.Attachment sent, int maxDimension) {
        int longest = Math.max(sent.width(), sent.height());
        if (longest <= maxDimension) {
            return new Fitted(sent.bytes(), sent.mimeType(), sent.width(), sent.height());
        }
        try {
            BufferedImage source = ImageIO.read(new ByteArrayInputStream(sent.bytes()));
            double scale = (double) maxDimension / longest;
            int width = Math.max(1, (int) Math.round(sent.width() * scale));
            int height = Math.max(1, (int) Math.round(sent.height() * scale));
            BufferedImage scaled = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = scaled.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.drawImage(source, 0, 0, width, height, null);
            g.dispose();
            ByteArrayOutputStream png = new ByteArrayOutputStream();
            ImageIO.write(scaled, "png", png);
            return new Fitted(png.toByteArray(), "image/png", width, height);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
