package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Bounded;
import dev.framescope.common.ToolContext;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.EffectLibrary.Effect;
import dev.framescope.shader.FrameRenderer.Pixels;
import dev.framescope.shader.ShaderArgs.PixelParityArgs;
import dev.framescope.shader.ShaderArgs.UniformResponsivenessArgs;
import dev.framescope.shader.harness.BrowserHarness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
                               List<String> settings, int epsilon, Bounded<ParityResult> effects) {
    }

    /**
     * Renders each effect on both backends with the same uniforms, at every time and uniform setting (the defaults,
     * and every numeric global moved as {@link #testValue} moves it), and compares per pixel. Aggregates: the largest
     * maxDiff and mismatch percentage over the cases, the mean of meanDiff. {@code mismatch} when any pixel of any
     * case differs by more than epsilon; {@code y_flip_detected} when, in the worst case, the WGSL frame flipped
     * upside down matches the GLSL frame better (the usual cause: the WGSL program does not flip y).
     * Structural differences (programs or uniforms one language has and the other lacks) come from the files.
     */
    public ParityReport parity(EffectLibrary library, PixelParityArgs args, ToolContext context) {
        List<Effect> effects = library.select(args.effect());
        List<String> settings = args.moveUniforms() ? List.of("defaults", "moved") : List.of("defaults");
        List<ParityResult> results = batch(effects, context, (page, effect) -> {
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
            ParityCase worst = cases.stream().max(java.util.Comparator.comparingDouble(ParityCase::meanDiff))
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
        return new ParityReport(EffectCompiler.SCHEMA_VERSION, results.size() + " effect(s) compared GLSL vs WGSL "
                + "over " + args.times().size() * settings.size() + " case(s) each: " + mismatched
                + " mismatch(es), " + structural + " with structural differences.", args.width(), args.height(),
                args.times(), settings, args.epsilon(), Bounded.of(results, 100));
    }

    /** The defaults with every numeric, ranged global moved by {@code move}. */
    private static Map<String, Object> moved(Effect effect, java.util.function.Function<JsonNode, Object> move) {
        Map<String, Object> moved = new LinkedHashMap<>(FrameRenderer.uniforms(effect.definition(), Map.of()));
        effect.definition().path("globals").fields().forEachRemaining(g -> {
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

    public record UniformResult(String global, String uniform, Object defaultValue, Object testedValue,
                                double meanAbsDiff, int maxDiff) {
    }

    public record ResponsivenessResult(String effect, String backend, String renderer, String status,
                                       List<UniformResult> uniforms, String note) {
    }

    public record ResponsivenessReport(int schemaVersion, String summary, List<String> backends, String formula,
                                       Bounded<ResponsivenessResult> effects) {
    }

    /**
     * For each numeric global with a uniform and a range: renders at the defaults and with only that global moved
     * (default = min → min + 0.75·range; default = max → min + 0.25·range; else halfway to the farther bound;
     * ints rounded), and reports the per-pixel mean_abs_diff of the two frames (0 = the uniform changes nothing),
     * on each requested backend.
     */
    public ResponsivenessReport responsiveness(EffectLibrary library, UniformResponsivenessArgs args,
                                               ToolContext context) {
        List<Effect> effects = library.select(args.effect());
        List<ResponsivenessResult> results = new ArrayList<>();
        for (Backend backend : backends(args.backend())) {
            results.addAll(batch(effects, context, (page, effect) -> {
                Map<String, Object> defaults = FrameRenderer.uniforms(effect.definition(), Map.of());
                Pixels baseline = FrameRenderer.renderPixels(page, effect, backend, args.width(), args.height(),
                        args.time(), defaults);
                if (baseline.rgba() == null) {
                    return new ResponsivenessResult(effect.id(), backend.name(), null, baseline.status(),
                            List.of(), baseline.note());
                }
                List<UniformResult> tested = new ArrayList<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = effect.definition().path("globals").fields();
                     it.hasNext(); ) {
                    Map.Entry<String, JsonNode> global = it.next();
                    Object value = testValue(global.getValue());
                    if (value == null) {
                        continue;
                    }
                    String uniform = global.getValue().path("uniform").asText(global.getKey());
                    Map<String, Object> moved = new LinkedHashMap<>(defaults);
                    moved.put(uniform, value);
                    Pixels test = FrameRenderer.renderPixels(page, effect, backend, args.width(), args.height(),
                            args.time(), moved);
                    ImageDiff diff = ImageDiff.of(baseline.rgba(), test.rgba(), args.width(), args.height(), 0);
                    tested.add(new UniformResult(global.getKey(), uniform, defaults.get(uniform), value,
                            diff.meanAbsDiff(), diff.maxDiff()));
                }
                return new ResponsivenessResult(effect.id(), backend.name(), baseline.renderer(),
                        tested.isEmpty() ? "no_testable_uniforms" : "ok", tested, null);
            }, ResponsivenessResult::status, (id, why) -> new ResponsivenessResult(id, backend.name(), null, "error",
                    List.of(), why)));
        }
        return new ResponsivenessReport(EffectCompiler.SCHEMA_VERSION, responsivenessSummary(effects.size(),
                backends(args.backend()), results), backends(args.backend()).stream().map(Backend::name).toList(),
                "mean_abs_diff = E[(|Δr| + |Δg| + |Δb|) / 3] / 255 over all pixels; max_diff = largest |Δ| of any "
                        + "channel, 0–255", Bounded.of(results, 100));
    }

    /**
     * What ran: the uniform tests and how many changed no pixel, and the effect runs that tested nothing by status
     * (not_available, no_testable_uniforms, error…) with the first one's reason; never "0 changed no pixel" when none
     * ran.
     */
    static String responsivenessSummary(int effects, List<Backend> backends, List<ResponsivenessResult> results) {
        long tests = results.stream().mapToLong(r -> r.uniforms().size()).sum();
        long dead = results.stream().flatMap(r -> r.uniforms().stream()).filter(u -> u.meanAbsDiff() == 0).count();
        Map<String, Long> untested = new java.util.TreeMap<>();
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
                .map(e -> e.getValue() + " " + e.getKey()).collect(java.util.stream.Collectors.joining(", "))
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
                                    Bounded<PassthroughResult> effects) {
    }

    /**
     * For each filter (a pass reads {@code inputTex}), moves every numeric uniform off its default (default = min
     * or max → mid-range, else max − 0.1·range), renders the filter over the test card and compares the output
     * with the test card itself: similarity = 1 − mean_abs_diff. {@code passthrough} states the rule
     * similarity ≥ 0.99; the raw similarity is what to judge.
     */
    public PassthroughReport passthrough(EffectLibrary library, UniformResponsivenessArgs args, ToolContext context) {
        List<Effect> effects = library.select(args.effect());
        List<PassthroughResult> results = new ArrayList<>();
        for (Backend backend : backends(args.backend())) {
            results.addAll(batch(effects, context, (page, effect) -> {
                if (!isFilter(effect.definition())) {
                    return new PassthroughResult(effect.id(), backend.name(), null, "skipped", null, null, null,
                            "not a filter: no pass reads inputTex");
                }
                Map<String, Object> moved = moved(effect, EffectTests::offDefault);
                Pixels output = FrameRenderer.renderPixels(page, effect, backend, args.width(), args.height(),
                        args.time(), moved);
                if (output.rgba() == null) {
                    return new PassthroughResult(effect.id(), backend.name(), null, output.status(), null, null,
                            moved, output.note());
                }
                byte[] card = java.util.Base64.getDecoder().decode((String) page.evaluate(
                        "([w, h]) => framescope.testCard(w, h)", List.of(args.width(), args.height())));
                double similarity = 1 - ImageDiff.of(card, output.rgba(), args.width(), args.height(), 0)
                        .meanAbsDiff();
                return new PassthroughResult(effect.id(), backend.name(), output.renderer(), "ok", similarity,
                        similarity >= 0.99, moved, null);
            }, PassthroughResult::status, (id, why) -> new PassthroughResult(id, backend.name(), null, "error", null,
                    null, null, why)));
        }
        long through = results.stream().filter(r -> Boolean.TRUE.equals(r.passthrough())).count();
        return new PassthroughReport(EffectCompiler.SCHEMA_VERSION, effects.size() + " effect(s) on "
                + backends(args.backend()) + ": " + through + " filter run(s) pass the input through (similarity "
                + "≥ 0.99).", backends(args.backend()).stream().map(Backend::name).toList(),
                "similarity = 1 − E[(|Δr| + |Δg| + |Δb|) / 3] / 255 between the test card and the output, over all "
                        + "pixels", Bounded.of(results, 100));
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
        R run(com.microsoft.playwright.Page page, Effect effect) throws IOException;
    }

    private <R> List<R> batch(List<Effect> effects, ToolContext context, PerEffect<R> work,
                              java.util.function.Function<R, String> status,
                              java.util.function.BiFunction<String, String, R> failed) {
        return harness.withPage(page -> {
            List<R> results = new ArrayList<>();
            for (Effect effect : effects) {
                context.cancellation().throwIfCancelled();
                try {
                    results.add(work.run(page, effect));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (RuntimeException e) {
                    results.add(failed.apply(effect.id(), String.valueOf(e.getMessage()).lines().findFirst()
                            .orElse("")));
                }
                context.progress(results.size(), (double) effects.size(), effect.id() + ": "
                        + status.apply(results.get(results.size() - 1)));
            }
            return results;
        }, 30_000 + 15_000L * effects.size(), context.cancellation());
    }
}
