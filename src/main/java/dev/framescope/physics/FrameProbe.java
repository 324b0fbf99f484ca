package dev.framescope.physics;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * Finds the rows of one key ({@code frame_id}, or a collision id in the contact-point junction) without scanning
 * the table: MSD-CPP writes a frame's rows one after another in frame order, so the key never decreases with the
 * row id and a binary search over row ids (about 20 rowid seeks) finds where a key starts. This serves per-frame
 * calls made while the background read has not yet built the exact {@link FrameIndex} (which also holds for a file
 * written out of order). Bounds found are kept, so neighbouring frames cost less. Not thread-safe: the store calls it
 * under its lock, on its connection.
 */
final class FrameProbe {

    private final String table;
    private final long maxKey;
    private final PreparedStatement seek;
    private final long minRow;
    private final long maxRow;
    /** start[k] = the first row id whose key is ≥ k (row ids below it all have smaller keys); MIN_VALUE = unknown. */
    private final long[] start;

    private FrameProbe(String table, long maxKey, PreparedStatement seek, long minRow, long maxRow) {
        this.table = table;
        this.maxKey = maxKey;
        this.seek = seek;
        this.minRow = minRow;
        this.maxRow = maxRow;
        this.start = new long[(int) Math.max(maxKey, 0) + 2];
        Arrays.fill(start, Long.MIN_VALUE);
    }

    static FrameProbe open(Connection db, String table, String keyColumn, long maxKey) throws SQLException {
        long min;
        long max;
        try (PreparedStatement st = db.prepareStatement("SELECT min(rowid), max(rowid) FROM " + table);
             ResultSet rs = st.executeQuery()) {
            min = rs.getLong(1);
            max = rs.getLong(2);
        }
        return new FrameProbe(table, maxKey, db.prepareStatement("SELECT rowid, " + keyColumn + " FROM " + table
                + " WHERE rowid >= ? ORDER BY rowid LIMIT 1"), min, max);
    }

    String table() {
        return table;
    }

    /** The row-id range of keys {@code from..to}, or null when none of them has a row. */
    FrameIndex.Range range(long from, long to) throws SQLException {
        if (to < 1 || from > maxKey || from > to) {
            return null;
        }
        long first = startOf(Math.max(1, from));
        long end = startOf(Math.min(to, maxKey) + 1);
        if (first >= end) {
            return null;
        }
        long[] row = seek(first);
        return row == null || row[0] >= end ? null : new FrameIndex.Range(row[0], end - 1);
    }

    private long startOf(long key) throws SQLException {
        int k = (int) key;
        if (start[k] != Long.MIN_VALUE) {
            return start[k];
        }
        long lo = minRow;
        long hi = maxRow + 1;
        for (int j = k - 1; j >= 1; j--) { // known bounds either side narrow the search
            if (start[j] != Long.MIN_VALUE) {
                lo = start[j];
                break;
            }
        }
        for (int j = k + 1; j < start.length; j++) {
            if (start[j] != Long.MIN_VALUE) {
                hi = start[j];
                break;
            }
        }
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
        seek.setLong(1, rowid);
        try (ResultSet rs = seek.executeQuery()) {
            return rs.next() ? new long[] {rs.getLong(1), rs.getLong(2)} : null;
        }
    }

    void close() {
        try {
            seek.close();
        } catch (SQLException e) {
            // closing a read-only statement cannot lose data
        }
    }
}
