package dev.framescope.shader;

import com.microsoft.playwright.Page;
import dev.framescope.common.Bounded;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolOutput;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.ShaderArgs.RenderEffectFrameArgs;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.ImageInputs;
import dev.framescope.shader.harness.BrowserHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code render_effect_frame}: renders one frame of each selected effect into an offscreen target on the chosen
 * backend, reads the pixels back from the GPU, and measures them ({@link PixelStats}). Uniforms start at the
 * effect's defaults and take the caller's overrides. Single-pass effects render their one program; for multi-pass
 * effects every pass runs, feedback ones for the frames up to the requested time (reported in {@code note}), and
 * a float final target is read as floats ({@code float_stats}: exact values, also beyond 0..1).
 */
public final class FrameRenderer {

    private final BrowserHarness harness;

    public FrameRenderer(BrowserHarness harness) {
        this.harness = harness;
    }

    /**
     * {@code nonFinite}: NaN/±Inf every pass wrote, counted before 8-bit targets quantise them ({@link NonFinite});
     * {@code passTrace}: with trace_x/trace_y, each pass's value at that pixel in drawing order ({@link PassTrace}).
     */
    public record FrameResult(String effect, String backend, String status, String renderer, Integer width,
                              Integer height, Double time, Map<String, Object> uniforms, PixelStats metrics,
                              List<EffectCompiler.Diagnostic> diagnostics, String note, FloatStats floatStats,
                              NonFinite nonFinite, Bounded<PassTrace> passTrace) {
    }

    /** Passes shown in a pass trace; a longer chain (noisemaker repeats) is cut, and says so. */
    static final int TRACED_PASSES = 64;

    /** {@code frames}: the results shown (all, or the failures in summary mode); {@code page}: what they cover. */
    public record FrameReport(int schemaVersion, String summary, BatchPage.Info page, Bounded<FrameResult> frames) {
    }

    public ToolOutput render(EffectLibrary library, RenderEffectFrameArgs args, ToolContext context) {
        EffectBatch batch = EffectBatch.select(library, args.effect(), args.offset(), args.limit(), args.mode());
        UniformValues.check(batch.effects(), args.uniforms());
        ImageInputs.check(batch.effects(), args.images());
        FirstImage first = new FirstImage();
        List<FrameResult> results = batch.spread(harness, 10_000L, context, new EffectBatch.Run<>(
                (page, effect, index) -> renderOne(page, effect, args, index, first),
                (effect, why) -> new FrameResult(effect.id(), args.backend().name(), "error", null, null, null, null,
                        null, null, List.of(), why, null, null, null),
                (effect, result) -> "rendered " + result.effect() + " (" + result.status() + ")"));
        long ok = results.stream().filter(r -> r.status().equals("ok")).count();
        BatchPage.Answer<FrameResult> answer = batch.answer(results, FrameResult::status, args.mode());
        String summary = results.size() + " frame(s) on " + args.backend() + ": " + ok + " rendered" + headline(results)
                + "." + BatchPage.more(answer.page());
        FrameReport report = new FrameReport(NonFinite.SCHEMA_VERSION, summary, answer.page(), answer.results());
        List<ToolOutput.Image> images = new ArrayList<>();
        if (args.includeImage() && first.rgba != null) {
            images.add(new ToolOutput.Image(Png.encode(first.rgba, args.width(), args.height()), "image/png"));
        }
        if (args.passImages() && first.probes != null) {
            for (PassProbes.Pass p : first.probes.passes()) {
                if (p.picture() != null) {
                    images.add(new ToolOutput.Image(Png.encode(p.picture(), p.width(), p.height()), "image/png"));
                }
            }
        }
        return images.isEmpty() ? ToolOutput.of(report) : images.size() == 1
                ? new ToolOutput.WithImage(report, images.get(0).image(), "image/png")
                : new ToolOutput.WithImages(report, images);
    }

    /** The frame of the first effect (in selection order) that rendered, whichever browser rendered it. */
    private static final class FirstImage {
        private int index = Integer.MAX_VALUE;
        private byte[] rgba;
        private PassProbes probes;

        synchronized void offer(int at, byte[] pixels, PassProbes passes) {
            if (at < index) {
                index = at;
                rgba = pixels;
                probes = passes;
            }
        }
    }

    private static String headline(List<FrameResult> results) {
        for (FrameResult r : results) {
            if (r.metrics() != null) {
                FloatStats f = r.floatStats();
                // A float target's bytes round values under 1/510 to 0: blank only if the floats are.
                boolean blank = r.metrics().isEssentiallyBlank()
                        && (f == null || Math.max(Math.abs(f.max()[0]), Math.max(Math.abs(f.max()[1]),
                        Math.abs(f.max()[2]))) < 1.0 / 510 && f.min()[0] >= 0 && f.min()[1] >= 0 && f.min()[2] >= 0);
                String nonFinite = r.nonFinite() == null ? "" : r.nonFinite().said();
                return String.format("; %s mean RGB (%.3f, %.3f, %.3f), %d sampled colours%s%s", r.effect(),
                        r.metrics().meanRgb()[0], r.metrics().meanRgb()[1], r.metrics().meanRgb()[2],
                        r.metrics().uniqueSampledColors(), blank ? ", essentially blank" : "", f == null ? ""
                                : String.format("; float target: exact mean RGB (%s, %s, %s), max (%s, %s, %s), "
                                + "%.3g%% of components above 1, %.3g%% below 0", finite(f.mean()[0]),
                                finite(f.mean()[1]), finite(f.mean()[2]), finite(f.max()[0]), finite(f.max()[1]),
                                finite(f.max()[2]), 100 * f.fractionAboveOne(), 100 * f.fractionBelowZero()))
                        + nonFinite;
            }
        }
        return "";
    }

    /** A float figure; NaN where a channel had no finite value at all (it said NaN even for a channel all +Inf). */
    private static String finite(double v) {
        return Double.isNaN(v) ? "none finite" : String.format("%.4g", v);
    }

    private FrameResult renderOne(Page page, Effect effect, RenderEffectFrameArgs args, int index, FirstImage first) {
        Map<String, Object> uniforms = effect.uniforms(args.uniforms());
        Pixels pixels = RuntimePage.render(page, effect, args.backend().asBackend(), args.width(), args.height(),
                args.time(), uniforms, args.images(), args.frames(),
                new RuntimePage.Probe(args.traceX(), args.traceY(), args.passImages()), false);
        if (pixels.rgba() == null) {
            return new FrameResult(effect.id(), args.backend().name(), pixels.status(), null, args.width(),
                    args.height(), args.time(), uniforms, null, pixels.diagnostics(), pixels.note(), null, null, null);
        }
        if (args.includeImage() || args.passImages()) {
            first.offer(index, args.includeImage() ? pixels.rgba() : null, pixels.probes());
        }
        Bounded<PassTrace> trace = args.traceX() == null ? null : Bounded.of(pixels.probes().passes().stream()
                .map(p -> PassTrace.of(p, p.index() < effect.programs().size()
                        ? effect.programs().get(p.index()).pass() : null)).toList(), TRACED_PASSES);
        return new FrameResult(effect.id(), args.backend().name(), "ok", pixels.renderer(), args.width(),
                args.height(), args.time(), uniforms, PixelStats.of(pixels.rgba(), args.width(), args.height()),
                pixels.diagnostics(), pixels.note(), pixels.floats() == null ? null : FloatStats.of(pixels.floats()),
                pixels.nonFinite(), trace);
    }
}
