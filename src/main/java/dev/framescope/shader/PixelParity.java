package dev.framescope.shader;

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
import java.util.List;
import java.util.Map;

/**
 * {@code test_effect} with {@code check: parity}: each effect rendered on WebGL2 (its GLSL) and WebGPU (its WGSL)
 * with the same uniforms, at every time and uniform setting, and compared per pixel; raw numbers, the caller decides.
 * One effect failing never stops the batch.
 */
public final class PixelParity {

    private final BrowserHarness harness;

    public PixelParity(BrowserHarness harness) {
        this.harness = harness;
    }

    /** One rendering case of a parity test: a time and a uniform setting. */
    public record ParityCase(double time, String setting, int maxDiff, double meanDiff, double mismatchPercent,
                             boolean yFlipDetected) {
    }

    public record ParityResult(String effect, String status, Integer maxDiff, Double meanDiff,
                               Double mismatchPercent, Boolean yFlipDetected, ParityCase worstCase,
                               List<ParityCase> cases, List<String> structuralDifferences, String glslStatus,
                               String wgslStatus, String webgl2Renderer, String webgpuAdapter, String note,
                               NonFinite glslNonFinite, NonFinite wgslNonFinite) {
    }

    public record ParityReport(int schemaVersion, String summary, int width, int height, List<Double> times,
                               List<String> settings, int epsilon, BatchPage.Info page,
                               Bounded<ParityResult> effects) {
    }

    /**
     * Renders each effect on both backends with the same uniforms, at every time and uniform setting (the defaults,
     * and every numeric global moved as {@link UniformMoves#testValue} moves it), and compares per pixel. Aggregates:
     * the largest maxDiff and mismatch percentage over the cases, the mean of meanDiff. {@code mismatch} when any
     * pixel of any case differs by more than epsilon; {@code y_flip_detected} when, in the worst case, the WGSL frame
     * flipped upside down matches the GLSL frame better (the usual cause: the WGSL program does not flip y).
     * Structural differences (programs or uniforms one language has and the other lacks) come from the files.
     */
    public ParityReport parity(EffectLibrary library, TestEffectArgs args, ToolContext context) {
        EffectBatch batch = EffectBatch.select(library, args.effect(), args.offset(), args.limit(), args.mode());
        List<String> settings = args.moveUniforms() ? List.of("defaults", "moved") : List.of("defaults");
        List<ParityResult> results = batch.spread(harness, 15_000L, context, new EffectBatch.Run<>(
                (page, effect, index) -> compare(page, effect, args, settings),
                (effect, why) -> new ParityResult(effect.id(), "error", null, null, null, null, null, List.of(),
                        List.of(), null, null, null, null, why, null, null),
                (effect, result) -> effect.id() + ": " + result.status()));
        long mismatched = results.stream().filter(r -> r.status().equals("mismatch")).count();
        long structural = results.stream().filter(r -> !r.structuralDifferences().isEmpty()).count();
        BatchPage.Answer<ParityResult> answer = batch.answer(results, ParityResult::status, args.mode());
        return new ParityReport(NonFinite.SCHEMA_VERSION, results.size() + " effect(s) compared GLSL vs WGSL "
                + "over " + args.times().size() * settings.size() + " case(s) each: " + mismatched
                + " mismatch(es), " + structural + " with structural differences." + BatchPage.more(answer.page()),
                args.width(), args.height(), args.times(), settings, args.epsilon(), answer.page(),
                answer.results());
    }

    /** Every case of one effect, or the first frame either backend could not render. */
    private static ParityResult compare(Page page, Effect effect, TestEffectArgs args, List<String> settings) {
        List<String> structural = StructureCheck.languageDifferences(effect);
        List<ParityCase> cases = new ArrayList<>();
        String[] renderers = new String[2];
        NonFinite[] nonFinite = new NonFinite[2];
        for (String setting : settings) {
            Map<String, Object> uniforms = setting.equals("defaults") ? effect.uniforms(Map.of())
                    : UniformMoves.moved(effect, UniformMoves::testValue);
            for (double time : args.times()) {
                Pixels glsl = RuntimePage.render(page, effect, Backend.webgl2, args.width(), args.height(), time,
                        uniforms);
                Pixels wgsl = RuntimePage.render(page, effect, Backend.webgpu, args.width(), args.height(), time,
                        uniforms);
                if (glsl.rgba() == null || wgsl.rgba() == null) {
                    boolean missing = glsl.status().equals("not_available") || wgsl.status().equals("not_available");
                    return new ParityResult(effect.id(), missing ? "not_available" : "error", null, null, null, null,
                            null, List.of(), structural, glsl.status(), wgsl.status(), glsl.renderer(),
                            wgsl.renderer(), glsl.note() != null ? glsl.note() : wgsl.note(), null, null);
                }
                cases.add(parityCase(glsl, wgsl, time, setting, args));
                renderers[0] = glsl.renderer();
                renderers[1] = wgsl.renderer();
                nonFinite[0] = NonFinite.firstFound(nonFinite[0], glsl.nonFinite());
                nonFinite[1] = NonFinite.firstFound(nonFinite[1], wgsl.nonFinite());
            }
        }
        ParityCase worst = cases.stream().max(Comparator.comparingDouble(ParityCase::meanDiff)).orElseThrow();
        int maxDiff = cases.stream().mapToInt(ParityCase::maxDiff).max().orElse(0);
        return new ParityResult(effect.id(), maxDiff > args.epsilon() ? "mismatch" : "ok", maxDiff,
                cases.stream().mapToDouble(ParityCase::meanDiff).average().orElse(0),
                cases.stream().mapToDouble(ParityCase::mismatchPercent).max().orElse(0), worst.yFlipDetected(),
                worst, cases, structural, "ok", "ok", renderers[0], renderers[1], null, nonFinite[0], nonFinite[1]);
    }

    /** One case's per-pixel difference, and whether the WGSL frame upside down matches better. */
    private static ParityCase parityCase(Pixels glsl, Pixels wgsl, double time, String setting, TestEffectArgs args) {
        ImageDiff diff = ImageDiff.of(glsl.rgba(), wgsl.rgba(), args.width(), args.height(), args.epsilon());
        ImageDiff flipped = ImageDiff.of(glsl.rgba(), ImageDiff.flipped(wgsl.rgba(), args.width(), args.height()),
                args.width(), args.height(), args.epsilon());
        return new ParityCase(time, setting, diff.maxDiff(), diff.meanDiff(), diff.mismatchPercent(),
                flipped.meanDiff() < diff.meanDiff());
    }
}
