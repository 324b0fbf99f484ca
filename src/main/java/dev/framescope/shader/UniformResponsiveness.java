package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Page;
import dev.framescope.common.Bounded;
import dev.framescope.common.ToolContext;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.ShaderArgs.TestEffectArgs;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.harness.BrowserHarness;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@code test_effect} with {@code check: responsiveness}: whether each uniform changes the picture, as raw per-pixel
 * differences against the base frame, the caller deciding what counts. One effect failing never stops the batch.
 */
public final class UniformResponsiveness {

    private final BrowserHarness harness;

    public UniformResponsiveness(BrowserHarness harness) {
        this.harness = harness;
    }

    /**
     * One value tried for a global: the value, the rule that picked it, and how the frame changed; {@code nonFinite}
     * only when that frame's passes wrote NaN/±Inf (or could not be probed), else absent.
     */
    public record Trial(Object value, String rule, double meanAbsDiff, int maxDiff, int changedPixels,
                        NonFinite nonFinite) {
    }

    /**
     * One global's test: its base value (the caller's starting value, else the default), every value tried, and the
     * largest change any of them made ({@code tested_value} is that trial's value); {@code changed} = some pixel
     * changed for some value.
     */
    public record UniformResult(String global, String uniform, String type, Object defaultValue, Object testedValue,
                                double meanAbsDiff, int maxDiff, int changedPixels, boolean changed,
                                List<Trial> tried) {
    }

    /** {@code nonFinite}: what the base frame's passes wrote ({@link NonFinite}). */
    public record ResponsivenessResult(String effect, String backend, String renderer, String status,
                                       List<UniformResult> uniforms, String note, NonFinite nonFinite) {
    }

    public record ResponsivenessReport(int schemaVersion, String summary, List<String> backends, String formula,
                                       Map<String, Object> startingValues, BatchPage.Info page,
                                       Bounded<ResponsivenessResult> effects) {
    }

    /**
     * For each global with a uniform: renders at the base values (the defaults with the caller's {@code uniforms}
     * over them) and with only that global moved to each value {@link UniformTrials} picks for its type, and reports
     * per value the per-pixel mean_abs_diff, max_diff and changed pixel count against the base frame, on each
     * requested backend.
     */
    public ResponsivenessReport responsiveness(EffectLibrary library, TestEffectArgs args, ToolContext context) {
        EffectBatch batch = EffectBatch.select(library, args.effect(), args.offset(), args.limit(), args.mode(),
                selected -> UniformValues.check(selected, args.uniforms()));
        List<Backend> backends = args.backend().each();
        List<ResponsivenessResult> results = batch.spreadOnEach(backends, harness, 15_000L, context,
                backend -> new EffectBatch.Run<>((page, effect, index) -> test(page, effect, backend, args),
                        (effect, why) -> new ResponsivenessResult(effect.id(), backend.name(), null, "error",
                                List.of(), why, null),
                        (effect, result) -> effect.id() + ": " + result.status()));
        BatchPage.Answer<ResponsivenessResult> answer = batch.answerByEffect(results, UniformResponsiveness::verdict,
                args.mode(), backends.size());
        return new ResponsivenessReport(NonFinite.SCHEMA_VERSION, summary(answer.page().processed(), backends,
                results) + BatchPage.more(answer.page()), backends.stream().map(Backend::name).toList(),
                "per value tried: mean_abs_diff = E[(|Δr| + |Δg| + |Δb|) / 3] / 255 over all pixels; max_diff = "
                        + "largest |Δ| of any channel, 0–255; changed_pixels = pixels with any channel (alpha too) "
                        + "different; a global's figures are those of its value with the largest mean_abs_diff",
                args.uniforms(), answer.page(), answer.results());
    }

    /** One effect on one backend: the base frame, then every global with values to try. */
    private static ResponsivenessResult test(Page page, Effect effect, Backend backend, TestEffectArgs args) {
        Map<String, Object> base = effect.uniforms(UniformMoves.known(effect, args.uniforms()));
        Pixels baseline = RuntimePage.render(page, effect, backend, args.width(), args.height(), args.time(), base);
        if (baseline.rgba() == null) {
            return new ResponsivenessResult(effect.id(), backend.name(), null, baseline.status(), List.of(),
                    baseline.note(), null);
        }
        List<UniformResult> tested = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = effect.definition().path("globals").properties().iterator(); it.hasNext(); ) {
            UniformResult result = testGlobal(page, effect, backend, args, it.next(), base, baseline);
            if (result != null) {
                tested.add(result);
            }
        }
        return new ResponsivenessResult(effect.id(), backend.name(), baseline.renderer(),
                tested.isEmpty() ? "no_testable_uniforms" : "ok", tested, null, baseline.nonFinite());
    }

    /** One global moved to each value picked for its type, the rest at the base values; null with none to try. */
    private static UniformResult testGlobal(Page page, Effect effect, Backend backend, TestEffectArgs args,
                                            Map.Entry<String, JsonNode> global, Map<String, Object> base,
                                            Pixels baseline) {
        String uniform = global.getValue().path("uniform").asText(global.getKey());
        List<UniformTrials.Trial> trials = UniformTrials.of(global.getValue(), uniform, base.get(uniform),
                args.width(), args.height());
        if (trials.isEmpty()) {
            return null;
        }
        List<Trial> tried = new ArrayList<>();
        for (UniformTrials.Trial trial : trials) {
            Map<String, Object> moved = new LinkedHashMap<>(base);
            moved.put(uniform, trial.value());
            Pixels test = RuntimePage.render(page, effect, backend, args.width(), args.height(), args.time(), moved);
            if (test.rgba() == null) {
                throw new IllegalStateException(global.getKey() + " = " + trial.value() + ": " + test.status()
                        + (test.note() == null ? "" : " (" + test.note() + ")"));
            }
            ImageDiff diff = ImageDiff.of(baseline.rgba(), test.rgba(), args.width(), args.height(), 0);
            NonFinite nonFinite = test.nonFinite();
            tried.add(new Trial(trial.value(), trial.rule(), diff.meanAbsDiff(), diff.maxDiff(),
                    diff.mismatchCount(), nonFinite.status().equals("none") ? null : nonFinite));
        }
        Trial most = tried.stream().max(Comparator.comparingDouble(Trial::meanAbsDiff)
                .thenComparingInt(Trial::maxDiff)).orElseThrow();
        return new UniformResult(global.getKey(), uniform, global.getValue().path("isfType")
                .asText(global.getValue().path("type").asText("float")), base.get(uniform), most.value(),
                most.meanAbsDiff(), most.maxDiff(), most.changedPixels(), most.maxDiff() > 0, tried);
    }

    /**
     * A responsiveness run's status for paging: 'unresponsive' when a uniform changed no pixel (a failure summary
     * mode shows), else its own.
     */
    static String verdict(ResponsivenessResult r) {
        return r.uniforms().stream().anyMatch(u -> !u.changed()) ? "unresponsive" : r.status();
    }

    /**
     * What ran: the uniform tests and how many changed no pixel, and the effect runs that tested nothing by status
     * (not_available, no_testable_uniforms, error…) with the first one's reason; never "0 changed no pixel" when none
     * ran.
     */
    static String summary(int effects, List<Backend> backends, List<ResponsivenessResult> results) {
        long tests = results.stream().mapToLong(r -> r.uniforms().size()).sum();
        long dead = results.stream().flatMap(r -> r.uniforms().stream()).filter(u -> !u.changed()).count();
        Map<String, Long> untested = new TreeMap<>();
        String why = null;
        for (ResponsivenessResult r : results) {
            if (r.uniforms().isEmpty()) {
                untested.merge(r.status(), 1L, Long::sum);
                if (why == null && r.note() != null) {
                    why = r.effect() + " on " + r.backend() + ": " + r.note();
                }
            }
        }
        String skipped = untested.isEmpty() ? "" : " Effect runs that tested nothing: " + untested.entrySet().stream()
                .map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "))
                + (why == null ? "" : " (first: " + why + ")") + ".";
        String ran = tests == 0 ? "no uniform test ran." : tests + " uniform test(s) ran, " + dead
                + " changed no pixel.";
        return effects + " effect(s) on " + backends + ": " + ran + skipped;
    }
}
