package dev.framescope.shader;

/**
 * The exact values of a float render target (ISF {@code FLOAT}), which the RGBA8 metrics clamp to 0..1 and round to
 * 1/255: per channel (r, g, b, a) the minimum, maximum and mean over every pixel, and the fraction of components
 * above 1, below 0 and not finite (NaN or ±∞, left out of the other figures).
 */
public record FloatStats(double[] min, double[] max, double[] mean, double fractionAboveOne,
                         double fractionBelowZero, double fractionNotFinite) {

    /** {@code rgba}: four components per pixel. */
    static FloatStats of(float[] rgba) {
        double[] min = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY};
        double[] max = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY};
        double[] sum = new double[4];
        long[] finite = new long[4];
        long above = 0;
        long below = 0;
        long notFinite = 0;
        for (int i = 0; i < rgba.length; i++) {
            float v = rgba[i];
            int c = i % 4;
            if (!Float.isFinite(v)) {
                notFinite++;
                continue;
            }
            min[c] = Math.min(min[c], v);
            max[c] = Math.max(max[c], v);
            sum[c] += v;
            finite[c]++;
            above += v > 1 ? 1 : 0;
            below += v < 0 ? 1 : 0;
        }
        double[] mean = new double[4];
        for (int c = 0; c < 4; c++) {
            mean[c] = finite[c] == 0 ? Double.NaN : sum[c] / finite[c];
            if (finite[c] == 0) {
                min[c] = Double.NaN;
                max[c] = Double.NaN;
            }
        }
        double n = Math.max(1, rgba.length);
        return new FloatStats(min, max, mean, above / n, below / n, notFinite / n);
    }
}
