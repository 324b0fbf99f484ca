package dev.framescope.physics.store;

import dev.framescope.physics.store.PhysicsModel.BodyState;
import dev.framescope.physics.store.PhysicsModel.CollisionInfo;
import dev.framescope.physics.store.PhysicsModel.ContactConstraintInfo;
import dev.framescope.physics.store.PhysicsModel.ContactPoint;
import dev.framescope.physics.store.PhysicsModel.FrictionConstraintInfo;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows one frame has in each table, read on the store's connection within the row-id range the frame was written
 * in ({@link FrameIndex.Range}). Each query is prepared once per connection: SQLite plans these joins again on every
 * prepare, and that was ~40% of what a frame call spent reading. Values are read as {@link TableScan} reads them, one
 * native call each where plain JDBC makes three. Not thread-safe: the store calls it under its lock.
 */
final class FrameRows implements AutoCloseable {

    private static final String COLLISIONS = """
            SELECT c.id, c.body_a_id, c.body_b_id, n.x, n.y, n.z, c.penetrationDepth
            FROM CollisionResultRecord c JOIN Vector3DRecord n ON c.normal_id = n.id
            WHERE c.id BETWEEN ? AND ? AND c.frame_id = ? ORDER BY c.id""";
    private static final String CONTACT_POINTS = """
            SELECT j.CollisionResultRecord_id, pa.x, pa.y, pa.z, pb.x, pb.y, pb.z, cp.depth
            FROM CollisionResultRecord_ContactPointRecord j
            JOIN ContactPointRecord cp ON j.ContactPointRecord_id = cp.id
            JOIN CoordinateRecord pa ON cp.pointA_id = pa.id
            JOIN CoordinateRecord pb ON cp.pointB_id = pb.id
            WHERE j.rowid BETWEEN ? AND ? ORDER BY j.rowid""";
    private static final String FRICTION = """
            SELECT f.body_a_id, f.body_b_id, n.x, n.y, n.z, t1.x, t1.y, t1.z, t2.x, t2.y, t2.z,
                   la.x, la.y, la.z, lb.x, lb.y, lb.z,
                   f.friction_coefficient, f.normal_lambda, f.tangent1_lambda, f.tangent2_lambda
            FROM FrictionConstraintRecord f
            JOIN Vector3DRecord n ON f.normal_id = n.id
            JOIN Vector3DRecord t1 ON f.tangent1_id = t1.id
            JOIN Vector3DRecord t2 ON f.tangent2_id = t2.id
            LEFT JOIN Vector3DRecord la ON f.lever_arm_a_id = la.id
            LEFT JOIN Vector3DRecord lb ON f.lever_arm_b_id = lb.id
            WHERE f.id BETWEEN ? AND ? AND f.frame_id = ? ORDER BY f.id""";
    private static final String CONTACT_CONSTRAINTS = """
            SELECT c.body_a_id, c.body_b_id, n.x, n.y, n.z, la.x, la.y, la.z, lb.x, lb.y, lb.z,
                   c.penetration_depth, c.restitution, c.pre_impact_rel_vel_normal
            FROM ContactConstraintRecord c
            JOIN Vector3DRecord n ON c.normal_id = n.id
            LEFT JOIN Vector3DRecord la ON c.lever_arm_a_id = la.id
            LEFT JOIN Vector3DRecord lb ON c.lever_arm_b_id = lb.id
            WHERE c.id BETWEEN ? AND ? AND c.frame_id = ? ORDER BY c.id""";

    @FunctionalInterface
    private interface RowOf<T> {
        T read(TableScan.Row row) throws SQLException;
    }

    private final Connection db;
    private final String states;
    private final Map<String, PreparedStatement> prepared = new HashMap<>();

    FrameRows(Connection db, boolean legacyStates) {
        this.db = db;
        String owner = legacyStates ? "isr" : "adr";
        this.states = StateSeries.join(legacyStates) + " WHERE " + owner + ".id BETWEEN ? AND ? AND " + owner
                + ".frame_id = ? ORDER BY " + owner + ".id";
    }

    List<BodyState> states(FrameIndex.Range range, long frame) throws SQLException {
        return rows(states, range, frame, row -> {
            Quat q = new Quat(row.real(12), row.real(13), row.real(14), row.real(15));
            Quat rate = new Quat(row.real(19), row.real(16), row.real(17), row.real(18)); // stored x, y, z, w
            return new BodyState(row.integer(1), row.integer(2), vec(row, 3), vec(row, 6), vec(row, 9), q,
                    q.omegaFromRate(rate));
        });
    }

    /** The contact points in junction rows {@code rows} (null: none), by collision id. */
    Map<Long, List<ContactPoint>> contactPoints(FrameIndex.Range rows) throws SQLException {
        Map<Long, List<ContactPoint>> points = new LinkedHashMap<>();
        if (rows == null) {
            return points;
        }
        PreparedStatement st = statement(CONTACT_POINTS);
        st.setLong(1, rows.firstId());
        st.setLong(2, rows.lastId());
        TableScan.each(st, row -> points.computeIfAbsent(row.integer(1), k -> new ArrayList<>())
                .add(new ContactPoint(vec(row, 2), vec(row, 5), row.real(8))));
        return points;
    }

    List<CollisionInfo> collisions(FrameIndex.Range range, long frame, Map<Long, List<ContactPoint>> points)
            throws SQLException {
        return rows(COLLISIONS, range, frame, row -> new CollisionInfo(row.integer(2), row.integer(3), vec(row, 4),
                row.real(7), points.getOrDefault(row.integer(1), List.of())));
    }

    List<FrictionConstraintInfo> friction(FrameIndex.Range range, long frame) throws SQLException {
        return rows(FRICTION, range, frame, row -> new FrictionConstraintInfo(row.integer(1), row.integer(2),
                vec(row, 3), vec(row, 6), vec(row, 9), vec(row, 12), vec(row, 15), row.real(18), row.real(19),
                row.real(20), row.real(21)));
    }

    List<ContactConstraintInfo> contactConstraints(FrameIndex.Range range, long frame) throws SQLException {
        return rows(CONTACT_CONSTRAINTS, range, frame, row -> new ContactConstraintInfo(row.integer(1),
                row.integer(2), vec(row, 3), vec(row, 6), vec(row, 9), row.real(12), row.real(13), row.real(14)));
    }

    private <T> List<T> rows(String sql, FrameIndex.Range range, long frame, RowOf<T> rowOf) throws SQLException {
        PreparedStatement st = statement(sql);
        // The recorder writes a frame's rows one after another, so the id range is tight; the frame_id test keeps
        // the answer right even for a file whose rows interleave.
        st.setLong(1, range.firstId());
        st.setLong(2, range.lastId());
        st.setLong(3, frame);
        List<T> rows = new ArrayList<>();
        TableScan.each(st, row -> rows.add(rowOf.read(row)));
        return rows;
    }

    private PreparedStatement statement(String sql) throws SQLException {
        PreparedStatement st = prepared.get(sql);
        if (st == null) {
            st = db.prepareStatement(sql);
            prepared.put(sql, st);
        }
        return st;
    }

    private static Vec3 vec(TableScan.Row row, int first) throws SQLException {
        return new Vec3(row.real(first), row.real(first + 1), row.real(first + 2));
    }

    @Override
    public void close() {
        for (PreparedStatement st : prepared.values()) {
            try {
                st.close();
            } catch (SQLException e) {
                // closing a read-only statement cannot lose data
            }
        }
        prepared.clear();
    }
}
