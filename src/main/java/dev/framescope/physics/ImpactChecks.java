package dev.framescope.physics;

import dev.framescope.common.Bounded;
import dev.framescope.physics.PhysicsArgs.MomentumArgs;
import dev.framescope.physics.PhysicsArgs.RestitutionArgs;
import dev.framescope.physics.PhysicsModel.BodyMetadata;
import dev.framescope.physics.StateSeries.State;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Impact checks. Restitution: for each contact row that is an impact (u⁻ = pre_impact_rel_vel_normal below
 * −rest_velocity), u⁺ = (v_B + ω_B×r_B − v_A − ω_A×r_A)·n from the post-step states of the same frame (environment
 * bodies at rest); a bounce gains energy when u⁺ > −e·u⁻ + tolerance and is still approaching when u⁺ < −tolerance.
 * Momentum: for each group of free bodies colliding with each other and with nothing static,
 * residual = |ΣP_k − ΣP_{k−1} − M·g·dt|.
 */
public final class ImpactChecks {

    private static final Vec3 GRAVITY = new Vec3(0, 0, -EnergyChecks.G);

    private final Recordings recordings;

    public ImpactChecks(Recordings recordings) {
        this.recordings = recordings;
    }

    public record Impact(long frameId, long bodyAId, long bodyBId, double preNormalVelocityMPerS,
                         double effectiveRestitution, double expectedPostMPerS, double postNormalVelocityMPerS,
                         String verdict) {
    }

    public record RestitutionReport(int schemaVersion, String summary, long startFrame, long endFrame,
                                    double toleranceMPerS, int impacts, int energyGaining, int stillApproaching,
                                    Bounded<Impact> checked) {
    }

    public RestitutionReport restitution(RestitutionArgs args) {
        RecordingStore store = recordings.resolve(args.recording());
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        List<Impact> impacts = impacts(store, range, args.tolerance(), args.restVelocity());
        List<Impact> bad = impacts.stream().filter(i -> !i.verdict().equals("ok")).toList();
        List<Impact> ordered = new ArrayList<>(bad);
        impacts.stream().filter(i -> i.verdict().equals("ok")).forEach(ordered::add);
        int gaining = (int) bad.stream().filter(i -> i.verdict().equals("energy_gaining")).count();
        String summary = impacts.isEmpty() ? "No impacts faster than " + args.restVelocity() + " m/s in frames "
                + range.start() + "–" + range.end() + "."
                : impacts.size() + " impact(s); " + gaining + " bounce(s) gain energy"
                + (bad.isEmpty() ? "" : ", first at frame " + bad.get(0).frameId()) + ".";
        return new RestitutionReport(RecordingQueries.SCHEMA_VERSION, summary, range.start(), range.end(),
                args.tolerance(), impacts.size(), gaining, bad.size() - gaining, Bounded.of(ordered, args.limit()));
    }

    static List<Impact> impacts(RecordingStore store, FrameRange range, double tolerance, double restVelocity) {
        StateSeries states = store.stateSeries();
        ContactSeries contacts = store.contactSeries();
        List<Impact> impacts = new ArrayList<>();
        for (long f = range.start(); f <= range.end(); f++) {
            for (ContactSeries.Constraint c : contacts.constraints(f)) {
                if (!(c.preNormalVelocity() < -restVelocity)) {
                    continue;
                }
                Vec3 va = pointVelocity(states.at(c.bodyA(), f), c.leverA());
                Vec3 vb = pointVelocity(states.at(c.bodyB(), f), c.leverB());
                double post = vb.minus(va).dot(c.normal());
                double expected = -c.restitution() * c.preNormalVelocity();
                String verdict = post > expected + tolerance ? "energy_gaining"
                        : post < -tolerance ? "still_approaching" : "ok";
                impacts.add(new Impact(f, c.bodyA(), c.bodyB(), c.preNormalVelocity(), c.restitution(), expected,
                        post, verdict));
            }
        }
        return impacts;
    }

    /** Velocity of the material point at lever arm r; an environment body (no state) is at rest. */
    private static Vec3 pointVelocity(State state, Vec3 lever) {
        if (state == null) {
            return Vec3.ZERO;
        }
        return state.velocity().plus(state.omega().cross(lever));
    }

    public record MomentumStep(long frameId, List<Long> bodies, Vec3 momentumChange, Vec3 gravityImpulse,
                               double residualKgMPerS, boolean violation) {
    }

    public record MomentumReport(int schemaVersion, String summary, long startFrame, long endFrame,
                                 double toleranceKgMPerS, int collisionsChecked, int violations,
                                 int skippedWithEnvironmentContact, Bounded<MomentumStep> steps) {
    }

    public MomentumReport momentum(MomentumArgs args) {
        RecordingStore store = recordings.resolve(args.recording());
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        int[] skipped = {0};
        List<MomentumStep> steps = momentumSteps(store, range, args.tolerance(), skipped);
        List<MomentumStep> ordered = new ArrayList<>(steps.stream().filter(MomentumStep::violation).toList());
        steps.stream().filter(s -> !s.violation()).forEach(ordered::add);
        long violations = steps.stream().filter(MomentumStep::violation).count();
        String summary = steps.isEmpty() ? "No collisions between free bodies in frames " + range.start() + "–"
                + range.end() + "."
                : String.format("%d free-body collision step(s); %d change momentum by more than %.3g kg·m/s.",
                steps.size(), violations, args.tolerance());
        return new MomentumReport(RecordingQueries.SCHEMA_VERSION, summary, range.start(), range.end(),
                args.tolerance(), steps.size(), (int) violations, skipped[0], Bounded.of(ordered, args.limit()));
    }

    static List<MomentumStep> momentumSteps(RecordingStore store, FrameRange range, double tolerance,
                                            int[] skippedWithEnvironment) {
        Map<Long, Double> masses = new HashMap<>();
        for (BodyMetadata b : store.bodies()) {
            if (!b.isEnvironment() && b.mass() != null) {
                masses.put(b.bodyId(), b.mass());
            }
        }
        StateSeries states = store.stateSeries();
        ContactSeries contacts = store.contactSeries();
        List<MomentumStep> steps = new ArrayList<>();
        for (long f : contacts.framesWithFreePairs().stream().sorted().toList()) {
            if (f < Math.max(2, range.start()) || f > range.end()) {
                continue;
            }
            Set<Long> touchingEnvironment = new HashSet<>();
            Set<Long> group = new LinkedHashSet<>();
            for (ContactSeries.Collision c : contacts.collisions(f)) {
                boolean aFree = (c.bodyA() & RecordingStore.ENVIRONMENT_FLAG) == 0;
                boolean bFree = (c.bodyB() & RecordingStore.ENVIRONMENT_FLAG) == 0;
                if (aFree && bFree) {
                    group.add(c.bodyA());
                    group.add(c.bodyB());
                } else {
                    touchingEnvironment.add(aFree ? c.bodyA() : c.bodyB());
                }
            }
            if (group.isEmpty()) {
                continue;
            }
            if (group.stream().anyMatch(touchingEnvironment::contains)) {
                skippedWithEnvironment[0]++;
                continue;
            }
            Vec3 change = Vec3.ZERO;
            double mass = 0;
            double dt = store.simulationTime(f) - store.simulationTime(f - 1);
            for (long body : group) {
                State now = states.at(body, f);
                State before = states.at(body, f - 1);
                double m = masses.getOrDefault(body, Double.NaN);
                if (now == null || before == null) {
                    continue;
                }
                change = change.plus(now.velocity().minus(before.velocity()).times(m));
                mass += m;
            }
            Vec3 gravity = GRAVITY.times(mass * dt);
            double residual = change.minus(gravity).norm();
            steps.add(new MomentumStep(f, List.copyOf(group), change, gravity, residual,
                    !(residual <= tolerance)));
        }
        return steps;
    }
}
