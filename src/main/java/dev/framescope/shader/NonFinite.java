package dev.framescope.shader;

import dev.framescope.shader.PassProbes.Pass;
import java.util.List;

/**
 * Non-finite values (NaN, +Inf, −Inf) the passes of a frame wrote, from the page's probe ({@link PassProbes}): every
 * pass of the frame that is read back is read as 32-bit floats before any 8-bit target quantises it, so a NaN that
 * an RGBA8 target stores as 0 is still counted. The figures describe the first pass in drawing order that wrote any
 * (where to look first); {@code final_pixels} counts the frame's own result.
 *
 * @param status              none, found, or unsupported ({@code note} says why; nothing was counted)
 * @param passesProbed        passes read back
 * @param passesWithNonFinite passes that wrote at least one non-finite component
 * @param firstPass           index (drawing order, from 0) of the first pass that wrote any; null when none did
 * @param firstPassName       that pass's name
 * @param pixels              that pass's pixels with any non-finite component
 * @param fraction            pixels / that pass's target pixels
 * @param nan                 that pass's NaN components per channel (r, g, b, a)
 * @param posInf              its +Inf components per channel
 * @param negInf              its −Inf components per channel
 * @param box                 bounding box of those pixels, inclusive, in that pass's target pixels, rows top-down
 * @param finalPixels         non-finite pixels in the effect's result (its last pass writing the output)
 */
public record NonFinite(String status, int passesProbed, int passesWithNonFinite, Integer firstPass,
                        String firstPassName, Long pixels, Double fraction, long[] nan, long[] posInf,
                        long[] negInf, Box box, Long finalPixels, String note) {

    /** The version of the answers that carry {@code non_finite} (render_effect_frame, test_effect): 2 since issue 27. */
    static final int SCHEMA_VERSION = 2;

    /** A bounding box, inclusive. */
    public record Box(int x0, int y0, int x1, int y1) {
    }

    static NonFinite of(PassProbes probes) {
        if (probes.unsupported() != null) {
            return new NonFinite("unsupported", 0, 0, null, null, null, null, null, null, null, null, null,
                    probes.unsupported());
        }
        List<Pass> passes = probes.passes();
        List<Pass> found = passes.stream().filter(p -> p.pixels() > 0).toList();
        long finalPixels = 0;
        for (Pass p : passes) {
            finalPixels = p.isFinal() ? p.pixels() : finalPixels;
        }
        if (found.isEmpty()) {
            return new NonFinite("none", passes.size(), 0, null, null, null, null, null, null, null, null, 0L, null);
        }
        Pass first = found.get(0);
        List<Integer> b = first.box();
        return new NonFinite("found", passes.size(), found.size(), first.index(), first.name(), first.pixels(),
                (double) first.pixels() / Math.max(1, (long) first.width() * first.height()), first.nan(),
                first.posInf(), first.negInf(), new Box(b.get(0), b.get(1), b.get(2), b.get(3)), finalPixels, null);
    }

    /** {@code earlier} when it found any (or could not probe), else {@code later}: the case to show of several. */
    static NonFinite firstFound(NonFinite earlier, NonFinite later) {
        return earlier != null && !earlier.status().equals("none") ? earlier : later;
    }

    boolean isFound() {
        return status.equals("found");
    }

    /** For a summary line: which pass wrote them first, how many of which kind, where, and what reached the frame. */
    String said() {
        if (!isFound()) {
            return status.equals("unsupported") ? "; non-finite probe unsupported" : "";
        }
        return String.format("; NON-FINITE: pass %d%s wrote them first in %.3g%% of its pixels (NaN %s, +Inf %s, -Inf "
                        + "%s components per r,g,b,a) in box (%d,%d)-(%d,%d); %d pass(es) with any, %d such pixels in "
                        + "the result", firstPass, firstPassName == null ? "" : " (" + firstPassName + ")",
                100 * fraction, counts(nan), counts(posInf), counts(negInf), box.x0(), box.y0(), box.x1(), box.y1(),
                passesWithNonFinite, finalPixels);
    }

    private static String counts(long[] perChannel) {
        return perChannel[0] + "/" + perChannel[1] + "/" + perChannel[2] + "/" + perChannel[3];
    }
}
