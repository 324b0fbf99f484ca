package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the console's builtin planner tags questions on the committed captures (issue 33): a question no tool answers
 * is unanswered, whatever the frame holds; a count is read from the digest; a frame with nothing wrong is "no
 * finding", not a warning.
 */
@Timeout(300)
class ConsoleQuestionsIT {

    @TempDir
    static Path dir;
    private static RunningConsole console;
    private static JsonNode truth;
    private static String project;

    @BeforeAll
    static void start() throws Exception {
        console = new RunningConsole(dir.resolve("projects"), dir.resolve("state"));
        truth = RunningConsole.JSON.readTree(Files.readString(Path.of("demo/captures/ground-truth.json")));
        project = console.post("/projects", "{\"name\":\"questions\"}").get("projectId").asText();
        for (String capture : new String[] {"gl_defects", "vkcube"}) {
            console.upload(project, Path.of("demo/captures/" + capture + ".rdc").toAbsolutePath());
        }
    }

    @AfterAll
    static void stop() throws Exception {
        console.close();
    }

    private static JsonNode ask(String capture, String question) throws Exception {
        return console.post("/nl-debug", RunningConsole.JSON.createObjectNode().put("question", question)
                .put("capturePath", "captures/" + capture + ".rdc").put("projectId", project).toString());
    }

    /**
     * "capital" holds "api", so the planner took the question for one about API errors, explained gl_defects' GL
     * error and marked it resolved. Words are matched whole now: the question names nothing the tools measure.
     */
    @Test
    void aQuestionNoToolAnswersIsUnansweredNotTheApiError() throws Exception {
        JsonNode reply = ask("gl_defects", "What is the capital of France?");
        String explanation = reply.get("explanation").asText();
        assertEquals("unanswered", reply.at("/submission/status").asText(), explanation);
        assertTrue(explanation.startsWith("Unanswered: the question names nothing these tools measure"), explanation);
        assertEquals(1, reply.get("calls").size(), "only the digest: " + reply.get("calls"));
        assertFalse(explanation.contains("GL_INVALID_ENUM"), explanation);
        assertEquals("UNANSWERED", reply.at("/message/summary/title").asText());
    }

    /** vkcube's cube.c makes one vkCmdDraw per frame: the count comes from the digest's statistics. */
    @Test
    void aCountOfDrawsIsAnsweredFromTheDigest() throws Exception {
        int draws = truth.at("/captures/vkcube/draws").size();
        JsonNode reply = ask("vkcube", "How many draws are in this frame?");
        String explanation = reply.get("explanation").asText();
        assertEquals("resolved", reply.at("/submission/status").asText(), explanation);
        assertTrue(explanation.startsWith("The frame has " + draws + " draw call" + (draws == 1 ? "" : "s")
                + " (get_frame_digest's statistics: "), explanation);
        assertEquals("get_frame_digest", reply.at("/planned/tool").asText());
        assertEquals(draws, reply.at("/mcp/result/statistics/draw_calls").asInt());
        JsonNode gl = ask("gl_defects", "How many draw calls does the frame make?");
        assertEquals("resolved", gl.at("/submission/status").asText(), gl.get("explanation").asText());
        assertTrue(gl.get("explanation").asText().startsWith("The frame has "
                + gl.at("/mcp/result/statistics/draw_calls").asInt() + " draw calls"), gl.get("explanation").asText());
    }

    /** vkcube is a clean frame: nothing wrong is an answer, not a warning. */
    @Test
    void aCleanFrameAskedWhetherAnythingIsWrongHasNoFinding() throws Exception {
        JsonNode reply = ask("vkcube", "anything wrong?");
        String explanation = reply.get("explanation").asText();
        assertEquals("no_finding", reply.at("/submission/status").asText(), explanation);
        assertEquals("no_finding", reply.at("/message/summary/tag").asText());
        assertEquals("NO FINDING", reply.at("/message/summary/title").asText());
        assertTrue(explanation.startsWith("The frame digest found no anomaly in the data"), explanation);
        assertEquals("resolved", ask("gl_defects", "anything wrong?").at("/submission/status").asText(),
                "gl_defects' most severe anomaly answers it");
    }
}
