package dev.framescope.physics.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.physics.PhysicsCalls;
import dev.framescope.physics.store.PhysicsModel.BodyState;
import dev.framescope.physics.store.PhysicsModel.CollisionInfo;
import dev.framescope.physics.store.PhysicsModel.ContactConstraintInfo;
import dev.framescope.physics.store.PhysicsModel.FrictionConstraintInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-memory series and row-id indexes give the same answers as plain SQL on every fixture: the series against the
 * store's per-frame queries, the indexes against a full-scan {@code WHERE key = ?}, the direct row reader against
 * JDBC, and all of them on a file whose rows are stored out of frame order.
 */
class SeriesIndexTest {

    @TempDir
    Path tmp;

    private static List<Path> fixtures() throws IOException {
        try (Stream<Path> files = Files.list(PhysicsCalls.FIXTURES)) {
            return files.filter(f -> f.toString().endsWith(".db")).sorted().toList();
        }
    }

    @Test
    void directRowReaderReadsWhatJdbcReads() throws Exception {
        for (Path file : fixtures()) {
            try (Connection db = RecordingFile.connect(file)) {
                for (String sql : List.of(StateSeries.join(false), ContactSeries.CONSTRAINTS,
                        ContactSeries.FRICTION, "SELECT * FROM SystemEnergyRecord")) {
                    if (sql.contains("AssetDynamicStateRecord") && !hasStates(db)) {
                        continue; // no_dynamic_state: the recorder never wrote that table
                    }
                    List<List<Long>> direct = new ArrayList<>();
                    List<List<Long>> jdbc = new ArrayList<>();
                    int columns = columns(db, sql);
                    TableScan.each(db, sql, row -> direct.add(bits(row, columns)));
                    TableScan.viaJdbc(db, sql, row -> jdbc.add(bits(row, columns)));
                    assertEquals(jdbc, direct, file + ": " + sql);
                }
            }
        }
    }

    @Test
    void aReusedPreparedStatementReadsWhatJdbcReadsForEachBinding() throws Exception {
        String sql = StateSeries.join(false) + " WHERE adr.id BETWEEN ? AND ? ORDER BY adr.id";
        for (Path file : fixtures()) {
            try (Connection db = RecordingFile.connect(file)) {
                if (!hasStates(db)) {
                    continue;
                }
            }
            try (Connection db = RecordingFile.connect(file); PreparedStatement st = db.prepareStatement(sql)) {
                int columns = columns(db, sql);
                // Ranges that overlap, hold no row, and come back to an earlier one: each run must bind afresh.
                for (long[] ids : new long[][] {{1, 40}, {30, 90}, {-5, 0}, {1, 40}, {7, 7}}) {
                    st.setLong(1, ids[0]);
                    st.setLong(2, ids[1]);
                    List<List<Long>> direct = new ArrayList<>();
                    int rows = TableScan.each(st, row -> direct.add(bits(row, columns)));
                    List<List<Long>> jdbc = new ArrayList<>();
                    TableScan.viaJdbc(db, sql.replaceFirst("\\?", Long.toString(ids[0]))
                            .replaceFirst("\\?", Long.toString(ids[1])), row -> jdbc.add(bits(row, columns)));
                    assertEquals(jdbc, direct, file + " ids " + ids[0] + ".." + ids[1]);
                    assertEquals(jdbc.size(), rows);
                }
            }
        }
    }

    @Test
    void nullReadsAsNanAndSqlErrorsSurface() throws Exception {
        try (Connection db = RecordingFile.connect(Path.of(PhysicsCalls.fixture("nan_state")))) {
            List<Double> values = new ArrayList<>();
            TableScan.each(db, "SELECT NULL, 0.0, -0.0, 1.5", row -> {
                for (int c = 1; c <= 4; c++) {
                    values.add(row.real(c));
                }
            });
            assertEquals(List.of(Double.NaN, 0.0, -0.0, 1.5), values);
            assertThrows(SQLException.class, () -> TableScan.each(db, "SELECT * FROM NoSuchTable", row -> { }));
        }
    }

    @Test
    void stateSeriesMatchesThePerFrameQuery() throws Exception {
        for (Path file : fixtures()) {
            try (RecordingStore store = RecordingStore.open(file)) {
                if (store.missingTables().contains("AssetDynamicStateRecord")) {
                    continue;
                }
                assertStatesMatch(store, store);
            }
        }
    }

    @Test
    void contactSeriesMatchesThePerFrameQueries() throws Exception {
        for (Path file : fixtures()) {
            try (RecordingStore store = RecordingStore.open(file)) {
                ContactSeries series = store.contactSeries();
                Set<List<Long>> pairs = new HashSet<>();
                for (long f = 1; f <= store.frameCount(); f++) {
                    List<CollisionInfo> sql = store.collisions(f);
                    List<ContactSeries.Collision> mine = series.collisions(f);
                    assertEquals(sql.size(), mine.size(), file + " frame " + f);
                    Set<Long> touching = new HashSet<>();
                    for (int i = 0; i < sql.size(); i++) {
                        CollisionInfo c = sql.get(i);
                        assertEquals(new ContactSeries.Collision(f, c.bodyAId(), c.bodyBId(), c.normal(),
                                c.penetrationDepth()), mine.get(i));
                        assertEquals(mine.get(i), series.pairAt(c.bodyAId(), c.bodyBId(), f));
                        pairs.add(List.of(c.bodyAId(), c.bodyBId()));
                        Stream.of(c.bodyAId(), c.bodyBId()).filter(b -> (b & RecordingStore.ENVIRONMENT_FLAG) == 0)
                                .forEach(touching::add);
                    }
                    assertEquals(touching, series.inertialInContact(f));
                    long frame = f;
                    touching.forEach(b -> assertTrue(series.inContact(b, frame)));
                    List<ContactConstraintInfo> constraints = store.contactConstraints(f);
                    assertEquals(constraints.size(), series.constraints(f).size());
                    for (int i = 0; i < constraints.size(); i++) {
                        ContactConstraintInfo c = constraints.get(i);
                        assertEquals(new ContactSeries.Constraint(f, c.bodyAId(), c.bodyBId(), c.normal(),
                                c.leverArmA(), c.leverArmB(), c.penetrationDepth(), c.restitution(),
                                c.preImpactRelVelNormal()), series.constraints(f).get(i));
                    }
                    if (!store.missingTables().contains("FrictionConstraintRecord")) {
                        List<FrictionConstraintInfo> friction = store.friction(f);
                        assertEquals(friction.size(), series.friction(f).size());
                        for (int i = 0; i < friction.size(); i++) {
                            FrictionConstraintInfo r = friction.get(i);
                            ContactSeries.Friction row = series.friction(f).get(i);
                            boolean tangential = r.tangent1Lambda() != 0 || r.tangent2Lambda() != 0;
                            // Tangents are read only where they carry an impulse.
                            assertEquals(new ContactSeries.Friction(f, i, r.bodyAId(), r.bodyBId(),
                                    r.frictionCoefficient(), r.normalLambda(), r.tangent1Lambda(),
                                    r.tangent2Lambda(), tangential ? r.tangent1() : null,
                                    tangential ? r.tangent2() : null, row.contact()), row);
                        }
                    }
                }
                assertEquals(pairs, series.pairs(), file.toString());
                for (List<Long> pair : pairs) {
                    List<Long> frames = new ArrayList<>();
                    for (long f = 1; f <= store.frameCount(); f++) {
                        if (series.pairAt(pair.get(0), pair.get(1), f) != null) {
                            frames.add(f);
                        }
                    }
                    assertEquals(frames, series.pairCollisions(pair.get(0), pair.get(1)).stream()
                            .map(ContactSeries.Collision::frame).toList(), file + " pair " + pair);
                }
            }
        }
    }

    @Test
    void energySeriesMatchesSql() throws Exception {
        for (Path file : fixtures()) {
            try (RecordingStore store = RecordingStore.open(file);
                 Connection db = RecordingFile.connect(file);
                 PreparedStatement st = db.prepareStatement("SELECT frame_id, total_e FROM EnergyRecord WHERE "
                         + "body_id = ? ORDER BY frame_id")) {
                for (PhysicsModel.BodyMetadata body : store.bodies()) {
                    st.setLong(1, body.bodyId());
                    List<List<Double>> sql = new ArrayList<>();
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) {
                            sql.add(List.of((double) rs.getLong(1), RecordingStore.real(rs, 2)));
                        }
                    }
                    assertEquals(sql, store.bodyEnergy(body.bodyId()).stream()
                            .map(p -> List.of((double) p.frameId(), p.totalE())).toList(), file + " " + body);
                }
            }
        }
    }

    @Test
    void indexesAndProbesFindEveryFramesRows() throws Exception {
        for (Path file : fixtures()) {
            try (Connection db = RecordingFile.connect(file)) {
                int frames = single(db, "SELECT count(*) FROM SimulationFrameRecord", null).intValue();
                for (String table : List.of("AssetDynamicStateRecord", "CollisionResultRecord",
                        "ContactConstraintRecord", "FrictionConstraintRecord", RecordingSeries.JUNCTION)) {
                    if (single(db, "SELECT count(*) FROM sqlite_master WHERE name = '" + table + "'", null) == 0) {
                        continue;
                    }
                    boolean junction = table.equals(RecordingSeries.JUNCTION);
                    String key = junction ? "CollisionResultRecord_id" : "frame_id";
                    // A recording without collisions (free flight) has no max id: its junction is empty.
                    int maxKey = junction ? single(db, "SELECT coalesce(max(id), 0) FROM CollisionResultRecord", null)
                            .intValue() : frames;
                    assertIndexMatches(db, table, key, maxKey, file.toString());
                }
            }
        }
    }

    /**
     * Frames asked in random order, as a person or model jumps around a recording right after loading: each lookup of
     * a fresh probe gives the exact index's rows, and on a table with about as many rows each frame it costs one
     * query (the window around the interpolated place) where the binary search cost ~2·log2(rows) seeks.
     */
    @Test
    void probesAskedInRandomOrderAreExactAndCostAboutOneQuery() throws Exception {
        for (Path file : fixtures()) {
            try (Connection db = RecordingFile.connect(file)) {
                int frames = single(db, "SELECT count(*) FROM SimulationFrameRecord", null).intValue();
                for (String table : List.of("CollisionResultRecord", "ContactConstraintRecord",
                        "FrictionConstraintRecord", StateSeries.table(false))) {
                    if (single(db, "SELECT count(*) FROM sqlite_master WHERE name = '" + table + "'", null) == 0
                            || single(db, "SELECT count(*) FROM " + table, null) == 0) {
                        continue;
                    }
                    FrameIndex exact = FrameIndex.build(db, table, "frame_id", frames);
                    FrameProbe probe = FrameProbe.open(db, table, "frame_id", frames);
                    List<Long> order = new ArrayList<>();
                    for (long f = 0; f <= frames + 1; f++) {
                        order.add(f);
                    }
                    Collections.shuffle(order, new Random(7));
                    try {
                        long before = probe.queries();
                        for (long f : order) {
                            assertEquals(exact.range(f), probe.range(f, f), file + " " + table + " frame " + f);
                        }
                        double perLookup = (probe.queries() - before) / (double) order.size();
                        if (table.equals(StateSeries.table(false))) {
                            assertTrue(perLookup <= 1.2, file + " " + table + ": " + perLookup + " queries a lookup");
                        }
                        assertTrue(perLookup <= 4, file + " " + table + ": " + perLookup + " queries a lookup");
                    } finally {
                        probe.close();
                    }
                }
            }
        }
    }

    @Test
    void rowsStoredOutOfFrameOrderAreSortedAndIndexedExactly() throws Exception {
        Path original = Path.of(PhysicsCalls.fixture("two_ball_collision"));
        Path shuffled = tmp.resolve("shuffled.db");
        Files.copy(original, shuffled);
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + shuffled)) {
            for (String table : List.of("AssetDynamicStateRecord", "ContactConstraintRecord",
                    "FrictionConstraintRecord")) {
                // New ids run backwards through the frames; the recorder never writes this, a file could.
                db.createStatement().execute("UPDATE " + table + " SET id = -id");
                db.createStatement().execute("UPDATE " + table + " SET id = (SELECT max(frame_id) FROM " + table
                        + ") * 1000 - frame_id * 100 + (-id % 100)");
            }
        }
        try (Connection db = RecordingFile.connect(shuffled)) {
            assertIndexMatches(db, "FrictionConstraintRecord", "frame_id",
                    single(db, "SELECT count(*) FROM SimulationFrameRecord", null).intValue(), "shuffled");
        }
        try (RecordingStore expected = RecordingStore.open(original);
             RecordingStore store = RecordingStore.open(shuffled)) {
            store.preload();
            store.contactSeries();
            assertStatesMatch(expected, store);
            for (long f = 1; f <= store.frameCount(); f++) {
                assertEquals(expected.friction(f).size(), store.friction(f).size(), "frame " + f);
                assertEquals(expected.contactConstraints(f).size(), store.contactSeries().constraints(f).size());
            }
        }
    }

    /** The series of {@code store} holds what the per-frame query of {@code expected} returns, frame by frame. */
    private static void assertStatesMatch(RecordingStore expected, RecordingStore store) {
        StateSeries series = store.stateSeries();
        int rows = 0;
        for (long f = 1; f <= expected.frameCount(); f++) {
            for (BodyState s : expected.states(f)) {
                StateSeries.State mine = series.at(s.bodyId(), f);
                assertNotNull(mine, "body " + s.bodyId() + " frame " + f);
                assertEquals(List.of(s.position(), s.velocity(), s.acceleration(), s.angularVelocity()),
                        List.of(mine.position(), mine.velocity(), mine.acceleration(), mine.omega()));
                assertEquals(s.orientation(), mine.orientation());
                assertEquals(s.velocity().norm(), series.speed(s.bodyId(), f));
                assertEquals(s.angularVelocity().norm(), series.angularSpeed(s.bodyId(), f));
                assertEquals(f, series.of(s.bodyId()).get((int) (f - series.of(s.bodyId()).get(0).frame())).frame());
                rows++;
            }
        }
        assertEquals(rows, series.bodies().stream().mapToInt(b -> series.of(b).size()).sum());
        assertNull(series.at(series.bodies().get(0), expected.frameCount() + 1));
    }

    private static void assertIndexMatches(Connection db, String table, String key, int maxKey, String what)
            throws SQLException {
        Map<Long, FrameIndex.Range> sql = new HashMap<>();
        try (PreparedStatement st = db.prepareStatement("SELECT " + key + ", min(rowid), max(rowid) FROM " + table
                + " GROUP BY " + key); ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                sql.put(rs.getLong(1), new FrameIndex.Range(rs.getLong(2), rs.getLong(3)));
            }
        }
        boolean ordered = single(db, "SELECT count(*) FROM (SELECT " + key + " AS k, lag(" + key + ") OVER (ORDER "
                + "BY rowid) AS previous FROM " + table + ") WHERE k < previous", null) == 0;
        FrameIndex exact = FrameIndex.build(db, table, key, maxKey);
        FrameProbe probe = FrameProbe.open(db, table, key, maxKey);
        try {
            for (long k = 0; k <= maxKey + 1; k++) {
                String at = what + " " + table + " " + key + " " + k;
                assertEquals(k >= 1 && k <= maxKey ? sql.get(k) : null, exact.range(k), at);
                if (ordered) {
                    assertEquals(exact.range(k), probe.range(k, k), at);
                    assertEquals(exact.range(k, k + 2), probe.range(k, k + 2), at + "..+2");
                }
            }
        } finally {
            probe.close();
        }
        assertFalse(what.equals("shuffled") && ordered, "the shuffled table is out of order");
    }

    private static Long single(Connection db, String sql, Long parameter) throws SQLException {
        try (PreparedStatement st = db.prepareStatement(sql)) {
            if (parameter != null) {
                st.setLong(1, parameter);
            }
            try (ResultSet rs = st.executeQuery()) {
                long value = rs.getLong(1);
                return rs.wasNull() ? null : value;
            }
        }
    }

    private static int columns(Connection db, String sql) throws SQLException {
        try (PreparedStatement st = db.prepareStatement(sql)) {
            return st.getMetaData().getColumnCount();
        }
    }

    /** A row as the bit patterns of its REAL reads and its INTEGER reads, so NaN and −0.0 compare exactly. */
    private static List<Long> bits(TableScan.Row row, int columns) throws SQLException {
        List<Long> values = new ArrayList<>();
        for (int c = 1; c <= columns; c++) {
            values.add(Double.doubleToRawLongBits(row.real(c)));
            values.add(row.integer(c));
        }
        return values;
    }

    /** Whether the recording has the table that ties states to bodies and frames (no_dynamic_state has not). */
    private static boolean hasStates(Connection db) throws SQLException {
        try (PreparedStatement st = db.prepareStatement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = "
                + "'AssetDynamicStateRecord'"); ResultSet rs = st.executeQuery()) {
            return rs.next();
        }
    }
}
