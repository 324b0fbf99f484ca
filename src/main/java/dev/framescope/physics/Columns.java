package dev.framescope.physics;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

/**
 * A table read front to back into arrays indexed by row id. Sequential scans are several times faster than the
 * per-row primary-key lookups of a join, which is what lets whole-recording checks finish in milliseconds after a
 * one-off read. Missing ids read as NaN (REAL) or 0 (INTEGER).
 */
final class Columns {

    private final double[][] reals;
    private final long[][] integers;

    private Columns(double[][] reals, long[][] integers) {
        this.reals = reals;
        this.integers = integers;
    }

    /**
     * Reads {@code SELECT id, <realColumns…>, <integerColumns…> FROM table}.
     */
    static Columns read(Connection db, String table, String[] realColumns, String[] integerColumns)
            throws SQLException {
        int size;
        try (Statement st = db.createStatement();
             ResultSet rs = st.executeQuery("SELECT coalesce(max(id), 0) FROM " + table)) {
            size = (int) rs.getLong(1) + 1;
        }
        double[][] reals = new double[realColumns.length][size];
        for (double[] column : reals) {
            Arrays.fill(column, Double.NaN);
        }
        long[][] integers = new long[integerColumns.length][size];
        StringBuilder sql = new StringBuilder("SELECT id");
        for (String c : realColumns) {
            sql.append(", ").append(c);
        }
        for (String c : integerColumns) {
            sql.append(", ").append(c);
        }
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql + " FROM " + table)) {
            while (rs.next()) {
                int id = (int) rs.getLong(1);
                for (int i = 0; i < realColumns.length; i++) {
                    reals[i][id] = RecordingStore.real(rs, 2 + i);
                }
                for (int i = 0; i < integerColumns.length; i++) {
                    integers[i][id] = rs.getLong(2 + realColumns.length + i);
                }
            }
        }
        return new Columns(reals, integers);
    }

    int size() {
        return reals.length > 0 ? reals[0].length : integers.length > 0 ? integers[0].length : 0;
    }

    double real(int column, long id) {
        return id > 0 && id < reals[column].length ? reals[column][(int) id] : Double.NaN;
    }

    long integer(int column, long id) {
        return integers[column][(int) id];
    }

    Vec3 vec(long id) {
        return new Vec3(real(0, id), real(1, id), real(2, id));
    }
}
