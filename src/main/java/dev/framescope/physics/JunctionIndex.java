package dev.framescope.physics;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * For {@code CollisionResultRecord_ContactPointRecord}, which cpp_sqlite creates without any key: the rowid range
 * of each collision's contact points, from one scan, so a frame's points are read by rowid instead of scanning
 * the whole junction table on every call.
 */
final class JunctionIndex {

    private final long[] first;
    private final long[] last;

    private JunctionIndex(int size) {
        first = new long[size];
        last = new long[size];
    }

    static JunctionIndex build(Connection db) throws SQLException {
        int size;
        try (Statement st = db.createStatement();
             ResultSet rs = st.executeQuery("SELECT coalesce(max(id), 0) FROM CollisionResultRecord")) {
            size = (int) rs.getLong(1) + 1;
        }
        JunctionIndex index = new JunctionIndex(size);
        try (Statement st = db.createStatement();
             ResultSet rs = st.executeQuery("SELECT CollisionResultRecord_id, min(rowid), max(rowid) FROM "
                     + "CollisionResultRecord_ContactPointRecord GROUP BY CollisionResultRecord_id")) {
            while (rs.next()) {
                long collision = rs.getLong(1);
                if (collision > 0 && collision < size) {
                    index.first[(int) collision] = rs.getLong(2);
                    index.last[(int) collision] = rs.getLong(3);
                }
            }
        }
        return index;
    }

    /** The rowid range covering the points of collisions {@code firstId..lastId}, or null when they have none. */
    FrameIndex.Range rows(long firstId, long lastId) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long id = Math.max(1, firstId); id <= lastId && id < first.length; id++) {
            if (first[(int) id] != 0) {
                min = Math.min(min, first[(int) id]);
                max = Math.max(max, last[(int) id]);
            }
        }
        return min == Long.MAX_VALUE ? null : new FrameIndex.Range(min, max);
    }
}
