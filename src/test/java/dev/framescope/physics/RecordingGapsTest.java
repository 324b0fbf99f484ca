package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.arg;
import static dev.framescope.physics.PhysicsCalls.groundTruth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings that lack something the checks need — energies recorded non-finite, a missing table — and check ranges:
 * an answer says what it could not judge and never reports as passed what it did not check.
 */
class RecordingGapsTest {

    @TempDir
    Path stateDir;

    /**
     * Every recorded energy is NULL (the recorder's energy went non-finite): triage said "No anomalies … all checks
     * passed", and the energy check listed 149 non-finite frames under a summary that named none.
     */
    @Test
    void nonfiniteRecordedEnergyIsAFindingAndTheEnergySummaryCountsIt() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("nonfinite_energy").at("/defects/0");
        JsonNode triage = calls.ok("check_recording", "{" + arg("nonfinite_energy") + "}");
        JsonNode top = triage.at("/anomalies/preview/0");
        assertEquals("NONFINITE_ENERGY", top.get("code").asText(), triage.get("summary").asText());
        assertEquals(truth.get("frame").asLong(), top.get("first_frame").asLong());
        assertEquals(truth.at("/values/last_frame").asLong(), top.get("last_frame").asLong());
        assertEquals(truth.at("/values/count").asInt(), top.get("count").asInt());
        assertEquals(truth.get("bodies"), top.get("bodies"));
        assertFalse(triage.get("summary").asText().contains("all checks passed"), triage.get("summary").asText());
        assertTrue(top.get("message").asText().startsWith("Recorded energy is not finite (NULL) on all 150 frames "
                + "(1–150): body 2's total_e and the system's total_system_e"), top.get("message").asText());

        JsonNode energy = calls.ok("check_recording", "{\"check\":\"energy\"," + arg("nonfinite_energy") + "}");
        int listed = energy.at("/anomalies/count").asInt();
        assertEquals(149, listed, "every step change from frame 2 on is non-finite");
        assertEquals(listed, energy.get("nonfinite_frames").asInt());
        assertTrue(energy.get("summary").asText().contains("149 frame(s) whose energy change is not finite"),
                energy.get("summary").asText());
    }
}
