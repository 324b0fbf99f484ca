package dev.framescope.physics.checks;

import static dev.framescope.physics.PhysicsCalls.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.physics.PhysicsCalls;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * triage_recording against every scene's ground truth: each injected defect is named with its code at its frame and
 * bodies, clean scenes come back clean, and an agent following triage's recommended calls confirms the top defect
 * in at most four calls in all.
 */
class TriageTest {

    @TempDir
    Path stateDir;

    static Stream<JsonNode> scenes() throws Exception {
        List<JsonNode> scenes = new ArrayList<>();
        Json.mapper().readTree(PhysicsCalls.FIXTURES.resolve("ground-truth.json").toFile()).get("scenes")
                .forEach(scenes::add);
        return scenes.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void namesEveryInjectedDefectAndNothingInCleanScenes(JsonNode scene) throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String file = fixture(scene.get("name").asText());
        JsonNode report = calls.ok("triage_recording", "{\"recording\":\"" + file + "\",\"limit\":200}");
        JsonNode anomalies = report.at("/anomalies/preview");
        if (scene.get("clean").asBoolean()) {
            assertEquals(0, report.at("/anomalies/count").asInt(), report.get("summary").asText());
            return;
        }
        for (JsonNode defect : scene.get("defects")) {
            JsonNode match = null;
            for (JsonNode a : anomalies) {
                if (a.get("code").asText().equals(defect.get("code").asText())) {
                    match = a;
                    break;
                }
            }
            assertTrue(match != null, defect.get("code") + " not found in " + report.get("summary"));
            assertEquals(defect.get("frame").asLong(), match.get("frame_id").asLong(), defect.get("code").asText());
            for (JsonNode body : defect.get("bodies")) {
                assertTrue(contains(match.get("bodies"), body.asLong()), defect + " vs " + match);
            }
        }
        JsonNode top = anomalies.get(0);
        boolean topIsADefect = false;
        for (JsonNode defect : scene.get("defects")) {
            topIsADefect |= defect.get("code").equals(top.get("code")) && defect.get("frame").equals(top.get("frame_id"));
        }
        assertTrue(topIsADefect, "the most severe anomaly is an injected defect: " + top);
    }

    /**
     * With the default limit every injected defect is on the first page: a defect recurring on a hundred frames is
     * one anomaly over its frame range (friction_then_flip: 122 frames of friction, then a normal flip at 150), and
     * its range and count match the ground truth where the scene states them.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void everyDistinctDefectIsOnTheFirstPage(JsonNode scene) throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode report = calls.ok("triage_recording", "{\"recording\":\"" + fixture(scene.get("name").asText())
                + "\"}");
        JsonNode page = report.at("/anomalies/preview");
        List<JsonNode> matches = new ArrayList<>();
        for (JsonNode defect : scene.get("defects")) {
            JsonNode match = null;
            for (JsonNode a : page) {
                if (a.get("code").equals(defect.get("code")) && a.get("frame_id").equals(defect.get("frame"))) {
                    match = a;
                }
            }
            assertTrue(match != null, defect + " not on the first page: " + report.get("summary"));
            matches.add(match);
        }
        for (int i = 0; i < matches.size(); i++) {
            JsonNode match = matches.get(i);
            JsonNode values = scene.get("defects").get(i).get("values");
            assertEquals(match.get("frame_id"), match.get("first_frame"), match.toString());
            if (values.has("count")) { // a defect the ground truth states as a frame range
                assertEquals(values.get("last_frame").asLong(), match.get("last_frame").asLong(), match.toString());
                assertEquals(values.get("count").asInt(), match.get("count").asInt(), match.toString());
            }
            long worstFrame = match.at("/worst/frame_id").asLong();
            assertTrue(worstFrame >= match.get("first_frame").asLong()
                    && worstFrame <= match.get("last_frame").asLong(), match.toString());
        }
        Set<String> codesAndBodies = new HashSet<>();
        page.forEach(a -> codesAndBodies.add(a.get("code").asText() + a.get("bodies")));
        assertEquals(page.size(), codesAndBodies.size(), "one anomaly per code and bodies: " + page);
    }

    /**
     * The energy check alone names the body an injection or a loss is on, as check 'all' does: it listed the frame
     * and ΔE only, so a caller had to find the body itself. Every scene whose ground truth has an energy defect.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void theEnergyCheckNamesTheBodyTheDefaultRunNames(JsonNode scene) throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String file = fixture(scene.get("name").asText());
        for (JsonNode defect : scene.get("defects")) {
            String code = defect.get("code").asText();
            if (!code.startsWith("ENERGY_")) {
                continue;
            }
            JsonNode energy = calls.ok("check_recording", "{\"check\":\"energy\",\"recording\":\"" + file + "\"}");
            JsonNode listed = null;
            for (JsonNode a : energy.at("/anomalies/preview")) {
                listed = a.get("frame_id").equals(defect.get("frame")) ? a : listed;
            }
            assertTrue(listed != null, defect + " not listed: " + energy.get("summary").asText());
            assertEquals(defect.at("/bodies/0").asLong(), listed.get("body_id").asLong(), listed.toString());
            JsonNode triage = calls.ok("check_recording", "{\"recording\":\"" + file + "\"}");
            JsonNode finding = null;
            for (JsonNode a : triage.at("/anomalies/preview")) {
                finding = a.get("code").asText().equals(code) ? a : finding;
            }
            assertTrue(finding != null, code + " not in " + triage.get("summary").asText());
            assertEquals(finding.at("/bodies/0").asLong(), listed.get("body_id").asLong());
            assertEquals(finding.at("/numbers/body_delta_e_j").asDouble(), listed.get("body_delta_e_j").asDouble());
            String summary = energy.get("summary").asText();
            String verb = code.equals("ENERGY_INJECTION") ? " gains " : " loses ";
            assertTrue(summary.contains(", body " + listed.get("body_id").asLong() + verb
                    + Findings.quantity(Math.abs(listed.get("body_delta_e_j").asDouble()), "J") + ")"), summary);
        }
    }

    /** A ball held 5 cm into the floor: the overlap never grows, but it is beyond the slop on every frame. */
    @Test
    void steadyOverlapBeyondTheSlopIsAnAnomalyButNotWithinIt() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String file = fixture("steady_overlap");
        JsonNode report = calls.ok("triage_recording", "{\"recording\":\"" + file + "\"}");
        JsonNode top = report.at("/anomalies/preview/0");
        assertEquals("STEADY_PENETRATION", top.get("code").asText(), report.get("summary").asText());
        assertEquals(0.05, top.at("/worst/value").asDouble(), 1e-6);
        assertEquals(1, top.get("first_frame").asLong());
        JsonNode tolerant = calls.ok("triage_recording", "{\"recording\":\"" + file + "\",\"slop_m\":0.06}");
        assertEquals(0, tolerant.at("/anomalies/count").asInt(), tolerant.get("summary").asText());
    }

    /** Call 1: triage. Calls 2–4: the top anomaly's next calls, which must show the same frame. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void agentLocalisesTheDefectInAtMostFourCalls(JsonNode scene) throws Exception {
        if (scene.get("clean").asBoolean()) {
            return;
        }
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode defect = scene.get("defects").get(0);
        JsonNode triage = calls.ok("triage_recording", "{\"recording\":\"" + fixture(scene.get("name").asText())
                + "\"}");
        JsonNode top = triage.at("/anomalies/preview/0");
        int used = 1;
        boolean confirmed = false;
        for (JsonNode next : top.get("next_calls")) {
            if (used == 4) {
                break;
            }
            JsonNode result = calls.ok(next.get("tool").asText(), next.get("arguments").toString());
            used++;
            confirmed |= result.toString().contains("\"frame_id\":" + defect.get("frame").asLong())
                    || result.toString().contains("\"first_frame\":" + defect.get("frame").asLong())
                    || result.toString().contains("\"start_frame\":" + defect.get("frame").asLong())
                    || result.toString().contains("\"frame_a\":" + defect.get("frame").asLong());
        }
        assertTrue(confirmed, scene.get("name") + ": next calls of " + top + " did not show frame "
                + defect.get("frame"));
        assertTrue(used <= 4);
    }

    /**
     * The sinking message counts its steps over the frames it names. It said "grows on 9 of the 11 steps to frame 161"
     * while the 11 steps run from frame 152 to 163 (161 is where it is deepest).
     */
    @Test
    void sinkingCountsItsStepsOverTheFramesItNames() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode truth = PhysicsCalls.groundTruth("penetration").at("/defects/0");
        JsonNode report = calls.ok("triage_recording", "{\"recording\":\"" + fixture("penetration") + "\"}");
        JsonNode sinking = report.at("/anomalies/preview/0");
        assertEquals("EXCESSIVE_PENETRATION", sinking.get("code").asText(), report.get("summary").asText());
        long first = sinking.get("first_frame").asLong();
        long last = sinking.get("last_frame").asLong();
        int frames = sinking.get("count").asInt();
        assertEquals(truth.get("frame").asLong(), first);
        assertEquals(last - first + 1, frames);
        assertEquals(truth.at("/values/max_depth_frame").asLong(), sinking.at("/worst/frame_id").asLong());
        String message = sinking.get("message").asText();
        String expected = String.format("overlap more than 0.01 m on frames %d–%d (%d frames): the overlap grows on "
                + "%d of its %d steps and is deepest, %s, at frame %d.", first, last, frames,
                sinking.at("/numbers/growing_steps").asInt(), frames - 1,
                Findings.metres(truth.at("/values/max_depth_m").asDouble()), truth.at("/values/max_depth_frame").asLong());
        assertTrue(message.endsWith(expected), message + " should end with " + expected);
    }

    private static boolean contains(JsonNode array, long value) {
        for (JsonNode n : array) {
            if (n.asLong() == value) {
                return true;
            }
        }
        return false;
    }
}
