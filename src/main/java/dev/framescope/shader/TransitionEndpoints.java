package dev.framescope.shader;

import com.microsoft.playwright.Page;
import dev.framescope.common.Bounded;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.ShaderArgs.TestEffectArgs;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.TransitionEnds;
import dev.framescope.shader.harness.BrowserHarness;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code test_effect} with {@code check: endpoints}: a transition (a gl-transition, an ISF file with startImage,
 * endImage and progress) must show its from image at progress 0 and its to image at 1. Each end is rendered with the
 * cards its format binds and compared with that card ({@link PixelMatch}); the verdict is per end, within the
 * tolerance. Other effects are skipped. One effect failing never stops the batch.
 */
public final class TransitionEndpoints {

    private final BrowserHarness harness;

    public TransitionEndpoints(BrowserHarness harness) {
        this.harness = harness;
    }

    /** One end: the progress, the image it should show and how the frame matches it. */
    public record EndpointCase(double progress, String expected, PixelMatch match) {
    }

    /** {@code status}: ok (both ends match), differs, skipped (not a transition), or the frame's own (error…). */
    public record EndpointResult(String effect, String backend, String status, String renderer,
                                 List<EndpointCase> ends, String note) {
    }

    public record EndpointReport(int schemaVersion, String summary, String formula, int width, int height,
                                 int tolerance, BatchPage.Info page, Bounded<EndpointResult> effects) {
    }

    public EndpointReport check(EffectLibrary library, TestEffectArgs args, ToolContext context) {
        EffectBatch batch = EffectBatch.select(library, args.effect(), args.offset(), args.limit(), args.mode(),
                selected -> checkUniforms(selected, args));
        List<EndpointResult> results = batch.spread(harness, 15_000L, context, new EffectBatch.Run<>(
                (page, effect, index) -> ends(page, effect, args),
                (effect, why) -> new EndpointResult(effect.id(), args.backend().name(), "error", null, List.of(), why),
                (effect, result) -> effect.id() + ": " + result.status()));
        BatchPage.Answer<EndpointResult> answer = batch.answer(results, EndpointResult::status, args.mode());
        return new EndpointReport(EffectCompiler.SCHEMA_VERSION, summary(results, args) + BatchPage.more(answer.page()),
                PixelMatch.FORMULA + ", between the frame at progress 0 and the from image, at 1 and the to image",
                args.width(), args.height(), args.tolerance(), answer.page(), answer.results());
    }

    /** The uniforms must fit the effects, and may not set the progress this check sets itself. */
    private static void checkUniforms(List<Effect> selected, TestEffectArgs args) {
        UniformValues.check(selected, args.uniforms());
        for (Effect effect : selected) {
            TransitionEnds ends = effect.format().transitionEnds(effect);
            if (ends != null && args.uniforms().containsKey(ends.progress())) {
                throw ToolException.invalidArgument("uniforms." + ends.progress(), "absent with check "
                        + "endpoints (it renders progress 0 and 1)", args.uniforms().get(ends.progress()));
            }
        }
    }

    private static EndpointResult ends(Page page, Effect effect, TestEffectArgs args) {
        String backend = args.backend().name();
        TransitionEnds ends = effect.format().transitionEnds(effect);
        if (ends == null) {
            return new EndpointResult(effect.id(), backend, "skipped", null, List.of(), "not a transition (a "
                    + "gl-transition, or ISF with startImage, endImage and progress)");
        }
        List<EndpointCase> cases = new ArrayList<>();
        String renderer = null;
        for (int end = 0; end <= 1; end++) {
            Map<String, Object> values = new HashMap<>(args.uniforms());
            values.put(ends.progress(), (double) end);
            Pixels frame = RuntimePage.render(page, effect, args.backend(), args.width(), args.height(), args.time(),
                    effect.uniforms(values));
            if (frame.rgba() == null) {
                return new EndpointResult(effect.id(), backend, frame.status(), null, cases, frame.why());
            }
            byte[] card = RuntimePage.card(page, end == 0 ? ends.fromCard() : ends.toCard(), args.width(),
                    args.height(), null);
            cases.add(new EndpointCase(end, end == 0 ? ends.fromImage() : ends.toImage(),
                    PixelMatch.of(card, frame.rgba(), args.width(), args.height(), args.tolerance())));
            renderer = frame.renderer();
        }
        boolean both = cases.stream().allMatch(c -> c.match().matches());
        return new EndpointResult(effect.id(), backend, both ? "ok" : "differs", renderer, cases, null);
    }

    private static String summary(List<EndpointResult> results, TestEffectArgs args) {
        List<EndpointResult> compared = results.stream().filter(r -> r.ends().size() == 2).toList();
        long atZero = compared.stream().filter(r -> r.ends().get(0).match().matches()).count();
        long atOne = compared.stream().filter(r -> r.ends().get(1).match().matches()).count();
        EndpointResult first = compared.stream().filter(r -> r.status().equals("differs")).findFirst().orElse(null);
        String worst = "";
        if (first != null) {
            EndpointCase end = first.ends().get(first.ends().get(0).match().matches() ? 1 : 0);
            worst = " (first: " + first.effect() + " at progress " + (int) end.progress() + " vs " + end.expected()
                    + ": " + end.match().said() + ")";
        }
        long skipped = results.stream().filter(r -> r.status().equals("skipped")).count();
        return results.size() + " effect(s) on " + args.backend() + ", " + compared.size() + " transition(s) rendered "
                + "at both ends (tolerance " + args.tolerance() + "): " + atZero + " show the from image at progress 0, "
                + atOne + " the to image at 1" + worst + "; " + skipped + " not transitions, "
                + (results.size() - compared.size() - skipped) + " not rendered.";
    }
}
