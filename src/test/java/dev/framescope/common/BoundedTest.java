package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedTest {

    @Test
    void keepsFirstItemsAndFullCount() {
        Bounded<Integer> bounded = Bounded.of(List.of(1, 2, 3, 4, 5), 2);
        assertEquals(5, bounded.count());
        assertEquals(List.of(1, 2), bounded.preview());
        assertTrue(bounded.truncated());
        assertEquals("{\"count\":5,\"preview\":[1,2],\"truncated\":true}", Json.write(bounded));
    }

    @Test
    void notTruncatedWhenAllFit() {
        Bounded<String> bounded = Bounded.of(List.of("a"), 10);
        assertFalse(bounded.truncated());
        assertEquals(List.of("a"), bounded.preview());
    }

    @Test
    void rejectsNegativeLimitAndInconsistentCount() {
        assertThrows(IllegalArgumentException.class, () -> Bounded.of(List.of(1), -1));
        assertThrows(IllegalArgumentException.class, () -> new Bounded<>(1, List.of(1, 2), false));
    }
}
