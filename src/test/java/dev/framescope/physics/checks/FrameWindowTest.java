package dev.framescope.physics.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Json;
import dev.framescope.physics.PhysicsCalls;
import dev.framescope.physics.checks.LambdaConvention.LambdaUnit;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.RecordingStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The energy check and the λ convention read frame windows while the whole-recording series are not read: the
 * answers must be those the whole series give, on every fixture (and on a file stored out of frame order, which gets
 * the whole series instead), and the windows must really be used.
 */
class FrameWindowTest {

    @TempDir
    Path tmp;

    static Stream<String> scenes() throws Exception {
        return PhysicsCalls.sceneNames();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void windowsAnswerAsTheWholeSeries(String scene) throws Exception {
        assertWindowsAnswerAsTheWholeSeries(Path.of(PhysicsCalls.fixture(scene)), true);
    }

    /** Ids running backwards through the frames: a probe cannot find a frame's rows, so the series serve instead. */
    @Test
    void aFileStoredOutOfFrameOrderIsServedByTheWholeSeries() throws Exception {
        Path shuffled = tmp.resolve("backwards.db");
        Files.copy(Path.of(PhysicsCalls.fixture("drop_settle")), shuffled);
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + shuffled)) {
            for (String table : List.of("AssetDynamicStateRecord", "ContactConstraintRecord",
                    "FrictionConstraintRecord", "CollisionResultRecord")) {
                db.createStatement().execute("UPDATE " + table + " SET id = -id");
                db.createStatement().execute("UPDATE " + table + " SET id = (SELECT max(frame_id) FROM " + table
                        + ") * 1000 - frame_id * 100 + (-id % 100)");
            }
        }
        assertWindowsAnswerAsTheWholeSeries(shuffled, false);
    }

    /**
     * Every row of a frame moved to the end of its table (a writer that rewrote the frame): the first check, which
     * finds rows by their order, must not read that frame as having none. Each table that has such a frame among
     * the energy check's losses (its friction, constraint, collision or state rows), on every fixture that has one.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void rowsOfALossFrameStoredAtTheEndOfTheirTableAreNotDropped(String scene) throws Exception {
        Path original = Path.of(PhysicsCalls.fixture(scene));
        List<Long> losses;
        try (RecordingStore store = RecordingStore.open(original)) {
            if (store.frameCount() == 0) {
                return;
            }
            losses = EnergyChecks.scan(store, FrameRange.of(store, null, null), 1.0, LambdaUnit.auto).frames()
                    .stream().filter(a -> a.lossBound() != null).map(EnergyChecks.EnergyAnomaly::frameId).toList();
        }
        for (String table : List.of("FrictionConstraintRecord", "ContactConstraintRecord", "CollisionResultRecord",
                "AssetDynamicStateRecord")) {
            Path moved = tmp.resolve(scene + "-" + table + ".db");
            Files.copy(original, moved);
            try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + moved)) {
                long frame = losses.stream().filter(f -> rows(db, table, f) > 0).findFirst().orElse(-1L);
                if (frame < 0) {
                    continue;
                }
                db.createStatement().execute("UPDATE " + table + " SET id = id + (SELECT max(id) FROM " + table
                        + ") WHERE frame_id = " + frame);
            }
            assertWindowsAnswerAsTheWholeSeries(moved, null);
        }
    }

    private static long rows(Connection db, String table, long frame) {
        try (ResultSet rs = db.createStatement().executeQuery("SELECT count(*) FROM " + table + " WHERE frame_id = "
                + frame)) {
            return rs.getLong(1);
        } catch (SQLException e) {
            return 0; // the fixture has no such table
        }
    }

    /** {@code windowsServe}: whether the first answers must come from frame windows, or null for either. */
    private static void assertWindowsAnswerAsTheWholeSeries(Path file, Boolean windowsServe) throws Exception {
        String windowed;
        String lambda;
        try (RecordingStore store = RecordingStore.open(file)) {
            if (store.frameCount() == 0) {
                return;
            }
            FrameRange all = FrameRange.of(store, null, null);
            lambda = Json.mapper().writeValueAsString(LambdaConvention.of(store, LambdaUnit.auto));
            EnergyChecks.Scan scan = EnergyChecks.scan(store, all, 1.0, LambdaUnit.auto);
            windowed = Json.mapper().writeValueAsString(scan.frames());
            if (windowsServe != null) {
                assertEquals(windowsServe, !store.contactsAndStatesRead(), file + ": the whole series were read");
            }
        }
        try (RecordingStore store = RecordingStore.open(file)) {
            store.contactSeries();
            if (store.hasStates()) {
                store.stateSeries();
            }
            assertTrue(store.contactsAndStatesRead());
            FrameRange all = FrameRange.of(store, null, null);
            assertEquals(Json.mapper().writeValueAsString(LambdaConvention.of(store, LambdaUnit.auto)), lambda,
                    file.toString());
            assertEquals(Json.mapper().writeValueAsString(EnergyChecks.scan(store, all, 1.0, LambdaUnit.auto)
                    .frames()), windowed, file.toString());
        }
        assertFalse(windowed.isEmpty());
    }
}
