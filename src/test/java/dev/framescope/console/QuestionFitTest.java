package dev.framescope.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A model planner's "resolved" answer is marked unanswered when its findings do not answer the question: the insight
 * below is get_event_insight's answer at gl_defects' NaN draw (event 35), cut to the fields the check reads.
 */
class QuestionFitTest {

    private static final JsonNode NAN_INSIGHT = Json.mapper().valueToTree(Map.of("event_id", 35,
            "pipeline", Map.of("viewport", Map.of("width", 256.0, "height", 256.0)),
            "findings", List.of(Map.of("code", "nan_written", "box", List.of(16, 16, 48, 48)))));

    private static final List<ToolCaller.Answer> DONE = List.of(new ToolCaller.Answer("get_event_insight",
            Map.of("event_id", 35), false, NAN_INSIGHT, "Event 35", 5));

    private static final Planner.Explanation SAID = new Planner.Explanation("Event 35 writes NaN.", "a-model",
            "resolved");

    @Test
    void aFindingElsewhereOnTheScreenDoesNotAnswerWhereTheQuestionLooks() {
        Planner.Explanation checked = QuestionFit.checked("Why is the screen black in the middle?", DONE, SAID);
        assertEquals(QuestionFit.UNANSWERED, checked.status());
        assertTrue(checked.text().startsWith("Unanswered: the question asks about the middle of the screen"),
                checked.text());
        assertTrue(checked.text().endsWith("\n\nEvent 35 writes NaN."), checked.text());
    }

    @Test
    void aQuestionAboutWhatWasFoundStaysResolved() {
        assertSame(SAID, QuestionFit.checked("Why are there NaNs at the top left?", DONE, SAID));
    }

    /** "capital" holds "api": the question was taken for one about API errors and stayed resolved on any finding. */
    @Test
    void aQuestionAboutSomethingElseIsUnansweredWhateverWasFound() {
        Planner.Explanation checked = QuestionFit.checked("What is the capital of France?", DONE, SAID);
        assertEquals(QuestionFit.UNANSWERED, checked.status());
        assertTrue(checked.text().startsWith(QuestionFit.NOTHING_MEASURED), checked.text());
        assertSame(SAID, QuestionFit.checked("Is anything wrong with this frame?", DONE, SAID),
                "any finding answers whether anything is wrong");
    }

    /** A model may stop at the digest: with no insight among its calls, nothing measured is still unanswered. */
    @Test
    void aQuestionAboutSomethingElseIsUnansweredWhenOnlyTheDigestRan() {
        JsonNode digest = Json.mapper().valueToTree(Map.of("statistics", Map.of("draw_calls", 5),
                "anomalies", Map.of("count", 1, "truncated", false, "preview", List.of(Map.of("code", "nan_written",
                        "event_id", 35, "severity", "high")))));
        List<ToolCaller.Answer> digestOnly = List.of(new ToolCaller.Answer("get_frame_digest", Map.of(), false,
                digest, "1 anomalies; first: nan_written", 5));
        Planner.Explanation checked = QuestionFit.checked("What is the capital of France?", digestOnly, SAID);
        assertEquals(QuestionFit.UNANSWERED, checked.status());
        assertTrue(checked.text().startsWith(QuestionFit.NOTHING_MEASURED), checked.text());
        assertSame(SAID, QuestionFit.checked("How many draws are in this frame?", digestOnly, SAID),
                "a count the digest gives stays resolved");
    }

    @Test
    void aQuestionAboutNothingMeasuredOrAnotherKindIsUnanswered() {
        assertEquals(QuestionFit.UNANSWERED, QuestionFit.checked("Is the lighting right?", DONE, SAID).status());
        assertEquals(QuestionFit.UNANSWERED, QuestionFit.checked("Are the UVs wrong?", DONE, SAID).status());
    }
}
