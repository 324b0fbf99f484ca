package dev.framescope.physics.checks;

import dev.framescope.common.Bounded;
import dev.framescope.common.Json;
import dev.framescope.common.ToolDef;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.PhysicsModel.EnergyPoint;
import dev.framescope.physics.store.PhysicsModel.SystemEnergyPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The answers of {@code get_energy_series} (a body's or the system's), bounded whatever the range: a
 * range of at most {@code limit} frames (or any range with {@code full_resolution}) is returned frame by frame, one
 * page of {@code limit} points at a time; a longer one is cut into at most {@code max_buckets} buckets of
 * ⌈frames / max_buckets⌉ consecutive frames, each with the min/max envelope (and the frames of both extremes) of the
 * total energy, the kinetic energy (linear + rotational) and the step change ΔE_k = E_k − E_{k−1}. The envelopes are
 * exact over every frame of the bucket, so the extremes of the whole range and every spike survive downsampling.
 * A page also stops where its points would pass {@link #PAGE_BYTES}, so every answer fits the tool's budget.
 */
final class EnergySeries {

    /**
     * Bytes the points of one page may take as JSON: the tool's 64 KiB answer budget less 2 KiB for the summary and
     * the other fields. A system point is ~230 bytes, so a page holds ~280 of them whatever {@code limit} asks (it
     * goes to 5000 because it also decides that a range of up to that many frames comes frame by frame, not in
     * buckets); the rest is one {@code next_start_frame} away, and the summary says the page was cut.
     */
    static final int PAGE_BYTES = ToolDef.DEFAULT_MAX_OUTPUT_BYTES - 2048;

    private EnergySeries() {
    }

    /** Smallest and largest value over a bucket and where they are; both null when no value is finite. */
    public record Envelope(Double min, Long minFrame, Double max, Long maxFrame) {
    }

    /**
     * Frames {@code firstFrame..lastFrame} summarised. {@code deltaE} is ΔE between consecutive frames, as
     * find_energy_anomalies computes it (the bucket's first frame uses the frame before it); frame 1 has none.
     * System series only: {@code msdInjectionFlags} (frames MSD-CPP flagged, frame 1 excluded) and
     * {@code collisionFrames}. {@code nonfiniteFrames}: frames whose total is NaN or infinite (left out of the
     * envelopes; see find_nonfinite_state), omitted when none.
     */
    public record Bucket(long firstFrame, long lastFrame, int frames, Double firstTotalE, Double lastTotalE,
                         Envelope totalE, Envelope kineticE, Envelope deltaE, Integer msdInjectionFlags,
                         Integer collisionFrames, Integer nonfiniteFrames) {
    }

    /**
     * {@code resolution} is {@code frames} (points, a page of at most limit; {@code nextStartFrame} starts the next)
     * or {@code buckets} ({@code bucketFrames} frames per bucket, the last may be shorter).
     */
    public record Series<P>(String resolution, Integer bucketFrames, Long nextStartFrame, Bounded<P> points,
                            List<Bucket> buckets, String extremes) {
    }

    /** What the series answers need of a point. */
    record Shape<P>(ToDoubleFunction<P> total, ToDoubleFunction<P> kinetic, boolean system) {
    }

    static final Shape<SystemEnergyPoint> SYSTEM = new Shape<>(SystemEnergyPoint::totalSystemE,
            p -> p.totalLinearKe() + p.totalRotationalKe(), true);
    static final Shape<EnergyPoint> BODY = new Shape<>(EnergyPoint::totalE, p -> p.linearKe() + p.rotationalKe(),
            false);

    /**
     * {@code all}: the whole series ascending by frame (frame ids of a point via {@code frameOf}); {@code range}: the
     * frames asked for.
     */
    static <P> Series<P> of(List<P> all, ToLongFunction<P> frameOf, Shape<P> shape,
                            FrameRange range, int limit, int maxBuckets, boolean fullResolution) {
        int first = lowerBound(all, frameOf, range.start());
        int end = lowerBound(all, frameOf, range.end() + 1);
        List<P> points = all.subList(first, end);
        long frames = range.end() - range.start() + 1;
        String extremes = extremes(all, first, end, frameOf, shape);
        if (fullResolution || frames <= limit) {
            int size = fitting(points, limit);
            Bounded<P> page = Bounded.of(points, size);
            Long next = page.truncated() ? frameOf.applyAsLong(points.get(size)) : null;
            return new Series<>("frames", null, next, page, null, extremes);
        }
        int bucketFrames = (int) ((frames + maxBuckets - 1) / maxBuckets);
        List<Bucket> buckets = new ArrayList<>();
        int i = first;
        for (long start = range.start(); start <= range.end(); start += bucketFrames) {
            long last = Math.min(range.end(), start + bucketFrames - 1);
            int from = i;
            while (i < end && frameOf.applyAsLong(all.get(i)) <= last) {
                i++;
            }
            if (i > from) {
                buckets.add(bucket(all, from, i, frameOf, shape));
            }
        }
        return new Series<>("buckets", bucketFrames, null, null, buckets, extremes);
    }

    /** How many of the first {@code limit} points fit {@link #PAGE_BYTES} as the answer writes them (at least one). */
    private static <P> int fitting(List<P> points, int limit) {
        int count = Math.min(limit, points.size());
        long bytes = 0;
        for (int i = 0; i < count; i++) {
            bytes += Json.write(AnswerNumbers.rounded(points.get(i))).length() + 1;
            if (bytes > PAGE_BYTES) {
                return Math.max(1, i);
            }
        }
        return count;
    }

    private static <P> Bucket bucket(List<P> all, int from, int to, ToLongFunction<P> frameOf,
                                     Shape<P> shape) {
        Extremes total = new Extremes();
        Extremes kinetic = new Extremes();
        Extremes delta = new Extremes();
        int flags = 0;
        int collisions = 0;
        int nonfinite = 0;
        for (int k = from; k < to; k++) {
            P p = all.get(k);
            long frame = frameOf.applyAsLong(p);
            double e = shape.total().applyAsDouble(p);
            nonfinite += Double.isFinite(e) ? 0 : 1;
            total.add(e, frame);
            kinetic.add(shape.kinetic().applyAsDouble(p), frame);
            if (k > 0 && frameOf.applyAsLong(all.get(k - 1)) == frame - 1) {
                delta.add(e - shape.total().applyAsDouble(all.get(k - 1)), frame);
            }
            if (p instanceof SystemEnergyPoint s) {
                flags += s.energyInjection() && frame > 1 ? 1 : 0;
                collisions += s.collisionActive() ? 1 : 0;
            }
        }
        return new Bucket(frameOf.applyAsLong(all.get(from)), frameOf.applyAsLong(all.get(to - 1)), to - from,
                finite(shape.total().applyAsDouble(all.get(from))),
                finite(shape.total().applyAsDouble(all.get(to - 1))), total.envelope(), kinetic.envelope(),
                delta.envelope(), shape.system() ? flags : null, shape.system() ? collisions : null,
                nonfinite > 0 ? nonfinite : null);
    }

    /** The lowest and highest total and the largest step change over the range, for the summary. */
    private static <P> String extremes(List<P> all, int first, int end, ToLongFunction<P> frameOf,
                                       Shape<P> shape) {
        if (first >= end) {
            return "no rows";
        }
        Bucket whole = bucket(all, first, end, frameOf, shape);
        Envelope t = whole.totalE();
        Envelope d = whole.deltaE();
        String text = t.min() == null ? "no finite total" : String.format("lowest %s at frame %d, highest %s at "
                + "frame %d", Findings.quantity(t.min(), "J"), t.minFrame(), Findings.quantity(t.max(), "J"),
                t.maxFrame());
        if (d.min() != null) {
            text += String.format("; step change from %s (frame %d) to %s (frame %d)", Findings.signed(d.min(), "J"),
                    d.minFrame(), Findings.signed(d.max(), "J"), d.maxFrame());
        }
        return text;
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /** Index of the first point whose frame is ≥ {@code frame} (the series is ascending). */
    private static <P> int lowerBound(List<P> all, ToLongFunction<P> frameOf, long frame) {
        int lo = 0;
        int hi = all.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (frameOf.applyAsLong(all.get(mid)) < frame) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static final class Extremes {
        private double min = Double.NaN;
        private double max = Double.NaN;
        private long minFrame;
        private long maxFrame;

        void add(double value, long frame) {
            if (!Double.isFinite(value)) {
                return;
            }
            if (Double.isNaN(min) || value < min) {
                min = value;
                minFrame = frame;
            }
            if (Double.isNaN(max) || value > max) {
                max = value;
                maxFrame = frame;
            }
        }

        Envelope envelope() {
            return Double.isNaN(min) ? new Envelope(null, null, null, null)
                    : new Envelope(min, minFrame, max, maxFrame);
        }
    }
}
