package dev.framescope.shader;

/**
 * How a rendered frame matches the frame it should equal (a reference PNG, a transition's from or to image): per
 * pixel and RGBA channel |Δ| on 0–255; a pixel differs when some channel's |Δ| exceeds the tolerance.
 *
 * @param differingPixels   pixels with some channel |Δ| > tolerance
 * @param differingFraction differingPixels / pixels, 0–1
 * @param maxDiff           largest |Δ| of any channel, 0–255
 * @param meanDiff          mean |Δ| over all pixels and channels, 0–255
 * @param matches           no pixel differs
 */
public record PixelMatch(int differingPixels, double differingFraction, int maxDiff, double meanDiff,
                         boolean matches) {

    /** The rule the numbers follow, as the answers state it. */
    static final String FORMULA = "per pixel and RGBA channel |Δ| on 0–255; a pixel differs when some channel's |Δ| "
            + "> tolerance; differing_fraction = differing_pixels / pixels; max_diff = largest |Δ|; mean_diff = mean "
            + "|Δ| over all channels; matches = no pixel differs";

    static PixelMatch of(byte[] expected, byte[] actual, int width, int height, int tolerance) {
        ImageDiff diff = ImageDiff.ofRgba(expected, actual, width, height, tolerance);
        return new PixelMatch(diff.mismatchCount(), diff.mismatchCount() / (double) (width * height), diff.maxDiff(),
                diff.meanDiff(), diff.mismatchCount() == 0);
    }

    /** "12.5% of pixels differ, max 255" for a summary. */
    String said() {
        return String.format("%.3g%% of pixels differ, max %d", 100 * differingFraction, maxDiff);
    }
}
