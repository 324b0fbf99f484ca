package dev.framescope.physics.checks;

import dev.framescope.physics.checks.LambdaConvention.LambdaUnit;
import dev.framescope.physics.store.ContactSeries;
import dev.framescope.physics.store.ContactSeries.Constraint;
import dev.framescope.physics.store.ContactSeries.Friction;
import dev.framescope.physics.store.FrameWindow;
import dev.framescope.physics.store.RecordingSeries.ContactSummary;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.StateSeries;
import dev.framescope.physics.store.StateSeries.State;
import dev.framescope.physics.store.Vec3;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * How much energy the contacts of one step may dissipate, by the models the engine solves (docs/physics.md), so that
 * find_energy_anomalies reports only losses beyond it:
 * <ul>
 * <li>impact: per colliding pair, (1 − e²)·½·m_eff·u⁻² with u⁻ the pair's most negative pre_impact_rel_vel_normal,
 * e that row's recorded effective restitution (0 where not recorded), m_eff the larger of the pair's reduced mass
 * (the inertial body's mass against an environment body) and the effective mass the solve met, P_n / ((1 + e)·|u⁻|)
 * with P_n the pair's normal impulse from its λ rows: a body that is itself supported (a box landing on a box on the
 * floor) stops the incoming one with more than the reduced mass;</li>
 * <li>friction: per friction row μ·|λn|·v_slip·dt (λ a force; μ·|λn|·v_slip for an impulse, see
 * {@link LambdaConvention}), v_slip the larger tangential relative speed at the contact point at the start (frame
 * k−1 states) and the end (frame k states) of the step;</li>
 * <li>integrator: ½·m·g²·dt² per inertial body in contact, the free-fall loss of semi-implicit Euler that a contact
 * step still has;</li>
 * <li>position correction: max(m_A, m_B)·|g|·max(depth − slop, 0) per pair of inertial bodies (correcting a stack
 * may lower the lower body).</li>
 * </ul>
 * Not thread-safe: one per scan.
 */
final class EnergyBounds {

    /** The bound of one frame by term (J) and the term that contributes most. */
    public record Bound(double impactJ, double frictionJ, double integratorJ, double positionCorrectionJ,
                        double totalJ, String dominant) {
        static Bound of(double impact, double friction, double integrator, double position) {
            Map<String, Double> terms = new LinkedHashMap<>();
            terms.put("impact", impact);
            terms.put("friction", friction);
            terms.put("integrator", integrator);
            terms.put("position_correction", position);
            String dominant = terms.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            return new Bound(impact, friction, integrator, position, impact + friction + integrator + position,
                    dominant);
        }
    }

    private final RecordingStore store;
    private final Map<Long, Double> masses;
    private final LambdaUnit unit;
    private final FrameWindow window;
    private LambdaConvention convention;

    /** {@code window}: the contacts and states of every frame {@link #at} is asked for, and of the frame before. */
    EnergyBounds(RecordingStore store, Map<Long, Double> masses, LambdaUnit unit, FrameWindow window) {
        this.store = store;
        this.masses = masses;
        this.unit = unit;
        this.window = window;
    }

    /**
     * The tables the bound's contact terms come from that this recording lacks (friction rows: the friction term and
     * the impulse of an impact; contact rows: the impact term; body states: the slip speed of the friction term, and
     * the λ convention the impulse of an impact is read by). Without them a loss at contact cannot be judged; the
     * terms they feed count 0, so what remains is a lower bound and a loss within it is still expected.
     */
    List<String> missingTables() {
        return Stream.of("ContactConstraintRecord", "FrictionConstraintRecord", store.statesTable())
                .filter(store.missingTables()::contains).toList();
    }


    /** The convention used so far; null when no frame needed λ. */
    LambdaConvention convention() {
        return convention;
    }

    Bound at(long frame, double dt, Set<Long> touching, List<ContactSummary> collisions) {
        ContactSeries contacts = window.contacts();
        double integrator = 0;
        for (long body : touching) {
            integrator += 0.5 * masses.getOrDefault(body, 0.0) * EnergyChecks.G * EnergyChecks.G * dt * dt;
        }
        double position = 0;
        for (ContactSummary c : collisions) {
            if (((c.bodyAId() | c.bodyBId()) & RecordingStore.ENVIRONMENT_FLAG) == 0
                    && Double.isFinite(c.penetrationDepth())) {
                double heavier = Math.max(masses.getOrDefault(c.bodyAId(), 0.0), masses.getOrDefault(c.bodyBId(),
                        0.0));
                position += heavier * EnergyChecks.G * Math.max(c.penetrationDepth() - EnergyChecks.SLOP_M, 0);
            }
        }
        double impact = 0;
        for (List<Long> pair : MomentumChecks.pairsAt(contacts, frame)) {
            impact += impact(contacts, pair, frame, dt);
        }
        double friction = 0;
        for (Friction row : store.hasStates() ? contacts.friction(frame) : List.<Friction>of()) {
            if (Double.isFinite(row.mu()) && Double.isFinite(row.normalLambda())) {
                friction += row.mu() * Math.abs(lambdaImpulse(row.normalLambda(), dt)) * slip(row, frame);
            }
        }
        return Bound.of(impact, friction, integrator, position);
    }

    private double impact(ContactSeries contacts, List<Long> pair, long frame, double dt) {
        Constraint worst = null;
        for (Constraint c : contacts.constraints(frame)) {
            if (c.bodyA() == pair.get(0) && c.bodyB() == pair.get(1) && c.preNormalVelocity() < 0
                    && (worst == null || c.preNormalVelocity() < worst.preNormalVelocity())) {
                worst = c;
            }
        }
        if (worst == null) {
            return 0;
        }
        double e = Double.isFinite(worst.restitution()) ? worst.restitution() : 0;
        double u = worst.preNormalVelocity();
        double normalImpulse = 0;
        for (Friction row : store.hasStates() ? contacts.friction(frame) : List.<Friction>of()) {
            if (row.bodyA() == pair.get(0) && row.bodyB() == pair.get(1) && Double.isFinite(row.normalLambda())) {
                normalImpulse += Math.abs(lambdaImpulse(row.normalLambda(), dt));
            }
        }
        double effective = Math.max(reducedMass(pair), normalImpulse / ((1 + e) * Math.abs(u)));
        return (1 - e * e) * 0.5 * effective * u * u;
    }

    private double reducedMass(List<Long> pair) {
        Double a = masses.get(pair.get(0));
        Double b = masses.get(pair.get(1));
        if (a == null || b == null) {
            return a != null ? a : b != null ? b : 0;
        }
        return a * b / (a + b);
    }

    private double lambdaImpulse(double lambda, double dt) {
        if (convention == null) {
            convention = LambdaConvention.of(store, unit);
        }
        return convention.impulseOf(lambda, dt);
    }

    /** The larger tangential relative speed at the contact at the start and at the end of the step. */
    private double slip(Friction row, long frame) {
        StateSeries states = window.states();
        return Math.max(tangentialSpeed(row, states, frame - 1), tangentialSpeed(row, states, frame));
    }

    private static double tangentialSpeed(Friction row, StateSeries states, long frame) {
        Constraint c = row.contact();
        Vec3 leverA = c == null ? Vec3.ZERO : c.leverA();
        Vec3 leverB = c == null ? Vec3.ZERO : c.leverB();
        Vec3 relative = pointVelocity(states.at(row.bodyB(), frame), leverB)
                .minus(pointVelocity(states.at(row.bodyA(), frame), leverA));
        if (c == null || !c.normal().isFinite()) {
            return finiteOrZero(relative.norm()); // unpaired row: the whole relative speed bounds the tangential one
        }
        return finiteOrZero(relative.minus(c.normal().times(relative.dot(c.normal()))).norm());
    }

    private static Vec3 pointVelocity(State state, Vec3 lever) {
        if (state == null) {
            return Vec3.ZERO; // an environment body, at rest
        }
        Vec3 r = lever.isFinite() ? lever : Vec3.ZERO;
        return state.velocity().plus(state.omega().isFinite() ? state.omega().cross(r) : Vec3.ZERO);
    }

    private static double finiteOrZero(double v) {
        return Double.isFinite(v) ? v : 0;
    }
}
