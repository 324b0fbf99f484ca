package dev.framescope.shader;

import dev.framescope.common.Json;
import java.nio.charset.StandardCharsets;

/**
 * When a full-mode page has enough: the results of the effects done so far, as they finish (in any order,
 * from several browsers), pass the results' share of the output budget. No more effects are started then, so a page
 * does its own work only; without it a folder of 300 effects ran every remaining effect on every page and showed
 * ~66 of them (issue 27). Summary mode never has enough: its counts cover every effect.
 */
final class PageFill {

    private final boolean never;
    private final int runsPerEffect;
    private long bytes;
    private volatile boolean full;

    /** @param runsPerEffect results each effect will have (one per backend); the first run's size stands for each */
    PageFill(BatchPage.Mode mode, int runsPerEffect) {
        this.never = mode != BatchPage.Mode.full;
        this.runsPerEffect = runsPerEffect;
    }

    /**
     * An effect's result is in. Every result counts, not only those up to the first effect still running: a browser
     * stuck on a slow effect would otherwise let the other run on far past the page (83 run for 65 shown, measured).
     * The effects were taken in order, so once the runs in flight end, the ones done are those from the first on.
     */
    synchronized void add(Object result) {
        if (never) {
            return;
        }
        bytes += (long) (Json.write(result).getBytes(StandardCharsets.UTF_8).length + 1) * runsPerEffect;
        // One result past the budget: the answer is cut before it (BatchPage.answer), so any more is not shown.
        full = bytes > BatchPage.RESULT_BUDGET_BYTES;
    }

    /** Whether the results in so far fill the page: start no other effect. */
    boolean full() {
        return full;
    }
}
