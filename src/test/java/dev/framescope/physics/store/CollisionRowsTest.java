package dev.framescope.physics.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.physics.PhysicsCalls;
import dev.framescope.physics.store.RecordingSeries.ContactSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collision rows the first energy check reads without their normals ({@link NormalIds}) must be the rows the
 * collision series holds, which joins each to its normal: on a recording as MSD-CPP writes it, and on one whose
 * collision rows name no normal in every way a join drops (NULL, an id past either end, a real, a text), with a
 * frame's rows stored at the end of the table, with a vector missing from the middle of {@code Vector3DRecord}, and
 * with a {@code Vector3DRecord} whose ids repeat. The same pass proves the table in frame order where {@link
 * FrameProbe#inFrameOrder} does, and never where it does not.
 */
class CollisionRowsTest {

    @TempDir
    Path tmp;

    @Test
    void aRecordingAsWrittenIsReadByTheRangeAndKeepsEveryRow() throws Exception {
        Path file = copy("as_written");
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            NormalIds ids = NormalIds.of(db);
            assertTrue(ids.idIsRowid());
            assertTrue(ids.lowest() <= ids.highest(), "the fixture's vectors have ids without a gap: " + ids);
        }
        assertSameRowsAsTheSeries(file, 578);
    }

    @Test
    void rowsWithoutANormalAreDroppedAsTheJoinDropsThem() throws Exception {
        Path file = copy("without_normals");
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = db.createStatement()) {
            breakNormals(st);
            assertTrue(NormalIds.of(db).lowest() <= NormalIds.of(db).highest());
        }
        // 578 rows, of which 5 name no vector: NULL, past the last id, 0, a real and a text.
        assertSameRowsAsTheSeries(file, 573);
    }

    @Test
    void aVectorMissingFromTheMiddleIsLookedUp() throws Exception {
        Path file = copy("vector_gap");
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = db.createStatement()) {
            breakNormals(st);
            st.execute("DELETE FROM Vector3DRecord WHERE id = (SELECT normal_id FROM CollisionResultRecord WHERE "
                    + "id = 40)");
            NormalIds ids = NormalIds.of(db);
            assertTrue(ids.lowest() > ids.highest(), "a gap leaves no range: " + ids);
        }
        assertSameRowsAsTheSeries(file, 572);
    }

    @Test
    void vectorIdsThatRepeatKeepTheJoin() throws Exception {
        Path file = copy("repeated_ids");
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = db.createStatement()) {
            breakNormals(st);
            st.execute("CREATE TABLE v (id INTEGER, x FLOAT, y FLOAT, z FLOAT)");
            st.execute("INSERT INTO v SELECT id, x, y, z FROM Vector3DRecord");
            st.execute("INSERT INTO v SELECT id, x, y, z FROM Vector3DRecord WHERE id = (SELECT normal_id FROM "
                    + "CollisionResultRecord WHERE id = 50)");
            st.execute("DROP TABLE Vector3DRecord");
            st.execute("ALTER TABLE v RENAME TO Vector3DRecord");
            assertFalse(NormalIds.of(db).idIsRowid());
        }
        // The row whose vector is stored twice is joined twice, by the series as by the first check.
        assertSameRowsAsTheSeries(file, 574);
    }

    @Test
    void theReadProvesFrameOrderOnlyWhereTheProbeDoes() throws Exception {
        assertProof(copy("in_order"), "", true, Boolean.TRUE);
        assertProof(copy("frame_stored_last"), "UPDATE CollisionResultRecord SET id = id + 10000 WHERE frame_id = 20",
                false, null);
        assertProof(copy("row_gap"), "DELETE FROM CollisionResultRecord WHERE id = 30", false, null);
        assertProof(copy("descending"), "UPDATE CollisionResultRecord SET frame_id = 1 WHERE id = 300", false, null);
        // Rows without a normal still count: the order is the whole table's.
        assertProof(copy("without_normal_stored_last"), "UPDATE CollisionResultRecord SET normal_id = NULL, id = "
                + "id + 10000 WHERE frame_id = 20", false, null);
        // SQL never compares NULL as smaller, so the probe passes it; the read does not tell, and leaves it to the probe.
        assertProof(copy("frame_id_null"), "UPDATE CollisionResultRecord SET frame_id = NULL WHERE id = 30", true,
                null);
    }

    /** {@code read}: what the read must say, TRUE or null (it cannot tell: the probe's own pass then decides). */
    private static void assertProof(Path file, String change, boolean probe, Boolean read) throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = db.createStatement()) {
            if (!change.isEmpty()) {
                st.execute(change);
            }
            assertEquals(probe, FrameProbe.inFrameOrder(db, "CollisionResultRecord", "frame_id"), file + ": probe");
            assertEquals(read, CollisionRows.read(db, 200, 16).inFrameOrder(), file.toString());
        }
    }

    private Path copy(String name) throws Exception {
        Path file = tmp.resolve(name + ".db");
        Files.copy(Path.of(PhysicsCalls.fixture("stack_3_boxes")), file);
        return file;
    }

    /** Five rows whose normal a join cannot find, one it finds through a real 3.0, and frame 20 stored last. */
    private static void breakNormals(Statement st) throws SQLException {
        st.execute("UPDATE CollisionResultRecord SET normal_id = NULL WHERE id = 10");
        st.execute("UPDATE CollisionResultRecord SET normal_id = (SELECT max(id) + 7 FROM Vector3DRecord) WHERE "
                + "id = 11");
        st.execute("UPDATE CollisionResultRecord SET normal_id = 0 WHERE id = 12");
        st.execute("UPDATE CollisionResultRecord SET normal_id = normal_id + 0.5 WHERE id = 13");
        st.execute("UPDATE CollisionResultRecord SET normal_id = 'none' WHERE id = 14");
        st.execute("UPDATE CollisionResultRecord SET normal_id = CAST(normal_id AS REAL) WHERE id = 15");
        st.execute("UPDATE CollisionResultRecord SET id = id + 10000 WHERE frame_id = 20");
    }

    /** Every frame's rows read for the first check equal those of the collision series, {@code rows} in all. */
    private static void assertSameRowsAsTheSeries(Path file, int rows) {
        List<List<ContactSummary>> first = new ArrayList<>();
        try (RecordingStore store = RecordingStore.open(file)) {
            CollisionRows read = store.collisionRows();
            for (long frame = 1; frame <= store.frameCount(); frame++) {
                first.add(read.at(frame));
            }
            assertFalse(store.contactsAndStatesRead(), "read before the series");
        }
        try (RecordingStore store = RecordingStore.open(file)) {
            store.contactSeries();
            CollisionRows series = store.collisionRows();
            int total = 0;
            for (long frame = 1; frame <= store.frameCount(); frame++) {
                assertEquals(series.at(frame), first.get((int) frame - 1), file + ", frame " + frame);
                total += series.at(frame).size();
            }
            assertEquals(rows, total);
            assertNotEquals(0, series.at(20).size(), "frame 20's rows, stored last, are read");
        }
    }
}
