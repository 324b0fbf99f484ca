package dev.framescope.physics.sim;

import dev.framescope.physics.store.Quat;
import dev.framescope.physics.store.Vec3;

/**
 * A rigid body of the fixture simulator: a sphere (isotropic inertia 2/5·m·r²) or a box whose rotation is locked
 * (infinite inertia, so a sliding box stays flat). Mutable state, owned by one {@link World}.
 */
final class Body {

    enum Shape { SPHERE, BOX }

    final long id;
    final Shape shape;
    final double radius;
    final Vec3 halfExtents;
    final double mass;
    final double restitution;
    final double friction;
    final double inertia;
    Vec3 position;
    Vec3 velocity;
    Vec3 omega = Vec3.ZERO;
    Quat orientation = Quat.IDENTITY;

    private Body(long id, Shape shape, double radius, Vec3 halfExtents, double mass, double restitution,
                 double friction, Vec3 position, Vec3 velocity) {
        this.id = id;
        this.shape = shape;
        this.radius = radius;
        this.halfExtents = halfExtents;
        this.mass = mass;
        this.restitution = restitution;
        this.friction = friction;
        this.inertia = shape == Shape.SPHERE ? 0.4 * mass * radius * radius : Double.POSITIVE_INFINITY;
        this.position = position;
        this.velocity = velocity;
    }

    static Body sphere(long id, double radius, double mass, double restitution, double friction, Vec3 position,
                       Vec3 velocity) {
        return new Body(id, Shape.SPHERE, radius, null, mass, restitution, friction, position, velocity);
    }

    static Body box(long id, Vec3 halfExtents, double mass, double restitution, double friction, Vec3 position,
                    Vec3 velocity) {
        return new Body(id, Shape.BOX, 0, halfExtents, mass, restitution, friction, position, velocity);
    }

    double inverseMass() {
        return 1 / mass;
    }

    double inverseInertia() {
        return 1 / inertia;
    }

    /** Velocity of the material point at lever arm {@code r} from the centre of mass. */
    Vec3 pointVelocity(Vec3 r) {
        return velocity.plus(omega.cross(r));
    }

    void applyImpulse(Vec3 impulse, Vec3 r) {
        velocity = velocity.plus(impulse.times(inverseMass()));
        omega = omega.plus(r.cross(impulse).times(inverseInertia()));
    }
}
