package dev.framescope.physics;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Collision, contact-constraint and friction rows of a whole recording, by frame, read once. */
final class ContactSeries {

    record Collision(long frame, long bodyA, long bodyB, Vec3 normal, double depth) {
    }

    record Constraint(long frame, long bodyA, long bodyB, Vec3 normal, Vec3 leverA, Vec3 leverB, double depth,
                      double restitution, double preNormalVelocity) {
    }

    record Friction(long frame, int index, long bodyA, long bodyB, double mu, double normalLambda,
                    double tangent1Lambda, double tangent2Lambda) {
    }

    private final Map<Long, List<Collision>> collisions = new HashMap<>();
    private final Map<Long, List<Constraint>> constraints = new HashMap<>();
    private final Map<Long, List<Friction>> friction = new HashMap<>();

    static ContactSeries read(Connection db, Set<String> tables) throws SQLException {
        ContactSeries series = new ContactSeries();
        if (!tables.contains("Vector3DRecord")) {
            return series;
        }
        Columns vectors = Columns.read(db, "Vector3DRecord", new String[] {"x", "y", "z"}, new String[0]);
        if (tables.contains("CollisionResultRecord")) {
            Columns c = Columns.read(db, "CollisionResultRecord", new String[] {"penetrationDepth"},
                    new String[] {"frame_id", "body_a_id", "body_b_id", "normal_id"});
            for (int id = 1; id < c.size(); id++) {
                long frame = c.integer(0, id);
                if (frame > 0) {
                    series.collisions.computeIfAbsent(frame, k -> new ArrayList<>()).add(new Collision(frame,
                            c.integer(1, id), c.integer(2, id), vectors.vec(c.integer(3, id)), c.real(0, id)));
                }
            }
        }
        if (tables.contains("ContactConstraintRecord")) {
            Columns c = Columns.read(db, "ContactConstraintRecord",
                    new String[] {"penetration_depth", "restitution", "pre_impact_rel_vel_normal"},
                    new String[] {"frame_id", "body_a_id", "body_b_id", "normal_id", "lever_arm_a_id",
                        "lever_arm_b_id"});
            for (int id = 1; id < c.size(); id++) {
                long frame = c.integer(0, id);
                if (frame > 0) {
                    series.constraints.computeIfAbsent(frame, k -> new ArrayList<>()).add(new Constraint(frame,
                            c.integer(1, id), c.integer(2, id), vectors.vec(c.integer(3, id)),
                            vectors.vec(c.integer(4, id)), vectors.vec(c.integer(5, id)), c.real(0, id),
                            c.real(1, id), c.real(2, id)));
                }
            }
        }
        if (tables.contains("FrictionConstraintRecord")) {
            Columns c = Columns.read(db, "FrictionConstraintRecord",
                    new String[] {"friction_coefficient", "normal_lambda", "tangent1_lambda", "tangent2_lambda"},
                    new String[] {"frame_id", "body_a_id", "body_b_id"});
            for (int id = 1; id < c.size(); id++) {
                long frame = c.integer(0, id);
                if (frame > 0) {
                    List<Friction> rows = series.friction.computeIfAbsent(frame, k -> new ArrayList<>());
                    rows.add(new Friction(frame, rows.size(), c.integer(1, id), c.integer(2, id), c.real(0, id),
                            c.real(1, id), c.real(2, id), c.real(3, id)));
                }
            }
        }
        return series;
    }

    List<Collision> collisions(long frame) {
        return collisions.getOrDefault(frame, List.of());
    }

    List<Constraint> constraints(long frame) {
        return constraints.getOrDefault(frame, List.of());
    }

    List<Friction> friction(long frame) {
        return friction.getOrDefault(frame, List.of());
    }
}
