package dev.framescope.physics.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collision, contact-constraint and friction rows of a whole recording, by frame and by pair, read once and held as
 * columns ({@link ContactRows}); the records below are views built on access.
 */
public final class ContactSeries {

    public record Collision(long frame, long bodyA, long bodyB, Vec3 normal, double depth) {
    }

    public record Constraint(long frame, long bodyA, long bodyB, Vec3 normal, Vec3 leverA, Vec3 leverB, double depth,
                      double restitution, double preNormalVelocity) {
    }

    /**
     * A friction row. {@code contact} is the contact row it was written with (MSD-CPP writes them interleaved, so
     * the k-th friction row of a pair in a frame belongs to the pair's k-th contact row), null when they do not
     * pair up. The tangents are read only where a tangential λ is not zero (else null: they carry no impulse).
     */
    public record Friction(long frame, int index, long bodyA, long bodyB, double mu, double normalLambda,
                    double tangent1Lambda, double tangent2Lambda, Vec3 tangent1, Vec3 tangent2, Constraint contact) {

        public boolean hasTangentialLambda() {
            return tangent1Lambda != 0 || tangent2Lambda != 0;
        }
    }

    /** Joins fetch only the vectors the checks use; see {@link StateSeries#read} for why joins. */
    private static final String COLLISIONS_FROM = """
            SELECT c.frame_id, c.body_a_id, c.body_b_id, c.id, n.x, n.y, n.z, c.penetrationDepth
            FROM CollisionResultRecord c JOIN Vector3DRecord n ON c.normal_id = n.id""";
    private static final String CONSTRAINTS_FROM = """
            SELECT c.frame_id, c.body_a_id, c.body_b_id, c.id, n.x, n.y, n.z, la.x, la.y, la.z, lb.x, lb.y, lb.z,
                   c.penetration_depth, c.restitution, c.pre_impact_rel_vel_normal
            FROM ContactConstraintRecord c
            JOIN Vector3DRecord n ON c.normal_id = n.id
            LEFT JOIN Vector3DRecord la ON c.lever_arm_a_id = la.id
            LEFT JOIN Vector3DRecord lb ON c.lever_arm_b_id = lb.id""";
    /**
     * Friction rows with their tangent vectors' ids in the first slot of each tangent (the other two NULL); {@link
     * #readFriction} puts the vectors there, for rows with a tangential λ only.
     */
    private static final String FRICTION_FROM = """
            SELECT c.frame_id, c.body_a_id, c.body_b_id, c.id, c.friction_coefficient, c.normal_lambda,
                   c.tangent1_lambda, c.tangent2_lambda, c.tangent1_id, NULL, NULL, c.tangent2_id, NULL, NULL
            FROM FrictionConstraintRecord c""";
    private static final String ORDERED = " ORDER BY c.id";
    /** The rows of one row-id range and one frame range: four parameters, bound per range by {@link FrameWindow}. */
    private static final String WITHIN = " WHERE c.id BETWEEN ? AND ? AND c.frame_id BETWEEN ? AND ?" + ORDERED;
    static final String COLLISIONS = COLLISIONS_FROM + ORDERED;
    static final String CONSTRAINTS = CONSTRAINTS_FROM + ORDERED;
    static final String FRICTION = FRICTION_FROM + ORDERED;

    private final ContactRows collisions;
    private final ContactRows constraints;
    private final ContactRows friction;
    /** Collision rows of each pair as stored (body A, body B), ascending by frame. */
    private final Map<List<Long>, int[]> byPair = new LinkedHashMap<>();
    private final Set<Long> framesWithFreePairs = new HashSet<>();
    private final Map<Long, BitSet> contactFramesByBody = new HashMap<>();

    ContactSeries(ContactRows collisions, ContactRows constraints, ContactRows friction) {
        this.collisions = collisions;
        this.constraints = constraints;
        this.friction = friction;
        Map<List<Long>, List<Integer>> pairs = new LinkedHashMap<>();
        for (int row = 0; row < collisions.size(); row++) {
            long a = collisions.bodyA(row);
            long b = collisions.bodyB(row);
            List<Integer> rows = pairs.computeIfAbsent(List.of(a, b), k -> new ArrayList<>());
            if (!rows.isEmpty() && collisions.frame(rows.get(rows.size() - 1)) == collisions.frame(row)) {
                rows.remove(rows.size() - 1); // one row per pair and frame: the last stored, as a map by frame kept
            }
            rows.add(row);
            for (long id : new long[] {a, b}) {
                if ((id & RecordingStore.ENVIRONMENT_FLAG) == 0) {
                    contactFramesByBody.computeIfAbsent(id, k -> new BitSet()).set((int) collisions.frame(row));
                }
            }
            if (((a | b) & RecordingStore.ENVIRONMENT_FLAG) == 0) {
                framesWithFreePairs.add(collisions.frame(row));
            }
        }
        pairs.forEach((pair, rows) -> byPair.put(pair, rows.stream().mapToInt(Integer::intValue).toArray()));
    }

    /** The collision rows (frame, bodies, normal, depth), with a capacity hint of {@code rows}. */
    static ContactRows readCollisions(Connection db, int frameCount, int rows, FrameIndex.Builder index)
            throws SQLException {
        return ContactRows.read(db, COLLISIONS, 4, frameCount, rows, index);
    }

    static ContactRows readConstraints(Connection db, int frameCount, int rows, FrameIndex.Builder index)
            throws SQLException {
        return ContactRows.read(db, CONSTRAINTS, 12, frameCount, rows, index);
    }

    static ContactRows readFriction(Connection db, int frameCount, int rows, FrameIndex.Builder index)
            throws SQLException {
        ContactRows friction = ContactRows.read(db, FRICTION, 10, frameCount, rows, index);
        readTangents(db, friction);
        return friction;
    }

    /** The collision rows of some frames: {@code ranges} as {@link ContactRows#read(Connection, String, int, int, List)}. */
    static ContactRows readCollisions(Connection db, int frameCount, List<long[]> ranges) throws SQLException {
        return ContactRows.read(db, COLLISIONS_FROM + WITHIN, 4, frameCount, ranges);
    }

    static ContactRows readConstraints(Connection db, int frameCount, List<long[]> ranges) throws SQLException {
        return ContactRows.read(db, CONSTRAINTS_FROM + WITHIN, 12, frameCount, ranges);
    }

    static ContactRows readFriction(Connection db, int frameCount, List<long[]> ranges) throws SQLException {
        ContactRows friction = ContactRows.read(db, FRICTION_FROM + WITHIN, 10, frameCount, ranges);
        readTangents(db, friction);
        return friction;
    }

    /**
     * Replaces each row's tangent ids by the vectors, only where a tangential λ is not zero (elsewhere the tangents
     * carry no impulse and stay NaN, read as null): joining the vector pool twice more for every row would cost a
     * whole-recording read a fifth more, for rows that are mostly at rest.
     */
    private static void readTangents(Connection db, ContactRows friction) throws SQLException {
        Map<Long, Vec3> vectors = new HashMap<>();
        for (int row = 0; row < friction.size(); row++) {
            boolean tangential = friction.value(row, 2) != 0 || friction.value(row, 3) != 0;
            for (int slot : new int[] {4, 7}) {
                double id = friction.value(row, slot);
                if (tangential && !Double.isNaN(id)) {
                    vectors.put((long) id, null);
                }
            }
        }
        List<Long> ids = new ArrayList<>(vectors.keySet());
        for (int i = 0; i < ids.size(); i += 500) { // within SQLite's limit on an IN list
            StringBuilder in = new StringBuilder();
            for (long id : ids.subList(i, Math.min(ids.size(), i + 500))) {
                in.append(in.isEmpty() ? "" : ",").append(id);
            }
            TableScan.each(db, "SELECT id, x, y, z FROM Vector3DRecord WHERE id IN (" + in + ")",
                    r -> vectors.put(r.integer(1), new Vec3(r.real(2), r.real(3), r.real(4))));
        }
        for (int row = 0; row < friction.size(); row++) {
            boolean tangential = friction.value(row, 2) != 0 || friction.value(row, 3) != 0;
            for (int slot : new int[] {4, 7}) {
                double id = friction.value(row, slot);
                Vec3 v = tangential && !Double.isNaN(id) ? vectors.get((long) id) : null;
                friction.set(row, slot, v == null ? Double.NaN : v.x());
                friction.set(row, slot + 1, v == null ? Double.NaN : v.y());
                friction.set(row, slot + 2, v == null ? Double.NaN : v.z());
            }
        }
    }

    /** Inertial bodies (environment ids, bit 31, excluded) with a collision row at {@code frame}. */
    public Set<Long> inertialInContact(long frame) {
        Set<Long> touching = new HashSet<>();
        for (int row = collisions.start(frame); row < collisions.end(frame); row++) {
            for (long id : new long[] {collisions.bodyA(row), collisions.bodyB(row)}) {
                if ((id & RecordingStore.ENVIRONMENT_FLAG) == 0) {
                    touching.add(id);
                }
            }
        }
        return touching;
    }

    /** Whether inertial {@code body} has a collision row at {@code frame}. */
    public boolean inContact(long body, long frame) {
        BitSet frames = contactFramesByBody.get(body);
        return frames != null && frame >= 0 && frame <= Integer.MAX_VALUE && frames.get((int) frame);
    }

    /** Every pair that ever collides, in the order stored (body A, body B). */
    public Set<List<Long>> pairs() {
        return Collections.unmodifiableSet(byPair.keySet());
    }

    /** Every collision of the pair in either stored order, ascending by frame. */
    public List<Collision> pairCollisions(long a, long b) {
        List<Collision> all = new ArrayList<>();
        for (int row : byPair.getOrDefault(List.of(a, b), new int[0])) {
            all.add(collision(row));
        }
        if (a != b) {
            for (int row : byPair.getOrDefault(List.of(b, a), new int[0])) {
                all.add(collision(row));
            }
            all.sort((x, y) -> Long.compare(x.frame(), y.frame()));
        }
        return all;
    }

    /** Frames where two inertial (free) bodies collide. */
    Set<Long> framesWithFreePairs() {
        return Collections.unmodifiableSet(framesWithFreePairs);
    }

    /** The collision of the pair at a frame as stored (A, B) first, else (B, A); null when not in contact. */
    Collision pairAt(long a, long b, long frame) {
        int stored = -1;
        int reversed = -1;
        for (int row = collisions.start(frame); row < collisions.end(frame); row++) {
            if (collisions.bodyA(row) == a && collisions.bodyB(row) == b) {
                stored = row;
            } else if (collisions.bodyA(row) == b && collisions.bodyB(row) == a) {
                reversed = row;
            }
        }
        int found = stored >= 0 ? stored : reversed;
        return found < 0 ? null : collision(found);
    }

    public List<Collision> collisions(long frame) {
        List<Collision> rows = new ArrayList<>(collisions.end(frame) - collisions.start(frame));
        for (int row = collisions.start(frame); row < collisions.end(frame); row++) {
            rows.add(collision(row));
        }
        return rows;
    }

    public List<Constraint> constraints(long frame) {
        List<Constraint> rows = new ArrayList<>(constraints.end(frame) - constraints.start(frame));
        for (int row = constraints.start(frame); row < constraints.end(frame); row++) {
            rows.add(new Constraint(constraints.frame(row), constraints.bodyA(row), constraints.bodyB(row),
                    constraints.vec(row, 0), constraints.vec(row, 3), constraints.vec(row, 6),
                    constraints.value(row, 9), constraints.value(row, 10), constraints.value(row, 11)));
        }
        return rows;
    }

    public List<Friction> friction(long frame) {
        int first = friction.start(frame);
        List<Friction> rows = new ArrayList<>(friction.end(frame) - first);
        Map<List<Long>, List<Constraint>> contactsByPair = new HashMap<>();
        for (Constraint c : constraints(frame)) {
            contactsByPair.computeIfAbsent(List.of(c.bodyA(), c.bodyB()), k -> new ArrayList<>(4)).add(c);
        }
        Map<List<Long>, Integer> seen = new HashMap<>();
        for (int row = first; row < friction.end(frame); row++) {
            long a = friction.bodyA(row);
            long b = friction.bodyB(row);
            List<Long> pair = List.of(a, b);
            int k = seen.merge(pair, 1, Integer::sum) - 1;
            List<Constraint> pairContacts = contactsByPair.getOrDefault(pair, List.of());
            rows.add(new Friction(friction.frame(row), row - first, a, b, friction.value(row, 0),
                    friction.value(row, 1), friction.value(row, 2), friction.value(row, 3), finite(friction.vec(row, 4)),
                    finite(friction.vec(row, 7)), k < pairContacts.size() ? pairContacts.get(k) : null));
        }
        return rows;
    }

    /** A vector whose row was missing (LEFT JOIN, read as NaN) is null. */
    private static Vec3 finite(Vec3 v) {
        return Double.isNaN(v.x()) && Double.isNaN(v.y()) && Double.isNaN(v.z()) ? null : v;
    }

    private Collision collision(int row) {
        return new Collision(collisions.frame(row), collisions.bodyA(row), collisions.bodyB(row),
                collisions.vec(row, 0), collisions.value(row, 3));
    }
}
