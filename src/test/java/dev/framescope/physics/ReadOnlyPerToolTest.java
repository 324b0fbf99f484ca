package dev.framescope.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.server.ToolGroups;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every physics tool, called on a real recording, leaves it byte-identical (hash before and after each call); and a
 * recording in the legacy layout (states on InertialStateRecord, AssetDynamicStateRecord empty) reads the same.
 */
class ReadOnlyPerToolTest {

    private static final String FILE = PhysicsCalls.fixture("chatter_flip");

    /** Arguments that exercise each tool on chatter_flip.db; a new physics tool must be added here. */
    private static final Map<String, String> SAMPLE_ARGS = new TreeMap<>(Map.ofEntries(
            Map.entry("list_recordings", "{\"directory\":\"demo/recordings\"}"),
            Map.entry("load_recording", "{\"path\":\"" + FILE + "\"}"),
            Map.entry("get_recording_metadata", "{}"),
            Map.entry("get_recording_frame", "{\"frame_id\":80}"),
            Map.entry("get_energy_series", "{\"body_id\":2}"),
            Map.entry("find_energy_anomalies", "{}"),
            Map.entry("compare_body_across_frames", "{\"body_id\":2,\"frame_a\":1,\"frame_b\":200}"),
            Map.entry("get_contact_history", "{\"body_a_id\":2,\"body_b_id\":3}"),
            Map.entry("get_solver_diagnostics", "{}"),
            Map.entry("check_friction_cone", "{\"frame_id\":80}"),
            Map.entry("check_penetration", "{\"frame_id\":80}"),
            Map.entry("check_resting_contact", "{\"frame_id\":200}"),
            Map.entry("check_restitution", "{}"),
            Map.entry("check_momentum", "{}"),
            Map.entry("find_nonfinite_state", "{}"),
            Map.entry("plot_energy", "{}"),
            Map.entry("triage_recording", "{}")));

    @TempDir
    static Path stateDir;

    static Stream<String> physicsTools() {
        return physicsGroup().tools().stream().map(ToolDef::name);
    }

    private static ToolGroup physicsGroup() {
        return ToolGroups.create(Config.defaults(stateDir)).registry().groups().stream()
                .filter(g -> g.name().equals("physics")).findFirst().orElseThrow();
    }

    @Test
    void everyPhysicsToolHasSampleArguments() {
        assertEquals(physicsTools().sorted().toList(), List.copyOf(SAMPLE_ARGS.keySet()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("physicsTools")
    void leavesTheRecordingByteIdentical(String tool) throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        calls.ok("load_recording", "{\"path\":\"" + FILE + "\"}");
        String before = sha256(Path.of(FILE));
        if (tool.equals("plot_energy")) {
            calls.image(tool, SAMPLE_ARGS.get(tool));
        } else {
            calls.ok(tool, SAMPLE_ARGS.get(tool));
        }
        assertEquals(before, sha256(Path.of(FILE)), tool + " changed the recording");
        try (Stream<Path> files = Files.list(PhysicsCalls.FIXTURES)) {
            assertTrue(files.noneMatch(f -> f.toString().endsWith("-journal") || f.toString().endsWith("-wal")),
                    tool + " left a journal next to the recording");
        }
    }

    @Test
    void legacyLayoutReadsTheSame() throws Exception {
        Path legacy = stateDir.resolve("legacy.db");
        Files.copy(Path.of(PhysicsCalls.fixture("nan_state")), legacy);
        try (var db = java.sql.DriverManager.getConnection("jdbc:sqlite:" + legacy)) {
            db.createStatement().execute("UPDATE InertialStateRecord SET body_id = (SELECT body_id FROM "
                    + "AssetDynamicStateRecord a WHERE a.kinematicState_id = InertialStateRecord.id), frame_id = "
                    + "(SELECT frame_id FROM AssetDynamicStateRecord a WHERE a.kinematicState_id = "
                    + "InertialStateRecord.id)");
            db.createStatement().execute("DELETE FROM AssetDynamicStateRecord");
        }
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String current = "\"recording\":\"" + PhysicsCalls.fixture("nan_state") + "\"";
        String old = "\"recording\":\"" + legacy + "\"";
        for (String args : List.of("{\"body_id\":2,\"frame_id\":50,", "{\"body_id\":2,\"frame_id\":89,")) {
            JsonNode a = calls.ok("get_recording_frame", args + current + "}").get("state");
            JsonNode b = calls.ok("get_recording_frame", args + old + "}").get("state");
            assertEquals(a, b);
        }
        assertEquals(withoutNextCalls(calls.ok("triage_recording", "{" + current + "}")),
                withoutNextCalls(calls.ok("triage_recording", "{" + old + "}")));
    }

    /** The anomalies without their next calls, which name the file. */
    private static JsonNode withoutNextCalls(JsonNode triage) {
        JsonNode anomalies = triage.at("/anomalies/preview").deepCopy();
        anomalies.forEach(a -> ((com.fasterxml.jackson.databind.node.ObjectNode) a).remove("next_calls"));
        assertTrue(anomalies.size() > 0);
        return anomalies;
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
