package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.ToolException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BatchPageTest {

    record R(String effect, String status, String text) {
    }

    private static List<R> results(int n, int textBytes) {
        List<R> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(new R("e" + i, i % 10 == 3 ? "error" : i % 10 == 4 ? "not_available" : "ok", "x".repeat(textBytes)));
        }
        return all;
    }

    @Test
    void slicesTheSelectionByOffsetAndLimit() {
        List<Integer> all = List.of(0, 1, 2, 3, 4, 5, 6);
        assertEquals(all, BatchPage.slice(all, null, null));
        assertEquals(List.of(2, 3, 4), BatchPage.slice(all, 2, 3));
        assertEquals(List.of(5, 6), BatchPage.slice(all, 5, 100));
        ToolException e = assertThrows(ToolException.class, () -> BatchPage.slice(all, 7, null));
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
    }

    @Test
    void aLargeFullPageIsCutToTheBudgetAndSaysWhereToGoOn() {
        // 320 results of ~1 KiB: far over the 64 KiB output budget together.
        BatchPage.Answer<R> answer = BatchPage.answer(results(320, 1000), R::status, 400, 10, 320,
                BatchPage.Mode.full);
        int shown = answer.results().preview().size();
        assertTrue(shown > 20 && shown < 60, "shown " + shown);
        assertEquals(320, answer.results().count());
        assertTrue(answer.results().truncated());
        assertEquals(10 + shown, answer.page().nextOffset(), "the first effect not shown");
        assertEquals(320, answer.page().processed());
        assertEquals(Map.of("ok", 256, "error", 32, "not_available", 32), answer.page().counts());
        assertTrue(BatchPage.more(answer.page()).contains("offset " + (10 + shown)));
    }

    @Test
    void summaryModeKeepsCountsAndOnlyTheFailures() {
        BatchPage.Answer<R> answer = BatchPage.answer(results(100, 10), R::status, 250, 0, 100,
                BatchPage.Mode.summary);
        assertEquals(10, answer.results().count());
        assertTrue(answer.results().preview().stream().allMatch(r -> r.status().equals("error")));
        assertEquals(100, answer.page().nextOffset(), "the effects after this page");
        BatchPage.Answer<R> last = BatchPage.answer(results(50, 10), R::status, 50, 0, null, BatchPage.Mode.summary);
        assertNull(last.page().nextOffset());
        assertEquals("", BatchPage.more(last.page()));
    }

    @Test
    void anEffectsResultsOnSeveralBackendsAreShownTogetherOrNotAtAll() {
        // 100 effects × 2 backends, effect-major, ~1 KiB each: the cut falls between two effects.
        BatchPage.Answer<R> answer = BatchPage.answer(results(200, 1000), R::status, 100, 0, null,
                BatchPage.Mode.full, 2);
        int shown = answer.results().preview().size();
        assertEquals(0, shown % 2, "both backends of each effect shown: " + shown);
        assertEquals(shown / 2, answer.page().nextOffset(), "the first effect not shown");
        assertEquals(100, answer.page().processed(), "effects, not runs");
        assertEquals(200, answer.page().counts().values().stream().mapToInt(Integer::intValue).sum());
    }

    @Test
    void summaryModeLeavesOutSkippedAndUntestableRuns() {
        List<R> runs = List.of(new R("a", "skipped", ""), new R("b", "no_testable_uniforms", ""),
                new R("c", "passthrough", ""), new R("d", "ok", ""));
        BatchPage.Answer<R> answer = BatchPage.answer(runs, R::status, 4, 0, null, BatchPage.Mode.summary);
        assertEquals(List.of("c"), answer.results().preview().stream().map(R::effect).toList());
        assertNull(answer.page().nextOffset());
    }
}
