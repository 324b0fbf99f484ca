package dev.framescope.physics.checks;

import static dev.framescope.physics.PhysicsCalls.arg;
import static dev.framescope.physics.PhysicsCalls.fixture;
import static dev.framescope.physics.PhysicsCalls.groundTruth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.physics.PhysicsCalls;
import dev.framescope.physics.store.ContactSeries;
import dev.framescope.physics.store.RecordingStore;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Answers in the recording's own terms: friction rows with their contact point, components and box utilisation,
 * triage's thresholds as parameters echoed in the answer, and messages that state frames and values exactly.
 */
class PhysicsAnswersTest {

    @TempDir
    Path stateDir;

    @Test
    void frictionRowsCarryComponentsContactPointAndTheReplayServersNames() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        long frame = groundTruth("friction_cone").at("/defects/0/frame").asLong();
        JsonNode report = calls.ok("check_friction_cone", "{\"frame_id\":" + frame + "," + arg("friction_cone") + "}");
        JsonNode points = calls.ok("get_recording_frame", "{\"frame_id\":" + frame + "," + arg("friction_cone") + "}")
                .at("/collisions/preview/0/contacts");
        JsonNode rows = report.at("/checked/preview");
        assertEquals(points.size(), rows.size());
        for (JsonNode row : rows) {
            assertEquals(row.get("tangent1_lambda_n"), row.get("tangent1_force"));
            assertEquals(row.get("tangent2_lambda_n"), row.get("tangent2_force"));
            assertEquals(Math.hypot(row.get("tangent1_force").asDouble(), row.get("tangent2_force").asDouble()),
                    row.get("total_tangent_force").asDouble(), 1e-9);
            assertEquals(row.get("violation"), row.get("exceeds_limit"));
            assertEquals(row.get("margin_n"), row.get("margin"));
            assertEquals("collision", row.get("contact_point_from").asText());
            assertEquals(points.get(row.get("index").asInt()).get("point_a"), row.get("contact_point"),
                    "the n-th friction row acts at the pair's n-th contact point");
        }
        assertEquals(3.0, rows.get(0).get("box_utilisation").asDouble(), 1e-9,
                "the fault loosens the solver's inscribed box 3×");
        assertTrue(report.get("lambda_unit").asText().startsWith("N (force"), report.get("lambda_unit").asText());
        assertTrue(report.at("/lambda/source").asText().startsWith("measured"), report.get("lambda").toString());
    }

    /** While the box slides, MSD-CPP's solver saturates the inscribed box: utilisation 1 there, 1/√2 of the cone. */
    @Test
    void boxUtilisationIsOneWhileSliding() throws Exception {
        JsonNode rows = new PhysicsCalls(stateDir).ok("check_friction_cone", "{\"frame_id\":10," + arg("box_slide")
                + "}").at("/checked/preview");
        assertEquals(4, rows.size());
        int loaded = 0;
        for (JsonNode row : rows) {
            if (row.get("normal_lambda_n").asDouble() > 0) { // the sequential solve may leave a corner unloaded
                loaded++;
                assertEquals(1.0, row.get("box_utilisation").asDouble(), 1e-9, row.toString());
                assertEquals(1 / Math.sqrt(2), row.get("utilisation").asDouble(), 1e-9, row.toString());
            }
        }
        assertTrue(loaded > 0, rows.toString());
    }

    /** The fixture writer's λ is a force, as measured: the normal lambdas of a resting 10 kg body sum to m·g = 98.1 N, not m·g·dt = 1.57 N·s. */
    @Test
    void lambdaIsAForceByTheRestingBalance() throws Exception {
        JsonNode report = new PhysicsCalls(stateDir).ok("check_friction_cone", "{\"frame_id\":200,"
                + arg("drop_settle") + "}");
        double sum = 0;
        for (JsonNode row : report.at("/checked/preview")) {
            sum += row.get("normal_lambda_n").asDouble();
        }
        assertEquals(10 * 9.81, sum, 1e-6);
        assertTrue(report.get("summary").asText().contains("λ in N (force"), report.get("summary").asText());
    }

    @Test
    void triageEchoesItsThresholdsAndTakesEachAsAParameter() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode p = calls.ok("triage_recording", "{" + arg("drop_settle") + "}").get("parameters");
        assertEquals(0.005, p.get("slop_m").asDouble());
        assertEquals(10, p.get("chatter_window_frames").asInt());
        assertEquals(30.0, p.get("normal_jump_angle_deg").asDouble());
        assertEquals(10, p.get("steady_overlap_min_frames").asInt());
        assertEquals(31, p.get("rest_window_frames").asInt());
        assertEquals(0.01, p.get("velocity_threshold").asDouble());
        assertEquals(0.01, p.get("angular_velocity_threshold").asDouble());
        assertEquals(0.001, p.get("velocity_jump_tolerance").asDouble());
        JsonNode wide = calls.ok("triage_recording", "{\"chatter_window_frames\":2," + arg("chatter_flip") + "}");
        assertFalse(wide.toString().contains("CONTACT_CHATTER"), "gaps 2 frames apart are not within a 2-frame window");
        JsonNode history = calls.ok("get_contact_history", "{\"body_a_id\":2,\"body_b_id\":3,"
                + "\"chatter_window_frames\":2," + arg("chatter_flip") + "}");
        assertEquals(0, history.get("chatter").size(), history.get("summary").asText());
        JsonNode shortOverlap = calls.ok("triage_recording", "{\"steady_overlap_min_frames\":121,"
                + arg("steady_overlap") + "}");
        assertEquals(0, shortOverlap.at("/anomalies/count").asInt(), "120 frames are fewer than 121");
    }

    /** The jittering ball also spins back and forth at 0.056 rad/s: a loose m/s threshold no longer hides it. */
    @Test
    void linearAndAngularThresholdsAreSeparate() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode linearOnly = calls.ok("triage_recording", "{\"velocity_threshold\":0.06," + arg("never_rests") + "}");
        assertTrue(linearOnly.toString().contains("NOT_AT_REST"), linearOnly.get("summary").asText());
        JsonNode both = calls.ok("triage_recording", "{\"velocity_threshold\":0.06,\"angular_velocity_threshold\":0.06,"
                + arg("never_rests") + "}");
        assertEquals(0, both.at("/anomalies/count").asInt(), both.get("summary").asText());
    }

    /** Sinking: the message names the frames the overlap stayed beyond the threshold and where it was deepest. */
    @Test
    void sinkingMessageSaysWhereGrowthStopped() throws Exception {
        JsonNode truth = groundTruth("penetration").at("/defects/0/values");
        JsonNode a = new PhysicsCalls(stateDir).ok("triage_recording", "{" + arg("penetration") + "}")
                .at("/anomalies/preview/0");
        String message = a.get("message").asText();
        assertEquals("EXCESSIVE_PENETRATION", a.get("code").asText());
        String depth = new BigDecimal(truth.get("max_depth_m").asDouble()).round(new MathContext(4))
                .stripTrailingZeros().toPlainString();
        assertTrue(message.contains("is deepest, " + depth + " m, at frame "
                + truth.get("max_depth_frame").asLong()), message);
        assertTrue(message.contains("on frames " + a.get("first_frame").asLong() + "–" + a.get("last_frame").asLong()),
                message);
        assertFalse(message.contains("keeps growing"), message);
    }

    /** One frame with |q| = 1.01: "at frame 150" with the norm, not "from frame 150". */
    @Test
    void aSingleFrameFindingSaysAtThatFrameWithItsValue() throws Exception {
        Path copy = stateDir.resolve("quaternion.db");
        Files.copy(Path.of(fixture("drop_settle")), copy);
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + copy);
             ResultSet rs = db.createStatement().executeQuery("SELECT isr.orientation_id FROM AssetDynamicStateRecord "
                     + "adr JOIN InertialStateRecord isr ON adr.kinematicState_id = isr.id WHERE adr.body_id = 2 AND "
                     + "adr.frame_id = 150")) {
            db.createStatement().execute("UPDATE QuaternionDRecord SET w = w * 1.01, x = x * 1.01, y = y * 1.01, "
                    + "z = z * 1.01 WHERE id = " + rs.getLong(1));
        }
        JsonNode a = new PhysicsCalls(stateDir).ok("triage_recording", "{\"recording\":\"" + copy + "\"}")
                .at("/anomalies/preview/0");
        assertEquals("QUATERNION_NOT_UNIT", a.get("code").asText(), a.toString());
        assertEquals("Body 2 orientation is a non-unit quaternion at frame 150 (|q| = 1.01).",
                a.get("message").asText());
        assertEquals(150, a.get("last_frame").asLong());
        assertEquals(1, a.get("count").asInt());
    }

    /** A 1.5 µm overlap prints as such, never as "0.0000 m". */
    @Test
    void smallDepthsKeepTheirDigits() throws Exception {
        Path copy = stateDir.resolve("micro.db");
        Files.copy(Path.of(fixture("steady_overlap")), copy);
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + copy)) {
            db.createStatement().execute("UPDATE CollisionResultRecord SET penetrationDepth = 1.5e-6");
        }
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode history = calls.ok("get_contact_history", "{\"body_a_id\":2,\"body_b_id\":2147483649,"
                + "\"recording\":\"" + copy + "\"}");
        assertTrue(history.get("summary").asText().contains("deepest 0.0000015 m at frame 1"),
                history.get("summary").asText());
        JsonNode triage = calls.ok("triage_recording", "{\"slop_m\":1e-6,\"recording\":\"" + copy + "\"}");
        String message = triage.at("/anomalies/preview/0/message").asText();
        assertTrue(message.contains("beyond the 0.000001 m slop") && message.contains("deepest 0.0000015 m"),
                message);
    }

    /** Impact findings state the pair, the frames and every speed with its digits, not a bare "%.3f". */
    @Test
    void impactFindingsNameThePairFramesAndSpeedsExactly() throws Exception {
        JsonNode a = new PhysicsCalls(stateDir).ok("triage_recording", "{" + arg("bad_restitution") + "}")
                .at("/anomalies/preview/0");
        assertEquals("RESTITUTION_GAIN", a.get("code").asText());
        JsonNode n = a.get("numbers");
        String expected = "Body 2 and environment 1 hit at frame " + a.get("first_frame").asLong() + " at "
                + Findings.number(-n.get("pre_normal_velocity_m_s").asDouble()) + " m/s (1 contact row) and "
                + "separates at " + Findings.number(n.get("post_normal_velocity_m_s").asDouble()) + " m/s, more than";
        assertTrue(a.get("message").asText().startsWith(expected), a.get("message").asText());
    }

    /**
     * The simulator records lever arms from the step-start centre of mass, as MSD-CPP does (its contacts are found
     * before integration): a box sliding at 3 m/s has its corners exactly half its width from that centre, not
     * 3 m/s × dt off, which made the restitution check misjudge spinning balls in the clean benchmark recording.
     */
    @Test
    void fixtureLeverArmsAreMeasuredFromTheStepStartPosition() {
        try (RecordingStore store = RecordingStore.open(Path.of(fixture("box_slide")))) {
            int rows = 0;
            for (long f = 2; f <= 20; f++) {
                for (ContactSeries.Constraint c : store.contactSeries().constraints(f)) {
                    assertEquals(0.5, Math.abs(c.leverA().x()), 1e-9, "frame " + f + ": " + c.leverA());
                    rows++;
                }
            }
            assertTrue(rows >= 40, "contact rows checked: " + rows);
        }
    }

    /** The jump angle is the caller's: the 45° turn of normal_jump is a finding at 30° and none at 60°. */
    @Test
    void normalJumpAngleIsAThresholdTheCallerSets() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode at30 = calls.ok("triage_recording", "{" + arg("normal_jump") + "}");
        assertEquals("NORMAL_JUMP", at30.at("/anomalies/preview/0/code").asText(), at30.get("summary").asText());
        assertEquals(100, at30.at("/anomalies/preview/0/first_frame").asLong());
        JsonNode at60 = calls.ok("triage_recording", "{\"normal_jump_angle_deg\":60," + arg("normal_jump") + "}");
        assertEquals(0, at60.at("/anomalies/count").asInt(), at60.get("summary").asText());
    }
}
