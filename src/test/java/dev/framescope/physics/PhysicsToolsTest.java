package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.assertClose;
import static dev.framescope.physics.PhysicsCalls.fixture;
import static dev.framescope.physics.PhysicsCalls.groundTruth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.physics.store.Recordings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The physics tools on the generated fixture recordings, asserting the ground truth of each scene. */
class PhysicsToolsTest {

    private static final List<String> CLEAN = List.of("drop_settle", "box_slide", "two_ball_collision");
    private static Map<String, String> hashesBefore;

    @TempDir
    Path stateDir;

    @BeforeAll
    static void hashFixtures() throws Exception {
        hashesBefore = hashes();
    }

    @AfterAll
    static void fixturesAreByteIdentical() throws Exception {
        assertEquals(hashesBefore, hashes(), "a physics tool changed a recording");
    }

    private static Map<String, String> hashes() throws Exception {
        Map<String, String> hashes = new TreeMap<>();
        try (Stream<Path> files = Files.list(PhysicsCalls.FIXTURES)) {
            for (Path file : files.toList()) {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
                hashes.put(file.getFileName().toString(), HexFormat.of().formatHex(digest));
            }
        }
        assertTrue(hashes.size() >= 11, "fixtures present: " + hashes.keySet());
        return hashes;
    }

    @Test
    void loadsRecordingAndSynthesisesEnvironmentBody() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode opened = calls.ok("open_recording", "{\"recording\":\"" + fixture("drop_settle") + "\"}");
        assertEquals(300, opened.get("total_frames").asInt());
        assertEquals(List.of(2L, 2147483649L), ids(opened.get("bodies")));
        JsonNode metadata = calls.ok("open_recording", "{}"); // the active one
        assertEquals(opened, calls.ok("load_recording", "{\"path\":\"" + fixture("drop_settle") + "\"}"),
                "the older name with its own parameter name answers the same");
        assertEquals(opened, calls.ok("get_recording_metadata", "{}"));
        assertClose(0.016, metadata.get("dt_s"), "dt");
        assertEquals(10.0, metadata.at("/bodies/0/mass").asDouble());
        assertTrue(metadata.at("/bodies/1/is_environment").asBoolean());
        assertEquals(1, metadata.at("/bodies/1/instance_id").asLong());
        assertTrue(metadata.at("/bodies/1/mass").isMissingNode() || metadata.at("/bodies/1/mass").isNull());
    }

    @Test
    void frameShowsStatesCollisionsFrictionAndSolver() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String drop = fixture("drop_settle");
        JsonNode impact = calls.ok("get_recording_frame", "{\"frame_id\":36,\"recording\":\"" + drop + "\"}");
        assertEquals(1, impact.at("/collisions/count").asInt());
        assertEquals(2147483649L, impact.at("/collisions/preview/0/body_b_id").asLong());
        assertEquals(-1.0, impact.at("/collisions/preview/0/normal/z").asDouble());
        assertEquals(1, impact.at("/collisions/preview/0/contacts").size());
        assertTrue(impact.at("/solver/solved").asBoolean());
        assertTrue(impact.at("/solver/converged").asBoolean());
        JsonNode flying = calls.ok("get_recording_frame", "{\"frame_id\":5,\"recording\":\"" + drop + "\"}");
        assertEquals(0, flying.at("/collisions/count").asInt());
        assertFalse(flying.at("/solver/solved").asBoolean(), "an all-zero row is 'no solve'");
        JsonNode solver = calls.ok("get_solver_diagnostics", "{\"recording\":\"" + drop + "\"}");
        assertEquals(0, solver.get("not_converged").asInt());
        assertEquals(300, solver.get("solved_frames").asInt() + solver.get("frames_without_solve").asInt());
    }

    @Test
    void findsInjectedEnergyAtItsFrameAndNothingInCleanScenes() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("energy_injection").at("/defects/0");
        JsonNode found = calls.ok("find_energy_anomalies", "{\"recording\":\"" + fixture("energy_injection") + "\"}");
        assertEquals(1, found.get("injections").asInt());
        JsonNode first = found.at("/anomalies/preview/0");
        assertEquals(truth.get("frame").asLong(), first.get("frame_id").asLong());
        assertEquals("injection", first.get("kind").asText());
        assertClose(truth.at("/values/delta_e_j").asDouble(), first.get("delta_e_j"), "ΔE");
        JsonNode restitution = calls.ok("find_energy_anomalies",
                "{\"recording\":\"" + fixture("bad_restitution") + "\"}");
        assertEquals(groundTruth("bad_restitution").at("/defects/0/frame").asLong(),
                restitution.at("/anomalies/preview/0/frame_id").asLong());
        for (String clean : CLEAN) {
            JsonNode none = calls.ok("find_energy_anomalies", "{\"recording\":\"" + fixture(clean) + "\"}");
            assertEquals(0, none.get("injections").asInt(), clean + ": " + none.get("summary"));
            none.at("/anomalies/preview").forEach(a -> assertTrue(a.get("frame_id").asLong() > 1, "frame 1 listed"));
        }
    }

    @Test
    void freeFallLossIsTheIntegratorsExpectedLoss() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode series = calls.ok("get_energy_series", "{\"start_frame\":2,\"end_frame\":3,\"recording\":\""
                + fixture("drop_settle") + "\"}");
        double delta = series.at("/points/preview/1/total_system_e").asDouble()
                - series.at("/points/preview/0/total_system_e").asDouble();
        // the totals (~196 J) have ten significant digits, so their difference is good to ~1e-7 J
        assertEquals(-0.5 * 10 * 9.81 * 9.81 * 0.016 * 0.016, delta, 1e-6, "semi-implicit Euler loses ½mg²dt²");
    }

    @Test
    void frictionConeViolationAtTheInjectedFrameOnly() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("friction_cone").at("/defects/0");
        String file = fixture("friction_cone");
        for (int frame = 1; frame <= 150; frame++) {
            JsonNode report = calls.ok("check_friction_cone", "{\"frame_id\":" + frame + ",\"recording\":\""
                    + file + "\"}");
            if (frame == truth.get("frame").asInt()) {
                assertEquals(truth.at("/values/violating_contacts").asInt(), report.get("violations").asInt());
                assertClose(truth.at("/values/max_utilisation").asDouble(),
                        report.at("/checked/preview/0/utilisation"), "utilisation");
                assertEquals(truth.at("/bodies/0").asLong(), report.at("/checked/preview/0/body_a_id").asLong());
                assertEquals(truth.at("/bodies/1").asLong(), report.at("/checked/preview/0/body_b_id").asLong());
            } else {
                assertEquals(0, report.get("violations").asInt(), "frame " + frame + ": " + report.get("summary"));
            }
        }
        for (int frame = 1; frame <= 150; frame++) {
            assertEquals(0, calls.ok("check_friction_cone", "{\"frame_id\":" + frame + ",\"recording\":\""
                    + fixture("box_slide") + "\"}").get("violations").asInt(), "clean box, frame " + frame);
        }
    }

    @Test
    void penetrationCrossesThresholdAtTheInjectedFrame() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("penetration").at("/defects/0");
        String file = fixture("penetration");
        long first = truth.get("frame").asLong();
        JsonNode before = calls.ok("check_penetration", "{\"frame_id\":" + (first - 1) + ",\"recording\":\"" + file
                + "\"}");
        assertEquals(0, before.get("flagged").asInt());
        JsonNode at = calls.ok("check_penetration", "{\"frame_id\":" + first + ",\"recording\":\"" + file + "\"}");
        assertEquals(1, at.get("flagged").asInt());
        assertEquals("violation", at.at("/pairs_checked/preview/0/band").asText());
        JsonNode deepest = calls.ok("check_penetration", "{\"frame_id\":" + truth.at("/values/max_depth_frame")
                + ",\"recording\":\"" + file + "\"}");
        assertClose(truth.at("/values/max_depth_m").asDouble(), deepest.at("/pairs_checked/preview/0/max_depth_m"),
                "deepest overlap");
    }

    @Test
    void listsRecordingsAndBodyEnergy() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode listed = calls.ok("list_recordings", "{\"directory\":\"demo/recordings\"}");
        int scenes = Json.mapper().readTree(PhysicsCalls.FIXTURES.resolve("ground-truth.json").toFile())
                .get("scenes").size();
        assertEquals(scenes, listed.at("/directories/0/recordings/count").asInt());
        assertEquals("bad_restitution.db", listed.at("/directories/0/recordings/preview/0/name").asText());
        JsonNode defaults = calls.ok("list_recordings", "{}");
        assertEquals("replay/recordings", defaults.at("/directories/0/directory").asText());
        JsonNode energy = calls.ok("get_energy_series", "{\"body_id\":2,\"start_frame\":2,\"end_frame\":2,"
                + "\"recording\":\"" + fixture("drop_settle") + "\"}");
        JsonNode point = energy.at("/points/preview/0");
        double z = calls.ok("get_recording_frame", "{\"body_id\":2,\"frame_id\":2,\"recording\":\""
                + fixture("drop_settle") + "\"}").at("/state/position/z").asDouble();
        assertEquals(10 * 9.81 * z, point.get("potential_e").asDouble(), 1e-9 * 10 * 9.81 * z,
                "potential = m·g·z, to the ten significant digits of the answer's numbers");
    }

    /**
     * Without 'directory', list_recordings looked only in the recording folders, none of which exists in a clone: it
     * found none of demo/recordings' fixtures while the triage prompt's completions offered every one of them. It
     * lists what the completions offer, each folder saying why it is listed.
     */
    @Test
    void listingWithoutADirectoryFindsWhatTheCompletionsOffer() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode listed = calls.ok("list_recordings", "{\"limit\":1000}");
        Set<String> paths = new TreeSet<>();
        JsonNode demo = null;
        for (JsonNode dir : listed.get("directories")) {
            dir.at("/recordings/preview").forEach(r -> paths.add(r.get("path").asText()));
            demo = dir.get("directory").asText().equals("demo/recordings") ? dir : demo;
        }
        List<String> offered = new PhysicsTools(new Recordings(Config.defaults(stateDir).recordingDirs())).prompts()
                .get(0).arguments().get(0).completer().values(Map.of());
        assertEquals(new TreeSet<>(offered), paths);
        int scenes = Json.mapper().readTree(PhysicsCalls.FIXTURES.resolve("ground-truth.json").toFile())
                .get("scenes").size();
        assertTrue(demo != null, listed.toString());
        assertEquals(scenes, demo.at("/recordings/count").asInt());
        assertEquals("working_directory", demo.get("source").asText());
        assertEquals("recording_dirs", listed.at("/directories/0/source").asText());
        assertTrue(listed.get("summary").asText().contains("demo/recordings (" + scenes + ")"),
                listed.get("summary").asText());
        JsonNode page = calls.ok("list_recordings", "{\"limit\":3}");
        int shown = 0;
        for (JsonNode dir : page.get("directories")) {
            shown += dir.at("/recordings/preview").size();
        }
        assertEquals(3, shown, "limit bounds the files over all folders");
    }

    @Test
    void toolsThatNeedAMissingTableSaySoAndOthersStillWork() throws Exception {
        Path copy = stateDir.resolve("no-friction.db");
        Files.copy(Path.of(fixture("drop_settle")), copy);
        try (var db = java.sql.DriverManager.getConnection("jdbc:sqlite:" + copy)) {
            db.createStatement().execute("DROP TABLE FrictionConstraintRecord");
        }
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode loaded = calls.ok("load_recording", "{\"path\":\"" + copy + "\"}");
        assertEquals("[\"FrictionConstraintRecord\"]", loaded.get("missing_tables").toString());
        assertEquals(1, calls.ok("get_recording_frame", "{\"frame_id\":36}").at("/collisions/count").asInt());
        JsonNode error = calls.error("check_friction_cone", "{\"frame_id\":36}");
        assertEquals("FAILED_PRECONDITION", error.get("code").asText());
        assertTrue(error.get("message").asText().contains("no FrictionConstraintRecord table"), error.toString());
    }

    @Test
    void corruptFileIsAnEngineFailureNamingTheFile() throws Exception {
        Path copy = stateDir.resolve("corrupt.db");
        byte[] bytes = Files.readAllBytes(Path.of(fixture("drop_settle")));
        for (int i = 4096; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        Files.write(copy, bytes);
        JsonNode error = new PhysicsCalls(stateDir).error("get_recording_frame", "{\"frame_id\":1,\"recording\":\"" + copy
                + "\"}");
        assertTrue(error.get("message").asText().contains(copy.toString()), error.toString());
        assertEquals("ENGINE_FAILED", error.get("code").asText());
        assertTrue(error.get("message").asText().contains("is corrupt"), error.toString());
    }

    @Test
    void lockedFileIsAnEngineFailureThatSaysSo() throws Exception {
        Path copy = stateDir.resolve("locked.db");
        Files.copy(Path.of(fixture("drop_settle")), copy);
        try (var writer = java.sql.DriverManager.getConnection("jdbc:sqlite:" + copy)) {
            // An EXCLUSIVE transaction (rollback journal) keeps every reader out until it ends, as a simulation
            // committing a large batch would.
            writer.createStatement().execute("BEGIN EXCLUSIVE");
            JsonNode error = new PhysicsCalls(stateDir).error("load_recording", "{\"path\":\"" + copy + "\"}");
            assertEquals("ENGINE_FAILED", error.get("code").asText());
            assertTrue(error.get("message").asText().contains("locked by another process"), error.toString());
            writer.createStatement().execute("ROLLBACK");
        }
    }

    @Test
    void errorsNameTheFixAndTheValidRange() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode notLoaded = calls.error("open_recording", "{}");
        assertEquals("FAILED_PRECONDITION", notLoaded.get("code").asText());
        assertTrue(notLoaded.get("message").asText().contains("open_recording with a path"));
        JsonNode range = calls.error("get_recording_frame", "{\"frame_id\":301,\"recording\":\"" + fixture("drop_settle")
                + "\"}");
        assertEquals("frame_id", range.at("/context/parameter").asText());
        assertTrue(range.at("/context/expected").asText().contains("from 1 to 300"), range.toString());
        JsonNode body = calls.error("get_recording_frame", "{\"body_id\":7,\"frame_id\":1,\"recording\":\""
                + fixture("drop_settle") + "\"}");
        assertTrue(body.at("/context/expected").asText().contains("[2]"), body.toString());
        assertEquals("NOT_FOUND", calls.error("load_recording", "{\"path\":\"no/such.db\"}").get("code").asText());
        JsonNode notSqlite = calls.error("load_recording", "{\"path\":\"pom.xml\"}");
        assertTrue(notSqlite.get("message").asText().contains("not an MSD-CPP recording"), notSqlite.toString());
        Path empty = stateDir.resolve("empty.db");
        try (var db = java.sql.DriverManager.getConnection("jdbc:sqlite:" + empty)) {
            db.createStatement().execute("CREATE TABLE Other (id INTEGER PRIMARY KEY)");
        }
        JsonNode noTables = calls.error("load_recording", "{\"path\":\"" + empty + "\"}");
        assertTrue(noTables.get("message").asText().contains("no SimulationFrameRecord table (missing: "
                + "AccelerationRecord"), noTables.toString());
    }

    private static List<Long> ids(JsonNode bodies) {
        return bodies.findValues("body_id").stream().map(JsonNode::asLong).toList();
    }
}
