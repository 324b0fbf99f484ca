package dev.framescope.physics.store;

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

    /**
     * Runs {@code st}, a prepared statement with its parameters set (the driver binds them as it executes), and hands
     * each row to {@code sink}, its values read as {@link #each} reads them; returns the number of rows.
     */
    static int each(PreparedStatement st, Sink sink) throws SQLException {
        try (ResultSet rs = st.executeQuery()) {
            if (st instanceof CoreStatement core && core.pointer != null) {
                // The result set steps the driver's statement, which stays on the row it is at: read that row.
                return core.pointer.safeRunInt((driver, handle) -> each(rs, direct(driver, handle), sink));
            }
            return each(rs, viaJdbc(rs), sink);
        }
    }

    /** The same rows through plain JDBC. */
    static int viaJdbc(Connection db, String sql, Sink sink) throws SQLException {
        try (PreparedStatement st = db.prepareStatement(sql); ResultSet rs = st.executeQuery()) {
            return each(rs, viaJdbc(rs), sink);
        }
    }

    /** Steps {@code rs}; {@code row} reads the row it is on. */
    private static int each(ResultSet rs, Row row, Sink sink) throws SQLException {
        int rows = 0;
        while (rs.next()) {
            sink.row(row);
            rows++;
        }
        return rows;
    }

    private static Row viaJdbc(ResultSet rs) {
        return new Row() {
            @Override
            public double real(int column) throws SQLException {
                return RecordingStore.real(rs, column);
            }

            @Override
            public long integer(int column) throws SQLException {
                return rs.getLong(column);
            }
        };
    }

    /** The current row of the driver's statement {@code handle}: one native call per value. */
    private static Row direct(DB driver, long handle) {
        return new Row() {
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
    }

    private static int stepAll(DB driver, long handle, Sink sink) throws SQLException {
        Row row = direct(driver, handle);
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
