package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Bounded;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.shader.EffectLibrary.Effect;
import dev.framescope.shader.EffectLibrary.Program;
import dev.framescope.shader.ShaderArgs.BenchmarkEffectArgs;
import dev.framescope.shader.harness.BrowserHarness;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
        List<Effect> selected = library.select(args.effect());
        List<Effect> effects = BatchPage.slice(selected, args.offset(), args.limit());
        boolean webgl = args.backend() == EffectCompiler.OneBackend.webgl2;
        List<BenchmarkResult> results = harness.<List<BenchmarkResult>>withPage(page -> {
            List<BenchmarkResult> batch = new ArrayList<>();
            for (Effect effect : effects) {
                context.cancellation().throwIfCancelled();
                String unsupported = effect.unsupported() != null ? effect.unsupported()
                        : effect.isNoisemaker() && !webgl ? effect.programs().stream()
                        .map(NoisemakerImport::wgslUnsupported).filter(Objects::nonNull).findFirst()
                        .orElse(null) : null;
                if (unsupported == null && effect.isNoisemaker()) {
                    unsupported = NoisemakerTextures.unsupported(effect, webgl, args.width(), args.height(),
                            FrameRenderer.uniforms(effect.definition(), Map.of()));
                }
                if (unsupported != null) {
                    batch.add(new BenchmarkResult(effect.id(), args.backend().name(), "unsupported", null, null,
                            null, null, unsupported));
                    context.progress(batch.size(), (double) effects.size(), effect.id() + ": unsupported");
                    continue;
                }
                if (effect.programs().isEmpty() || effect.programs().stream()
                        .anyMatch(p -> (webgl ? p.glsl() : p.wgsl()) == null)) {
                    batch.add(new BenchmarkResult(effect.id(), args.backend().name(), "not_available", null, null,
                            null, null, "no " + (webgl ? "GLSL" : "WGSL") + " program for every pass"));
                    context.progress(batch.size(), (double) effects.size(), effect.id() + ": not_available");
                    continue;
                }
                Map<String, Object> options = new HashMap<>(Map.of("width", args.width(), "height", args.height(),
                        "frames", args.frames(), "uniforms", FrameRenderer.uniforms(effect.definition(), Map.of())));
                Program program = effect.programs().get(0);
                String source = "";
                if (effect.usesPassRuntime()) {
                    FrameRenderer.putPasses(options, effect, webgl, args.width(), args.height(),
                            FrameRenderer.uniforms(effect.definition(), Map.of()));
                } else {
                    source = effect.source(program, webgl ? program.glsl() : program.wgsl());
                }
                JsonNode r = Json.mapper().valueToTree(page.evaluate(
                        "([language, source, options]) => framescope.benchmark(language, source, options)",
                        List.of(webgl ? "glsl" : "wgsl", source, options)));
                if (r.path("cancelled").asBoolean()) {
                    context.cancellation().throwIfCancelled();
                }
                if (!r.path("ok").asBoolean()) {
                    batch.add(new BenchmarkResult(effect.id(), args.backend().name(), "error", null, null, null, null,
                            r.has("unavailable") ? r.get("unavailable").asText()
                                    : r.path("diagnostics").path(0).path("message").asText("does not compile")));
                } else {
                    double[] ms = new double[r.get("frame_ms").size()];
                    for (int i = 0; i < ms.length; i++) {
                        ms[i] = r.get("frame_ms").get(i).asDouble();
                    }
                    batch.add(new BenchmarkResult(effect.id(), args.backend().name(), "ok",
                            r.path("renderer").asText(null), r.get("frames").asInt(), r.get("elapsed_ms").asDouble(),
                            FrameTimes.of(ms), null));
                }
                context.progress(batch.size(), (double) effects.size(), "benchmarked " + effect.id());
            }
            return batch;
        }, 60_000 + 30_000L * effects.size(), context.cancellation()).stream()
                .map(r -> r.against(args.targetFps())).toList();
        BenchmarkResult first = results.stream().filter(r -> r.msPerFrame() != null).findFirst().orElse(null);
        String summary = results.size() + " effect(s), " + args.frames() + " frames each at " + args.width() + "×"
                + args.height() + " on " + args.backend() + (first == null ? "" : String.format(
                "; %s: p50 %.2f ms/frame (%.0f frames/s from the mean)", first.effect(), first.msPerFrame().p50(),
                first.msPerFrame().framesPerSecond())) + targetSummary(results, args.targetFps()) + ".";
        BatchPage.Answer<BenchmarkResult> answer = BatchPage.answer(results, r -> Boolean.FALSE.equals(
                r.meetsTarget()) ? "below_target" : r.status(), selected.size(), args.offset(), args.limit(),
                args.mode());
        return new BenchmarkReport(EffectCompiler.SCHEMA_VERSION, summary + BatchPage.more(answer.page()),
                args.width(), args.height(), answer.page(), answer.results(), args.targetFps());
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
