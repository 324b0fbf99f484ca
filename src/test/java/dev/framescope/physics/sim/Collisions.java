package dev.framescope.physics.sim;

import dev.framescope.physics.store.Vec3;
import java.util.ArrayList;
import java.util.List;

/**
 * Contact generation for the fixture simulator: sphere–ground, box–ground (bottom corners), sphere–sphere, and
 * box–box for rotation-locked boxes stacked on each other (the corners of the overlap of their faces).
 */
final class Collisions {

    private static final Vec3 DOWN = new Vec3(0, 0, -1);
    private static final Vec3 UP = new Vec3(0, 0, 1);
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
                if (a.shape == Body.Shape.BOX && b.shape == Body.Shape.BOX) {
                    stacked(a, b, contacts);
                    continue;
                }
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

    /**
     * Box {@code b} resting on box {@code a} or the other way round (axis-aligned, rotation locked): one contact per
     * corner of the rectangle where the upper box's bottom face overlaps the lower box's top face, normal from A
     * (the lower id) to B, so +z when A is the lower box.
     */
    private static void stacked(Body a, Body b, List<Contact> contacts) {
        Body lower = a.position.z() <= b.position.z() ? a : b;
        Body upper = lower == a ? b : a;
        double depth = overlap(lower, upper);
        double x0 = Math.max(lower.position.x() - lower.halfExtents.x(), upper.position.x() - upper.halfExtents.x());
        double x1 = Math.min(lower.position.x() + lower.halfExtents.x(), upper.position.x() + upper.halfExtents.x());
        double y0 = Math.max(lower.position.y() - lower.halfExtents.y(), upper.position.y() - upper.halfExtents.y());
        double y1 = Math.min(lower.position.y() + lower.halfExtents.y(), upper.position.y() + upper.halfExtents.y());
        if (!(depth > 0) || depth >= lower.halfExtents.z() + upper.halfExtents.z() || x0 >= x1 || y0 >= y1) {
            return;
        }
        Vec3 normal = lower == a ? UP : DOWN;
        double top = lower.position.z() + lower.halfExtents.z();
        double bottom = upper.position.z() - upper.halfExtents.z();
        for (double x : new double[] {x0, x1}) {
            for (double y : new double[] {y0, y1}) {
                Vec3 onLower = new Vec3(x, y, top);
                Vec3 onUpper = new Vec3(x, y, bottom);
                contacts.add(lower == a ? new Contact(a, b, normal, onLower, onUpper, depth)
                        : new Contact(a, b, normal, onUpper, onLower, depth));
            }
        }
    }

    /** How far the upper box's bottom face is below the lower box's top face. */
    private static double overlap(Body lower, Body upper) {
        return lower.position.z() + lower.halfExtents.z() - (upper.position.z() - upper.halfExtents.z());
    }

    /** As {@link #correctGroundPenetration}, for a box resting on another: only the upper one moves. */
    static void correctStackPenetration(Body a, Body b) {
        Body lower = a.position.z() <= b.position.z() ? a : b;
        Body upper = lower == a ? b : a;
        for (int pass = 0; pass < 4; pass++) {
            double depth = overlap(lower, upper);
            if (depth <= SLOP) {
                return;
            }
            upper.position = upper.position.plus(new Vec3(0, 0, BETA * (depth - SLOP)));
        }
    }

    /**
     * A ball resting on a ball (their normal within ~45° of vertical): the upper one is moved out along the line of
     * their centres, as a box on a box is moved up, so a balanced ball does not stay sunk into the one below.
     */
    static void correctSphereStackPenetration(Body a, Body b) {
        Body lower = a.position.z() <= b.position.z() ? a : b;
        Body upper = lower == a ? b : a;
        for (int pass = 0; pass < 4; pass++) {
            Vec3 apart = upper.position.minus(lower.position);
            double distance = apart.norm();
            double depth = lower.radius + upper.radius - distance;
            if (depth <= SLOP || distance == 0) {
                return;
            }
            upper.position = upper.position.plus(apart.times(BETA * (depth - SLOP) / distance));
        }
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
