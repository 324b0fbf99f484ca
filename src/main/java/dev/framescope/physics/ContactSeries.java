package dev.framescope.physics;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
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

    /**
     * A friction row. {@code contact} is the contact row it was written with (MSD-CPP writes them interleaved, so
     * the k-th friction row of a pair in a frame belongs to the pair's k-th contact row), null when they do not
     * pair up. The tangents are read only where a tangential λ is not zero (else null: they carry no impulse), so
     * a whole-recording read does not join the vector pool five more times.
     */
    record Friction(long frame, int index, long bodyA, long bodyB, double mu, double normalLambda,
                    double tangent1Lambda, double tangent2Lambda, Vec3 tangent1, Vec3 tangent2, Constraint contact) {

        boolean hasTangentialLambda() {
            return tangent1Lambda != 0 || tangent2Lambda != 0;
        }
    }

    private final Map<Long, List<Collision>> collisions = new HashMap<>();
    private final Map<Long, List<Constraint>> constraints = new HashMap<>();
    private final Map<Long, List<Friction>> friction = new HashMap<>();
    private final Map<Long, Set<Long>> inertialInContact = new HashMap<>();
    private final Map<List<Long>, Map<Long, Collision>> byPair = new LinkedHashMap<>();
    private final Set<Long> framesWithFreePairs = new HashSet<>();
    private final Map<Long, BitSet> contactFramesByBody = new HashMap<>();

    /** Joins fetch only the vectors the checks use; see {@link StateSeries#read} for why joins. */
    static ContactSeries read(Connection db, Set<String> tables) throws SQLException {
        ContactSeries series = new ContactSeries();
        if (!tables.contains("Vector3DRecord")) {
            return series;
        }
        if (tables.contains("CollisionResultRecord")) {
            query(db, """
                    SELECT c.frame_id, c.body_a_id, c.body_b_id, n.x, n.y, n.z, c.penetrationDepth
                    FROM CollisionResultRecord c JOIN Vector3DRecord n ON c.normal_id = n.id ORDER BY c.id""", rs -> {
                Collision collision = new Collision(rs.getLong(1), rs.getLong(2), rs.getLong(3), vec(rs, 4),
                        RecordingStore.real(rs, 7));
                series.collisions.computeIfAbsent(collision.frame(), k -> new ArrayList<>()).add(collision);
                series.index(collision);
            });
        }
        if (tables.contains("ContactConstraintRecord")) {
            query(db, """
                    SELECT c.frame_id, c.body_a_id, c.body_b_id, n.x, n.y, n.z, la.x, la.y, la.z, lb.x, lb.y, lb.z,
                           c.penetration_depth, c.restitution, c.pre_impact_rel_vel_normal
                    FROM ContactConstraintRecord c
                    JOIN Vector3DRecord n ON c.normal_id = n.id
                    LEFT JOIN Vector3DRecord la ON c.lever_arm_a_id = la.id
                    LEFT JOIN Vector3DRecord lb ON c.lever_arm_b_id = lb.id ORDER BY c.id""", rs -> {
                long frame = rs.getLong(1);
                series.constraints.computeIfAbsent(frame, k -> new ArrayList<>()).add(new Constraint(frame,
                        rs.getLong(2), rs.getLong(3), vec(rs, 4), vec(rs, 7), vec(rs, 10), RecordingStore.real(rs, 13),
                        RecordingStore.real(rs, 14), RecordingStore.real(rs, 15)));
            });
        }
        if (tables.contains("FrictionConstraintRecord")) {
            series.readFriction(db);
        }
        return series;
    }

    private record FrictionRow(long frame, long bodyA, long bodyB, double mu, double normalLambda,
                               double tangent1Lambda, double tangent2Lambda, long tangent1Id, long tangent2Id) {
    }

    private void readFriction(Connection db) throws SQLException {
        List<FrictionRow> rows = new ArrayList<>();
        query(db, """
                SELECT frame_id, body_a_id, body_b_id, friction_coefficient, normal_lambda, tangent1_lambda,
                       tangent2_lambda, tangent1_id, tangent2_id FROM FrictionConstraintRecord ORDER BY id""", rs ->
                rows.add(new FrictionRow(rs.getLong(1), rs.getLong(2), rs.getLong(3), RecordingStore.real(rs, 4),
                        RecordingStore.real(rs, 5), RecordingStore.real(rs, 6), RecordingStore.real(rs, 7),
                        rs.getLong(8), rs.getLong(9))));
        Set<Long> wanted = new HashSet<>();
        for (FrictionRow row : rows) {
            if (row.tangent1Lambda() != 0 || row.tangent2Lambda() != 0) {
                wanted.add(row.tangent1Id());
                wanted.add(row.tangent2Id());
            }
        }
        Map<Long, Vec3> vectors = vectors(db, wanted);
        Map<Long, Map<List<Long>, Integer>> seen = new HashMap<>();
        for (FrictionRow row : rows) {
            List<Friction> frameRows = friction.computeIfAbsent(row.frame(), k -> new ArrayList<>());
            int k = seen.computeIfAbsent(row.frame(), f -> new HashMap<>())
                    .merge(List.of(row.bodyA(), row.bodyB()), 1, Integer::sum) - 1;
            frameRows.add(new Friction(row.frame(), frameRows.size(), row.bodyA(), row.bodyB(), row.mu(),
                    row.normalLambda(), row.tangent1Lambda(), row.tangent2Lambda(), vectors.get(row.tangent1Id()),
                    vectors.get(row.tangent2Id()), nthContact(row.frame(), row.bodyA(), row.bodyB(), k)));
        }
    }

    private Constraint nthContact(long frame, long a, long b, int k) {
        int seen = 0;
        for (Constraint c : constraints(frame)) {
            if (c.bodyA() == a && c.bodyB() == b && seen++ == k) {
                return c;
            }
        }
        return null;
    }

    /** Vectors of the pool by id, in chunks so the statement stays within SQLite's limits. */
    private static Map<Long, Vec3> vectors(Connection db, Set<Long> ids) throws SQLException {
        Map<Long, Vec3> vectors = new HashMap<>();
        List<Long> all = new ArrayList<>(ids);
        for (int i = 0; i < all.size(); i += 500) {
            StringBuilder in = new StringBuilder();
            for (long id : all.subList(i, Math.min(all.size(), i + 500))) {
                in.append(in.isEmpty() ? "" : ",").append(id);
            }
            query(db, "SELECT id, x, y, z FROM Vector3DRecord WHERE id IN (" + in + ")",
                    rs -> vectors.put(rs.getLong(1), vec(rs, 2)));
        }
        return vectors;
    }

    @FunctionalInterface
    private interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    private static void query(Connection db, String sql, RowReader reader) throws SQLException {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                reader.read(rs);
            }
        }
    }

    private static Vec3 vec(ResultSet rs, int first) throws SQLException {
        return new Vec3(RecordingStore.real(rs, first), RecordingStore.real(rs, first + 1),
                RecordingStore.real(rs, first + 2));
    }

    /** Indexes a collision by frame (inertial bodies in contact) and by pair, for whole-recording scans. */
    private void index(Collision c) {
        Set<Long> touching = inertialInContact.computeIfAbsent(c.frame(), k -> new HashSet<>());
        for (long id : new long[] {c.bodyA(), c.bodyB()}) {
            if ((id & RecordingStore.ENVIRONMENT_FLAG) == 0) {
                touching.add(id);
                contactFramesByBody.computeIfAbsent(id, k -> new BitSet()).set((int) c.frame());
            }
        }
        byPair.computeIfAbsent(List.of(c.bodyA(), c.bodyB()), k -> new HashMap<>()).put(c.frame(), c);
        if (((c.bodyA() | c.bodyB()) & RecordingStore.ENVIRONMENT_FLAG) == 0) {
            framesWithFreePairs.add(c.frame());
        }
    }

    /** Inertial bodies (environment ids, bit 31, excluded) with a collision row at {@code frame}. */
    Set<Long> inertialInContact(long frame) {
        return inertialInContact.getOrDefault(frame, Set.of());
    }

    /** Whether inertial {@code body} has a collision row at {@code frame}. */
    boolean inContact(long body, long frame) {
        BitSet frames = contactFramesByBody.get(body);
        return frames != null && frames.get((int) frame);
    }

    /** Every pair that ever collides, in the order stored (body A, body B). */
    Set<List<Long>> pairs() {
        return byPair.keySet();
    }

    /** Every collision of the pair in either stored order, ascending by frame (one per frame). */
    List<Collision> pairCollisions(long a, long b) {
        List<Collision> all = new ArrayList<>(byPair.getOrDefault(List.of(a, b), Map.of()).values());
        if (a != b) {
            all.addAll(byPair.getOrDefault(List.of(b, a), Map.of()).values());
        }
        all.sort((x, y) -> Long.compare(x.frame(), y.frame()));
        return all;
    }

    /** Frames where two inertial (free) bodies collide. */
    Set<Long> framesWithFreePairs() {
        return framesWithFreePairs;
    }

    /** The collision of the pair at a frame as stored, in either order; null when not in contact. */
    Collision pairAt(long a, long b, long frame) {
        Collision c = byPair.getOrDefault(List.of(a, b), Map.of()).get(frame);
        return c != null ? c : byPair.getOrDefault(List.of(b, a), Map.of()).get(frame);
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
