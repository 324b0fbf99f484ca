package dev.framescope.shader;

import com.microsoft.playwright.Page;
import dev.framescope.common.Bounded;
import dev.framescope.common.ToolContext;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.ShaderArgs.TestEffectArgs;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.Program;
import dev.framescope.shader.formats.Schedule;
import dev.framescope.shader.harness.BrowserHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code test_effect} with {@code check: passthrough}: whether a filter with its uniforms moved still only copies its
 * input, as the raw similarity of output and input; the rule {@code passthrough} states is for convenience. One
 * effect failing never stops the batch.
 */
public final class PassthroughCheck {

    private final BrowserHarness harness;

    public PassthroughCheck(BrowserHarness harness) {
        this.harness = harness;
    }

    /** {@code nonFinite}: what the output frame's passes wrote ({@link NonFinite}). */
    public record PassthroughResult(String effect, String backend, String renderer, String status,
                                    Double similarity, Boolean passthrough, Map<String, Object> uniforms,
                                    String note, NonFinite nonFinite) {
    }

    public record PassthroughReport(int schemaVersion, String summary, List<String> backends, String formula,
                                    BatchPage.Info page, Bounded<PassthroughResult> effects) {
    }

    /**
     * For each filter (a pass reads {@code inputTex}), moves every input off its default ({@link
     * UniformMoves#offDefault}), renders the filter over the test card (the moving card for an effect that depends
     * on time) and compares the output with that card itself: similarity = 1 − mean_abs_diff. {@code passthrough} states the rule
     * similarity ≥ 0.99; the raw similarity is what to judge.
     */
    public PassthroughReport passthrough(EffectLibrary library, TestEffectArgs args, ToolContext context) {
        EffectBatch batch = EffectBatch.select(library, args.effect(), args.offset(), args.limit(), args.mode(),
                selected -> UniformValues.check(selected, args.uniforms()));
        List<Backend> backends = args.backend().each();
        List<PassthroughResult> results = batch.spreadOnEach(backends, harness, 15_000L, context,
                backend -> new EffectBatch.Run<>((page, effect, index) -> test(page, effect, backend, args),
                        (effect, why) -> new PassthroughResult(effect.id(), backend.name(), null, "error", null, null,
                                null, why, null),
                        (effect, result) -> effect.id() + ": " + result.status()));
        long through = results.stream().filter(r -> Boolean.TRUE.equals(r.passthrough())).count();
        BatchPage.Answer<PassthroughResult> answer = batch.answerByEffect(results,
                r -> Boolean.TRUE.equals(r.passthrough()) ? "passthrough" : r.status(), args.mode(), backends.size());
        return new PassthroughReport(NonFinite.SCHEMA_VERSION, answer.page().processed() + " effect(s) on "
                + backends + ": " + through + " filter run(s) pass the input through (similarity ≥ 0.99)."
                + BatchPage.more(answer.page()), backends.stream().map(Backend::name).toList(),
                "similarity = 1 − E[(|Δr| + |Δg| + |Δb|) / 3] / 255 between the test card and the output, over all "
                        + "pixels", answer.page(), answer.results());
    }

    /** Frames a filter that depends on time sees at least, so that what it keeps of earlier ones shows. */
    static final int MOVING_FRAMES = 16;

    private static final Pattern TIME_INPUTS = Pattern.compile(
            "\\b(TIME|TIMEDELTA|FRAMEINDEX|iTime|iTimeDelta|iFrame|time)\\b");

    /** Whether the effect keeps earlier frames (feedback) or its source reads the time or the frame's index. */
    static boolean dependsOnTime(Effect effect, Backend backend) {
        if (effect.format().keepsHistory(effect)) {
            return true;
        }
        for (Program program : effect.programs()) {
            Path file = program.file(backend == Backend.webgl2);
            try {
                // The file as written: the source the runtime compiles declares every ISF input, TIME among them.
                if (file != null && TIME_INPUTS.matcher(Files.readString(file)).find()) {
                    return true;
                }
            } catch (IOException e) {
                return false; // an unreadable source fails the render itself, with the reason
            }
        }
        return false;
    }

    /** One filter on one backend, over the test card (moving, for an effect that depends on time); else skipped. */
    private static PassthroughResult test(Page page, Effect effect, Backend backend, TestEffectArgs args) {
        if (!effect.isFilter()) {
            return new PassthroughResult(effect.id(), backend.name(), null, "skipped", null, null, null,
                    "not a filter: no pass reads inputTex", null);
        }
        Map<String, Object> moved = UniformMoves.moved(effect, UniformMoves.known(effect, args.uniforms()),
                UniformMoves::offDefault);
        boolean temporal = dependsOnTime(effect, backend);
        // On a still card a filter that keeps earlier frames (trails, echo) shows the card itself: it needs motion.
        Schedule schedule = Schedule.of(args.time(), null);
        int frames = temporal ? Math.max(MOVING_FRAMES, schedule.frames()) : schedule.frames();
        Pixels output = RuntimePage.render(page, effect, backend, args.width(), args.height(), args.time(), moved,
                Map.of(), frames, RuntimePage.Probe.COUNTS, temporal);
        if (output.rgba() == null) {
            return new PassthroughResult(effect.id(), backend.name(), null, output.status(), null, null, moved,
                    output.note(), null);
        }
        Integer cardFrame = !temporal ? null : effect.usesPassRuntime() ? frames - 1 : 0;
        byte[] card = RuntimePage.testCard(page, args.width(), args.height(), cardFrame);
        double similarity = 1 - ImageDiff.of(card, output.rgba(), args.width(), args.height(), 0).meanAbsDiff();
        String note = temporal ? "moving card (shifted 1 px a frame), " + frames + " frame(s), compared with "
                + "its frame " + cardFrame : null;
        return new PassthroughResult(effect.id(), backend.name(), output.renderer(), "ok", similarity,
                similarity >= 0.99, moved, note, output.nonFinite());
    }
}
