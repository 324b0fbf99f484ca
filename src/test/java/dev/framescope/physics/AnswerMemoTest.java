package dev.framescope.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
