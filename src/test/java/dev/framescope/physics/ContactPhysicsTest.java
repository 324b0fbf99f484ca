package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.assertClose;
import static dev.framescope.physics.PhysicsCalls.fixture;
import static dev.framescope.physics.PhysicsCalls.groundTruth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contact physics against the fixtures' ground truth (issue 14 points 1, 6, 7): expected dissipation (impacts,
 * sliding friction) is not an energy anomaly while a loss beyond the contact model is; impacts are counted per pair
 * and approach event; action and reaction are checked per pair in contact, stacks included, and what cannot be
 * checked is said so.
 */
class ContactPhysicsTest {

    @TempDir
    Path stateDir;

    private static String arg(String scene) {
        return "\"recording\":\"" + fixture(scene) + "\"";
    }

    @Test
    void impactsAndSlidingFrictionAreExpectedDissipationNotAnomalies() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        for (String clean : List.of("stack_3_boxes", "box_slide", "drop_settle", "two_ball_collision")) {
            JsonNode report = calls.ok("find_energy_anomalies", "{" + arg(clean) + "}");
            assertEquals(0, report.at("/anomalies/count").asInt(), clean + ": " + report.get("summary"));
            assertTrue(report.get("expected_losses").asInt() > 0, clean + " has losses above 1 J, all explained");
        }
        JsonNode slide = calls.ok("find_energy_anomalies", "{\"include_expected\":true,\"limit\":500,"
                + arg("box_slide") + "}");
        int explained = slide.at("/expected_losses_explained_by/friction").asInt();
        assertTrue(explained > 0, slide.get("summary").asText());
        assertEquals(slide.get("expected_losses").asInt(), slide.at("/anomalies/count").asInt());
        for (JsonNode frame : slide.at("/anomalies/preview")) {
            assertEquals("expected_loss", frame.get("kind").asText());
            assertTrue(frame.at("/loss_bound/friction_j").asDouble() > 0, frame.toString());
            assertTrue(-frame.get("residual_j").asDouble() <= 1.0 + frame.get("loss_bound_j").asDouble());
        }
        JsonNode stack = calls.ok("find_energy_anomalies", "{\"include_expected\":true," + arg("stack_3_boxes")
                + "}");
        assertEquals(stack.get("expected_losses").asInt(), stack.at("/expected_losses_explained_by/impact").asInt(),
                "the stack's losses are its impacts: " + stack.get("summary"));
    }

    /** The ball bounces with e = 0.1 while e = 0.5 is recorded: the loss is beyond (1 − e²)·½·m·u⁻². */
    @Test
    void lossBeyondTheRestitutionModelIsFoundAtItsImpact() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("lossy_impact").at("/defects/0");
        JsonNode report = calls.ok("find_energy_anomalies", "{" + arg("lossy_impact") + "}");
        assertEquals(1, report.at("/anomalies/count").asInt(), report.get("summary").asText());
        JsonNode loss = report.at("/anomalies/preview/0");
        assertEquals(truth.get("frame").asLong(), loss.get("frame_id").asLong());
        assertEquals("loss_at_contact", loss.get("kind").asText());
        assertClose(truth.at("/values/delta_e_j").asDouble(), loss.get("delta_e_j"), "ΔE");
        assertClose(truth.at("/values/restitution_model_loss_j").asDouble(), loss.at("/loss_bound/impact_j"),
                "(1 − e²)·½·m·u⁻², m_eff = the ball's mass against the floor");
        assertTrue(loss.get("loss_beyond_bound_j").asDouble() > 1.0, loss.toString());
    }

    @Test
    void velocityDampedInFlightIsALossWithoutContact() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("damped_flight").at("/defects/0");
        JsonNode report = calls.ok("find_energy_anomalies", "{" + arg("damped_flight") + "}");
        assertEquals(1, report.get("losses_without_contact").asInt(), report.get("summary").asText());
        JsonNode loss = report.at("/anomalies/preview/0");
        assertEquals(truth.get("frame").asLong(), loss.get("frame_id").asLong());
        assertEquals(0.0, loss.at("/loss_bound/impact_j").asDouble() + loss.at("/loss_bound/friction_j").asDouble());
        assertClose(truth.at("/values/delta_e_j").asDouble(), loss.get("delta_e_j"), "ΔE");
    }

    /** Three boxes landing on each other: one impact per pair and approach, not one per corner row. */
    @Test
    void restitutionCountsImpactsNotContactRows() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode facts = groundTruth("stack_3_boxes").get("facts");
        JsonNode report = calls.ok("check_restitution", "{" + arg("stack_3_boxes") + "}");
        assertEquals(facts.get("impacts").asInt(), report.get("impacts").asInt(), report.get("summary").asText());
        assertEquals(facts.get("impact_contact_rows").asInt(), report.get("contact_rows").asInt());
        List<String> expected = new ArrayList<>();
        facts.get("impact_list").forEach(i -> expected.add(i.get("pair").asText() + "@" + i.get("first_frame")
                + "–" + i.get("last_frame")));
        List<String> found = new ArrayList<>();
        report.at("/checked/preview").forEach(i -> found.add(i.get("body_a_id").asLong() + "-"
                + i.get("body_b_id").asLong() + "@" + i.get("first_frame") + "–" + i.get("last_frame")));
        assertEquals(expected, found);
        assertEquals(4, report.at("/checked/preview/0/contact_rows").asInt(), "a box lands on its four corners");
        assertEquals(0, report.get("energy_gaining").asInt() + report.get("still_approaching").asInt());
    }

    @Test
    void actionAndReactionHoldForEveryPairOfTheCleanStack() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode report = calls.ok("check_momentum", "{" + arg("stack_3_boxes") + "}");
        assertEquals(2, report.get("pairs_checked").asInt(), "boxes 2–3 (2 also on the floor) and 3–4: " + report);
        assertTrue(report.get("collisions_checked").asInt() >= 300, report.get("summary").asText());
        assertEquals(0, report.get("violations").asInt(), report.get("summary").asText());
        assertTrue(report.at("/steps/preview/0/other_contact_rows_subtracted").asInt() > 0,
                "the floor's λ rows are subtracted from box 2");
        assertEquals(report.get("skipped_with_environment_contact").asInt(),
                report.get("pair_steps_not_checked").asInt(), "only the floor pairs are not checked");
        assertTrue(report.at("/lambda/unit").asText().startsWith("N (force"), report.get("lambda").toString());
        JsonNode wrongUnit = calls.ok("check_momentum", "{\"lambda_unit\":\"impulse\"," + arg("stack_3_boxes") + "}");
        assertTrue(wrongUnit.get("violations").asInt() > 0, "reading the simulator's N as N·s breaks the balance");
    }

    @Test
    void anImpulseAppliedToOneBodyOnlyIsFoundAtItsFrameAndPair() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("stack_one_sided_impulse").at("/defects/0");
        JsonNode report = calls.ok("check_momentum", "{" + arg("stack_one_sided_impulse") + "}");
        assertEquals(1, report.get("violations").asInt(), report.get("summary").asText());
        JsonNode step = report.at("/steps/preview/0");
        assertEquals(truth.get("frame").asLong(), step.get("frame_id").asLong());
        assertEquals(truth.get("bodies"), step.get("bodies"));
        assertEquals(truth.at("/values/residual_kg_m_s").asDouble(), step.get("residual_kg_m_per_s").asDouble(),
                1e-9);
    }

    /**
     * The stack without its λ rows: a pair whose box also rests on another cannot be separated from that contact, so
     * those pair-steps are counted as not checked; only steps where a pair touches nothing else are checked.
     */
    @Test
    void pairsNeedingMissingLambdaAreNotCheckedAndCounted(@TempDir Path dir) throws Exception {
        Path copy = dir.resolve("stack_without_lambda.db");
        Files.copy(Path.of(fixture("stack_3_boxes")), copy);
        try (var db = DriverManager.getConnection("jdbc:sqlite:" + copy)) {
            db.createStatement().execute("DELETE FROM FrictionConstraintRecord");
        }
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode full = calls.ok("check_momentum", "{" + arg("stack_3_boxes") + "}");
        JsonNode report = calls.ok("check_momentum", "{\"recording\":\"" + copy + "\"}");
        int missing = 0;
        for (JsonNode n : report.get("not_checked")) {
            missing += n.get("reason").asText().startsWith("λ not recorded") ? n.get("pair_steps").asInt() : 0;
        }
        assertTrue(missing > 0, report.get("summary").asText());
        assertEquals(full.get("collisions_checked").asInt(), report.get("collisions_checked").asInt() + missing,
                "every step checked with λ is now counted as not checked");
        for (JsonNode step : report.at("/steps/preview")) {
            assertEquals(0, step.get("other_contact_rows_subtracted").asInt(), "checked without λ: " + step);
        }
        assertTrue(report.get("summary").asText().contains("λ not recorded"), report.get("summary").asText());
    }

    /** A box sliding on the floor touches only the environment: nothing is checked, and the answer says so. */
    @Test
    void momentumNeverClaimsACheckThatDidNotRun() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode report = calls.ok("check_momentum", "{" + arg("box_slide") + "}");
        assertEquals(0, report.get("collisions_checked").asInt());
        assertEquals(report.get("pair_steps_not_checked").asInt(), report.at("/not_checked/0/pair_steps").asInt());
        assertTrue(report.at("/not_checked/0/reason").asText().startsWith("environment body"), report.toString());
        assertTrue(report.get("summary").asText().contains("not checked"), report.get("summary").asText());
    }
}
