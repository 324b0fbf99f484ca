package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.arg;
import static dev.framescope.physics.PhysicsCalls.assertClose;
import static dev.framescope.physics.PhysicsCalls.groundTruth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rest, sliding and jitter (check_resting_contact, triage's NOT_AT_REST) and velocity changes against the recorded
 * acceleration (compare_body_across_frames, triage's VELOCITY_JUMP), against the simulator's ground truth.
 */
class MotionChecksTest {

    @TempDir
    Path stateDir;

    private static JsonNode body(JsonNode report, long id) {
        for (JsonNode b : report.get("bodies")) {
            if (b.get("body_id").asLong() == id) {
                return b;
            }
        }
        throw new AssertionError("body " + id + " not in " + report);
    }

    /** The box stopped at the ground-truth frame; asked 9 frames later its 31-frame window still holds the slide. */
    @Test
    void aBodyAtRestSinceAFrameIsRestingThoughItsWindowHoldsTheSlide() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode facts = groundTruth("sliding_boxes").get("facts");
        long box = facts.get("stopping_box").asLong();
        long since = facts.get("rest_since_frame").asLong();
        JsonNode report = calls.ok("check_resting_contact", "{\"frame_id\":" + (since + 9) + "," + arg("sliding_boxes")
                + "}");
        JsonNode b = body(report, box);
        assertTrue(b.get("resting").asBoolean(), report.toString());
        assertEquals("resting", b.get("state").asText());
        assertEquals(since, b.get("rest_since_frame").asLong());
        assertEquals(10, b.get("rest_frames").asInt());
        assertTrue(report.get("summary").asText().contains("body " + box + " at rest since frame " + since),
                report.get("summary").asText());
        JsonNode settled = calls.ok("check_resting_contact", "{\"frame_id\":120," + arg("drop_settle") + "}");
        assertEquals(111, settled.at("/bodies/0/rest_since_frame").asLong(), "drop_settle rests from frame 111");
    }

    /** Sliding under friction decelerates at the inscribed box's (μ/√2)·g; the jitter reverses every frame. */
    @Test
    void slidingIsToldApartFromJitterWithTheNumbersUsed() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode facts = groundTruth("sliding_boxes").get("facts");
        JsonNode early = body(calls.ok("check_resting_contact", "{\"frame_id\":30," + arg("sliding_boxes") + "}"),
                facts.get("stopping_box").asLong());
        assertEquals("sliding", early.get("state").asText(), early.toString());
        assertFalse(early.get("resting").asBoolean());
        assertEquals(0, early.at("/motion/reversals").asInt());
        assertEquals(0.5 / Math.sqrt(2) * 9.81, early.at("/motion/slip_deceleration_m_per_s2").asDouble(), 1e-6,
                "kinetic friction at the inscribed box bound, μ 0.5");
        JsonNode end = body(calls.ok("check_resting_contact", "{\"frame_id\":200," + arg("sliding_boxes") + "}"),
                facts.get("sliding_box").asLong());
        assertEquals("sliding", end.get("state").asText());
        assertEquals(1, end.at("/motion/first_frame").asLong(), "sliding from the first frame");
        assertClose(facts.get("sliding_box_final_speed_m_s").asDouble(), end.at("/motion/slip_speed_last_m_per_s"),
                "a box that cannot rotate slips at its own speed");
        long jitterFrom = groundTruth("never_rests").at("/defects/0/frame").asLong();
        JsonNode jitter = calls.ok("check_resting_contact", "{\"frame_id\":300," + arg("never_rests") + "}")
                .at("/bodies/0");
        assertEquals("jitter", jitter.get("state").asText(), jitter.toString());
        assertEquals(jitterFrom, jitter.at("/motion/first_frame").asLong());
        assertEquals(30, jitter.at("/motion/reversals").asInt(), "every frame of the 31-frame window reverses");
        assertTrue(jitter.at("/motion/net_displacement_m").asDouble() < 0.5 * jitter.at("/motion/path_length_m")
                .asDouble());
    }

    /** Triage judges rest as check_resting_contact does: sliding to the end is fine, jitter to the end is not. */
    @Test
    void triageFlagsJitterButNotSliding() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode sliding = calls.ok("triage_recording", "{" + arg("sliding_boxes") + "}");
        assertEquals(0, sliding.at("/anomalies/count").asInt(), sliding.get("summary").asText());
        JsonNode jitter = calls.ok("triage_recording", "{" + arg("never_rests") + "}").at("/anomalies/preview/0");
        assertEquals("NOT_AT_REST", jitter.get("code").asText());
        assertEquals("jitter", jitter.at("/numbers/state").asText());
        assertEquals(300, jitter.get("last_frame").asLong());
    }

    @Test
    void aVelocityJumpWithoutContactIsUnexplained() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("velocity_jump").at("/defects/0");
        long frame = truth.get("frame").asLong();
        JsonNode c = calls.ok("compare_body_across_frames", "{\"body_id\":2,\"frame_a\":" + (frame - 1)
                + ",\"frame_b\":" + frame + "," + arg("velocity_jump") + "}");
        assertClose(truth.at("/values/speed_before_m_s").asDouble(), c.get("speed_a_m_per_s"), "speed before");
        assertClose(truth.at("/values/speed_after_m_s").asDouble(), c.get("speed_b_m_per_s"), "speed after");
        JsonNode check = c.get("velocity_check");
        assertTrue(check.get("unexplained").asBoolean(), check.toString());
        assertFalse(check.get("in_contact").asBoolean());
        assertEquals(truth.at("/values/in_contact").asBoolean(), check.get("in_contact").asBoolean());
        assertEquals(frame, check.at("/largest_step/frame_id").asLong());
        assertEquals(truth.at("/values/residual_m_s").asDouble(), check.get("residual_vs_acceleration_m_per_s")
                .asDouble(), 1e-9);
        assertEquals(truth.at("/values/residual_m_s").asDouble(), check.get("residual_vs_gravity_m_per_s")
                .asDouble(), 1e-9);
        assertTrue(c.get("summary").asText().contains("unexplained"), c.get("summary").asText());
        JsonNode before = calls.ok("compare_body_across_frames", "{\"body_id\":2,\"frame_a\":10,\"frame_b\":"
                + (frame - 1) + "," + arg("velocity_jump") + "}").get("velocity_check");
        assertFalse(before.get("unexplained").asBoolean(), before.toString());
        assertTrue(before.get("verdict").asText().startsWith("explained by gravity alone"), before.toString());
        assertTrue(before.get("residual_vs_gravity_m_per_s").asDouble() < 1e-9);
        JsonNode triage = calls.ok("triage_recording", "{" + arg("velocity_jump") + "}").at("/anomalies/preview/0");
        assertEquals("VELOCITY_JUMP", triage.get("code").asText(), triage.toString());
        assertClose(truth.at("/values/residual_m_s").asDouble(), triage.at("/worst/value"), "residual");
    }

    /** A bounce between the frames: Δv is far from gravity alone, and the contact frames are named. */
    @Test
    void aVelocityChangeAcrossAContactSaysSo() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        long impact = groundTruth("bad_restitution").at("/defects/0/frame").asLong(); // the same drop, first impact
        JsonNode check = calls.ok("compare_body_across_frames", "{\"body_id\":2,\"frame_a\":20,\"frame_b\":60,"
                + arg("drop_settle") + "}").get("velocity_check");
        assertTrue(check.get("in_contact").asBoolean(), check.toString());
        assertEquals(impact, check.get("first_contact_frame").asLong());
        assertFalse(check.get("unexplained").asBoolean());
        assertTrue(check.get("residual_vs_gravity_m_per_s").asDouble() > 1, "the bounce reverses the velocity");
        assertTrue(check.get("verdict").asText().startsWith("explained: in contact"), check.toString());
    }

    /**
     * The first frame of a defect is the frame an engineer asks about: there the body's moving run is one frame old,
     * too short to tell jitter, sliding or rolling apart, and it is answered as just moving (it was INTERNAL, a
     * NullPointerException on the missing deceleration).
     */
    @Test
    void aMovingRunOneFrameOldIsAnsweredAsMoving() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        long defect = groundTruth("never_rests").at("/defects/0/frame").asLong();
        JsonNode report = calls.ok("check_resting_contact", "{\"frame_id\":" + defect + "," + arg("never_rests")
                + "}");
        JsonNode b = report.at("/bodies/0");
        assertEquals("moving", b.get("state").asText(), b.toString());
        assertEquals(defect, b.at("/motion/first_frame").asLong());
        assertEquals(1, b.at("/motion/frames").asInt());
        assertTrue(b.at("/motion/slip_deceleration_m_per_s2").isMissingNode(), "one frame has no deceleration");
        assertTrue(report.get("summary").asText().contains("body 2 moving in contact since frame " + defect
                + " (1 frame: too short to tell"), report.get("summary").asText());
        JsonNode first = calls.ok("check_resting_contact", "{\"frame_id\":1," + arg("box_slide") + "}");
        assertEquals("moving", first.at("/bodies/0/state").asText(), first.toString());
    }

    /**
     * A box landing on another moves along the contact normal at its impact frame: it bounces, it does not roll. Its
     * contact point does not slip, which is why it read as rolling.
     */
    @Test
    void aBoxAtItsImpactFrameIsBouncingNotRolling() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode impact = groundTruth("stack_3_boxes").at("/facts/impact_list/0");
        long frame = impact.get("first_frame").asLong();
        long upper = Long.parseLong(impact.get("pair").asText().split("-")[1]);
        JsonNode report = calls.ok("check_resting_contact", "{\"frame_id\":" + frame + "," + arg("stack_3_boxes")
                + "}");
        JsonNode b = body(report, upper);
        assertEquals("bouncing", b.get("state").asText(), b.toString());
        assertTrue(b.at("/motion/normal_speed_m_per_s").asDouble() > b.at("/motion/slip_speed_last_m_per_s")
                .asDouble(), b.toString());
        assertEquals(b.get("speed_m_per_s").asDouble(), b.at("/motion/normal_speed_m_per_s").asDouble(), 1e-6,
                "a box that cannot rotate moves straight along the normal, relative to a box that barely moves");
        assertTrue(report.get("summary").asText().contains("body " + upper + " bouncing in contact since frame "
                + frame), report.get("summary").asText());
    }
}
