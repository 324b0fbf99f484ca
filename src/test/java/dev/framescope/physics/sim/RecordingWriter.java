package dev.framescope.physics.sim;

import dev.framescope.physics.store.Quat;
import dev.framescope.physics.store.Vec3;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a recording in the MSD-CPP schema with the conventions of its {@code DataRecorder}: every table created up
 * front, nested values as rows of shared pools with ids from 1 per table, junction tables without keys, NaN stored
 * as NULL, frame id = step number, environment bodies only as {@code id | 0x80000000} in contact rows, the
 * quaternion rate stored (x, y, z, w), {@code InertialStateRecord.body_id/frame_id} left 0.
 */
public final class RecordingWriter implements AutoCloseable {

    /** Bit 31 marks an environment (static) body id in collision and constraint rows. */
    public static final long ENVIRONMENT_FLAG = 0x80000000L;

    private final Connection db;
    private final Map<String, PreparedStatement> inserts = new HashMap<>();
    private final Map<String, Long> nextId = new HashMap<>();
    private final Set<String> omitted = new HashSet<>();

    public RecordingWriter(Path file) throws SQLException, IOException {
        Files.deleteIfExists(file);
        db = DriverManager.getConnection("jdbc:sqlite:" + file);
        try (Statement s = db.createStatement()) {
            s.execute("PRAGMA journal_mode=OFF");
            s.execute("PRAGMA synchronous=OFF");
            for (String ddl : schema()) {
                s.execute(ddl);
            }
        }
        db.setAutoCommit(false);
    }

    static List<String> schema() throws IOException {
        try (InputStream in = RecordingWriter.class.getResourceAsStream("/dev/framescope/physics/msd-cpp-schema.sql")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.lines().filter(l -> l.startsWith("CREATE TABLE")).toList();
        }
    }

    /**
     * Writes the recording as a recorder that never created {@code tables} would (an older or a broken build): they
     * are dropped before the first row, and rows meant for them are not written. Ids of the other tables stay as
     * they were.
     */
    public void omit(String... tables) throws SQLException {
        try (Statement s = db.createStatement()) {
            for (String table : tables) {
                s.execute("DROP TABLE " + table);
                omitted.add(table);
            }
        }
    }

    /** Inserts one row with the next id of {@code table} and returns that id. */
    private long row(String table, Object... values) throws SQLException {
        long id = nextId.merge(table, 1L, Long::sum);
        if (omitted.contains(table)) {
            return id;
        }
        PreparedStatement insert = inserts.computeIfAbsent(table, t -> prepare(t, values.length + 1));
        insert.setLong(1, id);
        bind(insert, 2, values);
        insert.addBatch();
        return id;
    }

    /** Inserts a junction row (no id). */
    private void link(String table, long parent, long child) throws SQLException {
        if (omitted.contains(table)) {
            return;
        }
        PreparedStatement insert = inserts.computeIfAbsent(table, t -> prepare(t, 2));
        bind(insert, 1, parent, child);
        insert.addBatch();
    }

    private PreparedStatement prepare(String table, int columns) {
        try {
            return db.prepareStatement("INSERT INTO " + table + " VALUES (" + "?,".repeat(columns - 1) + "?)");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void bind(PreparedStatement insert, int first, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            if (v instanceof Double d) {
                if (Double.isNaN(d)) {
                    insert.setNull(first + i, java.sql.Types.REAL); // cpp_sqlite stores NaN as NULL
                } else {
                    insert.setDouble(first + i, d);
                }
            } else if (v instanceof Long l) {
                insert.setLong(first + i, l);
            } else if (v instanceof Integer n) {
                insert.setLong(first + i, n);
            } else {
                throw new IllegalArgumentException("unsupported column value " + v);
            }
        }
    }

    private long vec(String table, Vec3 v) throws SQLException {
        return row(table, v.x(), v.y(), v.z());
    }

    public void body(long instanceId, double mass, double restitution, double friction, long assetId)
            throws SQLException {
        row("AssetInertialStaticRecord", instanceId, mass, restitution, friction);
        row("AssetPhysicalStaticRecord", instanceId, assetId, 0L);
    }

    public long frame(double simulationTime, double wallClockTime) throws SQLException {
        long id = row("SimulationFrameRecord", simulationTime, wallClockTime);
        if (id % 256 == 0) {
            flush(); // keeps batches small for the 10,000-frame benchmark recording
        }
        return id;
    }

    private void flush() throws SQLException {
        for (PreparedStatement insert : inserts.values()) {
            insert.executeBatch();
        }
    }

    public void state(long frame, long body, Vec3 position, Vec3 velocity, Vec3 acceleration, Quat orientation,
                      Quat rate, Vec3 angularAcceleration) throws SQLException {
        long p = vec("CoordinateRecord", position);
        long v = vec("VelocityRecord", velocity);
        long a = vec("AccelerationRecord", acceleration);
        long q = row("QuaternionDRecord", orientation.w(), orientation.x(), orientation.y(), orientation.z());
        long qd = row("Vector4DRecord", rate.x(), rate.y(), rate.z(), rate.w()); // Eigen order: x, y, z, w
        long aa = row("AngularAccelerationRecord", angularAcceleration.x(), angularAcceleration.y(),
                angularAcceleration.z());
        long inertial = row("InertialStateRecord", p, v, a, q, qd, aa, 0L, 0L);
        row("AssetDynamicStateRecord", body, inertial, frame);
    }

    public void energy(long frame, long body, double linear, double rotational, double potential)
            throws SQLException {
        row("EnergyRecord", body, linear, rotational, potential, linear + rotational + potential, frame);
    }

    public void systemEnergy(long frame, double linear, double rotational, double potential, double delta,
                             boolean injection, boolean collisionActive) throws SQLException {
        row("SystemEnergyRecord", linear, rotational, potential, linear + rotational + potential, delta,
                injection ? 1L : 0L, collisionActive ? 1L : 0L, frame);
    }

    /** A contact point's witness points on A and B (world) and its depth (positive = overlap). */
    public record Point(Vec3 onA, Vec3 onB, double depth) {
    }

    public void collision(long frame, long bodyA, long bodyB, Vec3 normal, double depth, List<Point> points)
            throws SQLException {
        long n = vec("Vector3DRecord", normal);
        long collision = row("CollisionResultRecord", bodyA, bodyB, n, depth, frame);
        for (Point point : points) {
            long a = vec("CoordinateRecord", point.onA());
            long b = vec("CoordinateRecord", point.onB());
            link("CollisionResultRecord_ContactPointRecord", collision, row("ContactPointRecord", a, b, point.depth()));
        }
    }

    public void contactConstraint(long frame, long bodyA, long bodyB, Vec3 normal, Vec3 leverA, Vec3 leverB,
                                  double depth, double restitution, double preImpactNormalVelocity)
            throws SQLException {
        row("ContactConstraintRecord", bodyA, bodyB, vec("Vector3DRecord", normal), vec("Vector3DRecord", leverA),
                vec("Vector3DRecord", leverB), depth, restitution, preImpactNormalVelocity, frame);
    }

    public void frictionConstraint(long frame, long bodyA, long bodyB, Vec3 normal, Vec3 tangent1, Vec3 tangent2,
                                   Vec3 leverA, Vec3 leverB, double mu, double normalLambda, double tangent1Lambda,
                                   double tangent2Lambda) throws SQLException {
        row("FrictionConstraintRecord", bodyA, bodyB, vec("Vector3DRecord", normal), vec("Vector3DRecord", tangent1),
                vec("Vector3DRecord", tangent2), vec("Vector3DRecord", leverA), vec("Vector3DRecord", leverB), mu,
                normalLambda, tangent1Lambda, tangent2Lambda, frame);
    }

    public void solver(long frame, int iterations, double residual, boolean converged, int constraints,
                       int contactPairs) throws SQLException {
        row("SolverDiagnosticRecord", iterations, residual, converged ? 1L : 0L, constraints, contactPairs, frame);
    }

    /** Commits every row written so far, as a recorder does while its simulation runs on. */
    public void commit() throws SQLException {
        flush();
        db.commit();
    }

    @Override
    public void close() throws SQLException {
        flush();
        for (PreparedStatement insert : inserts.values()) {
            insert.close();
        }
        db.commit();
        db.close();
    }
}
