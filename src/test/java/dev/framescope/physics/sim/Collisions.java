package dev.framescope.physics.sim;

import dev.framescope.physics.Vec3;
import java.util.ArrayList;
import java.util.List;

/** Contact generation for the fixture simulator: sphere–ground, box–ground (bottom corners), sphere–sphere. */
final class Collisions {

    private static final Vec3 DOWN = new Vec3(0, 0, -1);
    private static final double SLOP = 0.005;
    private static final double BETA = 0.2;

    private Collisions() {
    }

    /** Overlapping contacts (depth > 0) at the current positions, normals from A (lower id) to B. */
    static List<Contact> detect(List<Body> bodies) {
        List<Contact> contacts = new ArrayList<>();
        for (Body body : bodies) {
            if (body.shape == Body.Shape.SPHERE) {
                double depth = body.radius - body.position.z();
                if (depth > 0) {
                    Vec3 onA = body.position.plus(DOWN.times(body.radius));
                    contacts.add(new Contact(body, null, DOWN, onA, new Vec3(onA.x(), onA.y(), 0), depth));
                }
            } else {
                Vec3 h = body.halfExtents;
                double depth = h.z() - body.position.z();
                if (depth > 0) {
                    for (int sx = -1; sx <= 1; sx += 2) {
                        for (int sy = -1; sy <= 1; sy += 2) {
                            Vec3 corner = body.position.plus(new Vec3(sx * h.x(), sy * h.y(), -h.z()));
                            contacts.add(new Contact(body, null, DOWN, corner,
                                    new Vec3(corner.x(), corner.y(), 0), depth));
                        }
                    }
                }
            }
        }
        for (int i = 0; i < bodies.size(); i++) {
            for (int j = i + 1; j < bodies.size(); j++) {
                Body a = bodies.get(i);
                Body b = bodies.get(j);
                if (a.shape != Body.Shape.SPHERE || b.shape != Body.Shape.SPHERE) {
                    continue;
                }
                Vec3 d = b.position.minus(a.position);
                double distance = d.norm();
                double depth = a.radius + b.radius - distance;
                if (depth > 0 && distance > 0) {
                    Vec3 n = d.times(1 / distance);
                    contacts.add(new Contact(a, b, n, a.position.plus(n.times(a.radius)),
                            b.position.minus(n.times(b.radius)), depth));
                }
            }
        }
        return contacts;
    }

    /** Split-impulse style: moves the body out of the ground without touching its velocity (adds no KE). */
    static void correctGroundPenetration(Body body) {
        double bottom = body.shape == Body.Shape.SPHERE ? body.radius : body.halfExtents.z();
        for (int pass = 0; pass < 4; pass++) {
            double depth = bottom - body.position.z();
            if (depth <= SLOP) {
                return;
            }
            body.position = body.position.plus(new Vec3(0, 0, BETA * (depth - SLOP)));
        }
    }
}
