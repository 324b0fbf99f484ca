package dev.framescope.shader;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A short description of a frame computed from its pixels alone (docs/shaders.md lists the formulas). The numbers
 * are the result; the words in {@code text} come from fixed cut-offs on them, so an agent can read either. Alpha
 * counts: brightness and colour are measured over the covered pixels (alpha &gt; 0) only, and the spatial measures
 * over Y·alpha (the frame as composited over black), so a white shape on a transparent background is described as
 * that, not as a dark grey frame. An opaque frame is described exactly as before.
 *
 * @param coverage          share of pixels with alpha &gt; 0
 * @param meanAlpha         E[a] / 255 over all pixels
 * @param meanLuma          E[Y] over the covered pixels, Y = (0.299 r + 0.587 g + 0.114 b) / 255
 * @param lumaStd           sqrt(E[Y²] − E[Y]²) over the covered pixels
 * @param colourfulFraction share of the covered pixels with HSV saturation ≥ 0.2 and value ≥ 0.1
 * @param hueShares         among those pixels, the share of each hue name (largest first; names below)
 * @param edgeDensity       E[|V(x+1,y) − V(x,y)| + |V(x,y+1) − V(x,y)|] over pixels with both neighbours, V = Y·a/255
 * @param leftToRight       mean V of the right half − mean V of the left half
 * @param topToBottom       mean V of the bottom half − mean V of the top half
 * @param centreMinusEdge   mean V of the central box (middle half in x and y) − mean V outside it
 * @param text              one sentence built from the numbers
 */
public record FrameDescription(double coverage, double meanAlpha, double meanLuma, double lumaStd, double colourfulFraction,
                               Map<String, Double> hueShares, double edgeDensity, double leftToRight,
                               double topToBottom, double centreMinusEdge, String text) {

    /** Hue names by the upper bound of their range in degrees; red wraps around 360. */
    private static final String[] HUES = {"red", "orange", "yellow", "green", "cyan", "blue", "purple", "magenta",
        "red"};
    private static final double[] HUE_BOUNDS = {15, 45, 70, 165, 200, 255, 290, 345, 360};

    /** {@code rgba}: width × height pixels, 4 bytes each, rows top-down. */
    public static FrameDescription of(byte[] rgba, int width, int height) {
        int pixels = width * height;
        Tally tally = Tally.of(rgba, pixels);
        double[] luma = tally.luma();
        double mean = tally.covered() == 0 ? 0 : tally.sum() / tally.covered();
        double std = tally.covered() == 0 ? 0 : Math.sqrt(Math.max(0, tally.sumSq() / tally.covered() - mean * mean));
        Map<String, Double> shares = new LinkedHashMap<>();
        tally.hueCounts().entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .forEach(e -> shares.put(e.getKey(), (double) e.getValue() / tally.colourful()));
        double edges = edgeDensity(luma, width, height);
        double leftToRight = regionMean(luma, width, height, width / 2, width, 0, height)
                - regionMean(luma, width, height, 0, width / 2, 0, height);
        double topToBottom = regionMean(luma, width, height, 0, width, height / 2, height)
                - regionMean(luma, width, height, 0, width, 0, height / 2);
        double centre = centreMinusEdge(luma, width, height);
        double colourfulFraction = tally.covered() == 0 ? 0 : (double) tally.colourful() / tally.covered();
        double coverage = (double) tally.covered() / pixels;
        double meanAlpha = tally.alphaSum() / pixels / 255;
        String text = text(mean, std, colourfulFraction, shares, edges, leftToRight, topToBottom, centre);
        if (tally.covered() == 0) {
            text = "Fully transparent frame (alpha 0 at every pixel).";
        } else if (tally.covered() < pixels) {
            text = text.replaceFirst(" frame", String.format(" shapes covering %.0f %% of the frame on a transparent "
                    + "background", 100 * coverage));
        } else if (meanAlpha < 1) {
            text = text.replaceFirst(" frame", String.format(" frame, partly transparent (mean alpha %.2f)",
                    meanAlpha));
        }
        return new FrameDescription(coverage, meanAlpha, mean, std, colourfulFraction, shares, edges, leftToRight,
                topToBottom, centre, text);
    }

    /**
     * One pass over the pixels: luma per pixel weighted by alpha (for the layout figures), and over the covered
     * (alpha > 0) pixels the luma sums, the colourful ones (max ≥ 10 %, saturation ≥ 20 %) and their hues.
     */
    private record Tally(double[] luma, double sum, double sumSq, Map<String, Integer> hueCounts, int colourful,
                         int covered, double alphaSum) {

        static Tally of(byte[] rgba, int pixels) {
            double[] luma = new double[pixels];
            double sum = 0;
            double sumSq = 0;
            Map<String, Integer> hueCounts = new LinkedHashMap<>();
            int colourful = 0;
            int covered = 0;
            double alphaSum = 0;
            for (int p = 0; p < pixels; p++) {
                int r = rgba[4 * p] & 0xff;
                int g = rgba[4 * p + 1] & 0xff;
                int b = rgba[4 * p + 2] & 0xff;
                int a = rgba[4 * p + 3] & 0xff;
                double y = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
                luma[p] = y * a / 255;
                alphaSum += a;
                if (a == 0) {
                    continue;
                }
                covered++;
                sum += y;
                sumSq += y * y;
                int max = Math.max(r, Math.max(g, b));
                int min = Math.min(r, Math.min(g, b));
                if (max >= 0.1 * 255 && max > 0 && (max - min) >= 0.2 * max) {
                    colourful++;
                    hueCounts.merge(hueName(r, g, b, max, min), 1, Integer::sum);
                }
            }
            return new Tally(luma, sum, sumSq, hueCounts, colourful, covered, alphaSum);
        }
    }

    private static String hueName(int r, int g, int b, int max, int min) {
        double delta = max - min;
        double hue;
        if (max == r) {
            hue = 60 * (((g - b) / delta) % 6);
        } else if (max == g) {
            hue = 60 * ((b - r) / delta + 2);
        } else {
            hue = 60 * ((r - g) / delta + 4);
        }
        hue = (hue + 360) % 360;
        for (int i = 0; i < HUE_BOUNDS.length; i++) {
            if (hue < HUE_BOUNDS[i]) {
                return HUES[i];
            }
        }
        return "red";
    }

    private static double edgeDensity(double[] luma, int width, int height) {
        if (width < 2 || height < 2) {
            return 0;
        }
        double sum = 0;
        for (int y = 0; y < height - 1; y++) {
            for (int x = 0; x < width - 1; x++) {
                int p = y * width + x;
                sum += Math.abs(luma[p + 1] - luma[p]) + Math.abs(luma[p + width] - luma[p]);
            }
        }
        return sum / ((double) (width - 1) * (height - 1));
    }

    /** Mean of the box [x0, x1) × [y0, y1); 0 for an empty box. */
    private static double regionMean(double[] luma, int width, int height, int x0, int x1, int y0, int y1) {
        double sum = 0;
        int n = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                sum += luma[y * width + x];
                n++;
            }
        }
        return n == 0 ? 0 : sum / n;
    }

    private static double centreMinusEdge(double[] luma, int width, int height) {
        int x0 = width / 4;
        int x1 = width - width / 4;
        int y0 = height / 4;
        int y1 = height - height / 4;
        double inner = 0;
        double outer = 0;
        int innerCount = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (x >= x0 && x < x1 && y >= y0 && y < y1) {
                    inner += luma[y * width + x];
                    innerCount++;
                } else {
                    outer += luma[y * width + x];
                }
            }
        }
        int outerCount = width * height - innerCount;
        return innerCount == 0 || outerCount == 0 ? 0 : inner / innerCount - outer / outerCount;
    }

    /** The sentence; cut-offs documented in docs/shaders.md next to the formulas. */
    private static String text(double mean, double std, double colourful, Map<String, Double> shares, double edges,
                               double leftToRight, double topToBottom, double centre) {
        String brightness = mean < 0.02 ? "Black" : mean < 0.15 ? "Very dark" : mean < 0.35 ? "Dark"
                : mean < 0.65 ? "Mid-tone" : mean < 0.85 ? "Bright" : "Very bright";
        String colour;
        if (colourful < 0.1) {
            colour = "grey";
        } else {
            List<String> hues = new ArrayList<>();
            shares.forEach((name, share) -> {
                if (hues.size() < 2 && share >= 0.25) {
                    hues.add(name);
                }
            });
            colour = hues.isEmpty() ? "many-coloured" : String.join(" and ", hues);
        }
        String contrast = std < 0.02 ? "flat (no contrast)" : std < 0.1 ? "low contrast" : std < 0.25
                ? "medium contrast" : "high contrast";
        String detail = edges < 0.005 ? "smooth" : edges < 0.05 ? "moderately detailed" : "busy";
        List<String> layout = new ArrayList<>();
        if (Math.abs(leftToRight) >= 0.1) {
            layout.add(leftToRight > 0 ? "brighter to the right" : "brighter to the left");
        }
        if (Math.abs(topToBottom) >= 0.1) {
            layout.add(topToBottom > 0 ? "brighter at the bottom" : "brighter at the top");
        }
        if (Math.abs(centre) >= 0.1) {
            layout.add(centre > 0 ? "brighter in the centre" : "darker in the centre");
        }
        String subject = brightness.equals("Black") && colour.equals("grey") ? "Black frame" : brightness + ", " + colour
                + " frame";
        return subject + "; " + contrast + ", " + detail
                + (layout.isEmpty() ? "" : "; " + String.join(", ", layout)) + ".";
    }
}
