package dev.framescope.physics.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The contact and state rows of some frames, for a check that needs only those while the whole-recording series
 * are not read yet: the energy check's loss bounds need the frames of its losses, the λ convention the first frames
 * with contacts. On the 10,000-frame benchmark recording that is about 2 % of the rows, so reading them takes tens
 * of milliseconds where waiting for the series took a second. Each table is read by row-id range (one query per span
 * of frames), the range taken from the table's exact index when its scan has ended, else found by {@link
 * FrameProbe}, which relies on MSD-CPP writing frames in order: so a table is first proven in frame order (once per
 * recording, {@link FrameProbe#inFrameOrder}, or for the collision table by the read of every collision row, {@link
 * CollisionRows#read}), since a range found by the probe misses any row of its frames stored
 * elsewhere (a frame's friction rows rewritten at the end of the table read as none, and the first energy check
 * answered otherwise than the later ones). A file whose rows are not in frame order gets no window ({@link #read}
 * returns null) and its caller waits for the series, which are exact in any order.
 * {@code contacts} and {@code states} hold only the frames asked for: a frame outside them reads as empty.
 */
public record FrameWindow(ContactSeries contacts, StateSeries states) {

    /** The tables a window reads, the contact tables first. */
    private static final List<String> CONTACT_TABLES = List.of("CollisionResultRecord", "ContactConstraintRecord",
            "FrictionConstraintRecord");

    /** Whether a table's rows are stored in frame order (kept per recording by the caller: one pass per table). */
    @FunctionalInterface
    interface FrameOrder {
        boolean of(String table) throws SQLException;
    }

    /**
     * Reads the frames of {@code spans} ({first, last} frame ids, ascending, not overlapping) on {@code db}.
     * {@code tables}: those the recording has; {@code exact}: a table's exact index, or null while its scan runs;
     * {@code order}: whether a table without one is in frame order.
     */
    static FrameWindow read(Connection db, Set<String> tables, boolean legacyStates, int frameCount,
                            Function<String, FrameIndex> exact, FrameOrder order, List<long[]> spans)
            throws SQLException {
        // The collision table last: its frame order may come from the read of every collision row that the energy
        // check runs meanwhile on another thread (RecordingSeries), so that proof comes free; the other tables are
        // proven and read while that read runs.
        String statesTable = StateSeries.table(legacyStates);
        Map<String, ContactRows> contacts = new HashMap<>();
        StateSeries states = StateSeries.empty();
        for (String table : List.of(CONTACT_TABLES.get(1), CONTACT_TABLES.get(2), statesTable,
                CONTACT_TABLES.get(0))) {
            boolean isStates = table.equals(statesTable);
            if (!tables.contains(table) || !isStates && !tables.contains("Vector3DRecord")) {
                contacts.put(table, ContactRows.empty(frameCount));
                continue;
            }
            List<long[]> ranges = ranges(db, table, frameCount, exact, order, spans);
            if (ranges == null) {
                return null;
            }
            if (isStates) {
                states = ranges.isEmpty() ? StateSeries.empty() : StateSeries.read(db, legacyStates, ranges);
                if (!states.cameInFrameOrder()) {
                    return null;
                }
                continue;
            }
            ContactRows rows = switch (table) {
                case "CollisionResultRecord" -> ContactSeries.readCollisions(db, frameCount, ranges);
                case "ContactConstraintRecord" -> ContactSeries.readConstraints(db, frameCount, ranges);
                default -> ContactSeries.readFriction(db, frameCount, ranges);
            };
            if (!rows.cameInFrameOrder()) {
                return null;
            }
            contacts.put(table, rows);
        }
        return new FrameWindow(new ContactSeries(contacts.get(CONTACT_TABLES.get(0)),
                contacts.get(CONTACT_TABLES.get(1)), contacts.get(CONTACT_TABLES.get(2))), states);
    }

    /**
     * {first id, last id, first frame, last frame} of each span that has rows in {@code table}; null when the table
     * has no exact index yet and is not in frame order.
     */
    private static List<long[]> ranges(Connection db, String table, int frameCount,
                                       Function<String, FrameIndex> exact, FrameOrder order, List<long[]> spans)
            throws SQLException {
        List<long[]> ranges = new ArrayList<>();
        FrameIndex index = exact.apply(table);
        FrameProbe probe = index == null ? FrameProbe.open(db, table, "frame_id", frameCount) : null;
        try {
            if (probe != null && (!probe.endsInOrder() || !order.of(table))) {
                return null;
            }
            for (long[] span : spans) {
                FrameIndex.Range r = index != null ? index.range(span[0], span[1]) : probe.range(span[0], span[1]);
                if (r != null) {
                    ranges.add(new long[] {r.firstId(), r.lastId(), span[0], span[1]});
                }
            }
        } finally {
            if (probe != null) {
                probe.close();
            }
        }
        return ranges;
    }

    /** The spans that hold {@code frames} and the frame before each, merged where they touch. */
    public static List<long[]> spansWithPrevious(List<Long> frames) {
        List<long[]> spans = new ArrayList<>();
        for (long frame : frames.stream().sorted().toList()) {
            long first = Math.max(1, frame - 1);
            long[] last = spans.isEmpty() ? null : spans.get(spans.size() - 1);
            if (last != null && first <= last[1] + 1) {
                last[1] = Math.max(last[1], frame);
            } else {
                spans.add(new long[] {first, frame});
            }
        }
        return spans;
    }
}
