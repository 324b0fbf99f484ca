package dev.framescope.physics;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.sqlite.core.Codes;
import org.sqlite.core.CoreStatement;
import org.sqlite.core.DB;

/**
 * Reads every row of a query over a whole table. Through JDBC, sqlite-jdbc makes three native calls per REAL value
 * ({@code getDouble} asks the column type, then the value, and {@code wasNull} asks the type again), each behind a
 * lock and a lambda; that was 80% of the time spent reading a 10,000-frame recording. This steps the driver's own
 * prepared statement instead: one native call per value, and a type check only for values that read as 0.0 (how
 * SQLite returns NULL). The JDBC path stays as the fallback for a driver without that handle, and the tests compare
 * both on every fixture.
 */
final class TableScan {

    /** One row of the query; columns count from 1, as in JDBC. */
    interface Row {
        /** A REAL column; NULL (how cpp_sqlite stores NaN) reads as NaN. */
        double real(int column) throws SQLException;

        /** An INTEGER column; NULL reads as 0. */
        long integer(int column) throws SQLException;
    }

    @FunctionalInterface
    interface Sink {
        void row(Row row) throws SQLException;
    }

    private TableScan() {
    }

    /** Runs {@code sql} (no parameters) and hands each row to {@code sink}; returns the number of rows. */
    static int each(Connection db, String sql, Sink sink) throws SQLException {
        try (PreparedStatement st = db.prepareStatement(sql)) {
            if (st instanceof CoreStatement core && core.pointer != null) {
                return core.pointer.safeRunInt((driver, handle) -> stepAll(driver, handle, sink));
            }
        }
        return viaJdbc(db, sql, sink);
    }

    /** The same rows through plain JDBC. */
    static int viaJdbc(Connection db, String sql, Sink sink) throws SQLException {
        try (PreparedStatement st = db.prepareStatement(sql); ResultSet rs = st.executeQuery()) {
            Row row = new Row() {
                @Override
                public double real(int column) throws SQLException {
                    return RecordingStore.real(rs, column);
                }

                @Override
                public long integer(int column) throws SQLException {
                    return rs.getLong(column);
                }
            };
            int rows = 0;
            while (rs.next()) {
                sink.row(row);
                rows++;
            }
            return rows;
        }
    }

    private static int stepAll(DB driver, long handle, Sink sink) throws SQLException {
        Row row = new Row() {
            @Override
            public double real(int column) throws SQLException {
                double value = driver.column_double(handle, column - 1);
                return value == 0 && driver.column_type(handle, column - 1) == Codes.SQLITE_NULL ? Double.NaN : value;
            }

            @Override
            public long integer(int column) throws SQLException {
                return driver.column_long(handle, column - 1);
            }
        };
        int rows = 0;
        int rc;
        while ((rc = driver.step(handle)) == Codes.SQLITE_ROW) {
            sink.row(row);
            if ((++rows & 511) == 0) {
                Background.giveWay();
            }
        }
        if (rc != Codes.SQLITE_DONE) {
            driver.throwex(rc);
        }
        return rows;
    }
}
