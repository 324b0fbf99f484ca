package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RequestActivityTest {

    @Test
    void aRequestIsWaitingFromItsArrivalUntilItsAnswer() {
        RequestActivity activity = new RequestActivity(60_000, 0);
        assertFalse(activity.recentRequestWaiting(), "nothing asked yet");
        activity.arrived();
        activity.arrived();
        assertTrue(activity.recentRequestWaiting());
        activity.answered();
        assertTrue(activity.recentRequestWaiting(), "one of two is still unanswered");
        activity.answered();
        assertFalse(activity.recentRequestWaiting());
    }

    @Test
    void aRequestOlderThanTheWindowNoLongerCounts() {
        RequestActivity activity = new RequestActivity(0, 0);
        activity.arrived();
        assertFalse(activity.recentRequestWaiting(), "a long call (a person answering) must not hold work back");
        assertTrue(activity.anyUnanswered(), "but it is still running: no start-up collection now");
        activity.answered();
        assertFalse(activity.anyUnanswered());
    }

    @Test
    void theClientStaysActiveForTheGraceAfterAnAnswer() throws InterruptedException {
        RequestActivity activity = new RequestActivity(60_000, 60_000);
        assertFalse(activity.recentRequestWaiting(), "no answer yet, so no grace either");
        activity.arrived();
        activity.answered();
        assertTrue(activity.recentRequestWaiting(), "a script asks again at once: its next request needs a core");
        RequestActivity brief = new RequestActivity(60_000, 1);
        brief.arrived();
        brief.answered();
        Thread.sleep(5);
        assertFalse(brief.recentRequestWaiting(), "after the grace the background has the cores again");
    }
}
