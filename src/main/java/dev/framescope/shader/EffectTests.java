package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Page;
import dev.framescope.common.Bounded;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.EffectLibrary.Effect;
import dev.framescope.shader.FrameRenderer.Pixels;
import dev.framescope.shader.ShaderArgs.TestEffectArgs;
import dev.framescope.shader.harness.BrowserHarness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Behavioural tests of effects, all raw numbers with the caller deciding: GLSL/WGSL pixel parity, and whether each
 * uniform changes the picture. Each call renders in one fresh page; one effect failing never stops the batch.
 */
public final class EffectTests {

    private final BrowserHarness harness;

    public EffectTests(BrowserHarness harness) {
        this.harness = harness;
    }

    /** One rendering case of a parity test: a time and a uniform setting. */
    public record ParityCase(double time, String setting, int maxDiff, double meanDiff, double mismatchPercent,
                             boolean yFlipDetected) {
    }

    public record ParityResult(String effect, String status, Integer maxDiff, Double meanDiff,
                               Double mismatchPercent, Boolean yFlipDetected, ParityCase worstCase,
                               List<ParityCase> cases, List<String> structuralDifferences, String glslStatus,
                               String wgslStatus, String webgl2Renderer, String webgpuAdapter, String note) {
    }

    public record ParityReport(int schemaVersion, String summary, int width, int height, List<Double> times,
                               List<String> settings, int epsilon, BatchPage.Info page,
                               Bounded<ParityResult> effects) {
    }

    /**
     * Renders each effect on both backends with the same uniforms, at every time and uniform setting (the defaults,
     * and every numeric global moved as {@link #testValue} moves it), and compares per pixel. Aggregates: the largest
     * maxDiff and mismatch percentage over the cases, the mean of meanDiff. {@code mismatch} when any pixel of any
     * case differs by more than epsilon; {@code y_flip_detected} when, in the worst case, the WGSL frame flipped
     * upside down matches the GLSL frame better (the usual cause: the WGSL program does not flip y).
     * Structural differences (programs or uniforms one language has and the other lacks) come from the files.
     */
    public ParityReport parity(EffectLibrary library, TestEffectArgs args, ToolContext context) {
        List<Effect> selected = library.select(args.effect());
        List<Effect> effects = BatchPage.slice(selected, args.offset(), args.limit());
        List<String> settings = args.moveUniforms() ? List.of("defaults", "moved") : List.of("defaults");
        List<ParityResult> results = batch(effects, context, new int[] {0, effects.size()}, (page, effect) -> {
            List<String> structural = StructureCheck.languageDifferences(effect);
            List<ParityCase> cases = new ArrayList<>();
            String[] renderers = new String[2];
            for (String setting : settings) {
                Map<String, Object> uniforms = setting.equals("defaults")
                        ? FrameRenderer.uniforms(effect.definition(), Map.of()) : moved(effect, EffectTests::testValue);
                for (double time : args.times()) {
                    Pixels glsl = FrameRenderer.renderPixels(page, effect, Backend.webgl2, args.width(),
                            args.height(), time, uniforms);
                    Pixels wgsl = FrameRenderer.renderPixels(page, effect, Backend.webgpu, args.width(),
                            args.height(), time, uniforms);
                    if (glsl.rgba() == null || wgsl.rgba() == null) {
                        boolean missing = glsl.status().equals("not_available")
                                || wgsl.status().equals("not_available");
                        return new ParityResult(effect.id(), missing ? "not_available" : "error", null, null, null,
                                null, null, List.of(), structural, glsl.status(), wgsl.status(), glsl.renderer(),
                                wgsl.renderer(), glsl.note() != null ? glsl.note() : wgsl.note());
                    }
                    ImageDiff diff = ImageDiff.of(glsl.rgba(), wgsl.rgba(), args.width(), args.height(),
                            args.epsilon());
                    ImageDiff flipped = ImageDiff.of(glsl.rgba(), ImageDiff.flipped(wgsl.rgba(), args.width(),
                            args.height()), args.width(), args.height(), args.epsilon());
                    cases.add(new ParityCase(time, setting, diff.maxDiff(), diff.meanDiff(), diff.mismatchPercent(),
                            flipped.meanDiff() < diff.meanDiff()));
                    renderers[0] = glsl.renderer();
                    renderers[1] = wgsl.renderer();
                }
            }
            ParityCase worst = cases.stream().max(Comparator.comparingDouble(ParityCase::meanDiff))
                    .orElseThrow();
            int maxDiff = cases.stream().mapToInt(ParityCase::maxDiff).max().orElse(0);
            return new ParityResult(effect.id(), maxDiff > args.epsilon() ? "mismatch" : "ok", maxDiff,
                    cases.stream().mapToDouble(ParityCase::meanDiff).average().orElse(0),
                    cases.stream().mapToDouble(ParityCase::mismatchPercent).max().orElse(0), worst.yFlipDetected(),
                    worst, cases, structural, "ok", "ok", renderers[0], renderers[1], null);
        }, ParityResult::status, (id, why) -> new ParityResult(id, "error", null, null, null, null, null, List.of(),
                List.of(), null, null, null, null, why));
        long mismatched = results.stream().filter(r -> r.status().equals("mismatch")).count();
        long structural = results.stream().filter(r -> !r.structuralDifferences().isEmpty()).count();
        BatchPage.Answer<ParityResult> answer = BatchPage.answer(results, ParityResult::status, selected.size(),
                args.offset(), args.limit(), args.mode());
        return new ParityReport(EffectCompiler.SCHEMA_VERSION, results.size() + " effect(s) compared GLSL vs WGSL "
                + "over " + args.times().size() * settings.size() + " case(s) each: " + mismatched
                + " mismatch(es), " + structural + " with structural differences." + BatchPage.more(answer.page()),
                args.width(), args.height(), args.times(), settings, args.epsilon(), answer.page(),
                answer.results());
    }

    /** The defaults with every numeric, ranged global moved by {@code move}. */
    private static Map<String, Object> moved(Effect effect, Function<JsonNode, Object> move) {
        return moved(effect, Map.of(), move);
    }

    /** The defaults with {@code pinned} over them, and every other numeric, ranged global moved by {@code move}. */
    private static Map<String, Object> moved(Effect effect, Map<String, Object> pinned,
                                             Function<JsonNode, Object> move) {
        Map<String, Object> moved = new LinkedHashMap<>(FrameRenderer.uniforms(effect.definition(), pinned));
        effect.definition().path("globals").fields().forEachRemaining(g -> {
            if (pinned.containsKey(g.getKey()) || pinned.containsKey(g.getValue().path("uniform").asText(""))) {
                return;
            }
            Object value = move.apply(g.getValue());
            if (value != null) {
                moved.put(g.getValue().path("uniform").asText(g.getKey()), value);
            }
        });
        return moved;
    }

    /** The backends a per-backend test runs on: one, or both (WebGL2 first). */
    private static List<Backend> backends(Backend backend) {
        return backend == Backend.both ? List.of(Backend.webgl2, Backend.webgpu) : List.of(backend);
    }

    /** One value tried for a global: the value, the rule that picked it, and how the frame changed. */
    public record Trial(Object value, String rule, double meanAbsDiff, int maxDiff, int changedPixels) {
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

    public record ResponsivenessResult(String effect, String backend, String renderer, String status,
                                       List<UniformResult> uniforms, String note) {
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
    public ResponsivenessReport responsiveness(EffectLibrary library, TestEffectArgs args,
                                               ToolContext context) {
        List<Effect> selected = library.select(args.effect());
        UniformValues.check(selected, args.uniforms());
        List<Effect> effects = BatchPage.slice(selected, args.offset(), args.limit());
        List<ResponsivenessResult> results = new ArrayList<>();
        int[] done = {0, effects.size() * backends(args.backend()).size()};
        for (Backend backend : backends(args.backend())) {
            results.addAll(batch(effects, context, done, (page, effect) -> {
                Map<String, Object> base = FrameRenderer.uniforms(effect.definition(), known(effect, args.uniforms()));
                Pixels baseline = FrameRenderer.renderPixels(page, effect, backend, args.width(), args.height(),
                        args.time(), base);
                if (baseline.rgba() == null) {
                    return new ResponsivenessResult(effect.id(), backend.name(), null, baseline.status(),
                            List.of(), baseline.note());
                }
                List<UniformResult> tested = new ArrayList<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = effect.definition().path("globals").fields();
                     it.hasNext(); ) {
                    Map.Entry<String, JsonNode> global = it.next();
                    String uniform = global.getValue().path("uniform").asText(global.getKey());
                    List<UniformTrials.Trial> trials = UniformTrials.of(global.getValue(), uniform,
                            base.get(uniform), args.width(), args.height());
                    if (trials.isEmpty()) {
                        continue;
                    }
                    List<Trial> tried = new ArrayList<>();
                    for (UniformTrials.Trial trial : trials) {
                        Map<String, Object> moved = new LinkedHashMap<>(base);
                        moved.put(uniform, trial.value());
                        Pixels test = FrameRenderer.renderPixels(page, effect, backend, args.width(), args.height(),
                                args.time(), moved);
                        if (test.rgba() == null) {
                            throw new IllegalStateException(global.getKey() + " = " + trial.value() + ": "
                                    + test.status() + (test.note() == null ? "" : " (" + test.note() + ")"));
                        }
                        ImageDiff diff = ImageDiff.of(baseline.rgba(), test.rgba(), args.width(), args.height(), 0);
                        tried.add(new Trial(trial.value(), trial.rule(), diff.meanAbsDiff(), diff.maxDiff(),
                                diff.mismatchCount()));
                    }
                    Trial most = tried.stream().max(Comparator.comparingDouble(Trial::meanAbsDiff)
                            .thenComparingInt(Trial::maxDiff)).orElseThrow();
                    tested.add(new UniformResult(global.getKey(), uniform, global.getValue().path("isfType")
                            .asText(global.getValue().path("type").asText("float")), base.get(uniform),
                            most.value(), most.meanAbsDiff(), most.maxDiff(), most.changedPixels(),
                            most.maxDiff() > 0, tried));
                }
                return new ResponsivenessResult(effect.id(), backend.name(), baseline.renderer(),
                        tested.isEmpty() ? "no_testable_uniforms" : "ok", tested, null);
            }, ResponsivenessResult::status, (id, why) -> new ResponsivenessResult(id, backend.name(), null, "error",
                    List.of(), why)));
        }
        BatchPage.Answer<ResponsivenessResult> answer = BatchPage.answer(byEffect(results, effects.size()),
                EffectTests::verdict, selected.size(), args.offset(), args.limit(), args.mode(),
                backends(args.backend()).size());
        return new ResponsivenessReport(EffectCompiler.SCHEMA_VERSION, responsivenessSummary(effects.size(),
                backends(args.backend()), results) + BatchPage.more(answer.page()),
                backends(args.backend()).stream().map(Backend::name).toList(),
                "per value tried: mean_abs_diff = E[(|Δr| + |Δg| + |Δb|) / 3] / 255 over all pixels; max_diff = "
                        + "largest |Δ| of any channel, 0–255; changed_pixels = pixels with any channel (alpha too) "
                        + "different; a global's figures are those of its value with the largest mean_abs_diff",
                args.uniforms(), answer.page(), answer.results());
    }

    /** The caller's starting values that this effect has (a list may name globals of other selected effects). */
    static Map<String, Object> known(Effect effect, Map<String, Object> values) {
        Map<String, Object> known = new LinkedHashMap<>();
        JsonNode globals = effect.definition().path("globals");
        values.forEach((name, value) -> {
            boolean has = globals.has(name);
            for (JsonNode g : globals) {
                has |= name.equals(g.path("uniform").asText(null));
            }
            if (has) {
                known.put(name, value);
            }
        });
        return known;
    }

    /**
     * What ran: the uniform tests and how many changed no pixel, and the effect runs that tested nothing by status
     * (not_available, no_testable_uniforms, error…) with the first one's reason; never "0 changed no pixel" when none
     * ran.
     */
    static String responsivenessSummary(int effects, List<Backend> backends, List<ResponsivenessResult> results) {
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

    public record PassthroughResult(String effect, String backend, String renderer, String status,
                                    Double similarity, Boolean passthrough, Map<String, Object> uniforms,
                                    String note) {
    }

    public record PassthroughReport(int schemaVersion, String summary, List<String> backends, String formula,
                                    BatchPage.Info page, Bounded<PassthroughResult> effects) {
    }

    /**
     * For each filter (a pass reads {@code inputTex}), moves every numeric uniform off its default (default = min
     * or max → mid-range, else max − 0.1·range), renders the filter over the test card and compares the output
     * with the test card itself: similarity = 1 − mean_abs_diff. {@code passthrough} states the rule
     * similarity ≥ 0.99; the raw similarity is what to judge.
     */
    public PassthroughReport passthrough(EffectLibrary library, TestEffectArgs args, ToolContext context) {
        List<Effect> selected = library.select(args.effect());
        UniformValues.check(selected, args.uniforms());
        List<Effect> effects = BatchPage.slice(selected, args.offset(), args.limit());
        List<PassthroughResult> results = new ArrayList<>();
        int[] done = {0, effects.size() * backends(args.backend()).size()};
        for (Backend backend : backends(args.backend())) {
            results.addAll(batch(effects, context, done, (page, effect) -> {
                if (!isFilter(effect.definition())) {
                    return new PassthroughResult(effect.id(), backend.name(), null, "skipped", null, null, null,
                            "not a filter: no pass reads inputTex");
                }
                Map<String, Object> moved = moved(effect, known(effect, args.uniforms()), EffectTests::offDefault);
                Pixels output = FrameRenderer.renderPixels(page, effect, backend, args.width(), args.height(),
                        args.time(), moved);
                if (output.rgba() == null) {
                    return new PassthroughResult(effect.id(), backend.name(), null, output.status(), null, null,
                            moved, output.note());
                }
                byte[] card = Base64.getDecoder().decode((String) page.evaluate(
                        "([w, h]) => framescope.testCard(w, h)", List.of(args.width(), args.height())));
                double similarity = 1 - ImageDiff.of(card, output.rgba(), args.width(), args.height(), 0)
                        .meanAbsDiff();
                return new PassthroughResult(effect.id(), backend.name(), output.renderer(), "ok", similarity,
                        similarity >= 0.99, moved, null);
            }, PassthroughResult::status, (id, why) -> new PassthroughResult(id, backend.name(), null, "error", null,
                    null, null, why)));
        }
        long through = results.stream().filter(r -> Boolean.TRUE.equals(r.passthrough())).count();
        BatchPage.Answer<PassthroughResult> answer = BatchPage.answer(byEffect(results, effects.size()),
                r -> Boolean.TRUE.equals(r.passthrough()) ? "passthrough" : r.status(), selected.size(),
                args.offset(), args.limit(), args.mode(), backends(args.backend()).size());
        return new PassthroughReport(EffectCompiler.SCHEMA_VERSION, effects.size() + " effect(s) on "
                + backends(args.backend()) + ": " + through + " filter run(s) pass the input through (similarity "
                + "≥ 0.99)." + BatchPage.more(answer.page()), backends(args.backend()).stream().map(Backend::name)
                .toList(),
                "similarity = 1 − E[(|Δr| + |Δg| + |Δb|) / 3] / 255 between the test card and the output, over all "
                        + "pixels", answer.page(), answer.results());
    }

    static boolean isFilter(JsonNode definition) {
        for (JsonNode pass : definition.path("passes")) {
            for (JsonNode input : pass.path("inputs")) {
                if (input.asText().equals("inputTex")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Default = min or max → mid-range; otherwise max − 0.1·range; null for globals without a numeric range. */
    static Object offDefault(JsonNode global) {
        double[] r = numericRange(global);
        if (r == null) {
            return null;
        }
        double min = r[0];
        double max = r[1];
        double moved = r[2] == min || r[2] == max ? (min + max) / 2 : max - 0.1 * (max - min);
        return asType(global, moved);
    }

    /** {min, max, default} of a float or int global with a non-empty range; null otherwise. */
    private static double[] numericRange(JsonNode global) {
        String type = global.path("type").asText();
        if (!(type.equals("float") || type.equals("int")) || !global.has("min") || !global.has("max")
                || !global.has("default") || global.get("min").asDouble() == global.get("max").asDouble()) {
            return null;
        }
        return new double[] {global.get("min").asDouble(), global.get("max").asDouble(),
            global.get("default").asDouble()};
    }

    private static Object asType(JsonNode global, double value) {
        return global.path("type").asText().equals("int") ? (Object) (int) Math.round(value) : (Object) value;
    }

    /** The value a numeric, ranged global is moved to; null for globals that cannot be tested this way. */
    static Object testValue(JsonNode global) {
        double[] r = numericRange(global);
        if (r == null) {
            return null;
        }
        double min = r[0];
        double max = r[1];
        double value = r[2];
        double range = max - min;
        double moved = value == min ? min + 0.75 * range : value == max ? min + 0.25 * range
                : max - value > value - min ? (value + max) / 2 : (value + min) / 2;
        return asType(global, moved);
    }

    @FunctionalInterface
    private interface PerEffect<R> {
        R run(Page page, Effect effect) throws IOException;
    }

    /**
     * A responsiveness run's status for paging: 'unresponsive' when a uniform changed no pixel (a failure summary
     * mode shows), else its own.
     */
    static String verdict(ResponsivenessResult r) {
        return r.uniforms().stream().anyMatch(u -> !u.changed()) ? "unresponsive" : r.status();
    }

    /** Results run backend by backend, reordered effect by effect (each effect's backends together). */
    static <R> List<R> byEffect(List<R> backendMajor, int effects) {
        int backends = effects == 0 ? 0 : backendMajor.size() / effects;
        List<R> ordered = new ArrayList<>();
        for (int e = 0; e < effects; e++) {
            for (int b = 0; b < backends; b++) {
                ordered.add(backendMajor.get(b * effects + e));
            }
        }
        return ordered;
    }

    /**
     * Runs {@code work} for each effect, spread over the browsers (one fresh page per browser for the call), results
     * in selection order; an effect that fails gets {@code failed}'s result and never stops the batch. {@code done}:
     * {runs finished so far, runs in the call}, for one progress notification per effect run.
     */
    private <R> List<R> batch(List<Effect> effects, ToolContext context, int[] done, PerEffect<R> work,
                              Function<R, String> status,
                              BiFunction<String, String, R> failed) {
        return harness.forEach(effects, (page, effect) -> {
            try {
                return work.run(page, effect);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (RuntimeException e) {
                if (e instanceof ToolException t
                        && t.code() == ErrorCode.CANCELLED) {
                    throw t;
                }
                return failed.apply(effect.id(), PageFailures.reason(e));
            }
        }, 15_000L, context.cancellation(), (index, result) -> context.progress(++done[0], (double) done[1],
                effects.get(index).id() + ": " + status.apply(result)));
    }
}
