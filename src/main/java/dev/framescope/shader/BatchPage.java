package dev.framescope.shader;

import dev.framescope.common.Bounded;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Paging of the batch tools: a selector may name a whole folder, so a call runs the effects
 * {@code offset..offset+limit−1} of the selection (all from {@code offset} without a limit) and answers with as
 * many results as fit the output budget, never none for being large. {@code mode: summary} answers with counts per
 * status and the failures only. {@code next_offset} is where a next call starts to see what this one did not show.
 */
public final class BatchPage {

    /** What the results of one answer may take of the tool's 64 KiB output budget (the rest: summary, page info). */
    static final int RESULT_BUDGET_BYTES = 44 * 1024;

    public enum Mode { full, summary }

    /**
     * The @Param texts of the paging arguments every batch tool takes. They name their defaults because the
     * schema listed in tools/list leaves them out: the server instructions say these texts once for the group.
     */
    static final String OFFSET_DOC = "First effect (0-based); pass page.next_offset to go on.";
    static final String LIMIT_DOC = "Most effects to run; default all from offset.";
    static final String MODE_DOC = "full, or summary: counts per status and the failures only.";

    /** Statuses summary mode leaves out: nothing failed. */
    static final Set<String> QUIET = Set.of("ok", "not_available", "skipped",
            "no_testable_uniforms");

    /**
     * @param total      effects the selector matched
     * @param offset     first of them this call ran
     * @param limit      the most it was asked to run (null: all from offset)
     * @param processed  effects this call ran
     * @param shown      results in the answer's list
     * @param nextOffset where a next call starts to see the rest (the first effect not shown, or not run), or null
     * @param counts     effects this call ran, per status
     */
    public record Info(int total, int offset, Integer limit, int processed, int shown, Integer nextOffset, String mode,
                Map<String, Integer> counts) {
    }

    /** A page of results: the list to return and what it covers. */
    public record Answer<R>(Bounded<R> results, Info page) {
    }

    private BatchPage() {
    }

    /** The effects this call runs. */
    static <E> List<E> slice(List<E> all, Integer offset, Integer limit) {
        int from = offset == null ? 0 : offset;
        if (from > 0 && from >= all.size()) {
            throw ToolException.invalidArgument("offset", "below the " + all.size() + " effect(s) selected",
                    String.valueOf(from));
        }
        int to = limit == null ? all.size() : (int) Math.min(all.size(), (long) from + limit);
        return all.subList(from, to);
    }

    /**
     * The answer for {@code results} (one per effect run, in selection order from {@code offset}): all of them in
     * full mode, the failures only (a status not in {@link #QUIET}) in summary mode, cut where the next one
     * would pass {@value #RESULT_BUDGET_BYTES} bytes.
     */
    static <R> Answer<R> answer(List<R> results, Function<R, String> status, int total, Integer offset,
                                Integer limit, Mode mode) {
        return answer(results, status, total, offset, limit, mode, 1);
    }

    /**
     * As {@link #answer(List, Function, int, Integer, Integer, Mode)} with {@code perEffect} results per effect
     * (one per backend, effect-major): an effect's results are shown together or not at all.
     */
    static <R> Answer<R> answer(List<R> results, Function<R, String> status, int total, Integer offset,
                                Integer limit, Mode mode, int perEffect) {
        int from = offset == null ? 0 : offset;
        Map<String, Integer> counts = new TreeMap<>();
        results.forEach(r -> counts.merge(status.apply(r), 1, Integer::sum));
        List<R> shown = new ArrayList<>();
        Integer firstLeftOut = null;
        int bytes = 0;
        int candidates = 0;
        int ran = results.size() / perEffect;
        for (int e = 0; e < ran; e++) {
            List<R> group = new ArrayList<>();
            for (R r : results.subList(e * perEffect, (e + 1) * perEffect)) {
                if (mode == Mode.full || !QUIET.contains(status.apply(r))) {
                    group.add(r);
                }
            }
            candidates += group.size();
            int size = group.stream().mapToInt(r -> Json.write(r).getBytes(StandardCharsets.UTF_8).length + 1).sum();
            if (group.isEmpty() || firstLeftOut != null) {
                continue;
            }
            if (bytes + size <= RESULT_BUDGET_BYTES || shown.isEmpty()) {
                shown.addAll(group);
                bytes += size;
            } else {
                firstLeftOut = from + e;
            }
        }
        Integer next = firstLeftOut != null ? firstLeftOut : from + ran < total ? from + ran : null;
        return new Answer<>(new Bounded<>(candidates, shown, shown.size() < candidates),
                new Info(total, from, limit, ran, shown.size(), next, mode.name(), counts));
    }

    /** Where a list answer starts, and where a next call starts to see what it did not show (null: nothing). */
    public record ListPage(int offset, Integer nextOffset) {
    }

    /** A preview of a list, the page it is, and whether the output budget (not the limit) ended it. */
    record Cut<R>(Bounded<R> items, ListPage page, boolean overBudget) {

        /** The sentence a summary ends with when a next call has more to show. */
        String more() {
            return page.nextOffset() == null ? "" : " More: call again with offset " + page.nextOffset() + " ("
                    + (overBudget ? "the rest passes the output budget" : "past limit") + ").";
        }
    }

    /**
     * Items {@code offset..} of {@code items}, at most {@code limit}, as many as fit {@code budgetBytes} of JSON
     * together (at least one): a page cut for size instead of an answer refused for it.
     */
    static <R> Cut<R> fit(List<R> items, int offset, int limit, int budgetBytes) {
        int from = Math.min(offset, items.size());
        List<R> shown = new ArrayList<>();
        int bytes = 0;
        for (R r : items.subList(from, (int) Math.min(items.size(), (long) from + limit))) {
            int size = Json.write(r).getBytes(StandardCharsets.UTF_8).length + 1;
            if (bytes + size > budgetBytes && !shown.isEmpty()) {
                break;
            }
            shown.add(r);
            bytes += size;
        }
        int next = from + shown.size();
        return new Cut<>(new Bounded<>(items.size(), shown, shown.size() < items.size()),
                new ListPage(from, next < items.size() ? next : null), next < items.size() && shown.size() < limit);
    }

    /** The sentence a summary ends with when a next call has more to show. */
    static String more(Info page) {
        return page.nextOffset() == null ? "" : " More: call again with offset " + page.nextOffset() + " ("
                + (page.nextOffset() < page.offset() + page.processed() ? "results past the output budget"
                : "effects not run in this call") + ").";
    }
}
