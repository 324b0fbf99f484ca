package dev.framescope.physics.store;

import dev.framescope.physics.store.RecordingSeries.ContactSummary;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Every frame's collision rows (bodies and depth, in stored order) as columns, for a check that walks all frames:
 * the energy check's per-frame sums read them in place, where a list of records per frame cost it ~230,000 objects
 * on the 10,000-frame benchmark recording. {@link #at} gives one frame's rows as records, for the frames it lists.
 * Immutable.
 */
public final class CollisionRows {

    private final ContactRows rows;
    private final int depthColumn;

    CollisionRows(ContactRows rows, int depthColumn) {
        this.rows = rows;
        this.depthColumn = depthColumn;
    }

    /**
     * Every collision row that has its normal, read in one pass over the table, and whether that pass proved the
     * table in frame order ({@link FrameProbe#inFrameOrder}'s rule: row ids without a gap, frame ids never
     * descending; null when it could not tell), so a frame window need not pass over the table again for it.
     */
    record Read(CollisionRows rows, Boolean inFrameOrder) {
    }

    /** Reads {@link Read} on {@code db}; {@code capacity}: a hint of the row count. */
    static Read read(Connection db, int frameCount, int capacity) throws SQLException {
        NormalIds normals = NormalIds.of(db);
        boolean[] inOrder = {true};
        long[] last = {0, 0};
        boolean[] first = {true};
        // Every row is seen, with or without its normal, in row-id order: the proof runs over the whole table.
        ContactRows kept = ContactRows.readKept(db, "SELECT c.frame_id, c.body_a_id, c.body_b_id, c.rowid, "
                + "c.penetrationDepth, " + normals.keep("c") + ", typeof(c.frame_id) = 'integer' FROM "
                + "CollisionResultRecord c" + normals.join("c") + " ORDER BY c.id", 1, frameCount, capacity, row -> {
                    long rowid = row.integer(4);
                    long frame = row.integer(1);
                    // A frame id SQLite would compare otherwise than as an integer: not proven (the caller then
                    // proves it as it always did).
                    inOrder[0] &= row.integer(7) != 0 && (first[0] || rowid == last[0] + 1 && frame >= last[1]);
                    first[0] = false;
                    last[0] = rowid;
                    last[1] = frame;
                });
        return new Read(new CollisionRows(kept, 0), normals.idIsRowid() && inOrder[0] ? Boolean.TRUE : null);
    }

    /** The first row of {@code frame}; its rows run to {@link #end} (both equal when it has none). */
    public int start(long frame) {
        return rows.start(frame);
    }

    public int end(long frame) {
        return rows.end(frame);
    }

    public long bodyA(int row) {
        return rows.bodyA(row);
    }

    public long bodyB(int row) {
        return rows.bodyB(row);
    }

    /** Penetration depth in m; NaN where recorded NULL. */
    public double depth(int row) {
        return rows.value(row, depthColumn);
    }

    /** The rows of {@code frame} as records; empty when it has none. */
    public List<ContactSummary> at(long frame) {
        if (start(frame) == end(frame)) {
            return List.of();
        }
        List<ContactSummary> list = new ArrayList<>(end(frame) - start(frame));
        for (int row = start(frame); row < end(frame); row++) {
            list.add(new ContactSummary(bodyA(row), bodyB(row), depth(row)));
        }
        return list;
    }

    int size() {
        return rows.size();
    }

    long frame(int row) {
        return rows.frame(row);
    }
}
