package dev.framescope.physics.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Where a frame's rows are in each table of one recording, for the store's per-frame queries: the exact index the
 * background read builds as it scans the table ({@link RecordingSeries#index}), or until then a binary search over
 * row ids ({@link FrameProbe}), so a call made right after loading reads only its own frame's rows. Not thread-safe:
 * the store calls it under its lock, on its connection.
 */
final class RowRanges implements AutoCloseable {

    private final Connection db;
    private final RecordingSeries series;
    private final int frameCount;
    private final Map<String, FrameProbe> probes = new HashMap<>();
    /** Per table: the last key looked up and how many consecutive keys were asked for in a row. */
    private final Map<String, long[]> runs = new HashMap<>();

    static final int SEQUENTIAL_BEFORE_WAITING = 32;

    RowRanges(Connection db, RecordingSeries series, int frameCount) {
        this.db = db;
        this.series = series;
        this.frameCount = frameCount;
    }

    /** The row-id range of {@code frame}'s rows in {@code table}, or null when it has none. */
    FrameIndex.Range frame(String table, long frame) throws SQLException {
        return range(table, "frame_id", frame, frame);
    }

    /** The junction rows holding the contact points of collisions {@code firstId..lastId}, or null. */
    FrameIndex.Range contactPoints(long firstId, long lastId) throws SQLException {
        return range(RecordingSeries.JUNCTION, "CollisionResultRecord_id", firstId, lastId);
    }

    private FrameIndex.Range range(String table, String keyColumn, long from, long to) throws SQLException {
        long[] run = runs.computeIfAbsent(table, t -> new long[] {Long.MIN_VALUE, 0});
        run[1] = from == run[0] + 1 ? run[1] + 1 : 0;
        run[0] = to;
        // A tool walking frame after frame (solver diagnostics over a range) is better served by the scan
        // than by a binary search per frame: wait for it.
        FrameIndex exact = run[1] >= SEQUENTIAL_BEFORE_WAITING ? series.awaitIndex(table) : series.index(table);
        if (exact != null) {
            FrameProbe probe = probes.remove(table);
            if (probe != null) {
                probe.close();
            }
            return exact.range(from, to);
        }
        FrameProbe probe = probes.get(table);
        if (probe == null) {
            long maxKey = keyColumn.equals("frame_id") ? frameCount : maxRowid("CollisionResultRecord");
            probe = FrameProbe.open(db, table, keyColumn, maxKey);
            probes.put(table, probe);
        }
        return probe.range(from, to);
    }

    private long maxRowid(String table) throws SQLException {
        try (PreparedStatement st = db.prepareStatement("SELECT coalesce(max(rowid), 0) FROM " + table);
             ResultSet rs = st.executeQuery()) {
            return rs.getLong(1);
        }
    }

    @Override
    public void close() {
        probes.values().forEach(FrameProbe::close);
        probes.clear();
    }
}
