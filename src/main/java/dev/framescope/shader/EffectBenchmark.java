package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Page;
import dev.framescope.common.Bounded;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.shader.ShaderArgs.BenchmarkEffectArgs;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.FrameInputs;
import dev.framescope.shader.formats.Program;
import dev.framescope.shader.harness.BrowserHarness;
import dev.framescope.shader.harness.PageArguments;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code benchmark_effect_fps}: renders N frames back to back, each followed by a GPU fence (a one-pixel readPixels on
 * WebGL2, {@code onSubmittedWorkDone} on WebGPU), and reports per-frame wall time. Not derived from
 * requestAnimationFrame, which headless Chromium caps near 60/s. On this machine both backends run on SwiftShader,
 * so the figures are CPU-rasteriser figures; the renderer string says so.
 */
public final class EffectBenchmark {

    private final BrowserHarness harness;

    public EffectBenchmark(BrowserHarness harness) {
        this.harness = harness;
    }

    /** Frame-time percentiles in ms (nearest rank) and the rate a mean frame time allows. */
    public record FrameTimes(double p50, double p95, double max, double mean, double framesPerSecond) {
        static FrameTimes of(double[] ms) {
            double[] sorted = ms.clone();
            Arrays.sort(sorted);
            double mean = Arrays.stream(ms).average().orElse(Double.NaN);
            return new FrameTimes(rank(sorted, 0.50), rank(sorted, 0.95), sorted[sorted.length - 1], mean,
                    1000 / mean);
        }

        private static double rank(double[] sorted, double q) {
            return sorted[Math.max(1, (int) Math.ceil(q * sorted.length)) - 1];
        }
    }

    /**
     * {@code meetsTarget}: frames_per_second ≥ the caller's target_fps; null without a target or without a
     * measurement.
     */
    public record BenchmarkResult(String effect, String backend, String status, String renderer, Integer framesRendered,
                                  Double elapsedMs, FrameTimes msPerFrame, String note, Boolean meetsTarget) {
        BenchmarkResult(String effect, String backend, String status, String renderer, Integer framesRendered,
                        Double elapsedMs, FrameTimes msPerFrame, String note) {
            this(effect, backend, status, renderer, framesRendered, elapsedMs, msPerFrame, note, null);
        }

        BenchmarkResult against(Double targetFps) {
            return targetFps == null || msPerFrame == null ? this : new BenchmarkResult(effect, backend, status,
                    renderer, framesRendered, elapsedMs, msPerFrame, note, msPerFrame.framesPerSecond() >= targetFps);
        }
    }

    public record BenchmarkReport(int schemaVersion, String summary, int width, int height,
                                  BatchPage.Info page, Bounded<BenchmarkResult> effects, Double targetFps) {
    }

    public BenchmarkReport benchmark(EffectLibrary library, BenchmarkEffectArgs args, ToolContext context) {
        EffectBatch batch = EffectBatch.select(library, args.effect(), args.offset(), args.limit(), args.mode());
        // In order on one page: two benchmarks at once would share the CPU rasteriser and time each other.
        List<BenchmarkResult> results = batch.inOrder(harness, 60_000 + 30_000L * batch.effects().size(), context,
                new EffectBatch.Run<>((page, effect, index) -> benchmarkOne(page, effect, args, context), null,
                        (effect, result) -> result.status().equals("unsupported")
                                || result.status().equals("not_available") ? effect.id() + ": " + result.status()
                                : "benchmarked " + effect.id())).stream()
                .map(r -> r.against(args.targetFps())).toList();
        BenchmarkResult first = results.stream().filter(r -> r.msPerFrame() != null).findFirst().orElse(null);
        String summary = results.size() + " effect(s), " + args.frames() + " frames each at " + args.width() + "×"
                + args.height() + " on " + args.backend() + (first == null ? "" : String.format(
                "; %s: p50 %.2f ms/frame (%.0f frames/s from the mean)", first.effect(), first.msPerFrame().p50(),
                first.msPerFrame().framesPerSecond())) + targetSummary(results, args.targetFps()) + ".";
        BatchPage.Answer<BenchmarkResult> answer = batch.answer(results, r -> Boolean.FALSE.equals(
                r.meetsTarget()) ? "below_target" : r.status(), args.mode());
        return new BenchmarkReport(EffectCompiler.SCHEMA_VERSION, summary + BatchPage.more(answer.page()),
                args.width(), args.height(), answer.page(), answer.results(), args.targetFps());
    }

    /** One effect's frames on the page, or why it has none to measure; a page failure fails the call. */
    private static BenchmarkResult benchmarkOne(Page page, Effect effect, BenchmarkEffectArgs args,
                                                ToolContext context) {
        boolean webgl = args.backend() == EffectCompiler.OneBackend.webgl2;
        Map<String, Object> defaults = effect.uniforms(Map.of());
        FrameInputs frame = new FrameInputs(webgl, args.width(), args.height(), defaults, Map.of());
        String unsupported = effect.unsupported() != null ? effect.unsupported()
                : effect.format().unsupported(effect, frame);
        if (unsupported != null) {
            return new BenchmarkResult(effect.id(), args.backend().name(), "unsupported", null, null, null, null,
                    unsupported);
        }
        if (effect.programs().isEmpty() || effect.programs().stream().anyMatch(p -> p.file(webgl) == null)) {
            return new BenchmarkResult(effect.id(), args.backend().name(), "not_available", null, null, null, null,
                    "no " + (webgl ? "GLSL" : "WGSL") + " program for every pass");
        }
        Map<String, Object> options = new HashMap<>(Map.of("width", args.width(), "height", args.height(),
                "frames", args.frames(), "uniforms", defaults));
        Program program = effect.programs().get(0);
        String source = "";
        if (effect.usesPassRuntime()) {
            effect.format().putPasses(options, effect, frame);
            options.put("host", effect.format().pageHost(effect, frame).toPage());
        } else {
            source = effect.source(program, program.file(webgl));
        }
        JsonNode r = Json.mapper().valueToTree(page.evaluate(
                "([language, source, options]) => framescope.benchmark(language, source, options)",
                List.of(webgl ? "glsl" : "wgsl", source, PageArguments.exact(options))));
        if (r.path("cancelled").asBoolean()) {
            context.cancellation().throwIfCancelled();
        }
        if (!r.path("ok").asBoolean()) {
            return new BenchmarkResult(effect.id(), args.backend().name(), "error", null, null, null, null,
                    r.has("unavailable") ? r.get("unavailable").asText()
                            : r.path("diagnostics").path(0).path("message").asText("does not compile"));
        }
        double[] ms = new double[r.get("frame_ms").size()];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = r.get("frame_ms").get(i).asDouble();
        }
        return new BenchmarkResult(effect.id(), args.backend().name(), "ok", r.path("renderer").asText(null),
                r.get("frames").asInt(), r.get("elapsed_ms").asDouble(), FrameTimes.of(ms), null);
    }

    static String targetSummary(List<BenchmarkResult> results, Double targetFps) {
        if (targetFps == null) {
            return "";
        }
        long measured = results.stream().filter(r -> r.meetsTarget() != null).count();
        long meeting = results.stream().filter(r -> Boolean.TRUE.equals(r.meetsTarget())).count();
        String target = targetFps == Math.rint(targetFps) ? String.valueOf(targetFps.longValue())
                : String.valueOf(targetFps);
        return "; " + meeting + " of " + measured + " measured meet " + target + " frames/s";
    }
}
