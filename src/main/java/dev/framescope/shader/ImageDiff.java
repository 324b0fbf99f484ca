package dev.framescope.shader;

/**
 * Per-pixel comparison of two RGBA frames of the same size (rows top-down), RGB only ({@link #of}) or RGBA
 * ({@link #ofRgba}), or channel by channel ({@link #channels}).
 *
 * @param maxDiff          largest |Δ| of any compared channel, 0–255
 * @param meanDiff         mean |Δ| over all pixels and compared channels, 0–255
 * @param mismatchCount    pixels with some channel |Δ| > epsilon
 * @param mismatchPercent  mismatchCount / pixels · 100
 * @param meanAbsDiff      docs/shaders.md: E[(|Δr| + |Δg| + |Δb|) / 3] / 255 over all pixels, 0–1 (meanDiff / 255)
 */
public record ImageDiff(int maxDiff, double meanDiff, int mismatchCount, double mismatchPercent, double meanAbsDiff) {

    public static ImageDiff of(byte[] a, byte[] b, int width, int height, int epsilon) {
        return compare(a, b, width * height, epsilon, 3);
    }

    /** As {@link #of} with alpha compared too: a golden frame must keep its transparency. */
    public static ImageDiff ofRgba(byte[] a, byte[] b, int width, int height, int epsilon) {
        return compare(a, b, width * height, epsilon, 4);
    }

    private static ImageDiff compare(byte[] a, byte[] b, int pixels, int epsilon, int channels) {
        int max = 0;
        long sum = 0;
        int mismatches = 0;
        for (int p = 0; p < pixels; p++) {
            int worst = 0;
            int pixelSum = 0;
            for (int c = 0; c < channels; c++) {
                int d = Math.abs((a[4 * p + c] & 0xff) - (b[4 * p + c] & 0xff));
                worst = Math.max(worst, d);
                pixelSum += d;
            }
            max = Math.max(max, worst);
            sum += pixelSum;
            if (worst > epsilon) {
                mismatches++;
            }
        }
        double meanDiff = sum / ((double) channels * pixels);
        return new ImageDiff(max, meanDiff, mismatches, 100.0 * mismatches / pixels, meanDiff / 255);
    }

    /**
     * Per RGBA channel, how far {@code b} is from {@code a}: {@code meanDiff} = mean |Δ| over all pixels (0–255) and
     * {@code changedPixels} = pixels whose channel differs at all; red, green, blue, alpha in that order.
     */
    public record Channels(double[] meanDiff, int[] changedPixels) {
    }

    public static Channels channels(byte[] a, byte[] b, int width, int height) {
        int pixels = width * height;
        long[] sums = new long[4];
        int[] changed = new int[4];
        for (int p = 0; p < pixels; p++) {
            for (int c = 0; c < 4; c++) {
                int d = Math.abs((a[4 * p + c] & 0xff) - (b[4 * p + c] & 0xff));
                sums[c] += d;
                changed[c] += d > 0 ? 1 : 0;
            }
        }
        double[] means = new double[4];
        for (int c = 0; c < 4; c++) {
            means[c] = sums[c] / (double) pixels;
        }
        return new Channels(means, changed);
    }

    /**
     * A picture of where {@code actual} differs from {@code expected} (RGBA): pixels within {@code tolerance} in
     * every channel show the expected frame's grey level at a quarter, so the scene stays recognisable; a differing
     * pixel is red, from 128 at a difference just past the tolerance to 255 at 255, opaque.
     */
    public static byte[] picture(byte[] expected, byte[] actual, int width, int height, int tolerance) {
        byte[] out = new byte[width * height * 4];
        for (int p = 0; p < width * height; p++) {
            int worst = 0;
            for (int c = 0; c < 4; c++) {
                worst = Math.max(worst, Math.abs((expected[4 * p + c] & 0xff) - (actual[4 * p + c] & 0xff)));
            }
            int i = 4 * p;
            if (worst > tolerance) {
                out[i] = (byte) (128 + worst / 2);
            } else {
                int grey = ((expected[i] & 0xff) + (expected[i + 1] & 0xff) + (expected[i + 2] & 0xff)) / 12;
                out[i] = (byte) grey;
                out[i + 1] = (byte) grey;
                out[i + 2] = (byte) grey;
            }
            out[i + 3] = (byte) 255;
        }
        return out;
    }

    /** {@code rgba} with its rows in reverse order: to detect a missing y flip between backends. */
    public static byte[] flipped(byte[] rgba, int width, int height) {
        byte[] out = new byte[rgba.length];
        int row = width * 4;
        for (int y = 0; y < height; y++) {
            System.arraycopy(rgba, y * row, out, (height - 1 - y) * row, row);
        }
        return out;
    }
}
