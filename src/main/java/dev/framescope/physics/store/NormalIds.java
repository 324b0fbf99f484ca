package dev.framescope.physics.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

/**
 * Which collision rows have a normal, told without looking each one up. The collision series joins every row to its
 * normal in {@code Vector3DRecord}, which drops a row whose {@code normal_id} is NULL or names no vector; on the
 * 10,000-frame benchmark recording that lookup, one B-tree search in a table of 2 million vectors per row, was 50 of
 * the 80 ms SQLite spent on the collision rows of the first energy check. MSD-CPP writes vectors with ids 1..N and
 * no gap, so where the table is proven so (one count, ~10 ms), an integer id within that range has its vector; any
 * other value (NULL, an id outside, a real or text) is still looked up, so the rows kept are those the join keeps.
 */
record NormalIds(boolean idIsRowid, long lowest, long highest) {

    /** The table MSD-CPP writes it as: {@code id} is the row id, so ids are unique and never NULL. */
    private static final Pattern ID_IS_ROWID = Pattern.compile("\\(\\s*\"?id\"?\\s+INTEGER\\s+PRIMARY\\s+KEY\\s*,",
            Pattern.CASE_INSENSITIVE);

    /**
     * The ids of {@code Vector3DRecord} on {@code db}: a range with every id in it taken, else an empty range; a table
     * whose {@code id} is not its row id may repeat an id, and only the join keeps its rows as the series does.
     */
    static NormalIds of(Connection db) throws SQLException {
        try (Statement st = db.createStatement()) {
            String sql;
            try (ResultSet rs = st.executeQuery("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = "
                    + "'Vector3DRecord'")) {
                sql = rs.next() ? rs.getString(1) : null;
            }
            if (sql == null || !ID_IS_ROWID.matcher(sql).find() || sql.toUpperCase().contains("WITHOUT ROWID")) {
                return new NormalIds(false, 1, 0);
            }
            // Separate subqueries: SQLite answers min() and max() alone from the B-tree's ends, not both at once.
            try (ResultSet rs = st.executeQuery("SELECT (SELECT count(*) FROM Vector3DRecord), (SELECT min(id) FROM "
                    + "Vector3DRecord), (SELECT max(id) FROM Vector3DRecord)")) {
                long count = rs.getLong(1);
                long lowest = rs.getLong(2);
                long highest = rs.getLong(3);
                return count > 0 && highest - lowest + 1 == count ? new NormalIds(true, lowest, highest)
                        : new NormalIds(true, 1, 0);
            }
        }
    }

    /**
     * What follows {@code FROM table alias} where ids may repeat: the join itself, which keeps a row once per vector
     * its {@code normal_id} names, as the series does; else nothing, and {@link #keep} tells the rows apart.
     */
    String join(String alias) {
        return idIsRowid ? "" : " JOIN Vector3DRecord n ON " + alias + ".normal_id = n.id";
    }

    /**
     * A column that is 1 for a row the join {@code JOIN Vector3DRecord n ON alias.normal_id = n.id} keeps (once:
     * ids are unique), else 0; the lookup runs only for values the range does not settle. Always 1 after {@link
     * #join}.
     */
    String keep(String alias) {
        return !idIsRowid ? "1" : "CASE WHEN typeof(" + alias + ".normal_id) = 'integer' AND " + alias
                + ".normal_id BETWEEN " + lowest + " AND " + highest + " THEN 1 ELSE EXISTS (SELECT 1 FROM "
                + "Vector3DRecord n WHERE n.id = " + alias + ".normal_id) END";
    }
}
