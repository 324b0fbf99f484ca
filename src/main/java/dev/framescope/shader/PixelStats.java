package dev.framescope.shader;

import java.util.HashSet;
import java.util.Set;

/**
 * Image metrics of a read-back frame, one formula each (docs/shaders.md; noisemaker's definitions). Samples:
 * every s-th pixel, s = max(1, floor(W·H / 1000)). All values on a 0–1 scale.
 *
 * @param meanRgb             E[r], E[g], E[b] / 255
 * @param meanAlpha           E[a] / 255
 * @param stdRgb              per channel sqrt(E[x²] − E[x]²) / 255 (population SD)
 * @param lumaVariance        (E[Y²] − E[Y]²) / 255², Y = 0.299 r + 0.587 g + 0.114 b
 * @param uniqueSampledColors distinct (⌊r/4⌋, ⌊g/4⌋, ⌊b/4⌋) keys among the samples
 * @param isAllZero           every sample has r = g = b = 0
 * @param isAllTransparent    every sample has a = 0
 * @param isMonochrome        unique_sampled_colors ≤ 1
 * @param isEssentiallyBlank  every component of mean_rgb < 0.01 and unique_sampled_colors ≤ 10
 * @param samples             number of pixels sampled
 */
public record PixelStats(double[] meanRgb, double meanAlpha, double[] stdRgb, double lumaVariance,
                         int uniqueSampledColors, boolean isAllZero, boolean isAllTransparent, boolean isMonochrome,
                         boolean isEssentiallyBlank, int samples) {

    /** {@code rgba}: width × height pixels, 4 bytes each, rows top-down. */
    public static PixelStats of(byte[] rgba, int width, int height) {
        int pixels = width * height;
        int stride = Math.max(1, pixels / 1000);
        double[] sum = new double[4];
        double[] sumSq = new double[3];
        double lumaSum = 0;
        double lumaSq = 0;
        Set<Integer> colors = new HashSet<>();
        boolean allZero = true;
        boolean allTransparent = true;
        int n = 0;
        for (int p = 0; p < pixels; p += stride) {
            int r = rgba[4 * p] & 0xff;
            int g = rgba[4 * p + 1] & 0xff;
            int b = rgba[4 * p + 2] & 0xff;
            int a = rgba[4 * p + 3] & 0xff;
            sum[0] += r;
            sum[1] += g;
            sum[2] += b;
            sum[3] += a;
            sumSq[0] += (double) r * r;
            sumSq[1] += (double) g * g;
            sumSq[2] += (double) b * b;
            double y = 0.299 * r + 0.587 * g + 0.114 * b;
            lumaSum += y;
            lumaSq += y * y;
            colors.add((r / 4) << 12 | (g / 4) << 6 | (b / 4));
            allZero &= r == 0 && g == 0 && b == 0;
            allTransparent &= a == 0;
            n++;
        }
        double[] mean = new double[3];
        double[] std = new double[3];
        for (int c = 0; c < 3; c++) {
            double m = sum[c] / n;
            mean[c] = m / 255;
            std[c] = Math.sqrt(Math.max(0, sumSq[c] / n - m * m)) / 255;
        }
        double lumaMean = lumaSum / n;
        double lumaVariance = Math.max(0, lumaSq / n - lumaMean * lumaMean) / (255.0 * 255.0);
        boolean blank = mean[0] < 0.01 && mean[1] < 0.01 && mean[2] < 0.01 && colors.size() <= 10;
        return new PixelStats(mean, sum[3] / n / 255, std, lumaVariance, colors.size(), allZero, allTransparent,
                colors.size() <= 1, blank, n);
    }
}
