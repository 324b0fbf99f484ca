package dev.framescope.shader;

import com.microsoft.playwright.Page;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.harness.BrowserHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * The pipeline every batch tool runs: select the effects, cut the page of them this call runs
 * ({@link BatchPage#slice}), run each one on a page of the runtime (spread over the browsers, or in order on one
 * page), one result per effect even when its run fails, with a progress notification each, and the answer that fits
 * the output budget ({@link BatchPage#answer}). What a run does with an effect, and what its results say, is the
 * tool's. One instance per call; its progress counts are not shared between calls.
 */
final class EffectBatch {

    /** What a run does with one effect ({@code index}: its place in {@link #effects()}) on a page of the runtime. */
    @FunctionalInterface
    interface Work<R> {
        R run(Page page, Effect effect, int index);
    }

    /** The result of an effect whose run failed, {@code why} in words. */
    @FunctionalInterface
    interface Failed<R> {
        R result(Effect effect, String why);
    }

    /**
     * One run over the effects: the work, the result of an effect it fails for (null: a failure fails the call) and
     * the progress line for an effect done.
     */
    record Run<R>(Work<R> work, Failed<R> failed, BiFunction<Effect, R, String> said) {
    }

    /** Progress of a call over its runs: {@code total} runs, told one by one. Runs report from one thread at a time. */
    static final class Progress {
        private final ToolContext context;
        private final int total;
        private int done;

        private Progress(ToolContext context, int total) {
            this.context = context;
            this.total = total;
        }

        private void step(String message) {
            context.progress(++done, (double) total, message);
        }
    }

    private final List<Effect> selected;
    private final List<Effect> effects;
    private final Integer offset;
    private final Integer limit;
    /** The answer's mode: in full mode the browser runs stop once the page is full ({@link PageFill}). */
    private final BatchPage.Mode mode;

    private EffectBatch(List<Effect> selected, List<Effect> effects, Integer offset, Integer limit,
                        BatchPage.Mode mode) {
        this.selected = selected;
        this.effects = effects;
        this.offset = offset;
        this.limit = limit;
        this.mode = mode;
    }

    /** The effects {@code offset..offset+limit−1} of those the selector matches, each run to the end. */
    static EffectBatch select(EffectLibrary library, String selector, Integer offset, Integer limit) {
        return select(library, selector, offset, limit, null, selected -> {
        });
    }

    /** As above, answered in {@code mode}: in full mode the runs stop when the page is full. */
    static EffectBatch select(EffectLibrary library, String selector, Integer offset, Integer limit,
                              BatchPage.Mode mode) {
        return select(library, selector, offset, limit, mode, selected -> {
        });
    }

    /** As above, with {@code check} (of the call's arguments) run on every selected effect before the cut. */
    static EffectBatch select(EffectLibrary library, String selector, Integer offset, Integer limit,
                              BatchPage.Mode mode, Consumer<List<Effect>> check) {
        List<Effect> selected = library.select(selector);
        check.accept(selected);
        return new EffectBatch(selected, BatchPage.slice(selected, offset, limit), offset, limit, mode);
    }

    /** Every effect the selector matched. */
    List<Effect> selected() {
        return selected;
    }

    /** The effects this call runs. */
    List<Effect> effects() {
        return effects;
    }

    /** Progress over {@code runsPerEffect} runs of every effect of this call (one per backend, say). */
    Progress progress(ToolContext context, int runsPerEffect) {
        return new Progress(context, effects.size() * runsPerEffect);
    }

    /** {@link #spread(BrowserHarness, long, ToolContext, Progress, Run)} as the call's only run. */
    <R> List<R> spread(BrowserHarness harness, long perEffectMs, ToolContext context, Run<R> run) {
        return spread(harness, perEffectMs, context, progress(context, 1), run);
    }

    /**
     * Runs the effects, spread over the browsers (one fresh page per browser for the call, {@code perEffectMs} more
     * time per effect), results in the effects' order: every effect, or in full mode those up to where the page is
     * full ({@link PageFill}).
     */
    <R> List<R> spread(BrowserHarness harness, long perEffectMs, ToolContext context, Progress progress, Run<R> run) {
        return spread(effects, new PageFill(mode, 1), harness, perEffectMs, context, progress, run);
    }

    private <R> List<R> spread(List<Effect> these, PageFill fill, BrowserHarness harness, long perEffectMs,
                               ToolContext context, Progress progress, Run<R> run) {
        List<Integer> order = IntStream.range(0, these.size()).boxed().toList();
        return harness.forEach(order, (page, index) -> attempt(run, page, these.get(index), index), perEffectMs,
                context.cancellation(), (index, result) -> {
                    fill.add(result);
                    progress.step(run.said().apply(these.get(index), result));
                }, fill::full, run.failed() == null ? null
                        : (index, why) -> run.failed().result(these.get(index), why));
    }

    /**
     * One run per backend ({@code run} makes each), spread over the browsers backend by backend; results
     * backend-major (all effects on the first backend, then on the next), as {@link #answerByEffect} takes them.
     * In full mode the first backend's results (counted once per backend) say where the page is full, and the
     * other backends run those effects only.
     */
    <R> List<R> spreadOnEach(List<Backend> backends, BrowserHarness harness, long perEffectMs, ToolContext context,
                             Function<Backend, Run<R>> run) {
        Progress progress = progress(context, backends.size());
        List<R> results = new ArrayList<>();
        List<Effect> these = effects;
        for (Backend backend : backends) {
            PageFill fill = new PageFill(results.isEmpty() ? mode : null, backends.size());
            List<R> ran = spread(these, fill, harness, perEffectMs, context, progress, run.apply(backend));
            these = these.subList(0, ran.size());
            results.addAll(ran);
        }
        return results;
    }

    /**
     * Runs the effects in order on one page, within {@code timeoutMs} for all: for work that must not share the
     * machine with itself (a benchmark) or must see the effects in order. In full mode it stops where the page is
     * full.
     */
    <R> List<R> inOrder(BrowserHarness harness, long timeoutMs, ToolContext context, Run<R> run) {
        Progress progress = progress(context, 1);
        PageFill fill = new PageFill(mode, 1);
        return harness.withPage(page -> {
            List<R> results = new ArrayList<>();
            for (int i = 0; i < effects.size() && !fill.full(); i++) {
                context.cancellation().throwIfCancelled();
                R result = attempt(run, page, effects.get(i), i);
                results.add(result);
                fill.add(result);
                progress.step(run.said().apply(effects.get(i), result));
            }
            return results;
        }, timeoutMs, context.cancellation());
    }

    /**
     * One effect's run: a failure becomes its result, unless the call was cancelled, the run keeps none, or the page
     * itself was lost (killed at a bound, crashed): the batch runner tells that apart and runs the effect again alone.
     */
    private static <R> R attempt(Run<R> run, Page page, Effect effect, int index) {
        if (run.failed() == null) {
            return run.work().run(page, effect, index);
        }
        try {
            return run.work().run(page, effect, index);
        } catch (RuntimeException e) {
            if (e instanceof ToolException t && t.code() == ErrorCode.CANCELLED || PageFailures.isPageLost(e)) {
                throw e;
            }
            return run.failed().result(effect, PageFailures.reason(e));
        }
    }

    /** The answer for one result per effect run, in order from the offset. */
    <R> BatchPage.Answer<R> answer(List<R> results, Function<R, String> status, BatchPage.Mode mode) {
        return BatchPage.answer(results, status, selected.size(), offset, limit, mode);
    }

    /**
     * The answer for {@link #spreadOnEach}'s results, shown effect by effect: each effect's backends together, or not
     * at all.
     */
    <R> BatchPage.Answer<R> answerByEffect(List<R> backendMajor, Function<R, String> status, BatchPage.Mode mode,
                                           int runs) {
        int ran = runs == 0 ? 0 : backendMajor.size() / runs;
        List<R> byEffect = new ArrayList<>();
        for (int e = 0; e < ran; e++) {
            for (int b = 0; b < runs; b++) {
                byEffect.add(backendMajor.get(b * ran + e));
            }
        }
        return BatchPage.answer(byEffect, status, selected.size(), offset, limit, mode, runs);
    }
}
