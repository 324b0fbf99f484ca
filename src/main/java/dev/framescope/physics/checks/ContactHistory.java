package dev.framescope.physics.checks;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.framescope.common.Bounded;
import dev.framescope.physics.checks.PhysicsArgs.ContactHistoryArgs;
import dev.framescope.physics.store.BodyIds;
import dev.framescope.physics.store.ContactSeries;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import dev.framescope.physics.store.Vec3;
import java.util.ArrayList;
import java.util.List;

/**
 * The contact history of one pair over a frame range, with its analysis: on↔off transitions and chatter bursts
 * (contact lost for exactly one frame between two contact frames, at least twice with successive gaps less than the
 * chatter window apart, default 10 frames; bouncing to rest also makes many transitions, but never one-frame gaps),
 * normal flips (n_k·n_prev < 0 between consecutive contact frames) and jumps (angle above the jump angle, default
 * 30°), and the penetration trend (deepest frame, least-squares slope, longest run of growing depth).
 * Normals are reported from body_a_id to body_b_id whatever order the recording stored the pair in.
 */
public final class ContactHistory {

    public static final int CHATTER_WINDOW = 10;
    static final int CHATTER_GAPS = 2;
    public static final double JUMP_ANGLE_DEG = 30;

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

    /** How chatter and normal jumps are told apart from ordinary contact changes. */
    record Rules(int chatterWindowFrames, double normalJumpAngleDeg) {
        static final Rules DEFAULT = new Rules(CHATTER_WINDOW, JUMP_ANGLE_DEG);
    }

    public record History(int schemaVersion, String summary, @JsonProperty("body_a_id") long bodyAId,
                          @JsonProperty("body_b_id") long bodyBId, long startFrame, long endFrame,
                          int framesInContact, int transitions, List<Burst> chatter, List<Long> normalFlipFrames,
                          List<Long> normalJumpFrames, Trend penetration, Bounded<Row> rows,
                          @JsonIgnore List<Row> contactRows, int chatterWindowFrames, double normalJumpAngleDeg) {
    }

    public History history(ContactHistoryArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return history(lease.store(), args);
        }
    }

    private static History history(RecordingStore store, ContactHistoryArgs args) {
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        BodyIds.requirePair(store, args.bodyAId(), args.bodyBId());
        return analyse(store.contactSeries(), args.bodyAId(), args.bodyBId(), range, args.limit(),
                new Rules(args.chatterWindowFrames(), args.normalJumpAngleDeg()),
                BodyIds.pair(store, args.bodyAId(), args.bodyBId()));
    }

    /**
     * Works from the pair's contact frames only, so a whole-recording triage costs in proportion to the contacts,
     * not pairs × frames; per-frame rows (with the frames out of contact) are built only for the preview.
     */
    static History analyse(ContactSeries contacts, long a, long b, FrameRange range, int limit, Rules rules,
                           String pairLabel) {
        double jumpCos = Math.cos(Math.toRadians(rules.normalJumpAngleDeg()));
        List<Row> inContact = inContact(contacts, a, b, range);
        List<Long> transitions = new ArrayList<>();
        List<Long> gaps = new ArrayList<>();
        List<Long> flips = new ArrayList<>();
        List<Long> jumps = new ArrayList<>();
        for (int i = 0; i < inContact.size(); i++) {
            Row row = inContact.get(i);
            long previousFrame = i == 0 ? range.start() - 1 : inContact.get(i - 1).frameId();
            if (row.frameId() - previousFrame > 1 && (i > 0 || row.frameId() > range.start())) {
                if (i > 0) {
                    transitions.add(previousFrame + 1);
                }
                transitions.add(row.frameId());
            }
            if (i > 0 && row.frameId() - previousFrame == 2) {
                gaps.add(previousFrame + 1);
            }
            if (i > 0) {
                Vec3 previous = inContact.get(i - 1).normal();
                double cos = row.normal().dot(previous) / (row.normal().norm() * previous.norm());
                if (cos < 0) {
                    flips.add(row.frameId());
                } else if (cos < jumpCos) {
                    jumps.add(row.frameId());
                }
            }
        }
        if (!inContact.isEmpty() && inContact.get(inContact.size() - 1).frameId() < range.end()) {
            transitions.add(inContact.get(inContact.size() - 1).frameId() + 1);
        }
        List<Burst> chatter = bursts(gaps, rules.chatterWindowFrames());
        Trend trend = trend(inContact);
        String summary = String.format("%s, frames %d–%d: in contact %d frames, %d transitions, %d chatter "
                + "burst(s)%s, %d normal flip(s)%s%s.", Findings.capitalised(pairLabel), range.start(), range.end(),
                inContact.size(), transitions.size(), chatter.size(), chatter.isEmpty() ? "" : " (first gap at frame "
                        + chatter.get(0).firstFrame() + ")", flips.size(), frames(flips),
                trend.maxDepthM() == null ? "" : ", deepest " + Findings.metres(trend.maxDepthM()) + " at frame "
                        + trend.maxDepthFrame());
        return new History(RecordingQueries.SCHEMA_VERSION, summary, a, b, range.start(), range.end(),
                inContact.size(), transitions.size(), chatter, flips, jumps, trend, preview(inContact, range, limit),
                inContact, rules.chatterWindowFrames(), rules.normalJumpAngleDeg());
    }

    /** The pair's frames in contact within the range, each normal pointing from {@code a} to {@code b}. */
    private static List<Row> inContact(ContactSeries contacts, long a, long b, FrameRange range) {
        List<Row> inContact = new ArrayList<>();
        for (ContactSeries.Collision c : contacts.pairCollisions(a, b)) {
            if (range.contains(c.frame())) {
                inContact.add(new Row(c.frame(), true, c.bodyA() == a ? c.normal() : c.normal().times(-1),
                        c.depth()));
            }
        }
        return inContact;
    }

    /** " (at frame f)" or " (frames f–g)" for the summary; nothing for none. */
    private static String frames(List<Long> frames) {
        return frames.isEmpty() ? "" : frames.size() == 1 ? " (at frame " + frames.get(0) + ")"
                : " (frames " + frames.get(0) + "–" + frames.get(frames.size() - 1) + ")";
    }

    /** Per-frame rows from the start of the range, frames out of contact included, at most {@code limit}. */
    private static Bounded<Row> preview(List<Row> inContact, FrameRange range, int limit) {
        List<Row> rows = new ArrayList<>();
        int next = 0;
        for (long f = range.start(); f <= range.end() && rows.size() < limit; f++) {
            if (next < inContact.size() && inContact.get(next).frameId() == f) {
                rows.add(inContact.get(next++));
            } else {
                rows.add(new Row(f, false, null, null));
            }
        }
        return new Bounded<>((int) (range.end() - range.start() + 1), rows, range.end() - range.start() + 1 > limit);
    }

    /** One-frame gaps grouped into bursts: consecutive gaps less than {@code window} frames apart, two or more. */
    static List<Burst> bursts(List<Long> gaps, int window) {
        List<Burst> bursts = new ArrayList<>();
        int i = 0;
        while (i < gaps.size()) {
            int end = i;
            while (end + 1 < gaps.size() && gaps.get(end + 1) - gaps.get(end) < window) {
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
            if (previous != null && row.frameId() != previous.frameId() + 1) {
                previous = null; // a growing run needs consecutive frames
                run = 0;
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
