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

    public record FrameResult(String effect, String backend, String status, String renderer, Integer width,
                              Integer height, Double time, Map<String, Object> uniforms, PixelStats metrics,
                              List<EffectCompiler.Diagnostic> diagnostics, String note, FloatStats floatStats) {
    }

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
                        null, null, List.of(), why, null),
                (effect, result) -> "rendered " + result.effect() + " (" + result.status() + ")"));
        long ok = results.stream().filter(r -> r.status().equals("ok")).count();
        BatchPage.Answer<FrameResult> answer = batch.answer(results, FrameResult::status, args.mode());
        String summary = results.size() + " frame(s) on " + args.backend() + ": " + ok + " rendered" + headline(results)
                + "." + BatchPage.more(answer.page());
        FrameReport report = new FrameReport(EffectCompiler.SCHEMA_VERSION, summary, answer.page(), answer.results());
        if (args.includeImage() && first.rgba != null) {
            return new ToolOutput.WithImage(report, Png.encode(first.rgba, args.width(), args.height()), "image/png");
        }
        return ToolOutput.of(report);
    }

    /** The frame of the first effect (in selection order) that rendered, whichever browser rendered it. */
    private static final class FirstImage {
        private int index = Integer.MAX_VALUE;
        private byte[] rgba;

        synchronized void offer(int at, byte[] pixels) {
            if (at < index) {
                index = at;
                rgba = pixels;
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
                return String.format("; %s mean RGB (%.3f, %.3f, %.3f), %d sampled colours%s%s", r.effect(),
                        r.metrics().meanRgb()[0], r.metrics().meanRgb()[1], r.metrics().meanRgb()[2],
                        r.metrics().uniqueSampledColors(), blank ? ", essentially blank" : "", f == null ? ""
                                : String.format("; float target: exact mean RGB (%.4g, %.4g, %.4g), max (%.4g, %.4g, "
                                + "%.4g), %.3g%% of components above 1, %.3g%% below 0", f.mean()[0], f.mean()[1],
                                f.mean()[2], f.max()[0], f.max()[1], f.max()[2], 100 * f.fractionAboveOne(),
                                100 * f.fractionBelowZero()));
            }
        }
        return "";
    }

    private FrameResult renderOne(Page page, Effect effect, RenderEffectFrameArgs args, int index, FirstImage first) {
        Map<String, Object> uniforms = effect.uniforms(args.uniforms());
        Pixels pixels = RuntimePage.render(page, effect, args.backend().asBackend(), args.width(), args.height(),
                args.time(), uniforms, args.images(), args.frames());
        if (pixels.rgba() == null) {
            return new FrameResult(effect.id(), args.backend().name(), pixels.status(), null, args.width(),
                    args.height(), args.time(), uniforms, null, pixels.diagnostics(), pixels.note(), null);
        }
        if (args.includeImage()) {
            first.offer(index, pixels.rgba());
        }
        return new FrameResult(effect.id(), args.backend().name(), "ok", pixels.renderer(), args.width(),
                args.height(), args.time(), uniforms, PixelStats.of(pixels.rgba(), args.width(), args.height()),
                pixels.diagnostics(), pixels.note(), pixels.floats() == null ? null : FloatStats.of(pixels.floats()));
    }
}
