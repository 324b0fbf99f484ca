package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RequestActivityTest {

    @Test
    void aRequestIsWaitingFromItsArrivalUntilItsAnswer() {
        RequestActivity activity = new RequestActivity(60_000);
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
        RequestActivity activity = new RequestActivity(0);
        activity.arrived();
        assertFalse(activity.recentRequestWaiting(), "a long call (a person answering) must not hold work back");
    }
}
