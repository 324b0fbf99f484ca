package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.fixture;
import static dev.framescope.physics.PhysicsCalls.groundTruth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Default answers stay small on every fixture: energy series of long ranges come in buckets whose min/max envelopes
 * are the true extremes of their frames, full resolution comes on request in pages, and get_recording_frame pages its lists.
 */
class BoundedAnswersTest {

    private static final int BUDGET_BYTES = 32_000;

    @TempDir
    Path stateDir;

    @Test
    void bucketsKeepEveryFramesExtremesAndStayBounded() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        for (String scene : List.of("never_rests", "energy_injection", "friction_then_flip")) {
            String rec = "\"recording\":\"" + fixture(scene) + "\"";
            List<JsonNode> points = everyPoint(calls, "get_energy_series", rec);
            JsonNode buckets = calls.ok("get_energy_series", "{" + rec + "}");
            assertEquals("buckets", buckets.get("resolution").asText(), scene);
            int frames = points.size();
            assertTrue(buckets.at("/buckets").size() <= 50, scene);
            assertEquals(Math.ceil(frames / 50.0), buckets.get("bucket_frames").asInt(), scene);
            int covered = 0;
            for (JsonNode b : buckets.get("buckets")) {
                List<JsonNode> in = points.subList(b.get("first_frame").asInt() - 1, b.get("last_frame").asInt());
                covered += b.get("frames").asInt();
                assertEnvelope(in, p -> p.get("total_system_e").asDouble(), b.get("total_e"), scene, 0);
                assertEnvelope(in, p -> p.get("total_linear_ke").asDouble() + p.get("total_rotational_ke")
                        .asDouble(), b.get("kinetic_e"), scene, 1e-9 * b.at("/kinetic_e/max").asDouble());
                List<JsonNode> steps = new ArrayList<>();
                for (JsonNode p : in) {
                    int f = p.get("frame_id").asInt();
                    if (f > 1) {
                        steps.add(Json.mapper().createObjectNode().put("frame_id", f).put("v",
                                p.get("total_system_e").asDouble() - points.get(f - 2).get("total_system_e")
                                        .asDouble()));
                    }
                }
                if (!steps.isEmpty()) {
                    // a step change from two totals of ten significant digits is good to their last digit
                    assertEnvelope(steps, s -> s.get("v").asDouble(), b.get("delta_e"), scene,
                            1e-9 * b.at("/total_e/max").asDouble());
                }
            }
            assertEquals(frames, covered, scene + ": every frame is in one bucket");
            assertTrue(size(calls, "get_energy_series", "{" + rec + "}") < BUDGET_BYTES, scene);
        }
    }

    @Test
    void theInjectedSpikeSurvivesDownsampling() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        long frame = groundTruth("energy_injection").at("/defects/0/frame").asLong();
        JsonNode system = calls.ok("get_energy_series", "{\"recording\":\"" + fixture("energy_injection") + "\"}");
        JsonNode body = calls.ok("get_energy_series", "{\"body_id\":2,\"recording\":\"" + fixture("energy_injection")
                + "\"}");
        for (JsonNode answer : List.of(system, body)) {
            double largest = Double.NEGATIVE_INFINITY;
            long at = -1;
            for (JsonNode b : answer.get("buckets")) {
                if (b.at("/delta_e/max").asDouble() > largest) {
                    largest = b.at("/delta_e/max").asDouble();
                    at = b.at("/delta_e/max_frame").asLong();
                }
            }
            assertEquals(frame, at, answer.get("summary").asText());
            assertTrue(answer.get("summary").asText().contains("(frame " + frame + ")"), answer.get("summary")
                    .asText());
        }
    }

    @Test
    void fullResolutionComesInPagesThatJoinUp() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String rec = "\"recording\":\"" + fixture("drop_settle") + "\"";
        JsonNode first = calls.ok("get_energy_series", "{\"body_id\":2,\"full_resolution\":true," + rec + "}");
        assertEquals(300, first.at("/points/count").asInt(), "count: every frame of the range");
        assertEquals(100, first.at("/points/preview").size(), "one page of the default limit");
        assertEquals(101, first.get("next_start_frame").asLong());
        List<Long> paged = everyPoint(calls, "get_energy_series", "\"body_id\":2," + rec).stream()
                .map(p -> p.get("frame_id").asLong()).toList();
        assertEquals(java.util.stream.LongStream.rangeClosed(1, 300).boxed().toList(), paged);
        JsonNode shortRange = calls.ok("get_energy_series", "{\"body_id\":2,\"start_frame\":10,\"end_frame\":109,"
                + rec + "}");
        assertEquals("frames", shortRange.get("resolution").asText(), "a range of limit frames needs no buckets");
        assertFalse(shortRange.at("/points/truncated").asBoolean());
        assertTrue(shortRange.path("buckets").isMissingNode());
    }

    @Test
    void getFramePagesBodiesCollisionsAndFriction() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String rec = "\"recording\":\"" + fixture("friction_then_flip") + "\"";
        JsonNode whole = calls.ok("get_recording_frame", "{\"frame_id\":200,\"limit\":500," + rec + "}");
        assertFalse(whole.has("next_offset"));
        for (String list : List.of("states", "collisions", "friction_constraints")) {
            int count = whole.at("/" + list + "/count").asInt();
            assertTrue(count >= 3, list + ": " + count);
            List<JsonNode> paged = new ArrayList<>();
            int offset = 0;
            while (true) {
                JsonNode page = calls.ok("get_recording_frame", "{\"frame_id\":200,\"limit\":2,\"offset\":" + offset + ","
                        + rec + "}");
                assertEquals(count, page.at("/" + list + "/count").asInt());
                assertTrue(page.at("/" + list + "/truncated").asBoolean(), "one page of 2 never holds all");
                page.at("/" + list + "/preview").forEach(paged::add);
                if (!page.has("next_offset")) {
                    break;
                }
                offset = page.get("next_offset").asInt();
            }
            List<JsonNode> expected = new ArrayList<>();
            whole.at("/" + list + "/preview").forEach(expected::add);
            assertEquals(expected, paged, list);
        }
    }

    @Test
    void defaultAnswersStayUnderBudgetOnEveryFixture() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        List<Path> files;
        try (Stream<Path> list = Files.list(PhysicsCalls.FIXTURES)) {
            files = list.filter(f -> f.toString().endsWith(".db")).sorted().toList();
        }
        for (Path file : files) {
            JsonNode loaded = calls.ok("open_recording", "{\"recording\":\"" + file + "\"}");
            assertTrue(size(calls, "get_energy_series", "{}") < BUDGET_BYTES, file.toString());
            for (JsonNode body : loaded.at("/bodies").findValues("body_id")) {
                if (body.asLong() < 0x80000000L) {
                    assertTrue(size(calls, "get_energy_series", "{\"body_id\":" + body + "}") < BUDGET_BYTES);
                }
            }
            for (int f = 1; f <= loaded.get("total_frames").asInt(); f += 7) {
                assertTrue(size(calls, "get_recording_frame", "{\"frame_id\":" + f + "}") < BUDGET_BYTES, file + " " + f);
            }
        }
    }

    /**
     * get_energy_series offered limit 5000 and max_buckets 500, and answered OUTPUT_TOO_LARGE (a system point is
     * ~230 bytes, a bucket ~385): a page now stops where the 64 KiB answer is full and says so, and max_buckets is
     * bounded by what fits.
     */
    @Test
    void theLargestLimitAndBucketCountAnswerWithinTheBudget() throws Exception {
        PhysicsCalls calls = new PhysicsCalls(stateDir);
        String rec = "\"recording\":\"" + fixture("drop_settle") + "\"";
        for (String[] asked : new String[][] {{"", "289"}, {"\"body_id\":2,", "300"}}) {
            String text = calls.text("get_energy_series", "{" + asked[0] + "\"limit\":5000," + rec + "}");
            assertTrue(text.getBytes(StandardCharsets.UTF_8).length <= 65_536, text.length() + " bytes");
            JsonNode page = Json.mapper().readTree(text.substring(text.indexOf('{')));
            assertEquals(300, page.at("/points/count").asInt());
            int shown = page.at("/points/preview").size();
            assertEquals(asked[1], String.valueOf(shown), "points that fit the answer");
            if (shown < 300) {
                assertTrue(page.get("summary").asText().endsWith("; " + shown + " of 300 points here (as many as "
                        + "fit the 64 KiB answer), the next page starts at frame " + (shown + 1) + "."),
                        page.get("summary").asText());
                assertEquals(shown + 1, page.get("next_start_frame").asInt());
            }
        }
        List<Long> paged = new ArrayList<>();
        Long start = 1L;
        while (start != null) {
            JsonNode page = calls.ok("get_energy_series", "{\"limit\":5000,\"start_frame\":" + start + "," + rec + "}");
            page.at("/points/preview").forEach(p -> paged.add(p.get("frame_id").asLong()));
            start = page.has("next_start_frame") ? page.get("next_start_frame").asLong() : null;
        }
        assertEquals(LongStream.rangeClosed(1, 300).boxed().toList(), paged, "pages of what fits cover every frame");
        String buckets = calls.text("get_energy_series", "{\"max_buckets\":120,\"limit\":1," + rec + "}");
        assertTrue(buckets.getBytes(StandardCharsets.UTF_8).length <= 65_536, buckets.length() + " bytes");
        assertEquals(100, Json.mapper().readTree(buckets.substring(buckets.indexOf('{'))).get("buckets").size());
        JsonNode tooMany = calls.error("get_energy_series", "{\"max_buckets\":121," + rec + "}");
        assertEquals("integer from 1 to 120", tooMany.at("/context/expected").asText(), tooMany.toString());
    }

    /** Every point of the recording, page by page at full resolution. */
    private static List<JsonNode> everyPoint(PhysicsCalls calls, String tool, String args) throws Exception {
        List<JsonNode> points = new ArrayList<>();
        Long start = 1L;
        while (start != null) {
            JsonNode page = calls.ok(tool, "{\"full_resolution\":true,\"start_frame\":" + start + "," + args + "}");
            assertEquals("frames", page.get("resolution").asText());
            page.at("/points/preview").forEach(points::add);
            start = page.has("next_start_frame") ? page.get("next_start_frame").asLong() : null;
        }
        return points;
    }

    private static int size(PhysicsCalls calls, String tool, String args) throws Exception {
        return calls.text(tool, args).getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * The envelope holds the true extremes of {@code points}, at frames that have them, within {@code tolerance}: the
     * answer's numbers have ten significant digits, so a value computed from them differs in the last.
     */
    private static void assertEnvelope(List<JsonNode> points, ToDoubleFunction<JsonNode> value, JsonNode envelope,
                                       String what, double tolerance) {
        JsonNode min = points.stream().min(Comparator.comparingDouble(value)).orElseThrow();
        JsonNode max = points.stream().max(Comparator.comparingDouble(value)).orElseThrow();
        assertEquals(value.applyAsDouble(min), envelope.get("min").asDouble(), tolerance, what + " min " + envelope);
        assertEquals(value.applyAsDouble(max), envelope.get("max").asDouble(), tolerance, what + " max " + envelope);
        for (String extreme : List.of("min", "max")) {
            JsonNode at = points.stream().filter(p -> p.get("frame_id").asLong() == envelope.get(extreme + "_frame")
                    .asLong()).findFirst().orElseThrow();
            assertEquals(envelope.get(extreme).asDouble(), value.applyAsDouble(at), tolerance, what + " " + extreme
                    + " frame");
        }
    }
}
