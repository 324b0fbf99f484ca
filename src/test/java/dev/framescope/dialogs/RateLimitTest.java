package dev.framescope.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimitTest {

    @Test
    void theNextQuestionPastTheLimitIsRefusedUntilTheOldestIsAMinuteOld() {
        AtomicLong now = new AtomicLong(0);
        RateLimit limit = new RateLimit(3, now::get);
        limit.acquire("confirm");
        now.set(10_000_000_000L);
        limit.acquire("confirm");
        limit.acquire("planner");
        now.set(20_000_000_000L);
        ToolException refused = assertThrows(ToolException.class, () -> limit.acquire("confirm"));
        assertEquals(ErrorCode.RATE_LIMITED, refused.code());
        assertEquals(40L, refused.context().get("retry_after_s"), "the first question leaves the window at 60 s");
        assertEquals(3, refused.context().get("limit_per_minute"));
        assertEquals("confirm", refused.context().get("tool"));
        now.set(59_000_000_000L);
        assertThrows(ToolException.class, () -> limit.acquire("confirm"), "refusals are not counted, still full");
        now.set(60_000_000_000L);
        limit.acquire("confirm");
        assertThrows(ToolException.class, () -> limit.acquire("confirm"));
    }
}
