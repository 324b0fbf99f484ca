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

    /**
     * Arguments that exercise each tool on chatter_flip.db, and each check of check_recording (keyed "check_recording
     * &lt;check&gt;"); a new physics tool or check must be added here.
     */
    private static final Map<String, String> SAMPLE_ARGS = new TreeMap<>(Map.ofEntries(
            Map.entry("list_recordings", "{\"directory\":\"demo/recordings\"}"),
            Map.entry("open_recording", "{\"recording\":\"" + FILE + "\"}"),
            Map.entry("get_recording_frame", "{\"frame_id\":80}"),
            Map.entry("get_energy_series", "{\"body_id\":2}"),
            Map.entry("plot_energy", "{}"),
            Map.entry("check_recording all", "{}"),
            Map.entry("check_recording energy", "{}"),
            Map.entry("check_recording body_motion", "{\"body_id\":2,\"start_frame\":1,\"end_frame\":200}"),
            Map.entry("check_recording compare", "{\"other_recording\":\"" + FILE + "\"}"),
            Map.entry("check_recording contact_history", "{\"body_id\":2,\"other_body_id\":3}"),
            Map.entry("check_recording solver", "{}"),
            Map.entry("check_recording friction_cone", "{\"frame_id\":80}"),
            Map.entry("check_recording penetration", "{\"frame_id\":80}"),
            Map.entry("check_recording resting_contact", "{\"frame_id\":200}"),
            Map.entry("check_recording restitution", "{}"),
            Map.entry("check_recording momentum", "{}"),
            Map.entry("check_recording nonfinite", "{}")));

    @TempDir
    static Path stateDir;

    /** Each physics tool, and check_recording once per check. */
    static Stream<String> physicsCalls() {
        return physicsGroup().tools().stream().map(ToolDef::name).flatMap(name -> name.equals("check_recording")
                ? Stream.of(CheckArgs.Check.values()).map(check -> name + " " + check) : Stream.of(name));
    }

    private static ToolGroup physicsGroup() {
        return ToolGroups.create(Config.defaults(stateDir)).registry().groups().stream()
                .filter(g -> g.name().equals("physics")).findFirst().orElseThrow();
    }

    @Test
    void everyPhysicsToolHasSampleArguments() {
        assertEquals(physicsCalls().sorted().toList(), List.copyOf(SAMPLE_ARGS.keySet()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("physicsCalls")
    void leavesTheRecordingByteIdentical(String call) throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        calls.ok("open_recording", "{\"recording\":\"" + FILE + "\"}");
        String before = sha256(Path.of(FILE));
        String tool = call.split(" ")[0];
        String args = SAMPLE_ARGS.get(call);
        if (call.contains(" ")) {
            args = "{\"check\":\"" + call.split(" ")[1] + "\"" + (args.equals("{}") ? "}" : "," + args.substring(1));
        }
        if (tool.equals("plot_energy")) {
            calls.image(tool, args);
        } else {
            calls.ok(tool, args);
        }
        assertEquals(before, sha256(Path.of(FILE)), call + " changed the recording");
        try (Stream<Path> files = Files.list(PhysicsCalls.FIXTURES)) {
            assertTrue(files.noneMatch(f -> f.toString().endsWith("-journal") || f.toString().endsWith("-wal")),
                    call + " left a journal next to the recording");
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
        assertEquals(withoutNextCalls(calls.ok("check_recording", "{" + current + "}")),
                withoutNextCalls(calls.ok("check_recording", "{" + old + "}")));
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
