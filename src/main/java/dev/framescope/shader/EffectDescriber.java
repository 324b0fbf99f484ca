package dev.framescope.shader;

import com.microsoft.playwright.Page;
import dev.framescope.common.Bounded;
import dev.framescope.common.ClientModel;
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
 * {@code render_effect_frame} with {@code describe}: renders a frame, measures it and describes it from the pixels ({@link FrameDescription});
 * the first effect's frame also goes back as PNG and, when the client offers MCP sampling, to the client's own model
 * for a description in words. The browser is released before the model is asked, so a slow answer holds no page.
 */
public final class EffectDescriber {

    static final String SYSTEM_PROMPT = "You describe frames rendered by real-time shader effects for a graphics "
            + "programmer. Be concrete and short: shapes, colours, patterns, artefacts (banding, seams, NaN-black "
            + "pixels, flipped or stretched images). No speculation about code.";

    private final BrowserHarness harness;

    public EffectDescriber(BrowserHarness harness) {
        this.harness = harness;
    }

    public record Described(String effect, String status, String backend, String renderer, Integer width,
                            Integer height, Double time, Map<String, Object> uniforms, PixelStats metrics,
                            FrameDescription description, List<EffectCompiler.Diagnostic> diagnostics, String note,
                            NonFinite nonFinite) {
    }

    public record DescribeReport(int schemaVersion, String summary, String imageOf, ClientModel.Answer modelDescription,
                                 BatchPage.Info page, Bounded<Described> effects) {
    }

    public ToolOutput describe(EffectLibrary library, RenderEffectFrameArgs args, ToolContext context) {
        EffectBatch batch = EffectBatch.select(library, args.effect(), args.offset(), args.limit(), args.mode(),
                selected -> {
                    UniformValues.check(selected, args.uniforms());
                    ImageInputs.check(selected, args.images());
                });
        byte[][] first = {null};
        List<Described> described = batch.inOrder(harness, 30_000 + 10_000L * batch.effects().size(), context,
                new EffectBatch.Run<>((page, effect, index) -> describeOne(page, effect, args, first),
                        (effect, why) -> new Described(effect.id(), "error", args.backend().name(), null, args.width(),
                                args.height(), args.time(), effect.uniforms(args.uniforms()), null, null, List.of(),
                                why, null),
                        (effect, result) -> "described " + effect.id()));
        String imageOf = described.stream().filter(d -> d.description() != null).map(Described::effect).findFirst()
                .orElse(null);
        byte[] png = first[0] == null ? null : Png.encode(first[0], args.width(), args.height());
        ClientModel.Answer answer;
        if (png == null) {
            answer = ClientModel.Answer.unavailable("skipped", "no frame rendered");
        } else if (!args.askModel()) {
            answer = ClientModel.Answer.unavailable("skipped", "ask_model is false");
        } else {
            answer = context.clientModel().ask(SYSTEM_PROMPT, question(imageOf, args), png, "image/png",
                    args.maxTokens(), args.modelTimeoutS() * 1000L);
        }
        Described head = described.get(0);
        String summary = imageOf == null ? "No frame rendered: " + head.effect() + " " + head.status()
                + (head.note() != null ? " (" + head.note() + ")" : "") + "."
                : imageOf + " on " + args.backend() + ": " + described.stream().filter(d -> d.effect().equals(imageOf))
                .findFirst().orElseThrow().description().text() + nonFiniteOf(described, imageOf) + " Client model: "
                + answer.status() + ".";
        BatchPage.Answer<Described> page = batch.answer(described, Described::status, args.mode());
        DescribeReport report = new DescribeReport(NonFinite.SCHEMA_VERSION, summary
                + BatchPage.more(page.page()), imageOf, answer, page.page(), page.results());
        return png == null ? ToolOutput.of(report) : new ToolOutput.WithImage(report, png, "image/png");
    }

    private static String question(String effect, RenderEffectFrameArgs args) {
        return args.question() != null ? args.question() : "This is one frame of the shader effect '" + effect
                + "' rendered at " + args.width() + "×" + args.height() + ", time " + args.time() + " of its loop. "
                + "Describe what it shows in at most three sentences.";
    }

    private static Described describeOne(Page page, Effect effect, RenderEffectFrameArgs args, byte[][] first) {
        Map<String, Object> uniforms = effect.uniforms(args.uniforms());
        Pixels pixels = RuntimePage.render(page, effect, args.backend().asBackend(), args.width(), args.height(),
                args.time(), uniforms, args.images());
        if (pixels.rgba() == null) {
            return new Described(effect.id(), pixels.status(), args.backend().name(), null, args.width(),
                    args.height(), args.time(), uniforms, null, null, pixels.diagnostics(), pixels.note(), null);
        }
        if (first[0] == null) {
            first[0] = pixels.rgba();
        }
        return new Described(effect.id(), "ok", args.backend().name(), pixels.renderer(), args.width(),
                args.height(), args.time(), uniforms, PixelStats.of(pixels.rgba(), args.width(), args.height()),
                FrameDescription.of(pixels.rgba(), args.width(), args.height()), pixels.diagnostics(),
                pixels.note(), pixels.nonFinite());
    }

    /** The words are from the frame's bytes, where a NaN reads as black: say when the passes wrote any. */
    private static String nonFiniteOf(List<Described> described, String effect) {
        NonFinite n = described.stream().filter(d -> d.effect().equals(effect)).findFirst().orElseThrow().nonFinite();
        return n == null || !n.isFound() ? "" : " But" + n.said().substring(1) + ".";
    }
}
