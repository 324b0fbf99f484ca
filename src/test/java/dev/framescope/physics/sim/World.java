package dev.framescope.physics.sim;

import dev.framescope.physics.store.Quat;
import dev.framescope.physics.store.Vec3;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fixture simulator: rigid spheres and flat boxes (which may rest on each other) over a ground plane (z = 0, an
 * environment body), gravity −9.81 z, dt = 16 ms, and MSD-CPP's step order: contacts found at the start of the step,
 * a sequential-impulse solve (restitution with a 0.5 m/s rest threshold, Coulomb friction on an inscribed box
 * |λt_i| ≤ μ/√2·λn), semi-implicit Euler, split-impulse position correction (β 0.2, slop 5 mm, 4 passes; of two
 * stacked boxes only the upper one moves), then the frame is recorded. Friction rows carry λ as forces in newtons
 * (the solved impulse divided by dt, as MSD-CPP documents them) with the impulse λ·dt along +n, +t1, +t2 on body B.
 */
final class World {

    static final double DT = 0.016;
    static final Vec3 GRAVITY = new Vec3(0, 0, -9.81);
    static final long GROUND_ID = 1;
    static final double ENVIRONMENT_RESTITUTION = 0.5;
    static final double ENVIRONMENT_FRICTION = 0.5;
    private static final double REST_VELOCITY = 0.5;
    private static final int MAX_ITERATIONS = 100;
    private static final double TOLERANCE = 1e-6;

    final List<Body> bodies = new ArrayList<>();
    private final RecordingWriter writer;
    private final Fault fault;
    private long nextId = GROUND_ID + 1;
    private long frame;
    private double previousTotalEnergy;
    /** What the simulator itself knows of each recorded frame, for the scenes' ground truth. */
    final List<FrameLog> log = new ArrayList<>();

    record FrameLog(long frame, List<Contact> contacts, double totalEnergy, double deltaEnergy,
                    Map<Long, Vec3> velocities) {
    }

    World(RecordingWriter writer, Fault fault) {
        this.writer = writer;
        this.fault = fault;
    }

    Body addSphere(double radius, double mass, double restitution, double friction, Vec3 position, Vec3 velocity)
            throws SQLException {
        return add(Body.sphere(nextId++, radius, mass, restitution, friction, position, velocity));
    }

    Body addBox(Vec3 halfExtents, double mass, double restitution, double friction, Vec3 position, Vec3 velocity)
            throws SQLException {
        return add(Body.box(nextId++, halfExtents, mass, restitution, friction, position, velocity));
    }

    private Body add(Body body) throws SQLException {
        bodies.add(body);
        writer.body(body.id, body.mass, body.restitution, body.friction, 1);
        return body;
    }

    long frame() {
        return frame;
    }

    void run(int frames) throws SQLException {
        for (int i = 0; i < frames; i++) {
            step();
        }
    }

    void step() throws SQLException {
        frame++;
        Map<Body, Vec3> startVelocity = new LinkedHashMap<>();
        Map<Body, Vec3> startOmega = new LinkedHashMap<>();
        for (Body body : bodies) {
            startVelocity.put(body, body.velocity);
            startOmega.put(body, body.omega);
        }
        List<Contact> contacts = Collisions.detect(bodies);
        fault.contacts(frame, contacts);
        for (Body body : bodies) {
            body.velocity = body.velocity.plus(GRAVITY.times(DT));
        }
        SolverResult solve = solve(contacts);
        fault.afterSolve(frame, contacts);
        contacts.forEach(Contact::keepLeverArms);
        for (Body body : bodies) {
            body.position = body.position.plus(body.velocity.times(DT));
            if (body.shape == Body.Shape.SPHERE) {
                Quat q = body.orientation;
                body.orientation = q.plus(q.rateFromOmega(body.omega).scaled(DT)).normalized();
            }
            // As MSD's split impulse: only contacts found at the start of this step are corrected.
            boolean touchesGround = contacts.stream().anyMatch(c -> c.a == body && c.b == null);
            if (touchesGround && fault.correctsPosition(frame, body)) {
                Collisions.correctGroundPenetration(body);
            }
        }
        Set<List<Long>> stacked = new LinkedHashSet<>();
        for (Contact c : contacts) {
            if (c.b != null && c.a.shape == Body.Shape.BOX && c.b.shape == Body.Shape.BOX
                    && stacked.add(List.of(c.a.id, c.b.id)) && fault.correctsPosition(frame, c.b)) {
                Collisions.correctStackPenetration(c.a, c.b);
            }
        }
        for (Contact c : contacts) {
            if (c.b != null && c.a.shape == Body.Shape.SPHERE && c.b.shape == Body.Shape.SPHERE
                    && Math.abs(c.normal.z()) > 0.7 && fault.correctsPosition(frame, c.b)) {
                Collisions.correctSphereStackPenetration(c.a, c.b);
            }
        }
        fault.afterIntegrate(frame, this);
        record(contacts, solve, startVelocity, startOmega);
    }

    private record SolverResult(int iterations, double residual, boolean converged) {
    }

    private SolverResult solve(List<Contact> contacts) {
        if (contacts.isEmpty()) {
            return new SolverResult(0, 0, false);
        }
        for (Contact c : contacts) {
            double eb = c.b == null ? ENVIRONMENT_RESTITUTION : c.b.restitution;
            double mub = c.b == null ? ENVIRONMENT_FRICTION : c.b.friction;
            c.preNormalVelocity = c.relativeVelocity().dot(c.normal);
            double e = Math.abs(c.preNormalVelocity) < REST_VELOCITY ? 0 : Math.sqrt(c.a.restitution * eb);
            c.restitution = e;
            c.friction = Math.sqrt(c.a.friction * mub);
        }
        double residual = 0;
        int iteration = 0;
        while (iteration < MAX_ITERATIONS) {
            iteration++;
            residual = 0;
            for (Contact c : contacts) {
                if (!fault.solvesNormal(frame, c)) {
                    continue;
                }
                double e = fault.restitution(frame, c, c.restitution);
                double target = c.preNormalVelocity < 0 ? -e * c.preNormalVelocity : 0;
                double u = c.relativeVelocity().dot(c.normal);
                double updated = Math.max(c.normalImpulse + (target - u) * c.effectiveMass(c.normal), 0);
                residual = Math.max(residual, Math.abs(updated - c.normalImpulse));
                c.apply(c.normal, updated - c.normalImpulse);
                c.normalImpulse = updated;
                double limit = fault.frictionLimitScale(frame, c) * c.friction / Math.sqrt(2) * c.normalImpulse;
                double t1 = c.tangent1Impulse;
                double t2 = c.tangent2Impulse;
                c.tangent1Impulse = frictionStep(c, c.tangent1, t1, limit);
                c.tangent2Impulse = frictionStep(c, c.tangent2, t2, limit);
                residual = Math.max(residual,
                        Math.max(Math.abs(c.tangent1Impulse - t1), Math.abs(c.tangent2Impulse - t2)));
            }
            if (residual < TOLERANCE) {
                return new SolverResult(iteration, residual, true);
            }
        }
        return new SolverResult(iteration, residual, false);
    }

    private static double frictionStep(Contact c, Vec3 tangent, double accumulated, double limit) {
        double u = c.relativeVelocity().dot(tangent);
        double updated = Math.max(-limit, Math.min(limit, accumulated - u * c.effectiveMass(tangent)));
        c.apply(tangent, updated - accumulated);
        return updated;
    }

    private void record(List<Contact> contacts, SolverResult solve, Map<Body, Vec3> startVelocity,
                        Map<Body, Vec3> startOmega) throws SQLException {
        writer.frame(frame * DT, 1.7e9 + frame * DT);
        double linear = 0;
        double rotational = 0;
        double potential = 0;
        for (Body body : bodies) {
            Vec3 acceleration = body.velocity.minus(startVelocity.get(body)).times(1 / DT);
            Vec3 stray = fault.strayVelocity(frame, body);
            if (stray != null) {
                body.velocity = body.velocity.plus(stray);
            }
            Vec3 angularAcceleration = body.omega.minus(startOmega.get(body)).times(1 / DT);
            writer.state(frame, body.id, body.position, body.velocity, acceleration, body.orientation,
                    body.orientation.rateFromOmega(body.omega), angularAcceleration);
            double bodyLinear = fault.recordedEnergy(frame, body, 0.5 * body.mass * body.velocity.dot(body.velocity));
            double bodyRotational = fault.recordedEnergy(frame, body, Double.isInfinite(body.inertia) ? 0
                    : 0.5 * body.inertia * body.omega.dot(body.omega));
            double bodyPotential = fault.recordedEnergy(frame, body, -body.mass * GRAVITY.dot(body.position));
            writer.energy(frame, body.id, bodyLinear, bodyRotational, bodyPotential);
            linear += bodyLinear;
            rotational += bodyRotational;
            potential += bodyPotential;
        }
        double total = linear + rotational + potential;
        double delta = total - previousTotalEnergy; // MSD starts previousTotal at 0: frame 1's delta is all of E
        previousTotalEnergy = total;
        Map<Long, Vec3> velocities = new LinkedHashMap<>();
        bodies.forEach(b -> velocities.put(b.id, b.velocity));
        log.add(new FrameLog(frame, List.copyOf(contacts), total, delta, velocities));
        writer.systemEnergy(frame, linear, rotational, potential, delta,
                delta > Math.max(1e-6 * Math.abs(total), 1e-9), !contacts.isEmpty());
        Map<String, List<Contact>> pairs = new LinkedHashMap<>();
        for (Contact c : contacts) {
            pairs.computeIfAbsent(c.a.id + ":" + storedId(c.b), k -> new ArrayList<>()).add(c);
        }
        List<List<Contact>> recorded = new ArrayList<>(pairs.values());
        fault.recordedPairOrder(frame, recorded);
        for (List<Contact> pair : recorded) {
            Contact first = pair.get(0);
            double depth = pair.stream().mapToDouble(c -> c.depth).max().orElse(0);
            writer.collision(frame, first.a.id, storedId(first.b), first.normal, depth,
                    pair.stream().map(c -> new RecordingWriter.Point(c.pointA, c.pointB, c.depth)).toList());
            for (Contact c : pair) {
                writer.contactConstraint(frame, c.a.id, storedId(c.b), c.normal, c.leverA(), c.leverB(), c.depth,
                        c.restitution, c.preNormalVelocity);
                writer.frictionConstraint(frame, c.a.id, storedId(c.b), c.normal, c.tangent1, c.tangent2,
                        c.leverA(), c.leverB(), c.friction, c.normalImpulse / DT, c.tangent1Impulse / DT,
                        c.tangent2Impulse / DT);
            }
        }
        if (contacts.isEmpty()) {
            writer.solver(frame, 0, 0, false, 0, 0); // MSD resets the solver data: "no solve", all zeros
        } else {
            writer.solver(frame, solve.iterations(), solve.residual(), solve.converged(), 3 * contacts.size(),
                    pairs.size());
        }
    }

    static long storedId(Body b) {
        return b == null ? GROUND_ID | RecordingWriter.ENVIRONMENT_FLAG : b.id;
    }
}
