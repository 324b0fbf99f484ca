package dev.framescope.shader;

/**
 * Per-pixel comparison of two RGBA frames of the same size (rows top-down), RGB only.
 *
 * @param maxDiff          largest |Δ| of any channel, 0–255
 * @param meanDiff         mean |Δ| over all pixels and RGB channels, 0–255
 * @param mismatchCount    pixels with some channel |Δ| > epsilon
 * @param mismatchPercent  mismatchCount / pixels · 100
 * @param meanAbsDiff      docs/shaders.md: E[(|Δr| + |Δg| + |Δb|) / 3] / 255 over all pixels, 0–1 (meanDiff / 255)
 */
public record ImageDiff(int maxDiff, double meanDiff, int mismatchCount, double mismatchPercent, double meanAbsDiff) {

    public static ImageDiff of(byte[] a, byte[] b, int width, int height, int epsilon) {
        int pixels = width * height;
        int max = 0;
        long sum = 0;
        int mismatches = 0;
        for (int p = 0; p < pixels; p++) {
            int worst = 0;
            int pixelSum = 0;
            for (int c = 0; c < 3; c++) {
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
        double meanDiff = sum / (3.0 * pixels);
        return new ImageDiff(max, meanDiff, mismatches, 100.0 * mismatches / pixels, meanDiff / 255);
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
