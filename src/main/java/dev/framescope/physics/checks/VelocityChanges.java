package dev.framescope.physics.checks;

import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.StateSeries.State;
import dev.framescope.physics.store.Vec3;

/**
 * A body's velocity changes against what can explain them. MSD-CPP integrates with semi-implicit Euler, v_k =
 * v_{k−1} + a_k·dt_k, where a_k is the acceleration it records at frame k (net force / m: gravity and external forces)
 * and dt_k = t_k − t_{k−1}; contact impulses are applied by the collision pipeline at the start of step k, which
 * writes the frame's contact rows. So a step without contact must satisfy Δv_k = a_k·dt_k up to round-off, and a
 * residual |Δv_k − a_k·dt_k| beyond the tolerance is a velocity change outside the integrator (where the recording has
 * no acceleration, gravity stands in: |Δv_k − g·dt_k|). A step with contact rows is explained by its contact
 * impulses, which the recording does not give as velocities, so it is reported but never flagged.
 */
final class VelocityChanges {

    static final Vec3 GRAVITY = new Vec3(0, 0, -9.81);

    private VelocityChanges() {
    }

    /**
     * One step k−1 → k. {@code residualVsAccelerationMPerS} = |Δv − a_k·dt_k| (null without a recorded acceleration),
     * {@code residualVsGravityMPerS} = |Δv − g·dt_k|; {@code unexplained} = no contact at k and the residual (against
     * the acceleration, else gravity) exceeds the tolerance.
     */
    record Step(long frameId, Vec3 velocityChange, Double residualVsAccelerationMPerS, double residualVsGravityMPerS,
                boolean inContact, boolean unexplained) {
        double residual() {
            return residualVsAccelerationMPerS != null ? residualVsAccelerationMPerS : residualVsGravityMPerS;
        }
    }

    /** The step into frame {@code k}, or null when either state is missing or not finite (k = 1 has no v_0). */
    static Step step(RecordingStore store, long body, long k, double tolerance) {
        if (k < 2) {
            return null;
        }
        State before = store.stateSeries().at(body, k - 1);
        State now = store.stateSeries().at(body, k);
        if (before == null || now == null || !before.velocity().isFinite() || !now.velocity().isFinite()) {
            return null;
        }
        double dt = store.simulationTime(k) - store.simulationTime(k - 1);
        Vec3 dv = now.velocity().minus(before.velocity());
        Double vsAcceleration = now.acceleration().isFinite() ? dv.minus(now.acceleration().times(dt)).norm() : null;
        double vsGravity = dv.minus(GRAVITY.times(dt)).norm();
        boolean contact = store.contactSeries().inContact(body, k);
        Step step = new Step(k, dv, vsAcceleration, vsGravity, contact, false);
        return new Step(k, dv, vsAcceleration, vsGravity, contact, !contact && step.residual() > tolerance);
    }

    /**
     * Frames a → b. Σa·dt sums a_k·dt_k over the steps between (negated when b < a); {@code largestStep} is the step
     * without contact with the largest residual (null when every step had contact); {@code unexplainedSteps} counts
     * the flagged steps.
     */
    record Check(Vec3 velocityChange, Vec3 accelerationVelocityChange, Double residualVsAccelerationMPerS,
                 Vec3 gravityVelocityChange, double residualVsGravityMPerS, boolean inContact, int contactFrames,
                 Long firstContactFrame, Long lastContactFrame, Step largestStep, int unexplainedSteps,
                 double toleranceMPerS, boolean unexplained, String verdict, String formula) {
    }

    static Check between(RecordingStore store, long body, long a, long b, double tolerance) {
        long lo = Math.min(a, b);
        long hi = Math.max(a, b);
        double sign = b >= a ? 1 : -1;
        Vec3 integrated = Vec3.ZERO;
        int contactFrames = 0;
        Long firstContact = null;
        Long lastContact = null;
        Step largest = null;
        int unexplained = 0;
        boolean complete = true;
        for (long k = lo + 1; k <= hi; k++) {
            State s = store.stateSeries().at(body, k);
            double dt = store.simulationTime(k) - store.simulationTime(k - 1);
            complete &= s != null && s.acceleration().isFinite();
            if (s != null) {
                integrated = integrated.plus(s.acceleration().times(dt));
            }
            if (store.contactSeries().inContact(body, k)) {
                contactFrames++;
                firstContact = firstContact == null ? k : firstContact;
                lastContact = k;
            }
            Step step = step(store, body, k, tolerance);
            if (step != null && !step.inContact() && (largest == null || step.residual() > largest.residual())) {
                largest = step;
            }
            unexplained += step != null && step.unexplained() ? 1 : 0;
        }
        State sa = store.stateSeries().at(body, a);
        State sb = store.stateSeries().at(body, b);
        Vec3 dv = sb.velocity().minus(sa.velocity());
        Vec3 byAcceleration = complete ? integrated.times(sign) : null;
        Vec3 byGravity = GRAVITY.times(store.simulationTime(b) - store.simulationTime(a));
        Double vsAcceleration = byAcceleration == null ? null : dv.minus(byAcceleration).norm();
        double vsGravity = dv.minus(byGravity).norm();
        String verdict = verdict(dv, vsAcceleration, vsGravity, contactFrames, firstContact, lastContact, largest,
                unexplained, tolerance);
        return new Check(dv, byAcceleration, vsAcceleration, byGravity, vsGravity, contactFrames > 0, contactFrames,
                firstContact, lastContact, largest, unexplained, tolerance, unexplained > 0, verdict,
                "per step k without contact: |Δv_k − a_k·dt_k| ≤ tolerance (semi-implicit Euler, a_k as recorded); "
                        + "steps with contact rows are explained by contact impulses");
    }

    private static String verdict(Vec3 dv, Double vsAcceleration, double vsGravity, int contactFrames,
                                  Long firstContact, Long lastContact, Step largest, int unexplained,
                                  double tolerance) {
        if (!dv.isFinite()) {
            return "not checked: the velocity is not finite at one of the frames (check_recording's nonfinite check)";
        }
        String contact = contactFrames == 0 ? "no contact between the frames"
                : "in contact on " + contactFrames + " frame(s) between them (" + firstContact
                + (lastContact.equals(firstContact) ? "" : "–" + lastContact) + ")";
        if (unexplained > 0) {
            return String.format("unexplained: %d step(s) without contact change the velocity beyond the recorded "
                            + "acceleration (largest at frame %d: |Δv − a·dt| = %s m/s, tolerance %s m/s); %s",
                    unexplained, largest.frameId(), Findings.number(largest.residual()), Findings.number(tolerance),
                    contact);
        }
        String acceleration = vsAcceleration == null ? "the recording has no acceleration for every frame"
                : "|Δv − Σa·dt| = " + Findings.quantity(vsAcceleration, "m/s");
        if (contactFrames > 0) {
            return "explained: " + contact + ", whose impulses account for Δv − g·Δt = " + Findings.number(vsGravity)
                    + " m/s; " + acceleration;
        }
        return vsGravity <= tolerance ? "explained by gravity alone; " + contact
                : "explained by the recorded acceleration, which differs from gravity by " + Findings.number(vsGravity)
                + " m/s over the frames with " + contact + " (an external force; FrameScope does not read them)";
    }
}
