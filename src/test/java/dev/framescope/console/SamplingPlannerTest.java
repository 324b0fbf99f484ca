package dev.framescope.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ClientModel;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import dev.framescope.server.RegistryCaller;
import dev.framescope.server.ToolGroups;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP sampling planner with a client model written here (our own interface, answering as a client's model
 * might): plain JSON, JSON in code fences or after prose, "done", and the replies it must refuse.
 */
class SamplingPlannerTest {

    private static final String CAPTURE = "/captures/gl_defects.rdc";
    private static final List<ToolCaller.ToolInfo> TOOLS = OpenAiCompatiblePlannerAgainstLocalChatCompletionsServerTest
            .tools();

    /** One ask() as the planner made it. */
    record Asked(String system, String question, byte[] image, String mimeType) {
    }

    private final List<Asked> asked = new ArrayList<>();

    private ClientModel replying(String text) {
        return (system, question, image, mimeType, maxTokens, timeoutMs) -> {
            asked.add(new Asked(system, question, image, mimeType));
            return new ClientModel.Answer("ok", "claude-client-model", text, null);
        };
    }

    @Test
    void plainJsonBecomesAStepAndTheRequestIsTextOnly() throws Exception {
        var planner = new SamplingPlanner(replying("""
                {"tool": "pixel_history", "arguments": {"capture": "/captures/gl_defects.rdc", "texture": "26",
                 "x": 10, "y": 20}, "why": "follow the NaN pixel"}"""));
        Planner.Step step = planner.next(question(), List.of(digest()), TOOLS);

        assertEquals(new Planner.Step("pixel_history", Map.of("capture", CAPTURE, "texture", "26", "x", 10, "y", 20),
                "follow the NaN pixel"), step);
        Asked request = asked.get(0);
        assertNull(request.image(), "no image: a text-only sampling request");
        assertTrue(request.system().contains("- pixel_history: Every event that changed one pixel"), request.system());
        assertTrue(request.system().contains("x (required, integer 0..): Column."), request.system());
        assertTrue(request.question().contains("why are there NaNs?") && request.question().contains(CAPTURE));
        assertTrue(request.question().contains("Call 1: get_frame_digest {\"capture\":\"" + CAPTURE + "\"}"),
                request.question());
        assertTrue(request.question().contains("Frame/Defects/NaN quad"), request.question());
    }

    @Test
    void jsonInCodeFencesOrAfterProseIsFound() throws Exception {
        String fenced = """
                Sure. The digest is the place to start.
                ```json
                {"tool": "get_frame_digest", "arguments": {"capture": "/captures/gl_defects.rdc"}}
                ```
                Let me know what it finds.""";
        assertEquals("get_frame_digest", new SamplingPlanner(replying(fenced)).next(question(), List.of(), TOOLS)
                .tool());
        String prose = "I would look at {the digest} first: {\"tool\": \"get_frame_digest\", \"arguments\": "
                + "{\"capture\": \"/captures/gl_defects.rdc\"}} and then the pixel.";
        Planner.Step step = new SamplingPlanner(replying(prose)).next(question(), List.of(), TOOLS);
        assertEquals(Map.of("capture", CAPTURE), step.arguments());
        assertEquals("chosen by claude-client-model", step.why());
        String noArguments = "```\n{\"tool\": \"get_frame_digest\"}\n```";
        assertEquals(Map.of(), new SamplingPlanner(replying(noArguments)).next(question(), List.of(), TOOLS)
                .arguments());
    }

    @Test
    void doneMeansNoFurtherCall() throws Exception {
        assertNull(new SamplingPlanner(replying("The digest answers it.\n{\"done\": true}")).next(question(),
                List.of(digest()), TOOLS));
    }

    @Test
    void garbageUnknownToolsAndNonObjectArgumentsAreRefused() {
        Map<String, String> refused = Map.of(
                "I think the NaNs come from the shader.", "did not answer with {\"tool\"",
                "{\"tool\": \"rm_rf\", \"arguments\": {}}", "'rm_rf', which is not one of the 2 RenderDoc tools",
                "{\"tool\": \"pixel_history\", \"arguments\": \"x=1\"}", "not a JSON object",
                "{\"plan\": [\"get_frame_digest\"]}", "did not answer with {\"tool\"",
                "", "did not answer with {\"tool\"");
        for (var entry : refused.entrySet()) {
            var e = assertThrows(Planner.PlannerException.class,
                    () -> new SamplingPlanner(replying(entry.getKey())).next(question(), List.of(), TOOLS));
            assertTrue(e.getMessage().contains(entry.getValue()), entry.getKey() + " → " + e.getMessage());
        }
    }

    @Test
    void clientWithoutSamplingMakesThePlannerUnavailable() {
        assertTrue(new SamplingPlanner(ClientModel.NONE).unavailableReason().contains("sampling"));

        ClientModel refusing = (system, question, image, mimeType, maxTokens, timeoutMs) ->
                ClientModel.Answer.unavailable("not_supported", "the client declared no sampling capability");
        var planner = new SamplingPlanner(refusing);
        assertNull(planner.unavailableReason(), "taken at its word until it answers");
        var e = assertThrows(Planner.PlannerException.class, () -> planner.next(question(), List.of(), TOOLS));
        assertTrue(e.getMessage().contains("does not offer sampling"), e.getMessage());
        assertEquals(e.getMessage(), planner.unavailableReason());

        ClientModel declining = (system, question, image, mimeType, maxTokens, timeoutMs) ->
                ClientModel.Answer.unavailable("declined", "the user declined");
        var declined = new SamplingPlanner(declining);
        e = assertThrows(Planner.PlannerException.class, () -> declined.explain(question(), List.of(digest())));
        assertEquals("the client's model did not answer (declined: the user declined)", e.getMessage());
        assertNull(declined.unavailableReason(), "declining once is not 'unsupported'");
    }

    @Test
    void explainReturnsTheClientModelsTextAndName() throws Exception {
        var planner = new SamplingPlanner(replying("Event 35 wrote the NaNs."));
        Planner.Explanation explanation = planner.explain(question(), List.of(digest()));
        assertEquals(new Planner.Explanation("Event 35 wrote the NaNs.", "claude-client-model", "resolved"),
                explanation);
        assertTrue(asked.get(0).system().contains("language the question is written in"));
        assertTrue(asked.get(0).question().contains("Frame/Defects/NaN quad"));
    }

    @Test
    void catalogOfTheRealRenderDocToolsStaysSmall(@TempDir Path stateDir) throws Exception {
        List<ToolCaller.ToolInfo> renderdoc = new RegistryCaller(ToolGroups.create(Config.defaults(stateDir)))
                .tools("renderdoc");
        String catalog = PlannerPrompts.toolCatalog(renderdoc);
        assertTrue(catalog.length() < 20_000, "the tool list for sampling takes " + catalog.length() + " chars");
        for (ToolCaller.ToolInfo tool : renderdoc) {
            assertTrue(catalog.contains("- " + tool.name() + ": "), tool.name());
        }
        assertTrue(catalog.contains("    capture (required, string): Path of the .rdc capture"), catalog);
        var planner = new SamplingPlanner(replying("{\"tool\": \"get_frame_digest\", \"arguments\": {\"capture\": \""
                + CAPTURE + "\"}}"));
        assertEquals("get_frame_digest", planner.next(question(), List.of(), renderdoc).tool());
    }

    private static Planner.Question question() {
        return new Planner.Question("why are there NaNs?", CAPTURE, null, null, null);
    }

    private static ToolCaller.Answer digest() {
        ObjectNode body = Json.mapper().createObjectNode().put("summary", "1 high anomaly");
        body.putArray("anomalies").addObject().put("event_id", 35).put("marker_path", "Frame/Defects/NaN quad");
        return new ToolCaller.Answer("get_frame_digest", Map.of("capture", CAPTURE), false, body, "1 high anomaly", 5);
    }
}
