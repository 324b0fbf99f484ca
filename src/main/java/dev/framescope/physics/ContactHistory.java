package dev.framescope.physics;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.framescope.common.Bounded;
import dev.framescope.physics.PhysicsArgs.ContactHistoryArgs;
import java.util.ArrayList;
import java.util.List;

/**
 * The contact history of one pair over a frame range, with its analysis: on↔off transitions and chatter bursts
 * (contact lost for exactly one frame between two contact frames, at least twice within 10 frames; bouncing to
 * rest also makes many transitions, but never one-frame gaps), normal flips (n_k·n_prev < 0 between consecutive contact frames) and jumps
 * (angle > 30°), and the penetration trend (deepest frame, least-squares slope, longest run of growing depth).
 * Normals are reported from body_a_id to body_b_id whatever order the recording stored the pair in.
 */
public final class ContactHistory {

    static final int CHATTER_WINDOW = 10;
    static final int CHATTER_GAPS = 2;
    static final double JUMP_COS = Math.cos(Math.toRadians(30));

    private final Recordings recordings;

    public ContactHistory(Recordings recordings) {
        this.recordings = recordings;
    }

    public record Row(long frameId, boolean inContact, Vec3 normal, Double depthM) {
    }

    /** Frames of the first and last one-frame contact gap of a burst, and how many gaps it has. */
    public record Burst(long firstFrame, long lastFrame, int gaps) {
    }

    public record Trend(Double maxDepthM, Long maxDepthFrame, Double slopeMPerFrame, Long growingRunFirstFrame,
                        int growingRunFrames) {
    }

    public record History(int schemaVersion, String summary, @JsonProperty("body_a_id") long bodyAId,
                          @JsonProperty("body_b_id") long bodyBId, long startFrame, long endFrame,
                          int framesInContact, int transitions, List<Burst> chatter, List<Long> normalFlipFrames,
                          List<Long> normalJumpFrames, Trend penetration, Bounded<Row> rows) {
    }

    public History history(ContactHistoryArgs args) {
        RecordingStore store = recordings.resolve(args.recording());
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        History h = analyse(store.contactSeries(), args.bodyAId(), args.bodyBId(), range, args.limit());
        return h;
    }

    static History analyse(ContactSeries contacts, long a, long b, FrameRange range, int limit) {
        List<Row> rows = new ArrayList<>();
        for (long f = range.start(); f <= range.end(); f++) {
            Row row = new Row(f, false, null, null);
            for (ContactSeries.Collision c : contacts.collisions(f)) {
                if (c.bodyA() == a && c.bodyB() == b) {
                    row = new Row(f, true, c.normal(), c.depth());
                } else if (c.bodyA() == b && c.bodyB() == a) {
                    row = new Row(f, true, c.normal().times(-1), c.depth());
                }
            }
            rows.add(row);
        }
        List<Long> transitions = new ArrayList<>();
        List<Long> flips = new ArrayList<>();
        List<Long> jumps = new ArrayList<>();
        Vec3 previousNormal = null;
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (i > 0 && row.inContact() != rows.get(i - 1).inContact()) {
                transitions.add(row.frameId());
            }
            if (row.inContact()) {
                if (previousNormal != null) {
                    double cos = row.normal().dot(previousNormal) / (row.normal().norm() * previousNormal.norm());
                    if (cos < 0) {
                        flips.add(row.frameId());
                    } else if (cos < JUMP_COS) {
                        jumps.add(row.frameId());
                    }
                }
                previousNormal = row.normal();
            }
        }
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i + 1 < rows.size(); i++) {
            if (!rows.get(i).inContact() && rows.get(i - 1).inContact() && rows.get(i + 1).inContact()) {
                gaps.add(rows.get(i).frameId());
            }
        }
        List<Burst> chatter = bursts(gaps);
        Trend trend = trend(rows);
        int inContact = (int) rows.stream().filter(Row::inContact).count();
        String summary = String.format("Pair %d–%d, frames %d–%d: in contact %d frames, %d transitions, %d chatter "
                        + "burst(s)%s, %d normal flip(s)%s%s.", a, b, range.start(), range.end(), inContact,
                transitions.size(), chatter.size(), chatter.isEmpty() ? "" : " from frame " + chatter.get(0).firstFrame(),
                flips.size(), flips.isEmpty() ? "" : " from frame " + flips.get(0),
                trend.maxDepthM() == null ? "" : String.format(", deepest %.4f m at frame %d", trend.maxDepthM(),
                        trend.maxDepthFrame()));
        return new History(RecordingQueries.SCHEMA_VERSION, summary, a, b, range.start(), range.end(), inContact,
                transitions.size(), chatter, flips, jumps, trend, Bounded.of(rows, limit));
    }

    /** One-frame gaps grouped into bursts: consecutive gaps less than 10 frames apart, at least two of them. */
    static List<Burst> bursts(List<Long> gaps) {
        List<Burst> bursts = new ArrayList<>();
        int i = 0;
        while (i < gaps.size()) {
            int end = i;
            while (end + 1 < gaps.size() && gaps.get(end + 1) - gaps.get(end) < CHATTER_WINDOW) {
                end++;
            }
            if (end - i + 1 >= CHATTER_GAPS) {
                bursts.add(new Burst(gaps.get(i), gaps.get(end), end - i + 1));
            }
            i = end + 1;
        }
        return bursts;
    }

    static Trend trend(List<Row> rows) {
        Double max = null;
        Long maxFrame = null;
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        int n = 0;
        Long bestRunFirst = null;
        int bestRun = 0;
        Long runFirst = null;
        int run = 0;
        Row previous = null;
        for (Row row : rows) {
            if (!row.inContact() || row.depthM() == null || !Double.isFinite(row.depthM())) {
                previous = null;
                run = 0;
                continue;
            }
            double d = row.depthM();
            if (max == null || d > max) {
                max = d;
                maxFrame = row.frameId();
            }
            sx += row.frameId();
            sy += d;
            sxx += (double) row.frameId() * row.frameId();
            sxy += row.frameId() * d;
            n++;
            if (previous != null && d > previous.depthM()) {
                if (run == 0) {
                    runFirst = previous.frameId();
                    run = 1;
                }
                run++;
                if (run > bestRun) {
                    bestRun = run;
                    bestRunFirst = runFirst;
                }
            } else {
                run = 0;
            }
            previous = row;
        }
        Double slope = n >= 2 && n * sxx - sx * sx != 0 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : null;
        return new Trend(max, maxFrame, slope, bestRunFirst, bestRun);
    }
}
