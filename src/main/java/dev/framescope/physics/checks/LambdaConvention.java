package dev.framescope.physics.checks;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.framescope.physics.store.ContactSeries;
import dev.framescope.physics.store.ContactSeries.Friction;
import dev.framescope.physics.store.FrameWindow;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.StateSeries;
import dev.framescope.physics.store.StateSeries.State;
import dev.framescope.physics.store.Vec3;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a recording's friction rows become impulses. MSD-CPP documents normal_lambda and the tangent lambdas in newtons
 * (a force: impulse = λ·dt), but its solver applies force = Jᵀλ/dt, i.e. the λ it records is an impulse in N·s; and
 * its friction Jacobian gives body A +λt·t and body B −λt·t, while the normal gives B +λn·n. FrameScope's fixture
 * simulator writes forces and gives B +λt·t. So the convention is measured from the recording itself: for each body
 * whose every contact in a frame has λ rows, the impulse it received, J = m·(v_k − v_{k−1}) − m·g·dt (post-step
 * velocities, g = (0, 0, −9.81)), is compared with the sum over its rows of ±(λn·n + s·(λt1·t1 + λt2·t2))·c (+ on
 * body B, − on A; c = dt for a force, 1 for an impulse; s = ±1). The candidate that explains the most body-steps
 * within tolerance wins (ties: the smaller median error; then force, as documented). Immutable.
 */
public record LambdaConvention(@JsonIgnore boolean impulse, @JsonIgnore int tangentSign, String unit,
                               String tangentConvention, String source) {

    /** How the caller wants λ read: measured from the recording, or as a force or an impulse regardless. */
    public enum LambdaUnit { auto, force, impulse }

    private static final int MAX_STEPS = 2000;
    private static final Vec3 GRAVITY = new Vec3(0, 0, -EnergyChecks.G);

    /** Impulse in N·s that one λ value stands for over a step of {@code dt} seconds. */
    double impulseOf(double lambda, double dt) {
        return impulse ? lambda : lambda * dt;
    }

    /** Impulse (N·s) the row gives body B (body A gets its negative); null when the row lacks its normal. */
    Vec3 impulseOnB(Friction row, double dt) {
        if (row.contact() == null) {
            return null;
        }
        Vec3 total = row.contact().normal().times(row.normalLambda());
        if (row.hasTangentialLambda()) {
            if (row.tangent1() == null || row.tangent2() == null) {
                return null;
            }
            total = total.plus(row.tangent1().times(row.tangent1Lambda() * tangentSign)
                    .plus(row.tangent2().times(row.tangent2Lambda() * tangentSign)));
        }
        return total.times(impulse ? 1 : dt);
    }

    /**
     * The convention of {@code store}'s λ rows as {@code requested}: measured once per recording and request and
     * kept while it is open (the energy bound, the momentum check and the friction cone all ask for it).
     */
    static LambdaConvention of(RecordingStore store, LambdaUnit requested) {
        return store.memo().get(memoKey(requested), () -> measure(store, requested));
    }

    private static List<Object> memoKey(LambdaUnit requested) {
        return List.of("lambda_convention", requested);
    }

    /**
     * Starts measuring {@link #of} on another thread and returns at once: for a caller that will need it after work of
     * its own that does not (the energy check's scan before its loss bounds), so the two share the machine's cores.
     * A failure here is left for the caller's own {@link #of} to meet.
     */
    static void measureAhead(RecordingStore store, LambdaUnit requested) {
        if (store.memo().has(memoKey(requested))) {
            return;
        }
        Thread thread = new Thread(() -> {
            try {
                of(store, requested);
            } catch (RuntimeException e) {
                // the caller's own of() meets it again and answers it
            }
        }, "lambda-convention");
        thread.setDaemon(true); // never holds the JVM open at shutdown
        thread.start();
    }

    private static LambdaConvention measure(RecordingStore store, LambdaUnit requested) {
        if (!store.hasStates()) {
            return choose(List.of(), requested, false);
        }
        Map<Long, Double> masses = MomentumChecks.masses(store);
        List<double[]> errors = new ArrayList<>(); // per body-step: error of each of the 4 candidates, and |J|
        // The first frames with contacts decide it (2,000 body-steps: ~120 frames of 20 resting balls), so they are
        // read in windows from the start instead of waiting for the whole recording's series.
        long f = 2;
        for (long chunk = FIRST_WINDOW_FRAMES; f <= store.frameCount() && errors.size() < MAX_STEPS;
             chunk = nextWindowFrames(chunk, errors.size(), f - 2)) {
            long last = Math.min(store.frameCount(), f - 1 + chunk);
            FrameWindow window = store.window(List.of(new long[] {f - 1, last}));
            for (; f <= last && errors.size() < MAX_STEPS; f++) {
                measureStep(store, masses, window, f, errors);
            }
        }
        return choose(errors, requested, true);
    }

    private static final long FIRST_WINDOW_FRAMES = 64;

    /**
     * How many frames the next window holds: as many as the body-steps found per frame so far say the rest needs,
     * and a quarter more (at least 16, at most twice the last window); twice the last while none were found. On the
     * benchmark recording that is ~50 frames where doubling read 128, of which the measure used ~40. Only how the
     * frames are split into reads depends on it: the body-steps measured, so the convention, are the same.
     */
    static long nextWindowFrames(long lastWindow, int steps, long framesMeasured) {
        if (steps == 0 || framesMeasured <= 0) {
            return lastWindow * 2;
        }
        double needed = (MAX_STEPS - steps) * (double) framesMeasured / steps * 1.25;
        return Math.max(16, Math.min(lastWindow * 2, (long) Math.ceil(needed)));
    }

    /** The body-steps into frame {@code f} whose every contact has λ rows: each candidate's error, and |J|. */
    private static void measureStep(RecordingStore store, Map<Long, Double> masses, FrameWindow window, long f,
                                    List<double[]> errors) {
        ContactSeries contacts = window.contacts();
        double dt = store.simulationTime(f) - store.simulationTime(f - 1);
        FrameContacts frame = new FrameContacts(contacts, f);
        Map<Long, List<Friction>> rowsByBody = new LinkedHashMap<>();
        for (Friction row : contacts.friction(f)) {
            rowsByBody.computeIfAbsent(row.bodyA(), k -> new ArrayList<>()).add(row);
            rowsByBody.computeIfAbsent(row.bodyB(), k -> new ArrayList<>()).add(row);
        }
        for (Map.Entry<Long, List<Friction>> body : rowsByBody.entrySet()) {
            long id = body.getKey();
            Vec3 received = received(window.states(), masses, id, f, dt);
            if (received == null || !frame.completeFor(id, -1)) {
                continue;
            }
            double[] e = new double[5];
            for (int c = 0; c < 4; c++) {
                e[c] = error(candidate(c >= 2, c % 2 == 0 ? 1 : -1, ""), body.getValue(), id, received, dt);
            }
            e[4] = received.norm();
            errors.add(e);
        }
    }

    private static double error(LambdaConvention candidate, List<Friction> rows, long body, Vec3 received,
                                double dt) {
        Vec3 predicted = Vec3.ZERO;
        for (Friction row : rows) {
            Vec3 onB = candidate.impulseOnB(row, dt);
            if (onB == null) {
                return Double.POSITIVE_INFINITY;
            }
            predicted = predicted.plus(row.bodyB() == body ? onB : onB.times(-1));
        }
        return received.minus(predicted).norm();
    }

    /** m·(v_k − v_{k−1}) − m·g·dt of an inertial body, or null where its mass or a state is missing or not finite. */
    static Vec3 received(StateSeries states, Map<Long, Double> masses, long body, long frame, double dt) {
        Double m = masses.get(body);
        State now = states.at(body, frame);
        State before = states.at(body, frame - 1);
        if (m == null || now == null || before == null || !now.velocity().isFinite()
                || !before.velocity().isFinite()) {
            return null;
        }
        return now.velocity().minus(before.velocity()).times(m).minus(GRAVITY.times(m * dt));
    }

    private static LambdaConvention choose(List<double[]> errors, LambdaUnit requested, boolean hasStates) {
        int best = -1;
        int bestCount = -1;
        double bestMedian = Double.POSITIVE_INFINITY;
        for (int c = 0; c < 4; c++) {
            boolean isImpulse = c >= 2;
            if (requested == LambdaUnit.force && isImpulse || requested == LambdaUnit.impulse && !isImpulse) {
                continue;
            }
            int count = 0;
            List<Double> all = new ArrayList<>();
            for (double[] e : errors) {
                all.add(e[c]);
                count += e[c] <= 1e-6 + 1e-6 * e[4] ? 1 : 0;
            }
            all.sort(Double::compare);
            double median = all.isEmpty() ? Double.POSITIVE_INFINITY : all.get(all.size() / 2);
            if (count > bestCount || count == bestCount && median < bestMedian) {
                best = c;
                bestCount = count;
                bestMedian = median;
            }
        }
        boolean isImpulse = best >= 2;
        boolean signSeen = false;
        for (double[] e : errors) {
            signSeen |= Math.abs(e[best] - e[best ^ 1]) > 1e-6 + 1e-6 * e[4];
        }
        String source = requested != LambdaUnit.auto ? "unit as requested (lambda_unit = " + requested + "); " : "";
        if (errors.isEmpty()) {
            source += "not measured: " + (hasStates ? "no body had λ rows for all of its contacts in any frame"
                    : "the recording has no body states to measure it against") + ", so the unit is taken as "
                    + "MSD-CPP documents it";
        } else {
            source += String.format("measured: this convention explains %d of %d body-steps (impulse received "
                    + "m·Δv − m·g·dt against the body's λ rows) within 1e-6 kg·m/s + 1e-6 relative", bestCount,
                    errors.size());
            if (!signSeen) {
                source += "; no tangential λ told the tangent signs apart, so MSD-CPP's is assumed";
            }
        }
        int sign = !errors.isEmpty() && signSeen ? (best % 2 == 0 ? 1 : -1) : -1;
        return candidate(isImpulse, sign, source);
    }

    private static LambdaConvention candidate(boolean isImpulse, int sign, String source) {
        return new LambdaConvention(isImpulse, sign, isImpulse ? "N·s (impulse, as MSD-CPP's solver applies it)"
                : "N (force: impulse = λ·dt, as MSD-CPP documents it)", sign > 0
                ? "body B gets +(λn·n + λt1·t1 + λt2·t2), body A the negative (FrameScope's fixture simulator)"
                : "body B gets +λn·n − (λt1·t1 + λt2·t2), body A the negative (MSD-CPP's friction Jacobian)", source);
    }
}
