package dev.framescope.physics.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * Finds the rows of one key ({@code frame_id}, or a collision id in the contact-point junction) without scanning
 * the table: MSD-CPP writes a frame's rows one after another in frame order, so the key never decreases with the
 * row id. One query first reads a window of row ids around where the keys should be, interpolated between the
 * bounds known so far (a recording writes about as many rows each frame), and takes the range from it when the window
 * holds both ends; otherwise a binary search over row ids (about 20 rowid seeks) finds where a key starts. Each seek
 * is a JDBC query, ~50 µs before the JIT has compiled it, so the window turned the first calls after loading from
 * ~180 queries into ~5 (five tables a frame). This serves per-frame
 * calls made while the background read has not yet built the exact {@link FrameIndex} (which also holds for a file
 * written out of order). Bounds found are kept, so neighbouring frames cost less. Not thread-safe: the store calls it
 * under its lock, on its connection.
 */
final class FrameProbe {

    /** A wider window (a long range, or keys spread very unevenly) is left to the search. */
    private static final long MAX_WINDOW_ROWS = 20_000;

    private final String table;
    private final long maxKey;
    private final PreparedStatement seek;
    private final PreparedStatement window;
    private final long minRow;
    private final long maxRow;
    private final long firstKey;
    private long queries;
    /** start[k] = the first row id whose key is ≥ k (row ids below it all have smaller keys); MIN_VALUE = unknown. */
    private final long[] start;

    private FrameProbe(String table, long maxKey, PreparedStatement seek, PreparedStatement window, long minRow,
                       long maxRow) throws SQLException {
        this.table = table;
        this.maxKey = maxKey;
        this.seek = seek;
        this.window = window;
        this.minRow = minRow;
        this.maxRow = maxRow;
        long[] first = seek(minRow);
        this.firstKey = first == null ? 1 : first[1];
        this.start = new long[(int) Math.max(maxKey, 0) + 2];
        Arrays.fill(start, Long.MIN_VALUE);
    }

    static FrameProbe open(Connection db, String table, String keyColumn, long maxKey) throws SQLException {
        long min;
        long max;
        // Two subqueries: SQLite answers a lone min(rowid) or max(rowid) from the b-tree's ends, but both in one
        // SELECT scan the whole table (~20 ms on a 10,000-frame recording, for each table a first call reads).
        try (PreparedStatement st = db.prepareStatement("SELECT (SELECT min(rowid) FROM " + table
                + "), (SELECT max(rowid) FROM " + table + ")");
             ResultSet rs = st.executeQuery()) {
            min = rs.getLong(1);
            max = rs.getLong(2);
        }
        return new FrameProbe(table, maxKey, db.prepareStatement("SELECT rowid, " + keyColumn + " FROM " + table
                + " WHERE rowid >= ? ORDER BY rowid LIMIT 1"), db.prepareStatement("SELECT min(CASE WHEN " + keyColumn
                + " >= ?1 THEN rowid END), max(CASE WHEN " + keyColumn + " <= ?2 THEN rowid END), min(" + keyColumn
                + "), max(" + keyColumn + "), count(*) FROM " + table + " WHERE rowid BETWEEN ?3 AND ?4"), min, max);
    }

    String table() {
        return table;
    }

    /**
     * Whether the table's first row has no later frame than its last, as in every file MSD-CPP writes: a table
     * stored backwards, which the search cannot serve, fails this one-query test (one shuffled otherwise may not:
     * {@link #inFrameOrder} tells for sure).
     */
    boolean endsInOrder() throws SQLException {
        long[] last = seek(maxRow);
        return last == null || firstKey <= last[1];
    }

    /**
     * Whether every row of {@code table} has no earlier {@code keyColumn} than the row before it, row ids without a
     * gap: then a key's rows are exactly the run the search finds, and none is stored elsewhere (a frame's rows
     * rewritten at the end leave a gap and a descent). One pass over the table, each row next to the one before it
     * by row id (~30 ms for 230,000 rows), stopping at the first descent; worth it once per table and recording.
     */
    static boolean inFrameOrder(Connection db, String table, String keyColumn) throws SQLException {
        try (PreparedStatement st = db.prepareStatement("SELECT (SELECT count(*) FROM " + table + ") = coalesce("
                + "(SELECT max(rowid) FROM " + table + ") - (SELECT min(rowid) FROM " + table + ") + 1, 0), "
                + "EXISTS (SELECT 1 FROM " + table + " a JOIN " + table + " b ON b.rowid = a.rowid + 1 WHERE b."
                + keyColumn + " < a." + keyColumn + ")");
             ResultSet rs = st.executeQuery()) {
            return rs.getBoolean(1) && !rs.getBoolean(2);
        }
    }

    /** The row-id range of keys {@code from..to}, or null when none of them has a row. */
    FrameIndex.Range range(long from, long to) throws SQLException {
        if (to < 1 || from > maxKey || from > to) {
            return null;
        }
        long lowKey = Math.max(1, from);
        long highKey = Math.min(to, maxKey);
        FrameIndex.Range[] seen = new FrameIndex.Range[1];
        if (fromWindow(lowKey, highKey, seen)) {
            return seen[0];
        }
        long first = startOf(lowKey);
        long end = startOf(highKey + 1);
        if (first >= end) {
            return null;
        }
        long[] row = seek(first);
        return row == null || row[0] >= end ? null : new FrameIndex.Range(row[0], end - 1);
    }

    /**
     * Reads the window of row ids where keys {@code from..to} should be; true when it holds both ends of their rows,
     * the range (null when they have none) then in {@code seen[0]} and both ends kept for later guesses.
     */
    private boolean fromWindow(long from, long to, FrameIndex.Range[] seen) throws SQLException {
        if (isKnown(from) && isKnown(to + 1)) {
            return false; // the search below answers from what is known, without a query
        }
        long[] below = known(from, -1);
        long[] above = known(to + 1, +1);
        double perKey = (double) (above[0] - below[0]) / Math.max(1, above[1] - below[1]);
        long margin = 16 + (long) Math.ceil(2 * perKey);
        long a = Math.max(minRow, (long) Math.floor(below[0] + (from - below[1]) * perKey) - margin);
        long b = Math.min(maxRow, (long) Math.ceil(below[0] + (to + 1 - below[1]) * perKey) + margin);
        if (b < a || b - a > MAX_WINDOW_ROWS) {
            return false;
        }
        queries++;
        window.setLong(1, from);
        window.setLong(2, to);
        window.setLong(3, a);
        window.setLong(4, b);
        try (ResultSet rs = window.executeQuery()) {
            if (!rs.next() || rs.getLong(5) == 0) {
                return false;
            }
            long first = rs.getLong(1);
            boolean anyFrom = !rs.wasNull();
            long last = rs.getLong(2);
            boolean anyTo = !rs.wasNull();
            boolean startInside = rs.getLong(3) < from || a <= minRow;
            boolean endInside = rs.getLong(4) > to || b >= maxRow;
            if (!startInside || !endInside) {
                return false;
            }
            long start = anyFrom ? first : b + 1;
            long end = anyTo ? last + 1 : a;
            remember(from, start);
            remember(to + 1, Math.max(start, end));
            seen[0] = anyFrom && anyTo && first <= last ? new FrameIndex.Range(first, last) : null;
            return true;
        }
    }

    private boolean isKnown(long key) {
        return key >= 1 && key < start.length && start[(int) key] != Long.MIN_VALUE;
    }

    /**
     * The nearest known start at or beyond {@code key} in {@code direction}, {row id, key}; past the known ones, the
     * table's first row (downwards) or the row after its last (upwards).
     */
    private long[] known(long key, int direction) {
        for (long k = key; k >= 1 && k < start.length; k += direction) {
            if (start[(int) k] != Long.MIN_VALUE) {
                return new long[] {start[(int) k], k};
            }
        }
        return direction < 0 ? new long[] {minRow, Math.min(firstKey, key)} : new long[] {maxRow + 1, maxKey + 1};
    }

    private void remember(long key, long row) {
        if (key >= 1 && key < start.length) {
            start[(int) key] = row;
        }
    }

    /** Queries made so far, windows and seeks (the cost of a lookup, in tests). */
    long queries() {
        return queries;
    }

    private long startOf(long key) throws SQLException {
        int k = (int) key;
        if (start[k] != Long.MIN_VALUE) {
            return start[k];
        }
        long lo = known(key - 1, -1)[0]; // known bounds either side narrow the search
        long hi = known(key + 1, +1)[0];
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            long[] row = seek(mid);
            if (row == null || row[1] >= key) {
                hi = mid;
            } else {
                lo = row[0] + 1;
            }
        }
        start[k] = lo;
        return lo;
    }

    /** The first row at or after {@code rowid}: {rowid, key}, or null past the end. */
    private long[] seek(long rowid) throws SQLException {
        queries++;
        seek.setLong(1, rowid);
        try (ResultSet rs = seek.executeQuery()) {
            return rs.next() ? new long[] {rs.getLong(1), rs.getLong(2)} : null;
        }
    }

    void close() {
        try {
            seek.close();
            window.close();
        } catch (SQLException e) {
            // closing a read-only statement cannot lose data
        }
    }
}
