package dev.framescope.physics.checks;

import dev.framescope.common.Bounded;
import dev.framescope.physics.checks.LambdaConvention.LambdaUnit;
import dev.framescope.physics.checks.PhysicsArgs.MomentumArgs;
import dev.framescope.physics.store.ContactSeries;
import dev.framescope.physics.store.ContactSeries.Friction;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.PhysicsModel.BodyMetadata;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import dev.framescope.physics.store.StateSeries;
import dev.framescope.physics.store.Vec3;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * check_momentum: action and reaction per pair of inertial bodies in contact, stacks included. For body i in step k,
 * the impulse it received from everything but gravity is J_i = m_i·(v_k − v_{k−1}) − m_i·g·dt (post-step
 * velocities, g = (0, 0, −9.81), dt from simulation_time); the part it received from its partner in the pair is
 * J_i − Σ (impulses of its other contacts, from their recorded λ rows, {@link LambdaConvention}); the pair obeys
 * Newton's third law when |J_A←B + J_B←A| ≤ tolerance. A pair that touches nothing else needs no λ at all. A
 * pair-step that cannot be measured (an environment body has no state; another contact's λ is not recorded; a state
 * is missing) is counted as not checked with its reason, never as passed. Stateless; thread-safe.
 */
public final class MomentumChecks {

    static final String ENVIRONMENT = "environment body: it has no recorded state, so its side of the pair cannot "
            + "be measured";
    static final String NO_LAMBDA = "λ not recorded for another contact of one of the bodies (no friction row "
            + "paired with each of its contact rows), so the impulse from the partner cannot be separated";
    static final String NO_STATE = "a body's mass or its state at this frame or the one before is missing or not "
            + "finite";

    private final Recordings recordings;

    public MomentumChecks(Recordings recordings) {
        this.recordings = recordings;
    }

    /**
     * One pair in one step. {@code momentumChange} = m_A·Δv_A + m_B·Δv_B and {@code gravityImpulse} = (m_A + m_B)·g·dt
     * (equal for a pair touching nothing else); {@code residualKgMPerS} = |J_A←B + J_B←A|;
     * {@code recordedImpulseOnB} = the pair's own λ rows as an impulse on B (null without them).
     */
    public record MomentumStep(long frameId, List<Long> bodies, Vec3 momentumChange, Vec3 gravityImpulse,
                               double residualKgMPerS, boolean violation, Vec3 impulseOnAFromB,
                               Vec3 impulseOnBFromA, Vec3 recordedImpulseOnB, int otherContactRowsSubtracted) {
    }

    /** Pair-steps not checked for one reason, with the first of them. */
    public record NotChecked(String reason, int pairSteps, long firstFrame, List<Long> firstPair) {
    }

    public record MomentumReport(int schemaVersion, String summary, long startFrame, long endFrame,
                                 double toleranceKgMPerS, int collisionsChecked, int violations,
                                 int skippedWithEnvironmentContact, Bounded<MomentumStep> steps, int pairsChecked,
                                 int pairStepsNotChecked, List<NotChecked> notChecked, LambdaConvention lambda,
                                 String rule) {
    }

    /** Every pair-step of a range: those measured and those that could not be, by reason. */
    record Scan(List<MomentumStep> steps, Map<String, NotChecked> notChecked, LambdaConvention lambda) {
        int notCheckedCount() {
            return notChecked.values().stream().mapToInt(NotChecked::pairSteps).sum();
        }
    }

    public MomentumReport momentum(MomentumArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return momentum(lease.store(), args);
        }
    }

    private static MomentumReport momentum(RecordingStore store, MomentumArgs args) {
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        Scan scan = scan(store, range, args.tolerance(), args.lambdaUnit());
        List<MomentumStep> ordered = new ArrayList<>(scan.steps().stream().filter(MomentumStep::violation).toList());
        scan.steps().stream().filter(s -> !s.violation()).forEach(ordered::add);
        int violations = (int) scan.steps().stream().filter(MomentumStep::violation).count();
        int pairs = (int) scan.steps().stream().map(MomentumStep::bodies).distinct().count();
        int environment = scan.notChecked().containsKey(ENVIRONMENT) ? scan.notChecked().get(ENVIRONMENT).pairSteps()
                : 0;
        return new MomentumReport(RecordingQueries.SCHEMA_VERSION, summary(scan, range, args.tolerance(), pairs,
                violations, ordered), range.start(), range.end(), args.tolerance(), scan.steps().size(), violations,
                environment, Bounded.of(ordered, args.limit()), pairs, scan.notCheckedCount(),
                List.copyOf(scan.notChecked().values()), scan.lambda(), "J_i = m_i·(v_k − v_{k−1}) − m_i·g·dt; "
                + "J_A←B = J_A − Σ other contacts' λ impulses on A (likewise B); violation when |J_A←B + J_B←A| > "
                + "tolerance.");
    }

    private static String summary(Scan scan, FrameRange range, double tolerance, int pairs, int violations,
                                  List<MomentumStep> ordered) {
        StringBuilder s = new StringBuilder();
        if (scan.steps().isEmpty() && scan.notChecked().isEmpty()) {
            return "No bodies are in contact in frames " + range.start() + "–" + range.end() + " (after the first): "
                    + "there is no pair to check.";
        } else if (scan.steps().isEmpty()) {
            s.append("Action–reaction was not checked on any pair-step in frames ").append(range.start()).append("–")
                    .append(range.end()).append(".");
        } else {
            s.append(String.format("Action–reaction checked on %d pair-step(s) of %d body pair(s): %d violation(s) "
                    + "beyond %s", scan.steps().size(), pairs, violations, Findings.quantity(tolerance, "kg·m/s")));
            if (violations > 0) {
                MomentumStep first = ordered.get(0);
                s.append(String.format(", first at frame %d, bodies %s (|J_A←B + J_B←A| = %s)",
                        first.frameId(), first.bodies(), Findings.quantity(first.residualKgMPerS(), "kg·m/s")));
            }
            s.append(".");
        }
        if (!scan.notChecked().isEmpty()) {
            s.append(" Not checked: ");
            List<String> parts = new ArrayList<>();
            scan.notChecked().values().forEach(n -> parts.add(n.pairSteps() + " pair-step(s), " + n.reason()));
            s.append(String.join("; ", parts)).append(".");
        }
        return s.toString();
    }

    static Scan scan(RecordingStore store, FrameRange range, double tolerance, LambdaUnit unit) {
        Map<Long, Double> masses = masses(store);
        ContactSeries contacts = store.contactSeries();
        StateSeries states = store.stateSeries();
        LambdaConvention convention = null;
        List<MomentumStep> steps = new ArrayList<>();
        Map<String, Tally> notChecked = new LinkedHashMap<>();
        for (long f = Math.max(2, range.start()); f <= range.end(); f++) {
            if (!FrameContacts.hasInertialPair(contacts, f)) {
                skipAll(notChecked, contacts, f); // most frames: bodies on the floor only
                continue;
            }
            FrameContacts frame = new FrameContacts(contacts, f);
            double dt = store.simulationTime(f) - store.simulationTime(f - 1);
            for (int p = 0; p < frame.size(); p++) {
                long a = frame.bodyA(p);
                long b = frame.bodyB(p);
                if (((a | b) & RecordingStore.ENVIRONMENT_FLAG) != 0) {
                    skip(notChecked, ENVIRONMENT, f, frame, p);
                    continue;
                }
                Vec3 ja = LambdaConvention.received(states, masses, a, f, dt);
                Vec3 jb = LambdaConvention.received(states, masses, b, f, dt);
                if (ja == null || jb == null) {
                    skip(notChecked, NO_STATE, f, frame, p);
                    continue;
                }
                if (!frame.completeFor(a, p) || !frame.completeFor(b, p)) {
                    skip(notChecked, NO_LAMBDA, f, frame, p);
                    continue;
                }
                List<Friction> othersA = frame.rowsOf(a, p);
                List<Friction> othersB = frame.rowsOf(b, p);
                boolean own = frame.complete(p);
                if (convention == null && (!othersA.isEmpty() || !othersB.isEmpty() || own)) {
                    convention = LambdaConvention.of(store, unit);
                }
                Vec3 onA = ja.minus(impulseOn(a, othersA, convention, dt));
                Vec3 onB = jb.minus(impulseOn(b, othersB, convention, dt));
                double residual = onA.plus(onB).norm();
                Vec3 gravity = new Vec3(0, 0, -EnergyChecks.G * (masses.get(a) + masses.get(b)) * dt);
                steps.add(new MomentumStep(f, List.of(a, b), ja.plus(jb).plus(gravity), gravity, residual,
                        !(residual <= tolerance), onA, onB, own ? impulseOn(b, frame.rows(p), convention, dt) : null,
                        othersA.size() + othersB.size()));
            }
        }
        Map<String, NotChecked> skipped = new LinkedHashMap<>();
        notChecked.forEach((reason, t) -> skipped.put(reason, new NotChecked(reason, t.pairSteps, t.firstFrame,
                t.firstPair)));
        return new Scan(steps, skipped, convention);
    }

    static Map<Long, Double> masses(RecordingStore store) {
        Map<Long, Double> masses = new HashMap<>();
        for (BodyMetadata body : store.bodies()) {
            if (!body.isEnvironment() && body.mass() != null) {
                masses.put(body.bodyId(), body.mass());
            }
        }
        return masses;
    }

    /** Pairs with a collision or contact row at {@code frame}, as stored (body A, body B). */
    static Set<List<Long>> pairsAt(ContactSeries contacts, long frame) {
        Set<List<Long>> pairs = new LinkedHashSet<>();
        contacts.collisions(frame).forEach(c -> pairs.add(List.of(c.bodyA(), c.bodyB())));
        contacts.constraints(frame).forEach(c -> pairs.add(List.of(c.bodyA(), c.bodyB())));
        pairs.removeIf(p -> p.get(0).equals(p.get(1)));
        return pairs;
    }

    /** The impulse (N·s) that {@code rows} give {@code body} (rows complete: see {@link FrameContacts#complete}). */
    static Vec3 impulseOn(long body, List<Friction> rows, LambdaConvention convention, double dt) {
        Vec3 total = Vec3.ZERO;
        for (Friction row : rows) {
            Vec3 onB = convention.impulseOnB(row, dt);
            total = total.plus(row.bodyB() == body ? onB : onB.times(-1));
        }
        return total;
    }

    /** Pair-steps not checked for one reason, counted without a record per step. */
    private static final class Tally {
        int pairSteps;
        long firstFrame;
        List<Long> firstPair;
    }

    /** Every pair of a frame without two inertial bodies in contact: each has an environment body. */
    private static void skipAll(Map<String, Tally> notChecked, ContactSeries contacts, long frame) {
        List<ContactSeries.Collision> collisions = contacts.collisions(frame);
        if (collisions.isEmpty()) {
            FrameContacts pairs = new FrameContacts(contacts, frame);
            for (int p = 0; p < pairs.size(); p++) {
                skip(notChecked, ENVIRONMENT, frame, pairs, p);
            }
            return;
        }
        Tally t = notChecked.computeIfAbsent(ENVIRONMENT, r -> new Tally());
        if (t.pairSteps == 0) {
            t.firstFrame = frame;
            t.firstPair = List.of(collisions.get(0).bodyA(), collisions.get(0).bodyB());
        }
        t.pairSteps += collisions.size(); // one collision row per colliding pair and frame
    }

    private static void skip(Map<String, Tally> notChecked, String reason, long frame, FrameContacts pairs, int pair) {
        Tally t = notChecked.computeIfAbsent(reason, r -> new Tally());
        if (t.pairSteps++ == 0) {
            t.firstFrame = frame;
            t.firstPair = List.of(pairs.bodyA(pair), pairs.bodyB(pair));
        }
    }
}
