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
import java.util.ArrayList;
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

    /**
     * {@code similarity}: over RGB, as noisemaker measures it; {@code nonFinite}: what the output frame's passes wrote
     * ({@link NonFinite}); {@code channelSimilarity}: the same per channel, alpha too; {@code movedChannels}: the
     * channels in which some pixel differs from the card ("r", "g", "b", "a").
     */
    public record PassthroughResult(String effect, String backend, String renderer, String status,
                                    Double similarity, Boolean passthrough, Map<String, Object> uniforms,
                                    String note, NonFinite nonFinite, ChannelSimilarity channelSimilarity,
                                    List<String> movedChannels) {
    }

    /** 1 − E[|Δc|] / 255 per channel, over all pixels, 0–1. */
    public record ChannelSimilarity(double r, double g, double b, double a) {
    }

    /** The shape of the answer: 3 added channel_similarity and moved_channels (issue 33: alpha was not compared). */
    static final int SCHEMA_VERSION = 3;
    /** Similarity at or above which, in RGB and in alpha, a filter passes its input through. */
    static final double THRESHOLD = 0.99;
    private static final String[] CHANNELS = {"r", "g", "b", "a"};

    public record PassthroughReport(int schemaVersion, String summary, List<String> backends, String formula,
                                    BatchPage.Info page, Bounded<PassthroughResult> effects) {
    }

    /**
     * For each filter (a pass reads {@code inputTex}), moves every input off its default ({@link
     * UniformMoves#offDefault}), renders the filter over the test card (the moving card for an effect that depends
     * on time) and compares the output with that card itself: similarity = 1 − mean_abs_diff (RGB), and per channel
     * with alpha. {@code passthrough} states the rule similarity ≥ 0.99 in RGB and in alpha (a filter that changes only
     * alpha, a mask or a crop's feather, is no passthrough); the raw figures are what to judge.
     */
    public PassthroughReport passthrough(EffectLibrary library, TestEffectArgs args, ToolContext context) {
        EffectBatch batch = EffectBatch.select(library, args.effect(), args.offset(), args.limit(), args.mode(),
                selected -> UniformValues.check(selected, args.uniforms()));
        List<Backend> backends = args.backend().each();
        List<PassthroughResult> results = batch.spreadOnEach(backends, harness, 15_000L, context,
                backend -> new EffectBatch.Run<>((page, effect, index) -> test(page, effect, backend, args),
                        (effect, why) -> new PassthroughResult(effect.id(), backend.name(), null, "error", null, null,
                                null, why, null, null, null),
                        (effect, result) -> effect.id() + ": " + result.status()));
        long through = results.stream().filter(r -> Boolean.TRUE.equals(r.passthrough())).count();
        BatchPage.Answer<PassthroughResult> answer = batch.answerByEffect(results,
                r -> Boolean.TRUE.equals(r.passthrough()) ? "passthrough" : r.status(), args.mode(), backends.size());
        return new PassthroughReport(SCHEMA_VERSION, answer.page().processed() + " effect(s) on "
                + backends + ": " + through + " filter run(s) pass the input through (similarity ≥ 0.99 in RGB and "
                + "in alpha)." + BatchPage.more(answer.page()), backends.stream().map(Backend::name).toList(),
                "similarity = 1 − E[(|Δr| + |Δg| + |Δb|) / 3] / 255 between the test card and the output, over all "
                        + "pixels; channel_similarity = 1 − E[|Δc|] / 255 per channel, alpha too; moved_channels = "
                        + "the channels in which some pixel differs; passthrough = similarity ≥ 0.99 and "
                        + "channel_similarity.a ≥ 0.99", answer.page(), answer.results());
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
                    "not a filter: no pass reads inputTex", null, null, null);
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
                    output.note(), null, null, null);
        }
        Integer cardFrame = !temporal ? null : effect.usesPassRuntime() ? frames - 1 : 0;
        byte[] card = RuntimePage.testCard(page, args.width(), args.height(), cardFrame);
        double similarity = 1 - ImageDiff.of(card, output.rgba(), args.width(), args.height(), 0).meanAbsDiff();
        ImageDiff.Channels channels = ImageDiff.channels(card, output.rgba(), args.width(), args.height());
        double[] each = new double[4];
        List<String> movedChannels = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            each[c] = 1 - channels.meanDiff()[c] / 255;
            if (channels.changedPixels()[c] > 0) {
                movedChannels.add(CHANNELS[c]);
            }
        }
        String note = temporal ? "moving card (shifted 1 px a frame), " + frames + " frame(s), compared with "
                + "its frame " + cardFrame : null;
        return new PassthroughResult(effect.id(), backend.name(), output.renderer(), "ok", similarity,
                similarity >= THRESHOLD && each[3] >= THRESHOLD, moved, note, output.nonFinite(),
                new ChannelSimilarity(each[0], each[1], each[2], each[3]), movedChannels);
    }
}
