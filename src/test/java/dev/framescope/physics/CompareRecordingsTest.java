package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.arg;
import static dev.framescope.physics.PhysicsCalls.fixture;
import static dev.framescope.physics.PhysicsCalls.groundTruth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * check_recording 'compare' against the generator's pairs, whose truth the simulator took by running both worlds
 * side by side: the same run twice, the same states with contact rows in another order, and a 1e-9 m nudge that
 * grows; plus a pair the generator did not make for this (drop_settle against energy_injection).
 */
class CompareRecordingsTest {

    @TempDir
    Path stateDir;

    private JsonNode compare(PhysicsCalls calls, String scene, String other, String more) throws Exception {
        return calls.ok("check_recording", "{\"check\":\"compare\"," + arg(scene) + ",\"other_recording\":\""
                + fixture(other) + "\"" + more + "}");
    }

    @Test
    void theSameRunTwiceIsIdenticalAndSaysSo() throws Exception {
        JsonNode r = compare(new PhysicsCalls(stateDir), "compare_base", "compare_identical", "");
        assertTrue(groundTruth("compare_identical").at("/facts/identical").asBoolean());
        assertTrue(r.get("identical").asBoolean(), r.get("summary").asText());
        assertFalse(r.has("first_difference"), "no state differs");
        assertEquals(0, r.get("contact_frames_differing").asInt());
        assertEquals(0.0, r.at("/energy/largest_j").asDouble());
        assertEquals(6, r.get("bodies_compared").asInt());
        assertTrue(r.get("summary").asText().startsWith("Identical over frames 1–260"), r.get("summary").asText());
    }

    /** Rows of a frame written in another order are the same contacts: not a difference. */
    @Test
    void contactRowsInAnotherOrderAreTheSameContacts() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        assertTrue(groundTruth("compare_reordered").at("/facts/frames_with_rows_reordered").asInt() > 100);
        JsonNode r = compare(calls, "compare_base", "compare_reordered", "");
        assertTrue(r.get("identical").asBoolean(), r.get("summary").asText());
        assertEquals(0, r.get("contact_frames_differing").asInt());
        // the rows really are in another order: the first collision row of frame 100 names another pair
        JsonNode base = calls.ok("get_recording_frame", "{" + arg("compare_base") + ",\"frame_id\":100}");
        JsonNode reordered = calls.ok("get_recording_frame", "{" + arg("compare_reordered") + ",\"frame_id\":100}");
        assertNotEquals(pair(base.at("/collisions/preview/0")), pair(reordered.at("/collisions/preview/0")));
    }

    private static List<Long> pair(JsonNode collision) {
        return List.of(collision.get("body_a_id").asLong(), collision.get("body_b_id").asLong());
    }

    @Test
    void aNudgeOfOneNanometreIsFoundAtItsFrameAndItsGrowthFollowed() throws Exception {
        JsonNode truth = groundTruth("compare_perturbed").get("facts");
        JsonNode r = compare(new PhysicsCalls(stateDir), "compare_base", "compare_perturbed", "");
        assertFalse(r.get("identical").asBoolean());
        JsonNode first = r.get("first_difference");
        assertEquals(truth.get("first_difference_frame").asLong(), first.get("frame_id").asLong());
        assertEquals(truth.get("first_difference_body").asLong(), first.get("body_id").asLong());
        assertEquals("position", first.get("quantity").asText());
        assertEquals(truth.get("perturbation_m").asDouble(), first.get("difference").asDouble(), 1e-15);
        assertEquals(truth.get("first_beyond_tolerance_frame").asLong(),
                r.at("/first_beyond_tolerance/frame_id").asLong(), r.get("summary").asText());
        double largest = 0;
        double previous = 0;
        for (JsonNode bucket : r.get("growth")) {
            double position = bucket.get("position_m").asDouble();
            assertTrue(position >= previous, "grows span after span: " + r.get("growth"));
            previous = position;
            largest = Math.max(largest, position);
        }
        assertEquals(truth.get("largest_position_difference_m").asDouble(), largest, 1e-12);
        assertEquals(0, r.get("contact_frames_differing").asInt(), "the nudge never changes who touches whom");
        assertEquals(2, r.get("recommended_next_calls").size());
    }

    /** energy_injection is drop_settle's scene with +3 m/s given to the ball at frame 150. */
    @Test
    void anInjectedVelocityIsTheFirstDifferenceBetweenTwoFixturesOfOneScene() throws Exception {
        JsonNode defect = groundTruth("energy_injection").at("/defects/0");
        JsonNode r = compare(new PhysicsCalls(stateDir), "drop_settle", "energy_injection", ",\"limit\":2");
        JsonNode first = r.get("first_difference");
        assertEquals(defect.get("frame").asLong(), first.get("frame_id").asLong());
        assertEquals(defect.at("/bodies/0").asLong(), first.get("body_id").asLong());
        assertEquals("velocity", first.get("quantity").asText());
        assertEquals(3.0, first.get("difference").asDouble(), 1e-9);
        assertEquals(defect.at("/values/delta_e_j").asDouble(), r.at("/energy/largest_j").asDouble(), 1e-6);
        assertTrue(r.get("contact_frames_differing").asInt() > 0, "the ball bounces again: contacts differ");
        assertEquals(2, r.at("/contacts_in_only_one/preview").size());
        assertTrue(r.at("/contacts_in_only_one/truncated").asBoolean());
    }

    /**
     * compare_shorter is compare_base's run stopped after 200 of its 260 frames. Every frame it has equals
     * compare_base's, and the answer was "identical: true", with the lengths only in a parenthesis: a replay that
     * ended early passed for a faithful one. It is not identical; both lengths and the frames compared are given.
     */
    @Test
    void recordingsOfDifferentLengthsAreNotIdenticalAndSayBothLengths() throws Exception {
        JsonNode truth = groundTruth("compare_shorter").get("facts");
        int shorter = truth.get("frames").asInt();
        int longer = truth.get("other_frames").asInt();
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        for (boolean shorterFirst : new boolean[] {true, false}) {
            JsonNode r = shorterFirst ? compare(calls, "compare_shorter", "compare_base", "")
                    : compare(calls, "compare_base", "compare_shorter", "");
            String summary = r.get("summary").asText();
            assertEquals(truth.get("identical").asBoolean(), r.get("identical").asBoolean(), summary);
            assertEquals(shorterFirst ? shorter : longer, r.get("frame_count").asInt());
            assertEquals(shorterFirst ? longer : shorter, r.get("other_frame_count").asInt());
            assertEquals(truth.get("frames_compared").asLong(), r.get("frames_compared").asLong());
            assertEquals(shorter, r.get("end_frame").asLong());
            assertFalse(r.has("first_difference"), "every frame both have is equal: " + summary);
            assertEquals(0, r.get("contact_frames_differing").asInt());
            assertEquals("Not identical. The recordings differ in length: recording has " + (shorterFirst ? shorter
                    : longer) + " frames, other_recording " + (shorterFirst ? longer : shorter) + " (frames "
                    + (shorter + 1) + "–" + longer + " are only in " + (shorterFirst ? "other_recording" : "recording")
                    + "). Over frames 1–" + shorter + " the 6 bodies' states, the contacts of every frame and the "
                    + "system energy are equal to the last bit.", summary);
        }
        JsonNode same = compare(calls, "compare_base", "compare_identical", "");
        assertEquals(same.get("frame_count"), same.get("other_frame_count"));
        assertEquals(groundTruth("compare_base").get("frames").asInt(), same.get("frames_compared").asInt());
    }

    @Test
    void recordingsOfDifferentScenesAreRefusedNamingWhatDiffers() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode e = calls.error("check_recording", "{\"check\":\"compare\"," + arg("compare_base")
                + ",\"other_recording\":\"" + fixture("two_ball_collision") + "\"}");
        assertEquals("INVALID_ARGUMENT", e.get("code").asText());
        assertEquals("other_recording", e.at("/context/parameter").asText());
        assertTrue(e.get("message").asText().contains("same scene"), e.toString());
        JsonNode missing = calls.error("check_recording", "{\"check\":\"compare\"," + arg("compare_base") + "}");
        assertEquals("other_recording", missing.at("/context/parameter").asText());
    }

    @Test
    void aFrameRangeLimitsTheComparison() throws Exception {
        JsonNode r = compare(new PhysicsCalls(stateDir), "compare_base", "compare_perturbed",
                ",\"start_frame\":1,\"end_frame\":29");
        assertTrue(r.get("identical").asBoolean(), "the nudge comes after frame 29: " + r.get("summary").asText());
        assertEquals(29, r.get("end_frame").asLong());
    }
}
