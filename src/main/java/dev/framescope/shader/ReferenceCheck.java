package dev.framescope.shader;

import com.microsoft.playwright.Page;
import dev.framescope.common.Bounded;
import dev.framescope.common.SystemFolders;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.common.ToolOutput;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.ShaderArgs.TestEffectArgs;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.ImageInputs;
import dev.framescope.shader.harness.BrowserHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * {@code test_effect} with {@code check: reference}: each effect rendered once (fixed time, size and uniforms, so the
 * same files give the same pixels on the next run) and compared with a reference PNG, a golden frame: raw numbers per
 * effect ({@link PixelMatch}) and a picture of where the first differing effect differs. The reference is read only;
 * recording one is the caller's (render_effect_frame's image, or assert-effects --update).
 */
public final class ReferenceCheck {

    private final BrowserHarness harness;

    public ReferenceCheck(BrowserHarness harness) {
        this.harness = harness;
    }

    /** {@code status}: ok (matches), differs, missing (no reference file), or the frame's own (error, unsupported…). */
    public record ReferenceResult(String effect, String backend, String status, String renderer, String reference,
                                  Integer width, Integer height, PixelMatch match, String note) {
    }

    /** {@code diffImage}: the effect whose difference the attached picture shows, or null when none differs. */
    public record ReferenceReport(int schemaVersion, String summary, String formula, int tolerance, String diffImage,
                                  BatchPage.Info page, Bounded<ReferenceResult> effects) {
    }

    /** A PNG's size, read from its header. */
    private record Size(int width, int height) {
        @Override
        public String toString() {
            return width + "×" + height;
        }
    }

    public ToolOutput check(EffectLibrary library, TestEffectArgs args, ToolContext context) {
        Path reference = Path.of(args.reference());
        SystemFolders.refuse("reference", reference, "a PNG file or a folder of PNG files");
        boolean folder = Files.isDirectory(reference);
        if (!folder && !Files.isRegularFile(reference)) {
            throw ToolException.notFound("reference", reference, "give a PNG file or a folder of <effect id>.png");
        }
        EffectBatch batch = EffectBatch.select(library, args.effect(), args.offset(), args.limit(), args.mode(),
                selected -> UniformValues.check(selected, args.uniforms()));
        for (Effect effect : batch.effects()) {
            Path file = referenceOf(reference, folder, effect);
            if (Files.isRegularFile(file)) {
                sized(file, args);
            }
        }
        FirstDifference first = new FirstDifference();
        List<ReferenceResult> results = batch.spread(harness, 15_000L, context, new EffectBatch.Run<>(
                (page, effect, index) -> compare(page, effect, referenceOf(reference, folder, effect), args, index,
                        first),
                (effect, why) -> new ReferenceResult(effect.id(), args.backend().name(), "error", null,
                        referenceOf(reference, folder, effect).toString(), null, null, null, why),
                (effect, result) -> effect.id() + ": " + result.status()));
        BatchPage.Answer<ReferenceResult> answer = batch.answer(results, ReferenceResult::status, args.mode());
        ReferenceReport report = new ReferenceReport(EffectCompiler.SCHEMA_VERSION, summary(results, args)
                + BatchPage.more(answer.page()), PixelMatch.FORMULA + ". Picture: the first differing effect, "
                + "matching pixels dim grey, differing ones red (brighter = larger |Δ|)", args.tolerance(),
                first.effect, answer.page(), answer.results());
        return first.picture == null ? ToolOutput.of(report)
                : new ToolOutput.WithImage(report, first.picture, "image/png");
    }

    /** The reference file itself, or {@code <folder>/<effect id>.png}. */
    static Path referenceOf(Path reference, boolean folder, Effect effect) {
        return folder ? reference.resolve(effect.id() + ".png") : reference;
    }

    /** The reference's size, which a given width or height must equal (a frame of another size cannot be compared). */
    private static Size sized(Path file, TestEffectArgs args) {
        Size size = size(file);
        Size given = new Size(args.width() == null ? size.width() : args.width(),
                args.height() == null ? size.height() : args.height());
        if (!given.equals(size)) {
            throw ToolException.invalidArgument(given.width() != size.width() ? "width" : "height", "absent or the "
                    + "size of reference " + file + ", " + size, given.toString());
        }
        return size;
    }

    private static Size size(Path file) {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            Iterator<ImageReader> readers = in == null ? null : ImageIO.getImageReaders(in);
            if (readers == null || !readers.hasNext()) {
                throw ToolException.invalidArgument("reference", "a PNG file", file.toString());
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in);
                return new Size(reader.getWidth(0), reader.getHeight(0));
            } finally {
                reader.dispose();
            }
        } catch (IOException e) {
            throw ToolException.invalidArgument("reference", "a readable PNG file", file + " (" + e.getMessage()
                    + ")");
        }
    }

    private static ReferenceResult compare(Page page, Effect effect, Path file, TestEffectArgs args, int index,
                                           FirstDifference first) {
        String backend = args.backend().name();
        if (!Files.isRegularFile(file)) {
            return new ReferenceResult(effect.id(), backend, "missing", null, file.toString(), null, null, null,
                    "no reference PNG; record one from render_effect_frame's image or with framescope "
                            + "assert-effects --update");
        }
        Size size = sized(file, args);
        Map<String, Object> decoded = ImageInputs.decode("reference", file);
        byte[] expected = Base64.getDecoder().decode((String) decoded.get("rgba"));
        Pixels frame = RuntimePage.render(page, effect, args.backend(), size.width(), size.height(), args.time(),
                effect.uniforms(args.uniforms()));
        if (frame.rgba() == null) {
            return new ReferenceResult(effect.id(), backend, frame.status(), null, file.toString(), size.width(),
                    size.height(), null, frame.why());
        }
        PixelMatch match = PixelMatch.of(expected, frame.rgba(), size.width(), size.height(), args.tolerance());
        if (!match.matches()) {
            first.offer(index, effect.id(), expected, frame.rgba(), size, args.tolerance());
        }
        return new ReferenceResult(effect.id(), backend, match.matches() ? "ok" : "differs", frame.renderer(),
                file.toString(), size.width(), size.height(), match, null);
    }

    private static String summary(List<ReferenceResult> results, TestEffectArgs args) {
        long ok = results.stream().filter(r -> r.status().equals("ok")).count();
        long missing = results.stream().filter(r -> r.status().equals("missing")).count();
        List<ReferenceResult> differ = results.stream().filter(r -> r.status().equals("differs")).toList();
        return results.size() + " effect(s) vs reference on " + args.backend() + " (tolerance " + args.tolerance()
                + "): " + ok + " match, " + differ.size() + " differ" + (differ.isEmpty() ? ""
                : " (first: " + differ.get(0).effect() + ", " + differ.get(0).match().said() + ")") + ", " + missing
                + " missing, " + (results.size() - ok - missing - differ.size()) + " not compared.";
    }

    /** The picture of the first effect (in selection order) that differs, whichever browser rendered it. */
    private static final class FirstDifference {
        private int index = Integer.MAX_VALUE;
        private String effect;
        private byte[] picture;

        synchronized void offer(int at, String id, byte[] expected, byte[] actual, Size size, int tolerance) {
            if (at < index) {
                index = at;
                effect = id;
                picture = Png.encode(ImageDiff.picture(expected, actual, size.width(), size.height(), tolerance),
                        size.width(), size.height());
            }
        }
    }
}
