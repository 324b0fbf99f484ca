package dev.framescope.physics.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AnswerMemoTest {

    @Test
    void computesEachKeyOnceAndForgetsTheLeastRecentlyUsedPastItsBound() {
        AnswerMemo memo = new AnswerMemo();
        AtomicInteger scans = new AtomicInteger();
        assertEquals("a", memo.get("k", () -> "a" + (scans.incrementAndGet() > 1 ? "!" : "")));
        assertEquals("a", memo.get("k", () -> "a" + (scans.incrementAndGet() > 1 ? "!" : "")));
        assertEquals(1, scans.get());
        for (int i = 0; i < AnswerMemo.MAX; i++) {
            memo.get(i, () -> scans.incrementAndGet());
        }
        memo.get("k", () -> scans.incrementAndGet());
        assertEquals(2 + AnswerMemo.MAX, scans.get(), "the first key was evicted and scanned again");
    }

    /** Triage computes its findings in parallel and its checks ask the memo for the λ convention meanwhile. */
    @Test
    void aComputationMayAskForAnotherKeyFromAnotherThread() {
        AnswerMemo memo = new AnswerMemo();
        String answer = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> memo.get("outer",
                () -> CompletableFuture.supplyAsync(() -> memo.get("inner", () -> "inner")).join() + "+outer"));
        assertEquals("inner+outer", answer);
    }

    @Test
    void aFailureIsNotKept() {
        AnswerMemo memo = new AnswerMemo();
        assertThrows(IllegalStateException.class, () -> memo.get("k", () -> {
            throw new IllegalStateException("first try fails");
        }));
        assertEquals("second", memo.get("k", () -> "second"));
    }
}
