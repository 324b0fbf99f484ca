package dev.framescope.physics.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * For one table and one key column ({@code frame_id}, or a collision id for the contact-point junction): the first
 * and last row id of each key, from one scan. The recordings have no index on those columns and must not be
 * modified, so this stands in for one. Exact whatever order the rows are in; callers still filter on the key.
 */
final class FrameIndex {

    record Range(long firstId, long lastId) {
    }

    private final long[] first;
    private final long[] last;

    private FrameIndex(long[] first, long[] last) {
        this.first = first;
        this.last = last;
    }

    /** Scans {@code SELECT key, rowid FROM table}; keys outside 1..maxKey are ignored. */
    static FrameIndex build(Connection db, String table, String keyColumn, int maxKey) throws SQLException {
        Builder builder = new Builder(maxKey);
        TableScan.each(db, "SELECT " + keyColumn + ", rowid FROM " + table, row -> builder.add(row.integer(1),
                row.integer(2)));
        return builder.build();
    }

    /** Collects (key, row id) pairs during a scan that reads the table anyway. */
    static final class Builder {
        private long[] first;
        private long[] last;

        Builder(int maxKey) {
            first = new long[Math.max(maxKey, 0) + 1];
            last = new long[first.length];
            Arrays.fill(first, Long.MAX_VALUE);
            Arrays.fill(last, Long.MIN_VALUE);
        }

        void add(long key, long id) {
            if (key >= 1 && key < first.length) {
                int k = (int) key;
                first[k] = Math.min(first[k], id);
                last[k] = Math.max(last[k], id);
            }
        }

        FrameIndex build() {
            FrameIndex index = new FrameIndex(first, last);
            first = null;
            last = null;
            return index;
        }
    }

    /** The id range of {@code key}'s rows, or null when it has none. */
    Range range(long key) {
        if (key < 1 || key >= first.length || first[(int) key] == Long.MAX_VALUE) {
            return null;
        }
        return new Range(first[(int) key], last[(int) key]);
    }

    /** The id range covering the rows of keys {@code from..to}, or null when none of them has rows. */
    Range range(long from, long to) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long k = Math.max(1, from); k <= to && k < first.length; k++) {
            min = Math.min(min, first[(int) k]);
            max = Math.max(max, last[(int) k]);
        }
        return min == Long.MAX_VALUE ? null : new Range(min, max);
    }
}
