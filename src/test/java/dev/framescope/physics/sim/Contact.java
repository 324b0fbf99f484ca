package dev.framescope.physics.sim;

import dev.framescope.physics.store.Vec3;

/**
 * One contact point between body A and body B (null B = the ground, an environment body), normal from A to B,
 * found at the start of a step. Carries the accumulated impulses of the solve.
 */
final class Contact {

    final Body a;
    final Body b;
    Vec3 normal;
    final Vec3 pointA;
    final Vec3 pointB;
    final double depth;
    Vec3 tangent1;
    Vec3 tangent2;
    double restitution;
    double friction;
    double preNormalVelocity;
    double normalImpulse;
    double tangent1Impulse;
    double tangent2Impulse;
    /** Lever arms of the solve, kept once the step integrates: MSD-CPP records them from step-start positions. */
    private Vec3 solvedLeverA;
    private Vec3 solvedLeverB;

    Contact(Body a, Body b, Vec3 normal, Vec3 pointA, Vec3 pointB, double depth) {
        this.a = a;
        this.b = b;
        this.pointA = pointA;
        this.pointB = pointB;
        this.depth = depth;
        setNormal(normal);
    }

    void setNormal(Vec3 n) {
        normal = n;
        Vec3 helper = Math.abs(n.z()) < 0.9 ? new Vec3(0, 0, 1) : new Vec3(1, 0, 0);
        Vec3 t = n.cross(helper);
        tangent1 = t.times(1 / t.norm());
        tangent2 = n.cross(tangent1);
    }

    Vec3 leverA() {
        return solvedLeverA != null ? solvedLeverA : pointA.minus(a.position);
    }

    Vec3 leverB() {
        return solvedLeverB != null ? solvedLeverB : b == null ? pointB : pointB.minus(b.position);
    }

    /** Fixes the lever arms at the bodies' current (step-start) positions before they move. */
    void keepLeverArms() {
        solvedLeverA = leverA();
        solvedLeverB = leverB();
    }

    /** (v_B + ω_B×r_B − v_A − ω_A×r_A): negative along the normal means approaching. */
    Vec3 relativeVelocity() {
        Vec3 vb = b == null ? Vec3.ZERO : b.pointVelocity(leverB());
        return vb.minus(a.pointVelocity(leverA()));
    }

    /** Impulse along {@code direction}: −P on A, +P on B. */
    void apply(Vec3 direction, double impulse) {
        Vec3 p = direction.times(impulse);
        a.applyImpulse(p.times(-1), leverA());
        if (b != null) {
            b.applyImpulse(p, leverB());
        }
    }

    double effectiveMass(Vec3 direction) {
        Vec3 ra = leverA().cross(direction);
        double k = a.inverseMass() + a.inverseInertia() * ra.dot(ra);
        if (b != null) {
            Vec3 rb = leverB().cross(direction);
            k += b.inverseMass() + b.inverseInertia() * rb.dot(rb);
        }
        return 1 / k;
    }
}
