package dev.framescope.physics.checks;

import dev.framescope.physics.store.BodyIds;
import dev.framescope.physics.store.ContactSeries;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.StateSeries;
import dev.framescope.physics.store.StateSeries.State;
import dev.framescope.physics.store.Vec3;

/**
 * How a body in contact at one frame rests or moves, judged only on frames in contact. A frame is at rest when the
 * body is in contact with |v| ≤ the velocity threshold and |ω| ≤ the angular threshold; {@code rest_since_frame}
 * starts the current run of such frames, however long. A body that is not at rest is classified over the last
 * window of its current run of moving contact frames: {@code jitter} (its velocity reverses back and forth with
 * little net displacement), {@code sliding} (one direction, its contact point slips along the contact),
 * {@code bouncing} (it moves along the contact normal, faster than its contact point slips: an impact or a bounce),
 * {@code rolling} (one direction, its contact point does not slip) or {@code moving} (none of these, or a run only one
 * frame old, which cannot show any of them). Shared by
 * check_resting_contact and triage's NOT_AT_REST so both judge a body the same way.
 */
final class RestingContact {

    /** At least this many velocity reversals in the window, and ... */
    static final int JITTER_REVERSALS = 2;
    /** ... a net displacement below this share of the path walked, make motion jitter rather than travel. */
    static final double JITTER_NET_SHARE = 0.5;

    private RestingContact() {
    }

    /** What "at rest" means, and how many frames of a moving run are classified. */
    record Rules(double speedMPerS, double angularSpeedRadS, int windowFrames) {
    }

    /**
     * The current run of moving contact frames, from {@code firstFrame} to the judged frame ({@code frames} long),
     * and the numbers of its classified part (from {@code classifiedFromFrame}): {@code reversals} = frames where
     * v_k·v_{k−1} < 0 with both |v| above the velocity threshold, or ω_k·ω_{k−1} < 0 with both |ω| above the angular
     * one; {@code pathLengthM} = Σ|x_k − x_{k−1}|; {@code netDisplacementM} = |x_last − x_first|; slip speed = |tangential
     * part of the contact point's velocity relative to the other body|, v_rel − (v_rel·n)·n with v_rel = v + ω×r −
     * (v_o + ω_o×r_o) from the contact rows' lever arms, the largest over the body's contact rows of the frame (the
     * body's tangential velocity where the recording has no contact-constraint rows); deceleration = (slip_first −
     * slip_last)/(t_last − t_first); {@code normalSpeedMPerS} = |v_rel·n| at the judged frame, the largest over the
     * body's contact rows: how fast it approaches or leaves what it touches.
     */
    record Motion(long firstFrame, int frames, long classifiedFromFrame, int reversals, double pathLengthM,
                  double netDisplacementM, Double slipSpeedFirstMPerS, Double slipSpeedLastMPerS,
                  Double slipDecelerationMPerS2, Double normalSpeedMPerS) {
    }

    /** The judgement: {@code state} is resting, sliding, rolling, bouncing, jitter, moving, or no_state (no row). */
    record Verdict(String state, Long restSinceFrame, int restFrames, double speedMPerS, double angularSpeedRadS,
                   Motion motion) {
        boolean resting() {
            return state.equals("resting");
        }

        /** Motion that friction explains, which ends or goes on by itself: not a failure to come to rest. */
        boolean travelling() {
            return state.equals("sliding") || state.equals("rolling");
        }
    }

    static Verdict judge(RecordingStore store, long body, long frame, Rules rules) {
        StateSeries series = store.stateSeries();
        ContactSeries contacts = store.contactSeries();
        State now = series.at(body, frame);
        if (now == null) {
            return new Verdict("no_state", null, 0, Double.NaN, Double.NaN, null);
        }
        double speed = now.velocity().norm();
        double omega = now.omega().norm();
        if (atRest(series, contacts, body, frame, rules)) {
            long since = frame;
            while (since > 1 && atRest(series, contacts, body, since - 1, rules)) {
                since--;
            }
            return new Verdict("resting", since, (int) (frame - since + 1), speed, omega, null);
        }
        long first = frame;
        while (first > 1 && contacts.inContact(body, first - 1) && series.at(body, first - 1) != null
                && !atRest(series, contacts, body, first - 1, rules)) {
            first--;
        }
        long from = Math.max(first, frame - rules.windowFrames() + 1);
        Motion motion = motion(store, body, first, from, frame, rules);
        return new Verdict(classify(motion, rules), null, 0, speed, omega, motion);
    }

    static boolean atRest(StateSeries series, ContactSeries contacts, long body, long frame, Rules rules) {
        State s = series.at(body, frame);
        return s != null && contacts.inContact(body, frame) && s.velocity().norm() <= rules.speedMPerS()
                && s.omega().norm() <= rules.angularSpeedRadS();
    }

    private static Motion motion(RecordingStore store, long body, long first, long from, long to, Rules rules) {
        StateSeries series = store.stateSeries();
        int reversals = 0;
        double path = 0;
        State previous = null;
        for (long f = from; f <= to; f++) {
            State s = series.at(body, f);
            if (previous != null) {
                path += s.position().minus(previous.position()).norm();
                if (reverses(s.velocity(), previous.velocity(), rules.speedMPerS())
                        || reverses(s.omega(), previous.omega(), rules.angularSpeedRadS())) {
                    reversals++;
                }
            }
            previous = s;
        }
        double net = series.at(body, to).position().minus(series.at(body, from).position()).norm();
        Double slipFirst = contactSpeeds(store, body, from).slip();
        Speeds last = contactSpeeds(store, body, to);
        double elapsed = store.simulationTime(to) - store.simulationTime(from);
        Double deceleration = slipFirst == null || last.slip() == null || elapsed <= 0 ? null
                : (slipFirst - last.slip()) / elapsed;
        return new Motion(first, (int) (to - first + 1), from, reversals, path, net, slipFirst, last.slip(),
                deceleration, last.normal());
    }

    private static boolean reverses(Vec3 now, Vec3 before, double threshold) {
        return now.dot(before) < 0 && now.norm() > threshold && before.norm() > threshold;
    }

    private static String classify(Motion m, Rules rules) {
        if (m.reversals() >= JITTER_REVERSALS && m.netDisplacementM() < JITTER_NET_SHARE * m.pathLengthM()) {
            return "jitter";
        }
        if (isBouncing(m, rules)) {
            return "bouncing";
        }
        if (m.frames() == 1) {
            return "moving"; // the run's first frame: no step yet to show reversals, slip trend or deceleration
        }
        if (m.reversals() > 0 || m.slipSpeedLastMPerS() == null) {
            return "moving";
        }
        return m.slipSpeedLastMPerS() > rules.speedMPerS() ? "sliding" : "rolling";
    }

    /**
     * Moving along the contact normal faster than the velocity threshold and faster than the contact point slips:
     * the body is landing on or leaving what it touches (an impact, a bounce), which neither rolls nor slides.
     */
    private static boolean isBouncing(Motion m, Rules rules) {
        Double normal = m.normalSpeedMPerS();
        return normal != null && normal > rules.speedMPerS()
                && (m.slipSpeedLastMPerS() == null || normal > m.slipSpeedLastMPerS());
    }

    /** The fastest slip and the fastest normal speed over a body's contact points at one frame; null without rows. */
    record Speeds(Double slip, Double normal) {
    }

    /**
     * The fastest tangential slip of the body's contact points at {@code frame} (a box's corners slip alike; a ball
     * rolling on the ground while rubbing another slips only at the second contact), and the fastest normal relative
     * speed |v_rel·n|; both null without contact rows.
     */
    static Speeds contactSpeeds(RecordingStore store, long body, long frame) {
        StateSeries series = store.stateSeries();
        ContactSeries contacts = store.contactSeries();
        State self = series.at(body, frame);
        Double fastest = null;
        Double fastestNormal = null;
        for (ContactSeries.Constraint c : contacts.constraints(frame)) {
            if (c.bodyA() != body && c.bodyB() != body) {
                continue;
            }
            boolean isA = c.bodyA() == body;
            long other = isA ? c.bodyB() : c.bodyA();
            Vec3 lever = isA ? c.leverA() : c.leverB();
            Vec3 otherLever = isA ? c.leverB() : c.leverA();
            Vec3 otherVelocity = Vec3.ZERO;
            if (!BodyIds.isEnvironment(other)) {
                State o = series.at(other, frame);
                if (o == null || !otherLever.isFinite()) {
                    continue;
                }
                otherVelocity = o.velocity().plus(o.omega().cross(otherLever));
            }
            if (!lever.isFinite()) {
                continue;
            }
            Vec3 relative = self.velocity().plus(self.omega().cross(lever)).minus(otherVelocity);
            double slip = tangential(relative, c.normal()).norm();
            double normal = Math.abs(relative.dot(c.normal()) / c.normal().norm());
            fastest = fastest == null ? slip : Math.max(fastest, slip);
            fastestNormal = fastestNormal == null ? normal : Math.max(fastestNormal, normal);
        }
        if (fastest != null) {
            return new Speeds(fastest, fastestNormal);
        }
        for (ContactSeries.Collision c : contacts.collisions(frame)) {
            if (c.bodyA() == body || c.bodyB() == body) {
                return new Speeds(tangential(self.velocity(), c.normal()).norm(),
                        Math.abs(self.velocity().dot(c.normal()) / c.normal().norm()));
            }
        }
        return new Speeds(null, null);
    }

    private static Vec3 tangential(Vec3 v, Vec3 normal) {
        double length = normal.norm();
        Vec3 n = normal.times(1 / length);
        return v.minus(n.times(v.dot(n)));
    }
}
