package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.arg;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets the same clear, structured refusal from every physics tool, naming the parameter. */
class PhysicsInputsTest {

    private static final long GROUND = 2147483649L;

    @TempDir
    Path stateDir;

    @Test
    void aDirectoryIsCalledADirectory() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode open = calls.error("open_recording", "{\"recording\":\"demo/recordings\"}");
        assertEquals("INVALID_ARGUMENT", open.get("code").asText());
        assertEquals("recording", open.at("/context/parameter").asText());
        assertTrue(open.get("message").asText().contains("is a directory"), open.toString());
        JsonNode perCall = calls.error("check_recording", "{\"recording\":\"demo/recordings\"}");
        assertEquals("recording", perCall.at("/context/parameter").asText(), perCall.toString());
    }

    @Test
    void aCheckWithoutWhatItNeedsNamesTheParameterAndTheCheck() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String rec = PhysicsCalls.arg("two_ball_collision");
        for (String[] call : new String[][] {{"{\"check\":\"friction_cone\"," + rec + "}", "frame_id"},
                {"{\"check\":\"contact_history\",\"body_id\":2," + rec + "}", "other_body_id"},
                {"{\"check\":\"body_motion\"," + rec + "}", "body_id"},
                {"{\"check\":\"all\",\"limit\":201," + rec + "}", "limit"}}) {
            JsonNode error = calls.error("check_recording", call[0]);
            assertEquals("INVALID_ARGUMENT", error.get("code").asText(), error.toString());
            assertEquals(call[1], error.at("/context/parameter").asText(), error.toString());
        }
        JsonNode limit = calls.error("check_recording", "{\"limit\":201," + rec + "}");
        assertTrue(limit.get("message").asText().contains("from 1 to 200 for check 'all'"), limit.toString());
        JsonNode frame = calls.error("check_friction_cone", "{" + rec + "}");
        assertTrue(frame.get("message").asText().contains("check 'friction_cone' needs frame_id"), frame.toString());
    }

    /** Issue 25: frame_id 1e30 was answered with the JSON library's "Numeric value (1.0E30) out of range of long". */
    @Test
    void aNumberTooLargeForItsTypeNamesTheParameterAndTheRangeItMayTake() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String rec = PhysicsCalls.arg("drop_settle");
        for (String[] given : new String[][] {{"1e30", "1.0E30"},
                {"1000000000000000000000000000000", "1000000000000000000000000000000"}}) {
            for (String tool : new String[] {"get_recording_frame", "check_friction_cone"}) {
                JsonNode error = calls.error(tool, "{\"frame_id\":" + given[0] + "," + rec + "}");
                assertEquals("INVALID_ARGUMENT", error.get("code").asText(), error.toString());
                assertEquals("Invalid argument 'frame_id': expected an integer from 1 to 9223372036854775807; given "
                        + given[1] + ".", error.get("message").asText());
                assertEquals("frame_id", error.at("/context/parameter").asText(), error.toString());
            }
        }
    }

    @Test
    void anEmptyPathNamesTheParameterNotTheWorkingDirectory() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String cwd = Path.of("").toAbsolutePath().toString();
        for (String[] call : new String[][] {{"open_recording", "recording"}, {"check_recording", "recording"},
                {"list_recordings", "directory"}}) {
            JsonNode error = calls.error(call[0], "{\"" + call[1] + "\":\"\"}");
            assertEquals("INVALID_ARGUMENT", error.get("code").asText(), error.toString());
            assertEquals(call[1], error.at("/context/parameter").asText(), error.toString());
            assertFalse(error.get("message").asText().contains(cwd), error.toString());
        }
    }

    /** A recording of 0 steps, built from the schema: it loads, and frame tools say it has no frames. */
    @Test
    void aRecordingWithoutFramesSaysSoAndBlamesNoParameter() throws Exception {
        Path empty = stateDir.resolve("zero-frames.db");
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + empty);
             Statement st = db.createStatement();
             InputStream in = PhysicsInputsTest.class.getResourceAsStream(
                     "/dev/framescope/physics/msd-cpp-schema.sql")) {
            for (String ddl : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> l.startsWith("CREATE TABLE")).toList()) {
                st.execute(ddl);
            }
            st.execute("INSERT INTO AssetInertialStaticRecord VALUES (1, 2, 10.0, 0.5, 0.5)");
        }
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode loaded = calls.ok("load_recording", "{\"path\":\"" + empty + "\"}");
        assertEquals(0, loaded.get("total_frames").asInt());
        for (String[] call : new String[][] {{"triage_recording", "{}"}, {"get_recording_frame", "{\"frame_id\":1}"},
                {"get_energy_series", "{}"}, {"check_resting_contact", "{\"frame_id\":1}"}}) {
            JsonNode error = calls.error(call[0], call[1]);
            assertEquals("FAILED_PRECONDITION", error.get("code").asText(), error.toString());
            assertTrue(error.get("message").asText().contains("has 0 frames"), error.toString());
            assertFalse(error.toString().contains("start_frame"), error.toString());
            assertFalse(error.toString().contains("\"parameter\""), error.toString());
        }
    }

    @Test
    void unknownAndRepeatedBodiesAreRefusedByEveryToolThatTakesThem() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode unknown = calls.error("get_contact_history", "{\"body_a_id\":2,\"body_b_id\":7," + arg("drop_settle")
                + "}");
        assertEquals("body_b_id", unknown.at("/context/parameter").asText(), unknown.toString());
        assertTrue(unknown.at("/context/expected").asText().contains("[2]")
                && unknown.at("/context/expected").asText().contains("[" + GROUND + "]"), unknown.toString());
        JsonNode same = calls.error("get_contact_history", "{\"body_a_id\":2,\"body_b_id\":2," + arg("drop_settle")
                + "}");
        assertEquals("body_b_id", same.at("/context/parameter").asText(), same.toString());
        assertTrue(same.get("message").asText().contains("other than body_a_id"), same.toString());
        JsonNode cone = calls.error("check_friction_cone", "{\"frame_id\":36,\"body_id\":9," + arg("drop_settle")
                + "}");
        assertEquals("body_id", cone.at("/context/parameter").asText(), cone.toString());
        assertTrue(cone.at("/context/expected").asText().contains("[2]"), cone.toString());
        assertEquals(1, calls.ok("check_friction_cone", "{\"frame_id\":200,\"body_id\":" + GROUND + ","
                + arg("drop_settle") + "}").get("rows").asInt(), "the ground is a body of the recording's contacts");
    }

    @Test
    void anEnvironmentIdIsAStaticBodyWithoutState() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        for (String[] call : new String[][] {{"compare_body_across_frames", "\"frame_a\":1,\"frame_b\":2"}, {"get_energy_series", "\"end_frame\":2"}}) {
            JsonNode error = calls.error(call[0], "{\"body_id\":" + GROUND + "," + call[1] + "," + arg("drop_settle")
                    + "}");
            assertEquals("body_id", error.at("/context/parameter").asText(), error.toString());
            assertTrue(error.at("/context/is_environment").asBoolean(), error.toString());
            assertTrue(error.get("message").asText().contains("environment (static) body 1"), error.toString());
            assertTrue(error.get("message").asText().contains("no state"), error.toString());
        }
        JsonNode ground = calls.ok("get_recording_frame", "{\"body_id\":" + GROUND + ",\"frame_id\":3,"
                + arg("drop_settle") + "}");
        assertFalse(ground.has("state") || ground.has("states"), ground.toString());
        assertTrue(ground.get("summary").asText().contains("environment (static) body, no state"), ground.toString());
    }
}
