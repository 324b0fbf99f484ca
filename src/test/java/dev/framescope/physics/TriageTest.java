package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
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

    private static boolean contains(JsonNode array, long value) {
        for (JsonNode n : array) {
            if (n.asLong() == value) {
                return true;
            }
        }
        return false;
    }
}
