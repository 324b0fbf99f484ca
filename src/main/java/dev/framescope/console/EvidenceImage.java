package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * The picture an answer shows: the target texture around the culprit pixels, read through get_texture (so the
 * same exact texels the tools measured), scaled up with nearest-neighbour sampling, NaN drawn magenta, +Inf yellow,
 * −Inf cyan, and the culprit box outlined in white. Colours are the values clamped to 0..1, not tone-mapped.
 */
final class EvidenceImage {

    static final int SCALE = 4;
    static final int MARGIN = 6;
    /** get_texture's base64 bound: 32 KiB of raw texels. */
    static final int MAX_BYTES = 32_768;

    private EvidenceImage() {
    }

    /**
     * PNG bytes, or null when the texels cannot be read or decoded.
     *
     * @param box x0, y0, x1, y1 (top-left origin, exclusive ends) of the culprit pixels; the region around it may
     *            pass the texture's edge: get_texture clips it
     */
    static byte[] around(ToolCaller caller, String capture, String texture, int event, int[] box) {
        int bytesPerTexel = 16; // the worst case, RGBA32F; smaller formats only get a larger margin's worth
        int x0 = Math.max(0, box[0] - MARGIN);
        int y0 = Math.max(0, box[1] - MARGIN);
        int x1 = box[2] + MARGIN;
        int y1 = box[3] + MARGIN;
        while ((long) (x1 - x0) * (y1 - y0) * bytesPerTexel > MAX_BYTES) { // a large box: its top-left corner
            x1 = Math.max(x0 + 1, x1 - 4);
            y1 = Math.max(y0 + 1, y1 - 4);
        }
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("capture", capture);
        args.put("texture", texture);
        args.put("event_id", event);
        args.put("x", x0);
        args.put("y", y0);
        args.put("width", x1 - x0);
        args.put("height", y1 - y0);
        args.put("encoding", "base64");
        ToolCaller.Answer data = caller.call("get_texture", args, ToolContext.SILENT);
        if (data.error()) {
            return null;
        }
        return render(data.body(), new int[] {box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0});
    }

    static byte[] render(JsonNode data, int[] box) {
        int width = data.path("width").asInt();
        int height = data.path("height").asInt();
        int channels = Math.max(1, data.path("channels").asInt(4));
        byte[] raw = Base64.getDecoder().decode(data.at("/data/base64").asText(""));
        if (width <= 0 || height <= 0 || raw.length == 0) {
            return null;
        }
        int bytesPerComponent = raw.length / (width * height * channels);
        if (bytesPerComponent != 1 && bytesPerComponent != 4) {
            return null; // half floats and packed formats: no picture rather than a wrong one
        }
        ByteBuffer texels = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
        BufferedImage image = new BufferedImage(width * SCALE, height * SCALE, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                float[] rgba = new float[4];
                for (int c = 0; c < channels && c < 4; c++) {
                    int at = ((y * width + x) * channels + c) * bytesPerComponent;
                    rgba[c] = bytesPerComponent == 4 ? texels.getFloat(at) : (raw[at] & 0xFF) / 255f;
                }
                g.setColor(colour(rgba, channels));
                g.fillRect(x * SCALE, y * SCALE, SCALE, SCALE);
            }
        }
        g.setColor(Color.WHITE); // visible on black, on NaN magenta and on Inf yellow
        g.setStroke(new BasicStroke(2f));
        g.drawRect(box[0] * SCALE - 1, box[1] * SCALE - 1, (box[2] - box[0]) * SCALE + 1, (box[3] - box[1]) * SCALE + 1);
        g.dispose();
        try (ByteArrayOutputStream png = new ByteArrayOutputStream()) {
            ImageIO.write(image, "png", png);
            return png.toByteArray();
        } catch (IOException e) {
            return null;
        }
    }

    private static Color colour(float[] rgba, int channels) {
        for (int c = 0; c < Math.min(3, channels); c++) {
            if (Float.isNaN(rgba[c])) {
                return Color.MAGENTA;
            }
            if (Float.isInfinite(rgba[c])) {
                return rgba[c] > 0 ? Color.YELLOW : Color.CYAN;
            }
        }
        float r = clamp(rgba[0]);
        float gr = channels > 1 ? clamp(rgba[1]) : r;
        float b = channels > 2 ? clamp(rgba[2]) : r;
        return new Color(r, gr, b);
    }

    private static float clamp(float v) {
        return Math.max(0f, Math.min(1f, v));
    }
}
