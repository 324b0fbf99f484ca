package dev.framescope.physics.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

/**
 * The rows of one contact table (collisions, contact constraints or friction constraints) held as columns: frame,
 * body A, body B and {@code stride} doubles per row, sorted by frame, with each frame's first row. About 20 bytes
 * plus 8 per value a row, against some 150 bytes for a row of records in a map of lists.
 */
final class ContactRows {

    /** Doubles per row. */
    private final int stride;
    private final int frameCount;
    private int[] frames;
    private long[] bodyA;
    private long[] bodyB;
    private double[] values;
    private int size;
    private boolean ordered = true;
    private boolean cameInOrder = true;
    /** Rows of frame f are frameStart[f] until frameStart[f + 1]. */
    private int[] frameStart;

    private ContactRows(int stride, int frameCount, int capacity) {
        this.stride = stride;
        this.frameCount = frameCount;
        frames = new int[Math.max(capacity, 1)];
        bodyA = new long[frames.length];
        bodyB = new long[frames.length];
        values = new double[frames.length * stride];
    }

    static ContactRows empty(int frameCount) {
        ContactRows rows = new ContactRows(0, frameCount, 1);
        rows.finish();
        return rows;
    }

    /**
     * Runs {@code sql}, whose columns are frame, body A, body B, row id, then {@code stride} REAL values, ordered by
     * row id. Rows whose frame is outside 1..frameCount are dropped: no frame can ask for them.
     */
    static ContactRows read(Connection db, String sql, int stride, int frameCount, int capacity,
                            FrameIndex.Builder index) throws SQLException {
        ContactRows rows = new ContactRows(stride, frameCount, capacity);
        TableScan.each(db, sql, row -> {
            index.add(row.integer(1), row.integer(4));
            rows.add(row);
        });
        rows.finish();
        return rows;
    }

    /**
     * Runs {@code sql}, whose columns are those of {@link #read} and then one more: whether to keep the row (0: not).
     * {@code seen} meets every row, kept or not, first.
     */
    static ContactRows readKept(Connection db, String sql, int stride, int frameCount, int capacity,
                                TableScan.Sink seen) throws SQLException {
        ContactRows rows = new ContactRows(stride, frameCount, capacity);
        TableScan.each(db, sql, row -> {
            seen.row(row);
            if (row.integer(5 + stride) != 0) {
                rows.add(row);
            }
        });
        rows.finish();
        return rows;
    }

    /**
     * The rows of some frames only: {@code sql} has the columns of {@link #read} and four parameters, a row-id range
     * and a frame range, bound in turn to each of {@code ranges} ({first id, last id, first frame, last frame}).
     */
    static ContactRows read(Connection db, String sql, int stride, int frameCount, List<long[]> ranges)
            throws SQLException {
        ContactRows rows = new ContactRows(stride, frameCount, 64);
        try (PreparedStatement st = db.prepareStatement(sql)) {
            for (long[] range : ranges) {
                for (int i = 0; i < 4; i++) {
                    st.setLong(i + 1, range[i]);
                }
                TableScan.each(st, rows::add);
            }
        }
        rows.finish();
        return rows;
    }

    private void add(TableScan.Row row) throws SQLException {
        long frame = row.integer(1);
        if (frame < 1 || frame > frameCount) {
            return; // no frame can ask for it
        }
        int at = append((int) frame, row.integer(2), row.integer(3));
        for (int c = 0; c < stride; c++) {
            values[at + c] = row.real(5 + c);
        }
    }

    /** Whether the rows came in frame order, as MSD-CPP writes them (they are sorted either way). */
    boolean cameInFrameOrder() {
        return cameInOrder;
    }

    private int append(int frame, long a, long b) {
        if (size == frames.length) {
            int capacity = size * 2;
            frames = Arrays.copyOf(frames, capacity);
            bodyA = Arrays.copyOf(bodyA, capacity);
            bodyB = Arrays.copyOf(bodyB, capacity);
            values = Arrays.copyOf(values, capacity * stride);
        }
        ordered &= size == 0 || frames[size - 1] <= frame;
        frames[size] = frame;
        bodyA[size] = a;
        bodyB[size] = b;
        return size++ * stride;
    }

    /** Sorts by frame (stable, so a frame keeps its rows' stored order) if needed, trims, and indexes frames. */
    private void finish() {
        cameInOrder = ordered;
        if (!ordered) {
            int[] order = Tracks.byFrame(frames, size);
            bodyA = Tracks.permute(bodyA, order);
            bodyB = Tracks.permute(bodyB, order);
            values = Tracks.permute(values, stride, order);
            frames = Tracks.permute(frames, order);
        } else if (size < frames.length) {
            frames = Arrays.copyOf(frames, size);
            bodyA = Arrays.copyOf(bodyA, size);
            bodyB = Arrays.copyOf(bodyB, size);
            values = Arrays.copyOf(values, size * stride);
        }
        frameStart = new int[frameCount + 2];
        int row = 0;
        for (int f = 1; f <= frameCount + 1; f++) {
            while (row < size && frames[row] < f) {
                row++;
            }
            frameStart[f] = row;
        }
    }

    int size() {
        return size;
    }

    /** First row of {@code frame} (rows run to {@link #end}); both 0 for a frame out of range. */
    int start(long frame) {
        return frame < 1 || frame > frameCount ? 0 : frameStart[(int) frame];
    }

    int end(long frame) {
        return frame < 1 || frame > frameCount ? 0 : frameStart[(int) frame + 1];
    }

    long frame(int row) {
        return frames[row];
    }

    long bodyA(int row) {
        return bodyA[row];
    }

    long bodyB(int row) {
        return bodyB[row];
    }

    double value(int row, int column) {
        return values[row * stride + column];
    }

    /** Overwrites one value (a reader completing rows from another table). */
    void set(int row, int column, double value) {
        values[row * stride + column] = value;
    }

    Vec3 vec(int row, int column) {
        int at = row * stride + column;
        return new Vec3(values[at], values[at + 1], values[at + 2]);
    }
}
