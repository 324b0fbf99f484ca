package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.arg;
import static dev.framescope.physics.PhysicsCalls.fixture;
import static dev.framescope.physics.PhysicsCalls.groundTruth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.physics.sim.LiveRecording;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
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

    /**
     * Without the friction table (older MSD-CPP versions did not write it) the friction_cone check cannot run and the
     * loss bound has no friction term: triage listed friction_cone as run and reported the box's sliding losses as 13
     * ENERGY_LOSS frames. Now friction_cone is listed as skipped with its reason, and losses at contact are not judged
     * but counted, by triage and by the energy check.
     */
    @Test
    void aMissingFrictionTableSkipsWhatNeedsItAndSaysSo() throws Exception {
        Path copy = stateDir.resolve("box_slide_without_friction.db");
        Files.copy(Path.of(fixture("box_slide")), copy);
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + copy)) {
            db.createStatement().execute("DROP TABLE FrictionConstraintRecord");
        }
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String recording = "\"recording\":\"" + copy + "\"";
        JsonNode energy = calls.ok("check_recording", "{\"check\":\"energy\"," + recording + "}");
        int notJudged = energy.get("losses_not_judged").asInt();
        assertTrue(notJudged > 0, energy.toString());
        assertEquals(0, energy.get("losses_at_contact").asInt(), "a loss at contact cannot be judged without friction");
        assertEquals("loss_not_judged", energy.at("/anomalies/preview/0/kind").asText());
        assertTrue(energy.get("summary").asText().contains(notJudged + " loss(es) at contact not judged: the "
                + "recording has no FrictionConstraintRecord table"), energy.get("summary").asText());

        JsonNode triage = calls.ok("check_recording", "{" + recording + "}");
        assertEquals(0, triage.at("/anomalies/count").asInt(), triage.get("summary").asText());
        for (JsonNode run : triage.get("checks_run")) {
            assertFalse(run.asText().startsWith("friction_cone"), triage.get("checks_run").toString());
        }
        JsonNode skipped = triage.get("checks_skipped");
        assertEquals("friction_cone", skipped.at("/0/check").asText(), skipped.toString());
        assertEquals("the recording has no FrictionConstraintRecord table", skipped.at("/0/reason").asText());
        assertEquals("energy (losses at contact)", skipped.at("/1/check").asText(), skipped.toString());
        assertTrue(skipped.at("/1/reason").asText().startsWith(notJudged + " loss(es) at contact not judged"),
                skipped.toString());
        String summary = triage.get("summary").asText();
        assertFalse(summary.contains("all checks passed"), summary);
        assertTrue(summary.contains("skipped: friction_cone"), summary);
    }

    /**
     * no_dynamic_state is energy_injection's run written without AssetDynamicStateRecord, so no state can be tied to
     * its body and frame. The default run failed whole ("This recording has no AssetDynamicStateRecord table, which
     * body states needs"), and so did the energy check, whose loss bound reads states. Now the checks that need
     * states are skipped, each with the reason, the others run, and the injection is still found on its body.
     */
    @Test
    void aMissingDynamicStateTableSkipsTheChecksThatNeedStatesAndRunsTheRest() throws Exception {
        JsonNode scene = groundTruth("no_dynamic_state");
        JsonNode defect = scene.at("/defects/0");
        String table = scene.at("/facts/missing_tables/0").asText();
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode triage = calls.ok("check_recording", "{" + arg("no_dynamic_state") + "}");
        String summary = triage.get("summary").asText();
        assertEquals(1, triage.at("/anomalies/count").asInt(), summary);
        JsonNode top = triage.at("/anomalies/preview/0");
        assertEquals(defect.get("code").asText(), top.get("code").asText());
        assertEquals(defect.get("frame").asLong(), top.get("frame_id").asLong());
        assertEquals(defect.get("bodies"), top.get("bodies"));
        List<String> skipped = new ArrayList<>();
        for (JsonNode s : triage.get("checks_skipped")) {
            skipped.add(s.get("check").asText());
            if (!s.get("check").asText().startsWith("energy")) {
                assertEquals("the recording has no " + table + " table", s.get("reason").asText(), s.toString());
            }
        }
        assertEquals(List.of("nonfinite", "resting_contact", "body_motion", "restitution", "momentum"),
                skipped.stream().filter(c -> !c.startsWith("energy")).toList(), triage.get("checks_skipped")
                        .toString());
        List<String> run = new ArrayList<>();
        triage.get("checks_run").forEach(c -> run.add(c.asText().split(" ")[0]));
        assertEquals(List.of("energy", "friction_cone", "contact_history", "solver"), run);
        assertTrue(summary.contains("skipped: nonfinite, resting_contact, body_motion, restitution, momentum"),
                summary);

        JsonNode energy = calls.ok("check_recording", "{\"check\":\"energy\"," + arg("no_dynamic_state") + "}");
        assertEquals(1, energy.get("injections").asInt(), energy.get("summary").asText());
        assertEquals(defect.get("frame").asLong(), energy.at("/anomalies/preview/0/frame_id").asLong());
        assertEquals(defect.at("/bodies/0").asLong(), energy.at("/anomalies/preview/0/body_id").asLong());
        JsonNode cone = calls.ok("check_recording", "{\"check\":\"friction_cone\",\"frame_id\":" + defect.get("frame")
                + "," + arg("no_dynamic_state") + "}");
        assertTrue(cone.at("/checked/count").asInt() > 0, cone.toString());
        assertTrue(cone.at("/lambda/source").asText().contains("no body states"), cone.toString());
        JsonNode momentum = calls.error("check_recording", "{\"check\":\"momentum\"," + arg("no_dynamic_state")
                + "}");
        assertEquals("FAILED_PRECONDITION", momentum.get("code").asText());
        assertEquals(table, momentum.at("/context/table").asText());
    }

    /**
     * The body_motion check documents start_frame and end_frame as defaulting to the first and the last frame, yet
     * refused a call without them. Over the whole recording it now finds velocity_jump's kick at its frame.
     */
    @Test
    void bodyMotionDefaultsToTheWholeRecording() throws Exception {
        JsonNode defect = groundTruth("velocity_jump").at("/defects/0");
        JsonNode r = new PhysicsCalls(stateDir).ok("check_recording", "{\"check\":\"body_motion\",\"body_id\":"
                + defect.at("/bodies/0").asLong() + "," + arg("velocity_jump") + "}");
        assertEquals(1, r.get("frame_a").asLong());
        assertEquals(groundTruth("velocity_jump").get("frames").asLong(), r.get("frame_b").asLong());
        assertEquals(defect.get("frame").asLong(), r.at("/velocity_check/largest_step/frame_id").asLong(),
                r.toString());
    }

    /**
     * check 'all' takes start_frame and end_frame like every range check; it used to ignore them and answer for the
     * whole recording (the injection at frame 150 came back for frames 1–100).
     */
    @Test
    void checkAllJudgesOnlyTheFramesAskedFor() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        long injection = groundTruth("energy_injection").at("/defects/0/frame").asLong();
        JsonNode before = calls.ok("check_recording", "{\"start_frame\":1,\"end_frame\":" + (injection - 50) + ","
                + arg("energy_injection") + "}");
        assertEquals(0, before.at("/anomalies/count").asInt(), before.get("summary").asText());
        assertEquals("No anomalies in frames 1–" + (injection - 50) + " (of 300): all checks passed.",
                before.get("summary").asText());
        JsonNode around = calls.ok("check_recording", "{\"start_frame\":" + (injection - 10) + ",\"end_frame\":"
                + (injection + 10) + "," + arg("energy_injection") + "}");
        assertEquals("ENERGY_INJECTION", around.at("/anomalies/preview/0/code").asText(), around.toString());
        assertEquals(injection, around.at("/anomalies/preview/0/frame_id").asLong());
        assertEquals(injection - 10, around.at("/parameters/start_frame").asLong());
        JsonNode bad = calls.error("check_recording", "{\"start_frame\":200,\"end_frame\":100,"
                + arg("energy_injection") + "}");
        assertEquals("end_frame", bad.at("/context/parameter").asText(), bad.toString());
    }

    /**
     * body_motion runs from start_frame to end_frame; it accepted start > end and answered a backwards "Δv" with no
     * step checked. It is refused like every other range, naming end_frame, and an out-of-range start names
     * start_frame (not the internal frame_a).
     */
    @Test
    void bodyMotionRefusesARangeThatRunsBackwards() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode backwards = calls.error("check_recording", "{\"check\":\"body_motion\",\"body_id\":2,"
                + "\"start_frame\":60,\"end_frame\":20," + arg("drop_settle") + "}");
        assertEquals("INVALID_ARGUMENT", backwards.get("code").asText());
        assertEquals("end_frame", backwards.at("/context/parameter").asText(), backwards.toString());
        assertEquals("a frame id from start_frame (60) to 300", backwards.at("/context/expected").asText());
        JsonNode beyond = calls.error("check_recording", "{\"check\":\"body_motion\",\"body_id\":2,"
                + "\"start_frame\":400,\"end_frame\":500," + arg("drop_settle") + "}");
        assertEquals("start_frame", beyond.at("/context/parameter").asText(), beyond.toString());
        JsonNode same = calls.ok("check_recording", "{\"check\":\"body_motion\",\"body_id\":2,"
                + "\"start_frame\":20,\"end_frame\":20," + arg("drop_settle") + "}");
        assertEquals(0.0, same.get("displacement_m").asDouble());
    }

    /**
     * A recording the simulation is still writing: a second open_recording (or any later call) must see the frames
     * written since; it was served from the snapshot of the first open, 100 frames, with no word that the file grew.
     */
    @Test
    void aRecordingThatGrowsIsReadAgain() throws Exception {
        Path file = stateDir.resolve("live.db");
        try (LiveRecording live = LiveRecording.start(file)) {
            live.run(100);
            PhysicsCalls calls = new PhysicsCalls(stateDir);
            String recording = "\"recording\":\"" + file + "\"";
            assertEquals(100, calls.ok("open_recording", "{" + recording + "}").get("total_frames").asInt());
            live.run(50);
            JsonNode reopened = calls.ok("open_recording", "{" + recording + "}");
            assertEquals(150, reopened.get("total_frames").asInt(), reopened.toString());
            assertTrue(reopened.get("summary").asText().contains("read again: the file changed since it was "
                    + "opened (100 → 150 frames)"), reopened.get("summary").asText());
            live.run(10);
            assertEquals(160, calls.ok("get_recording_frame", "{\"frame_id\":160}").get("frame_id").asInt(),
                    "the active recording is read again too");
            assertEquals(160, calls.ok("check_recording", "{\"check\":\"solver\"}").get("end_frame").asInt());
            // The frame reads keep their statements prepared: none may hold a read lock that stops the writer.
            assertTrue(calls.ok("get_recording_frame", "{\"frame_id\":150}").get("contact_constraints").get("count")
                    .asInt() > 0, "the ball rests on the ground: every per-frame table was read");
            live.run(10);
            assertEquals(170, calls.ok("get_recording_frame", "{\"frame_id\":170}").get("frame_id").asInt());
        }
    }
}
