package dev.framescope.physics.store;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.physics.store.PhysicsModel.BodyMetadata;
import dev.framescope.physics.store.PhysicsModel.CollisionInfo;
import dev.framescope.physics.store.PhysicsModel.ContactConstraintInfo;
import dev.framescope.physics.store.PhysicsModel.EnergyPoint;
import dev.framescope.physics.store.PhysicsModel.FrictionConstraintInfo;
import dev.framescope.physics.store.PhysicsModel.SolverDiagnostics;
import dev.framescope.physics.store.PhysicsModel.SystemEnergyPoint;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One MSD-CPP recording, opened read-only over JDBC: no tool can change a byte of it. The schema has no index on
 * {@code frame_id}, so per-frame reads go through the row-id range the recorder wrote each frame in: the exact index
 * the background read builds as it scans each table ({@link RecordingSeries#index}), or until then a binary search
 * over row ids ({@link FrameProbe}), so a call made right after loading reads only its frame's rows. Whole series are
 * read once on their own connection ({@link RecordingSeries}). Thread-safe (one connection, serialised).
 */
public final class RecordingStore implements AutoCloseable {

    public static final long ENVIRONMENT_FLAG = 0x80000000L;

    private final Path path;
    private final Connection db;
    private final Set<String> tables;
    private final Set<String> missingTables;
    private final int frameCount;
    private final double[] simulationTimes;
    private final RowRanges ranges;
    private final FrameRows frameRows;
    private List<BodyMetadata> bodies;
    private SolverDiagnostics[] solver;
    private final RecordingSeries series;
    private final AnswerMemo memo = new AnswerMemo();
    private final boolean legacyStates;
    private final RecordingFile.Stamp stamp;
    private final Integer framesReadBefore;

    private RecordingStore(Path path, Connection db, RecordingFile.Stamp stamp, Integer framesReadBefore)
            throws SQLException {
        this.path = path;
        this.db = db;
        this.stamp = stamp;
        this.framesReadBefore = framesReadBefore;
        this.tables = new TreeSet<>();
        try (ResultSet rs = db.createStatement().executeQuery("SELECT name FROM sqlite_master WHERE type='table'")) {
            while (rs.next()) {
                tables.add(rs.getString(1));
            }
        }
        this.missingTables = new TreeSet<>(MsdSchema.tableNames());
        missingTables.removeAll(tables);
        if (!tables.contains("SimulationFrameRecord")) {
            throw RecordingFile.notARecording(path, "it has no SimulationFrameRecord table (missing: "
                    + String.join(", ", missingTables) + ")");
        }
        List<Double> times = new ArrayList<>();
        try (ResultSet rs = db.createStatement().executeQuery(
                "SELECT id, simulation_time FROM SimulationFrameRecord ORDER BY id")) {
            while (rs.next()) {
                if (rs.getLong(1) != times.size() + 1) {
                    throw RecordingFile.notARecording(path, "frame ids are not 1..N in order (frame " + rs.getLong(1)
                            + " after " + times.size() + ")");
                }
                times.add(real(rs, 2));
            }
        }
        this.frameCount = times.size();
        this.simulationTimes = times.stream().mapToDouble(Double::doubleValue).toArray();
        this.legacyStates = isLegacy(db, tables);
        this.series = new RecordingSeries(path, tables, legacyStates, frameCount, this::timeOf);
        this.ranges = new RowRanges(db, series, frameCount);
        this.frameRows = new FrameRows(db, legacyStates);
    }

    /** Opens {@code path} read-only; the file is never written, not even a journal. */
    public static RecordingStore open(Path path) {
        return open(path, null);
    }

    /**
     * Opens {@code path} again after the file changed under {@code replaced} (a simulation still writing it), or
     * for the first time when {@code replaced} is null.
     */
    static RecordingStore open(Path path, RecordingStore replaced) {
        RecordingFile.refuseUnusable(path);
        // Stamped before anything is read: a write while the store reads makes the next call read again.
        RecordingFile.Stamp stamp = RecordingFile.stamp(path);
        try {
            Connection db = RecordingFile.connect(path);
            try {
                return new RecordingStore(path, db, stamp, replaced == null ? null : replaced.frameCount());
            } catch (SQLException | RuntimeException e) {
                db.close();
                throw e;
            }
        } catch (SQLException e) {
            throw RecordingFile.failure(path, e);
        }
    }

    private static boolean isLegacy(Connection db, Set<String> tables) throws SQLException {
        if (!tables.contains("InertialStateRecord")) {
            return false;
        }
        if (tables.contains("AssetDynamicStateRecord")) {
            try (ResultSet rs = db.createStatement().executeQuery("SELECT 1 FROM AssetDynamicStateRecord LIMIT 1")) {
                if (rs.next()) {
                    return false;
                }
            }
        }
        try (ResultSet rs = db.createStatement().executeQuery(
                "SELECT 1 FROM InertialStateRecord WHERE frame_id > 0 LIMIT 1")) {
            return rs.next();
        }
    }

    public Path path() {
        return path;
    }

    public int frameCount() {
        return frameCount;
    }

    public Set<String> missingTables() {
        return missingTables;
    }

    /** Whether the file is as it was when this store read it: a recording still being written grows. */
    boolean isCurrent() {
        return stamp.sameAs(RecordingFile.stamp(path));
    }

    /** The frame count of the store this one replaced because the file changed; null when read for the first time. */
    public Integer framesReadBefore() {
        return framesReadBefore;
    }

    /** The table whose rows carry each body state's frame (it differs in recordings before MSD-CPP's 2026-02). */
    public String statesTable() {
        return StateSeries.table(legacyStates);
    }

    /** Whether body states can be read: false when the table that ties each state to its body and frame is missing. */
    public boolean hasStates() {
        return tables.contains(statesTable());
    }

    public double simulationTime(long frame) {
        return simulationTimes[(int) frame - 1];
    }

    /** Fails with a message naming the table when a tool needs one the recording lacks. */
    public void require(String table, String forWhat) {
        if (!tables.contains(table)) {
            throw new ToolException(ErrorCode.FAILED_PRECONDITION, "This recording has no " + table + " table, "
                    + "which " + forWhat + " needs (older MSD-CPP versions did not write it).",
                    Map.of("table", table, "path", path.toString()));
        }
    }

    public synchronized List<BodyMetadata> bodies() {
        if (bodies == null) {
            bodies = query(() -> MsdSchema.readBodies(db, tables));
        }
        return bodies;
    }

    public synchronized List<PhysicsModel.BodyState> states(long frame) {
        require(StateSeries.table(legacyStates), "body states");
        return rowsOfFrame(StateSeries.table(legacyStates), frame, frameRows::states);
    }

    public synchronized List<CollisionInfo> collisions(long frame) {
        if (!tables.contains("CollisionResultRecord")) {
            return List.of();
        }
        FrameIndex.Range range = query(() -> ranges.frame("CollisionResultRecord", frame));
        if (range == null) {
            return List.of();
        }
        return query(() -> {
            FrameIndex.Range pointRows = !tables.contains(RecordingSeries.JUNCTION) ? null
                    : ranges.contactPoints(range.firstId(), range.lastId());
            return frameRows.collisions(range, frame, frameRows.contactPoints(pointRows));
        });
    }

    public synchronized List<FrictionConstraintInfo> friction(long frame) {
        if (!tables.contains("FrictionConstraintRecord")) {
            return List.of();
        }
        return rowsOfFrame("FrictionConstraintRecord", frame, frameRows::friction);
    }

    public synchronized List<ContactConstraintInfo> contactConstraints(long frame) {
        if (!tables.contains("ContactConstraintRecord")) {
            return List.of();
        }
        return rowsOfFrame("ContactConstraintRecord", frame, frameRows::contactConstraints);
    }

    /** Whether {@code frame} has at least one collision row. */
    public synchronized boolean hasCollisions(long frame) {
        return tables.contains("CollisionResultRecord")
                && query(() -> ranges.frame("CollisionResultRecord", frame)) != null;
    }

    public synchronized SolverDiagnostics solver(long frame) {
        require("SolverDiagnosticRecord", "solver diagnostics");
        if (solver == null) {
            SolverDiagnostics[] rows = new SolverDiagnostics[frameCount + 1];
            query(() -> TableScan.each(db, "SELECT frame_id, iterations, residual, converged, num_constraints, "
                    + "num_contacts FROM SolverDiagnosticRecord ORDER BY id", row -> {
                long f = row.integer(1);
                if (f >= 1 && f <= frameCount) {
                    rows[(int) f] = new SolverDiagnostics(f, (int) row.integer(2), row.real(3), row.integer(4) != 0,
                            (int) row.integer(5), (int) row.integer(6), false);
                }
            }));
            solver = rows;
        }
        SolverDiagnostics row = frame >= 1 && frame <= frameCount ? solver[(int) frame] : null;
        if (row == null) {
            return null;
        }
        return new SolverDiagnostics(row.frameId(), row.iterations(), row.residual(), row.converged(),
                row.numConstraints(), row.numContacts(), hasCollisions(frame));
    }

    public List<SystemEnergyPoint> systemEnergy() {
        require("SystemEnergyRecord", "system energy");
        return series.systemEnergy();
    }

    /** The energy series of {@code body}, ascending by frame; empty when the body has no rows. */
    public List<EnergyPoint> bodyEnergy(long body) {
        require("EnergyRecord", "body energy");
        return series.bodyEnergy(body);
    }

    /** Starts reading the whole-recording series in the background; called when a recording is made active. */
    public void preload() {
        series.preload();
    }

    /** Every body state, per body; read once (whole-recording checks). */
    public StateSeries stateSeries() {
        require(StateSeries.table(legacyStates), "body states");
        return series.states();
    }

    /** Every collision, contact-constraint and friction row, by frame; read once. */
    public ContactSeries contactSeries() {
        return series.contacts();
    }

    /**
     * The contacts and states of the frames in {@code spans} ({first, last}, ascending): for a check that needs a
     * few frames, before the whole series are read (see {@link RecordingSeries#window}).
     */
    public FrameWindow window(List<long[]> spans) {
        return series.window(spans);
    }

    /** Whether the whole contact and state series are read (a window is then the whole series). */
    public boolean contactsAndStatesRead() {
        return series.contactsAndStatesRead();
    }

    /** Collision rows of every frame (bodies and depth) as columns; read once. */
    public CollisionRows collisionRows() {
        return series.collisionRows();
    }

    /** Collision rows of every frame, by frame id; read once. */
    public Map<Long, List<RecordingSeries.ContactSummary>> contactSummaries() {
        return series.contactSummaries();
    }

    private double timeOf(long frame) {
        return frame >= 1 && frame <= frameCount ? simulationTimes[(int) frame - 1] : Double.NaN;
    }

    @FunctionalInterface
    private interface FrameRead<T> {
        List<T> read(FrameIndex.Range range, long frame) throws SQLException;
    }

    @FunctionalInterface
    interface Query<T> {
        T run() throws SQLException;
    }

    /** Every read on the main connection: a call is waiting for it, so background scans give way meanwhile. */
    private <T> T query(Query<T> query) {
        try {
            return Background.foreground(query::run);
        } catch (SQLException e) {
            throw RecordingFile.failure(path, e);
        }
    }

    private <T> List<T> rowsOfFrame(String table, long frame, FrameRead<T> read) {
        FrameIndex.Range range = query(() -> ranges.frame(table, frame));
        return range == null ? List.of() : query(() -> read.read(range, frame));
    }

    /** A REAL column; NULL (how cpp_sqlite stores NaN) reads as NaN. */
    static double real(ResultSet rs, int column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? Double.NaN : value;
    }

    /** Answers already computed from this recording (see {@link AnswerMemo}). */
    public AnswerMemo memo() {
        return memo;
    }

    @Override
    public synchronized void close() {
        frameRows.close();
        ranges.close();
        try {
            db.close();
        } catch (SQLException e) {
            // closing a read-only connection cannot lose data
        }
    }
}
