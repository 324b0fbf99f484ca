package dev.framescope.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The prose of every physics answer (summaries, messages, verdicts, reasons) on every fixture, for the wording rules
 * docs/physics.md states: numbers with four significant digits and trailing zeros dropped, never "NaN m", a loss said
 * as a positive amount, and bodies named, never the raw environment id.
 */
class PhysicsWordingTest {

    /** A decimal whose fraction ends in 0 ("25.000", "1.0", "1.00e-06"): the rule drops trailing zeros. */
    private static final Pattern TRAILING_ZERO = Pattern.compile("(?<![\\w.])[+-]?\\d+\\.\\d*0(?![\\d.])");
    private static final Map<String, Pattern> RULES = Map.of(
            "a trailing zero", TRAILING_ZERO,
            "NaN or Infinity as a number", Pattern.compile("\\bNaN\\b(?! \\(stored as NULL\\))|Infinity"),
            "a signed amount after gains or loses", Pattern.compile("\\b(gains|loses) [+-]"),
            "a raw environment id (bit 31 set)", Pattern.compile("\\b\\d{10,}\\b"));
    private static final List<String> PROSE = List.of("summary", "message", "verdict", "reason", "baseline_note");

    @TempDir
    Path stateDir;

    static Stream<String> scenes() throws Exception {
        return PhysicsCalls.sceneNames();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void everySentenceFollowsTheWordingRules(String scene) throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String recording = "\"recording\":\"" + PhysicsCalls.fixture(scene) + "\"";
        JsonNode opened = calls.ok("open_recording", "{" + recording + "}");
        long frames = opened.get("total_frames").asLong();
        List<Long> bodies = new ArrayList<>();
        List<Long> inertial = new ArrayList<>();
        for (JsonNode b : opened.get("bodies")) {
            bodies.add(b.get("body_id").asLong());
            if (!b.get("is_environment").asBoolean()) {
                inertial.add(b.get("body_id").asLong());
            }
        }
        List<String[]> asked = new ArrayList<>();
        asked.add(new String[] {"open_recording", ""});
        asked.add(new String[] {"check_recording", "\"limit\":200"});
        asked.add(new String[] {"get_energy_series", ""});
        for (String check : List.of("energy", "restitution", "momentum", "nonfinite", "solver")) {
            asked.add(new String[] {"check_recording", "\"check\":\"" + check + "\",\"include_expected\":"
                    + check.equals("energy")});
        }
        for (long f : new TreeSet<>(List.of(1L, 2L, 8L, 10L, 36L, 90L, 150L, 152L, 161L, frames / 2, frames))) {
            if (f > frames) {
                continue;
            }
            asked.add(new String[] {"get_recording_frame", "\"frame_id\":" + f});
            for (String check : List.of("friction_cone", "penetration", "resting_contact")) {
                asked.add(new String[] {"check_recording", "\"check\":\"" + check + "\",\"frame_id\":" + f});
            }
        }
        for (long b : inertial) {
            asked.add(new String[] {"get_energy_series", "\"body_id\":" + b});
            asked.add(new String[] {"get_recording_frame", "\"frame_id\":" + frames + ",\"body_id\":" + b});
            asked.add(new String[] {"check_recording", "\"check\":\"body_motion\",\"body_id\":" + b
                    + ",\"start_frame\":1,\"end_frame\":" + frames});
        }
        for (long a : bodies) {
            for (long b : bodies) {
                if (a < b) {
                    asked.add(new String[] {"check_recording", "\"check\":\"contact_history\",\"body_id\":" + a
                            + ",\"other_body_id\":" + b});
                }
            }
        }
        List<String> broken = new ArrayList<>();
        for (String[] call : asked) {
            String args = "{" + recording + (call[1].isEmpty() ? "" : "," + call[1]) + "}";
            String text = calls.textUnlessTableMissing(call[0], args);
            if (text == null) {
                continue; // a check the recording lacks a table for (no_dynamic_state: every check of states)
            }
            List<String> prose = new ArrayList<>(List.of(text.substring(0, text.indexOf('\n'))));
            collect(Json.mapper().readTree(text.substring(text.indexOf('{'))), null, prose);
            for (String sentence : prose) {
                RULES.forEach((rule, pattern) -> {
                    Matcher m = pattern.matcher(sentence);
                    if (m.find()) {
                        broken.add(call[0] + " " + call[1] + ": " + rule + " '" + m.group() + "' in: " + sentence);
                    }
                });
            }
        }
        assertEquals(List.of(), broken.size() > 8 ? broken.subList(0, 8) : broken, broken.size() + " sentence(s)");
    }

    /**
     * An environment body is "environment 1" (its instance id), and "floor (environment 1)" where the recording
     * links it to a named asset; summaries said "bodies 2–2147483649".
     */
    @Test
    void environmentBodiesAreNamedFromTheRecording() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        JsonNode plain = calls.ok("check_recording", "{" + PhysicsCalls.arg("penetration") + "}")
                .at("/anomalies/preview/0/message");
        assertTrue(plain.asText().startsWith("Body 2 and environment 1 overlap more than 0.01 m"), plain.asText());
        Path named = stateDir.resolve("penetration_named.db");
        Files.copy(Path.of(PhysicsCalls.fixture("penetration")), named);
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + named); Statement st = db.createStatement()) {
            // The asset table MSD-CPP's test fixture copies into a recording, and a row linking the ground's instance
            // id (1) to its asset, which current MSD-CPP does not write for environment bodies.
            st.execute("CREATE TABLE ObjectRecord (id INTEGER PRIMARY KEY, name TEXT, category TEXT, "
                    + "meshRecord_id INTEGER, collisionMeshRecord_id INTEGER)");
            st.execute("INSERT INTO ObjectRecord VALUES (1, 'ball', 'dynamic', 0, 0), "
                    + "(2, 'floor', 'environment', 0, 0)");
            st.execute("INSERT INTO AssetPhysicalStaticRecord VALUES (2, 1, 2, 1)");
        }
        String recording = "\"recording\":\"" + named + "\"";
        JsonNode bodies = calls.ok("open_recording", "{" + recording + "}").get("bodies");
        assertEquals("ball", bodies.at("/0/name").asText());
        assertEquals("floor", bodies.at("/1/name").asText());
        String message = calls.ok("check_recording", "{" + recording + "}").at("/anomalies/preview/0/message")
                .asText();
        assertTrue(message.startsWith("Body 2 and floor (environment 1) overlap more than 0.01 m"), message);
        String frame = calls.ok("check_recording", "{\"check\":\"penetration\",\"frame_id\":160," + recording
                + "}").get("summary").asText();
        assertTrue(frame.endsWith(", body 2 and floor (environment 1))."), frame);
    }

    private static void collect(JsonNode node, String key, List<String> prose) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                collect(e.getValue(), e.getKey(), prose);
            }
        } else if (node.isArray()) {
            node.forEach(n -> collect(n, key, prose));
        } else if (node.isTextual() && PROSE.contains(key)) {
            prose.add(node.asText());
        }
    }
}
