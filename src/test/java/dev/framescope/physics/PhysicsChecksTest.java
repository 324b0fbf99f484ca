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
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The motion, contact-history, impact and plot tools against the fixtures' ground truth. */
class PhysicsChecksTest {

    @TempDir
    Path stateDir;

    private String arg(String scene) {
        return "\"recording\":\"" + fixture(scene) + "\"";
    }

    @Test
    void contactHistoryFindsTheChatterAndEveryNormalFlip() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("chatter_flip").get("defects");
        JsonNode h = calls.ok("get_contact_history", "{\"body_a_id\":2,\"body_b_id\":3," + arg("chatter_flip") + "}");
        assertEquals(truth.at("/1/values/flip_frames"), h.get("normal_flip_frames"));
        assertEquals(truth.at("/0/frame").asLong(), h.at("/chatter/0/first_frame").asLong());
        assertEquals(truth.at("/0/values/transitions").asInt(), h.get("transitions").asInt());
        JsonNode reversed = calls.ok("get_contact_history", "{\"body_a_id\":3,\"body_b_id\":2,\"start_frame\":1,"
                + "\"end_frame\":10," + arg("chatter_flip") + "}");
        assertEquals(-1.0, reversed.at("/rows/preview/0/normal/x").asDouble(), 1e-9,
                "normal from body_a_id (3, at x ≈ 1) to body_b_id (2, at x = 0)");
        JsonNode ground = calls.ok("get_contact_history", "{\"body_a_id\":2,\"body_b_id\":2147483649,"
                + arg("drop_settle") + "}");
        assertEquals(0, ground.get("chatter").size(), "bouncing to rest is not chatter");
        assertEquals(0, ground.get("normal_flip_frames").size());
    }

    @Test
    void restingContactExcludesEnvironmentAndFlagsTheJitteringBall() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode clean = calls.ok("check_resting_contact", "{\"frame_id\":300," + arg("drop_settle") + "}");
        assertEquals(1, clean.get("bodies_in_contact").asInt(), "the ground (bit 31) is not a body to rest");
        assertTrue(clean.at("/bodies/0/resting").asBoolean(), clean.toString());
        JsonNode jitter = calls.ok("check_resting_contact", "{\"frame_id\":300," + arg("never_rests") + "}");
        assertFalse(jitter.at("/bodies/0/resting").asBoolean());
        assertEquals(0.05, jitter.at("/bodies/0/max_speed_m_per_s").asDouble(), 1e-6);
        JsonNode before = calls.ok("check_resting_contact", "{\"frame_id\":" + (groundTruth("never_rests")
                .at("/defects/0/frame").asLong() - 1) + "," + arg("never_rests") + "}");
        assertTrue(before.at("/bodies/0/resting").asBoolean(), "at rest until the jitter starts");
    }

    @Test
    void nonfiniteStateStartsAtTheInjectedFrame() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("nan_state").at("/defects/0");
        JsonNode report = calls.ok("find_nonfinite_state", "{" + arg("nan_state") + "}");
        assertEquals(truth.get("frame").asLong(), report.at("/findings/preview/0/first_frame").asLong());
        assertEquals(truth.at("/values/field").asText(), report.at("/findings/preview/0/field").asText());
        assertEquals(0, calls.ok("find_nonfinite_state", "{" + arg("drop_settle") + "}").at("/findings/count").asInt());
        JsonNode state = calls.ok("get_recording_frame", "{\"body_id\":2,\"frame_id\":90," + arg("nan_state") + "}");
        assertTrue(state.at("/state/velocity/x").isNull(), "NULL in the file is null in JSON: " + state);
    }

    @Test
    void restitutionGainAtTheFirstImpactOnly() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = groundTruth("bad_restitution").at("/defects/0");
        JsonNode report = calls.ok("check_restitution", "{" + arg("bad_restitution") + "}");
        assertEquals(1, report.get("energy_gaining").asInt());
        JsonNode impact = report.at("/checked/preview/0");
        assertEquals(truth.get("frame").asLong(), impact.get("frame_id").asLong());
        assertClose(truth.at("/values/pre_normal_velocity_m_s").asDouble(), impact.get("pre_normal_velocity_m_per_s"),
                "u⁻");
        assertClose(truth.at("/values/post_normal_velocity_m_s").asDouble(),
                impact.get("post_normal_velocity_m_per_s"), "u⁺");
        JsonNode clean = calls.ok("check_restitution", "{" + arg("drop_settle") + "}");
        assertTrue(clean.get("impacts").asInt() >= 3, clean.toString());
        assertEquals(0, clean.get("energy_gaining").asInt() + clean.get("still_approaching").asInt());
    }

    @Test
    void momentumIsConservedInTheFreeCollision() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode report = calls.ok("check_momentum", "{" + arg("two_ball_collision") + "}");
        assertTrue(report.get("collisions_checked").asInt() >= 1, report.toString());
        assertEquals(0, report.get("violations").asInt(), report.toString());
        JsonNode grounded = calls.ok("check_momentum", "{" + arg("chatter_flip") + "}");
        assertTrue(grounded.get("skipped_with_environment_contact").asInt() > 0, grounded.toString());
    }

    @Test
    void compareAndContactsForBody() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode c = calls.ok("compare_body_across_frames", "{\"body_id\":2,\"frame_a\":1,\"frame_b\":150,"
                + arg("box_slide") + "}");
        assertTrue(c.get("displacement_m").asDouble() > 1, c.toString());
        assertEquals(0.0, c.get("speed_b_m_per_s").asDouble(), 1e-9, "the box has stopped");
        JsonNode contacts = calls.ok("get_recording_frame", "{\"body_id\":2,\"frame_id\":10," + arg("box_slide")
                + "}");
        assertEquals(4, contacts.at("/friction_constraints/count").asInt(), contacts.toString());
        assertEquals(4, contacts.at("/contact_constraints/count").asInt(), contacts.toString());
        assertEquals(2, contacts.at("/state/body_id").asInt(), contacts.toString());
        assertFalse(contacts.has("states"), "one body: its state, not the frame's list");
        // the tool's older name answers the same
        assertEquals(contacts, calls.ok("get_contacts_for_body", "{\"body_id\":2,\"frame_id\":10,"
                + arg("box_slide") + "}"));
    }

    @Test
    void plotEnergyReturnsAPngWithTheInjectionMarked() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        CallToolResult result = toolkit.invoker().call(toolkit.registry().find("plot_energy").orElseThrow(),
                Map.of("recording", fixture("energy_injection")), ToolContext.SILENT);
        assertFalse(result.isError(), result.toString());
        assertEquals(null, result.structuredContent(), "no structuredContent with an image");
        ImageContent image = (ImageContent) result.content().get(1);
        byte[] png = Base64.getDecoder().decode(image.data());
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
        String text = ((io.modelcontextprotocol.spec.McpSchema.TextContent) result.content().get(0)).text();
        JsonNode body = Json.mapper().readTree(text.substring(text.indexOf('{')));
        assertEquals("[150]", body.get("injection_frames").toString());
    }
}
