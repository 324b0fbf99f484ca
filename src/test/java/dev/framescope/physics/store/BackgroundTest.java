package dev.framescope.physics.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.RequestActivity;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BackgroundTest {

    @Test
    void backgroundReadsYieldWhileAClientRequestJustArrivedAndIsUnanswered() throws Exception {
        RequestActivity client = new RequestActivity(60_000, 0);
        assertFalse(Background.shouldYield(client));
        client.arrived();
        assertTrue(Background.shouldYield(client), "calls right after open_recording shared two cores with two readers");
        assertEquals(Boolean.TRUE, Background.foreground(() -> Background.shouldYield(client)));
        client.answered();
        assertFalse(Background.shouldYield(client));
        assertTrue(Background.foreground(() -> Background.shouldYield(client)), "a call's own query still has priority");
    }

    @Test
    void aCallWaitingForASeriesLetsTheReadRunEvenWhileRequestsArrive() throws Exception {
        RequestActivity client = new RequestActivity(60_000, 0);
        client.arrived();
        CompletableFuture<String> series = new CompletableFuture<>();
        Thread waiter = new Thread(() -> Background.await(series));
        waiter.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (Background.shouldYield(client) && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertFalse(Background.shouldYield(client), "triage waits for the series: reading it is the priority");
        series.complete("read");
        waiter.join(10_000);
        assertTrue(Background.shouldYield(client));
    }
}
