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
}
