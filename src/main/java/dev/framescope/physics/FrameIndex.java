package dev.framescope.physics;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * For one table with a {@code frame_id} column: the first and last row id of each frame, from one scan. The
 * recordings have no index on {@code frame_id} and must not be modified, so this map stands in for one.
 */
final class FrameIndex {

    record Range(long firstId, long lastId) {
    }

    private final long[] first;
    private final long[] last;

    private FrameIndex(int frameCount) {
        first = new long[frameCount + 1];
        last = new long[frameCount + 1];
    }

    static FrameIndex build(Connection db, String table, int frameCount) throws SQLException {
        FrameIndex index = new FrameIndex(frameCount);
        try (Statement st = db.createStatement();
             ResultSet rs = st.executeQuery("SELECT frame_id, min(id), max(id) FROM " + table
                     + " GROUP BY frame_id")) {
            while (rs.next()) {
                long frame = rs.getLong(1);
                if (frame >= 1 && frame <= frameCount) {
                    index.first[(int) frame] = rs.getLong(2);
                    index.last[(int) frame] = rs.getLong(3);
                }
            }
        }
        return index;
    }

    /** The id range of {@code frame}'s rows, or null when it has none. */
    Range range(long frame) {
        if (frame < 1 || frame >= first.length || first[(int) frame] == 0) {
            return null;
        }
        return new Range(first[(int) frame], last[(int) frame]);
    }
}
