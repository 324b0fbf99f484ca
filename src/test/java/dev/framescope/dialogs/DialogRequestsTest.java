package dev.framescope.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DialogRequestsTest {

    @Test
    void aQuestionEndsOnceAndIsCountedByState() {
        DialogRequests requests = new DialogRequests();
        List<String> events = new ArrayList<>();
        requests.listen(new DialogRequests.Listener() {
            @Override
            public void opened(DialogRequests.Request request) {
                events.add("opened " + request.id);
            }

            @Override
            public void ended(DialogRequests.Request request) {
                events.add("ended " + request.id + " " + request.state().json());
            }
        });
        var first = requests.open("confirm", "page", Map.of(), Duration.ofSeconds(60));
        var second = requests.open("confirm", "elicitation", null, Duration.ofSeconds(60));
        assertEquals(DialogState.PENDING, first.state());
        requests.shown(first);
        assertEquals("shown", requests.snapshot().open().get(0).state());
        assertTrue(requests.end(first, Reply.answered(Map.of("confirmed", true), List.of())));
        assertFalse(requests.end(first, Reply.ended(DialogState.TIMED_OUT, "late")), "the first ending wins");
        assertEquals(DialogState.ANSWERED, first.reply.join().state());
        requests.endAll(DialogState.CANCELLED, "client gone");
        assertEquals(DialogState.CANCELLED, second.state());

        var snapshot = requests.snapshot();
        assertEquals(0, snapshot.openCount());
        var confirm = snapshot.tools().get(0);
        assertEquals(2, confirm.asked());
        assertEquals(Map.of("answered", 1L, "cancelled", 1L), confirm.ended());
        assertEquals(List.of("opened q1", "opened q2", "ended q1 answered", "ended q2 cancelled"), events);
    }

    @Test
    void finishedQuestionsAreKeptInABoundedHistoryWithTheirSuccessRate() {
        DialogRequests requests = new DialogRequests();
        String longText = "x".repeat(5_000);
        for (int i = 0; i < DialogHistory.KEPT + 5; i++) {
            var request = requests.open("single_choice", "elicitation", null, Duration.ofSeconds(60),
                    Map.of("question", "Q" + i + " " + longText, "options", List.of(Map.of("value", "a"))));
            requests.end(request, i % 4 == 1 ? Reply.ended(DialogState.CANCELLED, "cancelled on the page")
                    : Reply.answered(Map.of("choice", "a", "additional_context", longText), List.of()));
        }
        List<DialogHistory.Entry> all = requests.history(Integer.MAX_VALUE);
        assertEquals(DialogHistory.KEPT, all.size(), "only the last 1,000 are kept");
        DialogHistory.Entry newest = all.get(0);
        assertEquals("q" + (DialogHistory.KEPT + 5), newest.id());
        assertEquals("answered", newest.state());
        assertEquals("elicitation", newest.channel());
        assertEquals("a", newest.answer().get("choice"));
        assertEquals(DialogHistory.MAX_TEXT, ((String) newest.params().get("question")).length(), "bounded");
        assertTrue(((String) newest.params().get("question")).startsWith("Q1004 x"));
        DialogHistory.Entry cancelled = all.stream().filter(e -> e.state().equals("cancelled")).findFirst()
                .orElseThrow();
        assertEquals("cancelled on the page", cancelled.error());
        assertEquals(null, cancelled.answer());

        var snapshot = requests.snapshot();
        assertEquals(DialogHistory.KEPT, snapshot.historyKept());
        assertEquals(DialogRequests.HISTORY_PREVIEW, snapshot.history().size());
        assertEquals(DialogRequests.HISTORY_TEXT, ((String) snapshot.history().get(0).answer()
                .get("additional_context")).length(), "the diagnostics preview is shorter still");
        // 1005 questions, 251 cancelled (every fourth from 1): 754 / 1005 answered.
        assertEquals(0.75, snapshot.tools().get(0).successRate());
    }
}
