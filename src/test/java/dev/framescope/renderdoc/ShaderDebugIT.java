package dev.framescope.renderdoc;

import static dev.framescope.renderdoc.ShaderToolCalls.GL;
import static dev.framescope.renderdoc.ShaderToolCalls.LIGHTING;
import static dev.framescope.renderdoc.ShaderToolCalls.VK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * debug_shader on RenderDoc 1.24's shader debugger: on the Vulkan defect fixture and on vk_lighting, a Vulkan frame
 * written apart from it, the NaN pixel's trace points at the division whose operands are both 0, on the source line
 * the ground truth names; a vertex's trace reads its inputs at the right index; GL answers UNSUPPORTED with the calls
 * to make instead; and bad input (no pixel shader, a pixel outside the target or the draw, no draw) fails with the
 * parameter named.
 */
@Timeout(300)
class ShaderDebugIT {

    @TempDir
    static Path state;
    private static ShaderToolCalls tools;

    @BeforeAll
    static void start() throws Exception {
        tools = new ShaderToolCalls(state);
    }

    private static int[] inside(JsonNode draw) {
        JsonNode r = draw.get("region");
        return new int[] {(r.get(0).asInt() + r.get(2).asInt()) / 2, (r.get(1).asInt() + r.get(3).asInt()) / 2};
    }

    private static List<String> names(JsonNode rows, String field) {
        List<String> out = new ArrayList<>();
        rows.forEach(r -> out.add(r.path(field).asText()));
        return out;
    }

    /** The first NaN step of a pixel of a draw that writes NaN: a division of 0 by 0 on the truth's source line. */
    private static JsonNode firstNanOf(String capture, String name) throws Exception {
        JsonNode draw = tools.draw(name, "writes_nan");
        int[] pixel = inside(draw);
        JsonNode trace = tools.call("debug_shader", "capture", capture, "event_id",
                tools.eventOf(capture, draw.get("marker").asText()), "x", pixel[0], "y", pixel[1]);
        assertEquals("debugged", trace.get("status").asText(), trace.toString());
        assertTrue(trace.get("complete").asBoolean());
        JsonNode first = trace.get("first_non_finite");
        assertEquals("nan", first.get("kind").asText(), first.toString());
        assertTrue(first.get("text").asText().matches("float _\\d+ = _\\d+ / _\\d+;"), first.toString());
        assertEquals(2, first.get("operands").size(), first.toString());
        for (JsonNode operand : first.get("operands")) {
            assertEquals(0.0, operand.get("value").asDouble(), operand.toString());
            assertTrue(operand.get("value").isNumber(), operand.toString());
        }
        assertEquals("NaN", first.at("/result/value").asText());
        assertEquals(draw.get("shader_line").asInt(), first.at("/source/line").asInt(), first.toString());
        assertTrue(first.at("/source/file").asText().endsWith(tools.truth(name).at("/shaders/1").asText()
                .substring("src/".length())), first.toString());
        assertEquals("NaN", trace.at("/outputs/0/value/0").asText(), "the NaN reaches the output");
        assertTrue(trace.get("summary").asText().contains("first NaN at step " + first.get("step").asInt()),
                trace.get("summary").asText());
        return trace;
    }

    @Test
    void theVulkanFixturesNanPixelPointsAtZeroDividedByZero() throws Exception {
        JsonNode trace = firstNanOf(VK, "vk_defects");
        JsonNode first = trace.get("first_non_finite");
        assertEquals("float n = draw.zero / draw.zero;", first.at("/source/text").asText());
        assertEquals(List.of("draw.zero", "draw.zero"), names(first.get("operands"), "source_name"));
        assertEquals("frag", trace.at("/outputs/0/name").asText());
    }

    @Test
    void theInfPixelPointsAtOneDividedByZero() throws Exception {
        JsonNode draw = tools.draw("vk_defects", "writes_inf");
        int[] pixel = inside(draw);
        JsonNode first = tools.call("debug_shader", "capture", VK, "event_id", tools.eventOf(VK,
                draw.get("marker").asText()), "x", pixel[0], "y", pixel[1]).get("first_non_finite");
        assertEquals("inf", first.get("kind").asText(), first.toString());
        assertEquals("+Inf", first.at("/result/value").asText());
        assertEquals(draw.get("shader_line").asInt(), first.at("/source/line").asInt());
        assertTrue(first.get("text").asText().contains("1.0000 / _"), first.toString());
        assertEquals(List.of("draw.zero"), names(first.get("operands"), "source_name"), "the literal 1 is in the text");
    }

    @Test
    void aVulkanFrameWrittenApartPointsAtItsOwnDivision() throws Exception {
        JsonNode truth = tools.draw("vk_lighting", "writes_nan");
        JsonNode first = firstNanOf(LIGHTING, "vk_lighting").get("first_non_finite");
        assertEquals(truth.get("shader_line_text").asText(), first.at("/source/text").asText());
        assertEquals(List.of("along", "dist"), names(first.get("operands"), "source_name"));
        truth.get("operands").fields().forEachRemaining(e -> assertTrue(first.get("operands").toString()
                .contains("\"source_name\":\"" + e.getKey() + "\""), e.getKey()));
    }

    /**
     * A denormal: vk_lighting's pixel shader replaced (replace_shader) by one whose cosine is x·1e-20·1e-20, so the
     * second product is 4.15e-39 at x = 41.5, below float32's smallest normal 2^-126; the debugger steps through the
     * replacement and names that multiplication. Restored afterwards, so the other tests see the capture's own shader.
     */
    @Test
    void aDenormalStepInAReplacedShaderIsNamed() throws Exception {
        int event = tools.eventOf(LIGHTING, tools.draw("vk_lighting", "writes_nan").get("marker").asText());
        String source = tools.call("get_shader_info", "capture", LIGHTING, "event_id", event)
                .at("/source_files/0/source").asText();
        String division = "float cosine = along / dist;";
        assertTrue(source.contains(division), source);
        tools.call("replace_shader", "capture", LIGHTING, "event_id", event, "source", source.replace(division,
                "float cosine = (gl_FragCoord.x * 1.0e-20) * 1.0e-20;"));
        try {
            JsonNode trace = tools.call("debug_shader", "capture", LIGHTING, "event_id", event, "x", 41, "y", 25);
            JsonNode first = trace.get("first_non_finite");
            assertEquals("denormal", first.path("kind").asText(), trace.toString());
            double result = first.at("/result/value").asDouble();
            assertEquals(41.5e-40, result, 1e-45, first.toString());
            assertTrue(result > 0 && result < Float.MIN_NORMAL, first.toString());
            assertEquals(41.5e-20, first.at("/operands/0/value").asDouble(), 1e-24, first.toString());
            assertTrue(trace.get("summary").asText().contains("first denormal at step"), trace.toString());
        } finally {
            tools.call("replace_shader", "capture", LIGHTING, "event_id", event, "restore", true);
        }
    }

    @Test
    void aPixelOutsideTheLightsCellHasNoNonFiniteStep() throws Exception {
        int event = tools.eventOf(LIGHTING, tools.draw("vk_lighting", "writes_nan").get("marker").asText());
        JsonNode trace = tools.call("debug_shader", "capture", LIGHTING, "event_id", event, "x", 60, "y", 60);
        assertTrue(trace.get("first_non_finite").isNull(), trace.toString());
        trace.at("/outputs/0/value").forEach(v -> assertTrue(v.isNumber(), trace.toString()));
        assertTrue(trace.get("summary").asText().contains("no step made NaN, Inf or a denormal"));
    }

    @Test
    void variablesAtAStepComePaged() throws Exception {
        int event = tools.eventOf(LIGHTING, tools.draw("vk_lighting", "writes_nan").get("marker").asText());
        int step = firstNanOf(LIGHTING, "vk_lighting").at("/first_non_finite/step").asInt();
        JsonNode first = tools.call("debug_shader", "capture", LIGHTING, "event_id", event, "x", 41, "y", 25,
                "step", step, "limit", 2).get("variables");
        JsonNode second = tools.call("debug_shader", "capture", LIGHTING, "event_id", event, "x", 41, "y", 25,
                "step", step, "limit", 2, "offset", 2).get("variables");
        assertEquals(step, first.get("step").asInt());
        assertEquals("float cosine = along / dist;", first.at("/source/text").asText(), "the step's own line");
        assertTrue(first.get("count").asInt() > 4, first.toString());
        assertEquals(2, first.get("preview").size());
        assertTrue(first.get("truncated").asBoolean());
        assertEquals(2, second.get("offset").asInt());
        List<String> both = names(first.get("preview"), "name");
        both.addAll(names(second.get("preview"), "name"));
        assertEquals(4, both.stream().distinct().count(), "pages do not overlap: " + both);
        assertTrue(names(first.get("preview"), "source_name").contains("offset")
                || names(second.get("preview"), "source_name").contains("along"), first + " " + second);
        JsonNode past = tools.error("debug_shader", "capture", LIGHTING, "event_id", event, "x", 41, "y", 25,
                "step", 100_000);
        assertEquals("step", past.at("/context/parameter").asText(), past.toString());
    }

    @Test
    void aVertexIsDebuggedWithItsOwnInputs() throws Exception {
        JsonNode bad = tools.draw("vk_defects", "bad_positions");
        JsonNode trace = tools.call("debug_shader", "capture", VK, "event_id",
                tools.eventOf(VK, bad.get("marker").asText()), "vertex", 2);
        assertEquals("vertex", trace.get("stage").asText());
        assertEquals("nan", trace.at("/first_non_finite/kind").asText(), trace.toString());
        assertEquals("position", trace.at("/first_non_finite/operands/0/name").asText(), "loaded from the input");
        assertEquals(bad.at("/vertices/1/position"), trace.at("/outputs/0/value"), "gl_Position as submitted");

        JsonNode crate = tools.truth("vk_lighting").at("/draws/3");
        JsonNode lit = tools.call("debug_shader", "capture", LIGHTING, "event_id",
                tools.eventOf(LIGHTING, crate.get("marker").asText()), "vertex", 2);
        assertEquals(crate.at("/vertex_2/index").asInt(), lit.at("/vertex/index").asInt(),
                "the index buffer's value plus the base vertex");
        assertEquals(crate.at("/vertex_2/position"), lit.at("/outputs/0/value"), lit.toString());
        assertTrue(lit.get("source_file").isNull(), "lit.vert is built without -g");
        assertTrue(lit.get("first_non_finite").isNull());
        assertEquals(0, lit.at("/source_lines_run/count").asInt(), "no source, no lines");
    }

    @Test
    void openGlAnswersUnsupportedWithTheCallsToMakeInstead() throws Exception {
        JsonNode draw = tools.draw("gl_defects", "writes_nan");
        int[] pixel = inside(draw);
        int event = tools.eventOf(GL, draw.get("marker").asText());
        JsonNode answer = tools.call("debug_shader", "capture", GL, "event_id", event, "x", pixel[0], "y", pixel[1]);
        assertEquals("unsupported", answer.get("status").asText());
        assertTrue(answer.get("message").asText().startsWith("UNSUPPORTED: RenderDoc 1.24 cannot debug OpenGL"),
                answer.toString());
        assertEquals(List.of("pixel_history", "get_shader_info", "analyze_nan_inf"),
                names(answer.get("recommended_next_calls"), "tool"));
        JsonNode history = answer.at("/recommended_next_calls/0/arguments");
        assertEquals(pixel[0], history.get("x").asInt());
        assertEquals(event, history.get("event_id").asInt());
        assertFalse(answer.has("steps_run"), "never an empty trace");
        assertTrue(tools.call(answer.at("/recommended_next_calls/0/tool").asText(), "capture", GL, "texture",
                history.get("texture").asText(), "x", pixel[0], "y", pixel[1], "event_id", event)
                .at("/modifications/count").asInt() > 0, "the suggested call works as given");
        JsonNode vertex = tools.call("debug_shader", "capture", GL, "event_id", event, "vertex", 0);
        assertEquals("geometry_anomalies", vertex.at("/recommended_next_calls/0/tool").asText());
    }

    @Test
    void badInputFailsNamingTheParameter() throws Exception {
        int depthOnly = tools.eventOf(LIGHTING, "Depth pre-pass/Floor depth");
        JsonNode noShader = tools.error("debug_shader", "capture", LIGHTING, "event_id", depthOnly, "x", 41, "y", 25);
        assertEquals("INVALID_ARGUMENT", noShader.get("code").asText());
        assertTrue(noShader.get("message").asText().contains("no pixel shader"), noShader.toString());
        assertEquals("vertex", tools.call("debug_shader", "capture", LIGHTING, "event_id", depthOnly, "vertex", 0)
                .get("stage").asText(), "its vertices are debugged");

        int lit = tools.eventOf(LIGHTING, "Lit floor");
        JsonNode outside = tools.error("debug_shader", "capture", LIGHTING, "event_id", lit, "x", 128, "y", 5);
        assertEquals("x", outside.at("/context/parameter").asText());
        assertEquals("[0,127]", outside.at("/context/valid_range").toString());

        JsonNode notCovered = tools.error("debug_shader", "capture", LIGHTING, "event_id",
                tools.eventOf(LIGHTING, "Lit crate"), "x", 41, "y", 25);
        assertEquals("NOT_FOUND", notCovered.get("code").asText());
        assertEquals("pixel_history", notCovered.at("/context/next_call/tool").asText());

        JsonNode clear = tools.error("debug_shader", "capture", VK, "event_id", 4, "x", 1, "y", 1);
        assertEquals("event_id", clear.at("/context/parameter").asText());
        assertTrue(clear.get("message").asText().contains("not a draw"), clear.toString());

        assertEquals("vertex", tools.error("debug_shader", "capture", VK, "event_id", 16, "x", 1, "y", 1,
                "vertex", 0).at("/context/parameter").asText());
        assertEquals("x", tools.error("debug_shader", "capture", VK, "event_id", 16).at("/context/parameter")
                .asText());
        assertEquals("vertex", tools.error("debug_shader", "capture", VK, "event_id", 16, "vertex", 6)
                .at("/context/parameter").asText());
    }
}
