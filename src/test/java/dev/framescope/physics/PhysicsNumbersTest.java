package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.arg;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Numbers in the JSON of physics answers have at most ten significant digits (docs/physics.md): a force the solver
 * computed as 98.1 N reads 98.1, not 98.10000000000001.
 */
class PhysicsNumbersTest {

    @TempDir
    Path stateDir;

    static Stream<String> scenes() throws Exception {
        return PhysicsCalls.sceneNames();
    }

    /** The '1.5999999999999974' and '0.30000000000000004': values computed in binary read as decimals. */
    @Test
    void roundValuesReadAsTheirDecimalsWithoutBinaryTails() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String cone = calls.text("check_recording", "{\"check\":\"friction_cone\",\"frame_id\":10," + arg("box_slide")
                + "}");
        JsonNode row = Json.mapper().readTree(cone.substring(cone.indexOf('{'))).at("/checked/preview/0");
        assertEquals("98.1", row.get("normal_lambda_n").toString());
        assertEquals("49.05", row.get("limit_n").toString());
        assertEquals("0.7071067812", row.get("utilisation").toString());
        assertFalse(cone.contains("98.10000000000001"), cone);
        JsonNode state = calls.ok("get_recording_frame", "{\"frame_id\":100,\"limit\":1," + arg("drop_settle") + "}")
                .at("/states/preview/0");
        assertEquals("-9.81", state.at("/acceleration/z").toString());
        assertEquals("-0.62784", state.at("/velocity/z").toString());
        assertEquals("0.4947825555", state.at("/position/z").toString());
        JsonNode bucket = calls.ok("get_energy_series", "{" + arg("drop_settle") + "}").at("/buckets/0");
        assertEquals("196.0768178", bucket.get("first_total_e").toString());
        assertEquals("-0.123182208", bucket.at("/delta_e/min").toString());
        assertEquals(bucket.at("/delta_e/min"), bucket.at("/delta_e/max"), "the same free-fall loss on every step");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void noNumberInAnyAnswerHasMoreThanTenSignificantDigits(String scene) throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String recording = "\"recording\":\"" + PhysicsCalls.fixture(scene) + "\"";
        long frames = calls.ok("open_recording", "{" + recording + "}").get("total_frames").asLong();
        List<String[]> asked = new ArrayList<>(List.of(new String[] {"open_recording", ""},
                new String[] {"check_recording", "\"limit\":200"},
                new String[] {"get_energy_series", ""},
                new String[] {"get_energy_series", "\"full_resolution\":true,\"limit\":100"},
                new String[] {"check_recording", "\"check\":\"energy\",\"include_expected\":true"},
                new String[] {"check_recording", "\"check\":\"restitution\""},
                new String[] {"check_recording", "\"check\":\"momentum\""},
                new String[] {"check_recording", "\"check\":\"solver\""}));
        for (long f : new long[] {2, 10, frames / 2, frames}) {
            asked.add(new String[] {"get_recording_frame", "\"frame_id\":" + f});
            asked.add(new String[] {"check_recording", "\"check\":\"friction_cone\",\"frame_id\":" + f});
            asked.add(new String[] {"check_recording", "\"check\":\"penetration\",\"frame_id\":" + f});
            asked.add(new String[] {"check_recording", "\"check\":\"resting_contact\",\"frame_id\":" + f});
        }
        List<String> tails = new ArrayList<>();
        for (String[] call : asked) {
            String text = calls.textUnlessTableMissing(call[0], "{" + recording + (call[1].isEmpty() ? ""
                    : "," + call[1]) + "}");
            if (text != null) { // null: a check the recording lacks a table for
                collect(Json.mapper().readTree(text.substring(text.indexOf('{'))), call[0] + " " + call[1] + " ",
                        tails);
            }
        }
        assertEquals(List.of(), tails.size() > 8 ? tails.subList(0, 8) : tails, tails.size() + " number(s)");
    }

    /** Where a non-integer number with more than ten significant digits is, and the number. */
    private static void collect(JsonNode node, String where, List<String> found) {
        if (node.isFloatingPointNumber()) {
            if (BigDecimal.valueOf(node.doubleValue()).stripTrailingZeros().precision() > 10) {
                found.add(where + " = " + node);
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                collect(e.getValue(), where + "/" + e.getKey(), found);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), where + "/" + i, found);
            }
        }
    }
}
