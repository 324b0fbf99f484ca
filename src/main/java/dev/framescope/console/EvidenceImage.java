package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
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
 * same exact texels the tools measured), NaN drawn magenta, +Inf yellow, −Inf cyan, and the whole culprit box
 * outlined in white. get_texture returns at most 32 KiB of texels a call, so the region is read in tiles; a region
 * past {@link #MAX_TEXELS} is drawn one texel in every {@code step} each way, so a box of any size is shown whole. Colours are the values clamped to 0..1, not tone-mapped.
 */
final class EvidenceImage {

    static final int MARGIN = 6;
    /** get_texture's base64 bound: 32 KiB of raw texels, 2,048 RGBA32F texels. */
    static final int MAX_BYTES = 32_768;
    /** Texels read for one picture at most (1 MiB of RGBA32F, 32 calls). */
    static final int MAX_TEXELS = 65_536;
    /** The picture's longer side: small regions are enlarged up to it (nearest neighbour), never past 4×. */
    static final int PICTURE_SIDE = 512;

    private EvidenceImage() {
    }

    /**
     * Texels of a region, one float[4] each (null where unread), sampled every {@code step} texels; row r of the
     * samples starts at r * stride.
     */
    record Texels(int width, int height, int channels, int step, int stride, float[][] rgba) {
    }

    /**
     * PNG bytes, or null when the texels cannot be read or decoded.
     *
     * @param box x0, y0, x1, y1 (top-left origin, exclusive ends) of the culprit pixels; the region around it may
     *            pass the texture's edge: get_texture clips it
     */
    static byte[] around(ToolCaller caller, String capture, String texture, int event, int[] box) {
        int x0 = Math.max(0, box[0] - MARGIN);
        int y0 = Math.max(0, box[1] - MARGIN);
        int width = box[2] + MARGIN - x0;
        int height = box[3] + MARGIN - y0;
        int step = (int) Math.max(1, Math.ceil((double) width * height / MAX_TEXELS));
        Texels texels = read(caller, Map.of("capture", capture, "texture", texture, "event_id", event), x0, y0,
                width, height, step);
        if (texels == null) {
            return null;
        }
        return render(texels, new int[] {box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0});
    }

    /**
     * Reads the region in tiles of at most {@link #MAX_BYTES}, keeping one texel in {@code step} each way: bands of
     * rows, or single rows when {@code step} is past a band's height. The texture's edge clips the region.
     */
    private static Texels read(ToolCaller caller, Map<String, Object> where, int x0, int y0, int width, int height,
                               int step) {
        int texelsPerCall = MAX_BYTES / 16; // the worst case, RGBA32F
        int columns = Math.min(width, texelsPerCall);
        int band = Math.max(1, texelsPerCall / columns);
        // Each call costs a read of the whole texture on GL (~16 ms at 256 x 256), so the fewer calls win: bands of
        // rows keeping one row in step, or, when step is past a band's height, only the kept rows, one call each
        boolean rowByRow = step > band;
        int rows = rowByRow ? 1 : band;
        int advance = rowByRow ? step : band;
        float[][] rgba = new float[((height + step - 1) / step) * ((width + step - 1) / step)][];
        int outWidth = (width + step - 1) / step;
        int channels = 0;
        int readWidth = 0;
        int readHeight = 0;
        for (int y = 0; y < height; y += advance) {
            for (int x = 0; x < width; x += columns) {
                Map<String, Object> args = new LinkedHashMap<>(where);
                args.put("x", x0 + x);
                args.put("y", y0 + y);
                args.put("width", Math.min(columns, width - x));
                args.put("height", Math.min(rows, height - y));
                args.put("encoding", "base64");
                ToolCaller.Answer data = caller.call("get_texture", args, ToolContext.SILENT);
                if (data.error()) {
                    if (x == 0 && y == 0) {
                        return null;
                    }
                    continue; // past the texture's edge
                }
                JsonNode body = data.body();
                int w = body.path("width").asInt();
                int h = body.path("height").asInt();
                channels = Math.max(1, body.path("channels").asInt(4));
                byte[] raw = Base64.getDecoder().decode(body.at("/data/base64").asText(""));
                if (w <= 0 || h <= 0 || raw.length == 0) {
                    continue;
                }
                int bytesPerComponent = raw.length / (w * h * channels);
                if (bytesPerComponent != 1 && bytesPerComponent != 4) {
                    return null; // half floats and packed formats: no picture rather than a wrong one
                }
                ByteBuffer texels = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
                for (int ty = 0; ty < h; ty++) {
                    for (int tx = 0; tx < w; tx++) {
                        int gx = x + tx;
                        if (gx % step != 0 || (y + ty) % step != 0) {
                            continue;
                        }
                        float[] value = new float[4];
                        for (int c = 0; c < channels && c < 4; c++) {
                            int at = ((ty * w + tx) * channels + c) * bytesPerComponent;
                            value[c] = bytesPerComponent == 4 ? texels.getFloat(at) : (raw[at] & 0xFF) / 255f;
                        }
                        rgba[((y + ty) / step) * outWidth + gx / step] = value;
                    }
                }
                readWidth = Math.max(readWidth, x + w);
                readHeight = Math.max(readHeight, y + h);
            }
        }
        if (readWidth == 0) {
            return null;
        }
        return new Texels(readWidth, readHeight, channels, step, outWidth, rgba);
    }

    /** The texels drawn into a picture of at most {@link #PICTURE_SIDE}, with {@code box} (region texels) outlined. */
    static byte[] render(Texels texels, int[] box) {
        int step = texels.step();
        int columns = (texels.width() + step - 1) / step;
        int rows = (texels.height() + step - 1) / step;
        int stride = texels.stride();
        int scale = Math.max(1, Math.min(4, PICTURE_SIDE / Math.max(columns, rows)));
        BufferedImage image = new BufferedImage(columns * scale, rows * scale, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < columns; x++) {
                float[] value = texels.rgba()[y * stride + x];
                g.setColor(value == null ? Color.DARK_GRAY : colour(value, texels.channels()));
                g.fillRect(x * scale, y * scale, scale, scale);
            }
        }
        // The outline sits on the box's edge texels, so it stays inside the picture when the box meets its edge.
        int left = box[0] * scale / step;
        int top = box[1] * scale / step;
        int right = Math.min(image.getWidth(), (box[2] * scale + step - 1) / step) - 1;
        int bottom = Math.min(image.getHeight(), (box[3] * scale + step - 1) / step) - 1;
        g.setColor(Color.WHITE); // visible on black, on NaN magenta and on Inf yellow
        g.drawRect(left, top, right - left, bottom - top);
        if (right - left > 2 && bottom - top > 2) {
            g.drawRect(left + 1, top + 1, right - left - 2, bottom - top - 2);
        }
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
