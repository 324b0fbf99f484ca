package dev.framescope.shader.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The native draw of a pass against Chromium's, component by component: two values agree when both are NaN, both
 * the same infinity, or both finite with |native − chromium| ≤ {@value #ABSOLUTE} + {@value #RELATIVE} × |chromium|.
 * Another driver may round transcendental functions differently, which this tolerance allows and says; a pixel
 * outside it is counted, never hidden.
 *
 * @param atPixel          whether the debugged pixel agrees
 * @param chromium         the pixel's RGBA as Chromium drew it (non-finite as "NaN", "+Inf", "-Inf")
 * @param nativeValue      the pixel's RGBA as the native draw wrote it
 * @param pixelsDiffering  pixels of the pass with any component outside the tolerance
 * @param mostDifferingPixel a differing pixel to debug next, {x, y} from the top: the one with the largest finite
 *                         difference, else the first that differs (NaN or Inf on one side only); null when none
 * @param maxAbsDiff       the largest |native − chromium| over components finite on both sides
 * @param chromiumNonFinite pixels with a NaN/Inf component in Chromium's draw
 * @param nativeNonFinite  the same in the native draw
 * @param tolerance        the rule above, in words
 * @param note             when any pixel differs: that the trace explains the native draw's values, and the usual
 *                         cause; null when every pixel agrees
 */
public record Agreement(boolean atPixel, List<Object> chromium, List<Object> nativeValue, int pixelsDiffering,
                        List<Integer> mostDifferingPixel, double maxAbsDiff, int chromiumNonFinite, int nativeNonFinite, String tolerance,
                        String note) {

    public static final double ABSOLUTE = 1e-3;
    public static final double RELATIVE = 1e-3;

    /** Both bottom-up arrays of the snapshot's pass size; (x, y) a pass pixel, y from the top. */
    public static Agreement of(PassSnapshot pass, float[] nativePixels, int x, int y) {
        float[] chromium = pass.output();
        int differing = 0;
        double most = 0;
        int firstDiffering = -1;
        int mostDiffering = -1;
        double mostAmongDiffering = -1;
        for (int p = 0; p + 3 < chromium.length && p + 3 < nativePixels.length; p += 4) {
            boolean same = true;
            double largest = 0;
            for (int c = 0; c < 4; c++) {
                same &= agree(nativePixels[p + c], chromium[p + c]);
                if (Float.isFinite(nativePixels[p + c]) && Float.isFinite(chromium[p + c])) {
                    largest = Math.max(largest, Math.abs(nativePixels[p + c] - chromium[p + c]));
                }
            }
            most = Math.max(most, largest);
            if (!same) {
                differing++;
                firstDiffering = firstDiffering < 0 ? p / 4 : firstDiffering;
                if (largest > mostAmongDiffering) {
                    mostAmongDiffering = largest;
                    mostDiffering = p / 4;
                }
            }
        }
        int next = mostAmongDiffering > 0 ? mostDiffering : firstDiffering;
        List<Integer> differingPixel = next < 0 ? null : List.of(next % pass.width(),
                pass.height() - 1 - next / pass.width());
        float[] a = pass.at(chromium, x, y);
        float[] b = pass.at(nativePixels, x, y);
        boolean here = true;
        for (int c = 0; c < 4; c++) {
            here &= agree(b[c], a[c]);
        }
        return new Agreement(here, said(a), said(b), differing, differingPixel, most,
                PassSnapshot.nonFinitePixels(chromium),
                PassSnapshot.nonFinitePixels(nativePixels), "|native - chromium| <= " + ABSOLUTE + " + " + RELATIVE
                + " * |chromium| per component; NaN = NaN, Inf = the same Inf", note(here, differing,
                chromium.length / 4, most));
    }

    /**
     * Said whenever pixels differ, since a trace of a differing pixel steps values Chromium never computed. The cause
     * named is the one the public corpora showed: ISF's Boxinator hashes with fract(sin(h) * 43758.5453), so the
     * few ulps by which lavapipe's sin differs from SwiftShader's became a different noise in 77 % of its pixels.
     */
    private static String note(boolean here, int differing, int pixels, double most) {
        if (differing == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "native and Chromium differ in %d of %d pixels%s (largest difference "
                + "between finite values %.3g): the trace steps the native draw's values. Drivers may round sin, "
                + "cos, pow, exp differently within GLSL ES precision; a hash such as fract(sin(x) * 43758.5) or a "
                + "floor/step/mod edge turns that into different values, and a NaN near such an edge can appear in "
                + "one draw only", differing, pixels, here ? "" : ", this pixel among them", most);
    }

    static boolean agree(float n, float c) {
        if (Float.isNaN(n) || Float.isNaN(c)) {
            return Float.isNaN(n) && Float.isNaN(c);
        }
        if (Float.isInfinite(n) || Float.isInfinite(c)) {
            return n == c;
        }
        return Math.abs(n - c) <= ABSOLUTE + RELATIVE * Math.abs(c);
    }

    /** Components as numbers, the non-finite ones as text JSON can carry. */
    public static List<Object> said(float[] rgba) {
        List<Object> out = new ArrayList<>();
        for (float v : rgba) {
            out.add(Float.isNaN(v) ? "NaN" : v == Float.POSITIVE_INFINITY ? "+Inf"
                    : v == Float.NEGATIVE_INFINITY ? "-Inf" : (Object) (double) v);
        }
        return out;
    }
}
