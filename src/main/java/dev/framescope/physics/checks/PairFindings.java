package dev.framescope.physics.checks;

import static dev.framescope.physics.checks.Findings.anomaly;
import static dev.framescope.physics.checks.Findings.check;
import static dev.framescope.physics.checks.Findings.numbers;

import dev.framescope.physics.checks.Findings.Span;
import dev.framescope.physics.checks.PhysicsArgs.TriageArgs;
import dev.framescope.physics.checks.Triage.Anomaly;
import dev.framescope.physics.checks.Triage.NextCall;
import dev.framescope.physics.checks.Triage.Severity;
import dev.framescope.physics.store.BodyIds;
import dev.framescope.physics.store.ContactSeries;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.RecordingStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Triage's per-pair contact findings: chatter, normal flips and jumps, sinking and steady overlap beyond the slop.
 * A steady overlap shorter than {@code steady_overlap_min_frames} is an impact being resolved, not a contact left
 * interpenetrated.
 */
final class PairFindings {

    /**
     * Metres above the slop that still count as the slop: position correction approaches the slop from above
     * asymptotically, so a resting contact keeps an excess of round-off size for ever.
     */
    static final double STEADY_MARGIN_M = 1e-9;

    private PairFindings() {
    }

    static void pairs(RecordingStore store, FrameRange all, TriageArgs args, String file, List<Anomaly> found) {
        ContactSeries contacts = store.contactSeries();
        ContactHistory.Rules rules = new ContactHistory.Rules(args.chatterWindowFrames(), args.normalJumpAngleDeg());
        for (List<Long> pair : contacts.pairs()) {
            String label = BodyIds.pair(store, pair.get(0), pair.get(1));
            ContactHistory.History h = ContactHistory.analyse(contacts, pair.get(0), pair.get(1), all, 1, rules,
                    label);
            NextCall history = check("contact_history", file, "body_id", pair.get(0), "other_body_id", pair.get(1));
            if (!h.chatter().isEmpty()) {
                ContactHistory.Burst b = h.chatter().get(0);
                found.add(anomaly(new Span(b.firstFrame(), b.lastFrame(), b.gaps(), b.firstFrame()), pair,
                        Severity.medium, "CONTACT_CHATTER", String.format("Contact of %s flickers: lost for "
                        + "single frames %d times in frames %d–%d (gaps less than %d frames apart).", label,
                        b.gaps(), b.firstFrame(), b.lastFrame(), args.chatterWindowFrames()),
                        numbers("gaps", b.gaps(), "last_frame", b.lastFrame(), "transitions", h.transitions(),
                                "chatter_window_frames", args.chatterWindowFrames()),
                        List.of(check("contact_history", file, "body_id", pair.get(0), "other_body_id", pair.get(1),
                                "start_frame", Math.max(1, b.firstFrame() - 5), "end_frame",
                                Math.min(store.frameCount(), b.lastFrame() + 5)))));
            }
            if (!h.normalFlipFrames().isEmpty()) {
                List<Long> flips = h.normalFlipFrames();
                long first = flips.get(0);
                found.add(anomaly(new Span(first, flips.get(flips.size() - 1), flips.size(), first), pair,
                        Severity.medium, "NORMAL_FLIP", String.format("Contact normal of %s reverses (n·n_prev < 0) "
                        + "%s.", label, times(flips)),
                        numbers("flips", flips.size(), "flip_frames", flips), List.of(history)));
            }
            if (!h.normalJumpFrames().isEmpty()) {
                List<Long> jumps = h.normalJumpFrames();
                found.add(anomaly(new Span(jumps.get(0), jumps.get(jumps.size() - 1), jumps.size(), jumps.get(0)),
                        pair, Severity.medium, "NORMAL_JUMP", String.format("Contact normal of %s turns by more than "
                        + "%s° between consecutive contact frames %s.", label,
                        Findings.number(args.normalJumpAngleDeg()), times(jumps)),
                        numbers("jumps", jumps.size(), "jump_frames", jumps, "normal_jump_angle_deg",
                                args.normalJumpAngleDeg()), List.of(history)));
            }
            List<Run> sinking = sinking(h.contactRows(), args.penetrationThreshold(), pair, label, file, found);
            steady(h.contactRows(), args.slopM(), args.steadyOverlapMinFrames(), sinking, pair, label, file, found);
        }
    }

    /** Consecutive frames in contact, each deeper than a depth. */
    record Run(List<ContactHistory.Row> rows) {
        long first() {
            return rows.get(0).frameId();
        }

        long last() {
            return rows.get(rows.size() - 1).frameId();
        }

        ContactHistory.Row deepest() {
            return rows.stream().max(Comparator.comparingDouble(ContactHistory.Row::depthM)).orElseThrow();
        }

        boolean overlaps(Run other) {
            return first() <= other.last() && other.first() <= last();
        }
    }

    static List<Run> runsDeeperThan(List<ContactHistory.Row> rows, double depth) {
        List<Run> runs = new ArrayList<>();
        int i = 0;
        while (i < rows.size()) {
            if (!deeper(rows.get(i), depth)) {
                i++;
                continue;
            }
            int end = i;
            while (end + 1 < rows.size() && deeper(rows.get(end + 1), depth)
                    && rows.get(end + 1).frameId() == rows.get(end).frameId() + 1) {
                end++;
            }
            runs.add(new Run(rows.subList(i, end + 1)));
            i = end + 1;
        }
        return runs;
    }

    static boolean deeper(ContactHistory.Row row, double depth) {
        return row.inContact() && row.depthM() != null && row.depthM() > depth;
    }

    /** "at frame 150" once, "3 times, at frames 80, 82 and 84" or "12 times in frames 80–101" for more. */
    static String times(List<Long> frames) {
        if (frames.size() == 1) {
            return "at frame " + frames.get(0);
        }
        if (frames.size() <= 3) {
            return frames.size() + " times, at frames " + String.join(", ", frames.subList(0, frames.size() - 1)
                    .stream().map(String::valueOf).toList()) + " and " + frames.get(frames.size() - 1);
        }
        return frames.size() + " times in frames " + frames.get(0) + "–" + frames.get(frames.size() - 1);
    }

    /**
     * Depth above threshold that grows on at least two steps: the body is sinking. The message names the frames the
     * overlap stays above the threshold, on how many of the steps between them it grows, and where it is deepest.
     */
    static List<Run> sinking(List<ContactHistory.Row> rows, double threshold, List<Long> pair, String label,
                             String file, List<Anomaly> found) {
        List<Run> reported = new ArrayList<>();
        for (Run run : runsDeeperThan(rows, threshold)) {
            int growth = 0;
            for (int k = 1; k < run.rows().size(); k++) {
                if (run.rows().get(k).depthM() > run.rows().get(k - 1).depthM()) {
                    growth++;
                }
            }
            if (growth < 2) {
                continue;
            }
            reported.add(run);
            ContactHistory.Row deepest = run.deepest();
            long first = run.first();
            int frames = run.rows().size();
            found.add(anomaly(new Span(first, run.last(), frames, deepest.frameId()), pair, Severity.high,
                    "EXCESSIVE_PENETRATION", String.format("%s overlap more than %s on frames %d–%d (%d "
                    + "frames): the overlap grows on %d of its %d steps and is deepest, %s, at frame %d.",
                    Findings.capitalised(label), Findings.metres(threshold), first, run.last(), frames, growth,
                    frames - 1, Findings.metres(deepest.depthM()), deepest.frameId()),
                    numbers("max_depth_m", deepest.depthM(), "frames", frames, "deepest_frame", deepest.frameId(),
                            "growing_steps", growth),
                    List.of(check("penetration", file, "frame_id", first),
                            check("contact_history", file, "body_id", pair.get(0), "other_body_id",
                                    pair.get(1), "start_frame", first, "end_frame", run.last()))));
        }
        return reported;
    }

    /**
     * Overlap beyond the slop (by more than {@link #STEADY_MARGIN_M}, round-off size) held for {@code minFrames} frames or more
     * that is not already reported as sinking: the solver leaves the bodies interpenetrated instead of pushing them
     * apart, which a growth test alone never sees. A run whose excess over the slop still halves over its last
     * {@code minFrames} frames is being pushed apart (a landing being corrected), not steady.
     */
    static void steady(List<ContactHistory.Row> rows, double slop, int minFrames, List<Run> sinking,
                       List<Long> pair, String label, String file, List<Anomaly> found) {
        for (Run run : runsDeeperThan(rows, slop + STEADY_MARGIN_M)) {
            int frames = run.rows().size();
            if (frames < minFrames || sinking.stream().anyMatch(run::overlaps)) {
                continue;
            }
            double lastExcess = run.rows().get(frames - 1).depthM() - slop;
            if (lastExcess <= 0.5 * (run.rows().get(frames - minFrames).depthM() - slop)) {
                continue;
            }
            ContactHistory.Row deepest = run.deepest();
            long first = run.first();
            found.add(anomaly(new Span(first, run.last(), frames, deepest.frameId()), pair, Severity.high,
                    "STEADY_PENETRATION", String.format("%s stay overlapped beyond the %s slop on frames "
                    + "%d–%d (%d frames, deepest %s at frame %d) without being pushed apart.",
                    Findings.capitalised(label), Findings.metres(slop), first, run.last(), frames,
                    Findings.metres(deepest.depthM()), deepest.frameId()),
                    numbers("max_depth_m", deepest.depthM(), "frames", frames, "slop_m", slop),
                    List.of(check("penetration", file, "frame_id", first),
                            check("contact_history", file, "body_id", pair.get(0), "other_body_id",
                                    pair.get(1), "start_frame", first, "end_frame", run.last()))));
        }
    }
}
