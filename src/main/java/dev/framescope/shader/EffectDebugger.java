package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.FileTrees;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.shader.RuntimePage.Snapshotted;
import dev.framescope.shader.debug.Agreement;
import dev.framescope.shader.debug.CaptureCache;
import dev.framescope.shader.debug.PassSnapshot;
import dev.framescope.shader.debug.SpirvCompiler;
import dev.framescope.shader.debug.TraceLines;
import dev.framescope.shader.debug.Unsupported;
import dev.framescope.shader.debug.VulkanGlsl;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.ImageInputs;
import dev.framescope.shader.formats.Program;
import dev.framescope.shader.harness.BrowserHarness;
import dev.framescope.shader.nativepass.NativeRenderer;
import dev.framescope.shader.nativepass.NativeResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code debug_effect}: an effect's pass at one pixel through RenderDoc's own shader debugger, with no application and
 * no capture of the user's. Chromium draws the effect as render_effect_frame does and hands back the pass as it drew
 * it (program text, uniform values, input textures as floats, its output: {@link PassSnapshot}); glslang makes that
 * text Vulkan SPIR-V with debug information ({@link VulkanGlsl}, {@link SpirvCompiler}); the native renderer draws it
 * on lavapipe with the same values and captures the draw ({@link NativeRenderer}); debug_shader steps the pixel in
 * that capture, and the trace's lines are put back on the effect's own file ({@link TraceLines}). The native pixels
 * are compared with Chromium's ({@link Agreement}); the capture stays in the state folder's bounded cache.
 */
public final class EffectDebugger {

    /** A cube map's faces in GL's order, as the {@code face} argument numbers them. */
    static final List<String> CUBE_FACES = List.of("+X", "-X", "+Y", "-Y", "+Z", "-Z");

    static final int SCHEMA_VERSION = 1;
    private static final long PAGE_MS = 120_000;

    /** The pass debugged: its index and name, its GLSL file, its target's size and the GLSL version it compiled as. */
    public record PassInfo(int index, String name, String file, int width, int height, String glslVersion) {
    }

    /**
     * The pixel: in the frame (0, 0 top left), in the pass's target (the same unless the pass draws at another
     * size), in the capture (Vulkan's rows, y from gl_FragCoord.y = 0.5, for debug_shader on {@code capture}), and
     * how it was chosen.
     */
    public record PixelInfo(int x, int y, int passX, int passY, int captureX, int captureY, String chosen) {
    }

    /**
     * {@code status}: debugged, unsupported ({@code note} says why), or the frame's own status when Chromium could
     * not draw it. {@code trace}: debug_shader's answer with its lines on the effect's file.
     */
    public record DebugEffectReport(int schemaVersion, String summary, String status, String effect, String note,
                                    PassInfo pass, PixelInfo pixel, Agreement agreement, JsonNode trace,
                                    String capture, Integer eventId, List<String> notes, Before before) {

        /** A report with nothing debugged: {@code status} and why. */
        static DebugEffectReport without(String effect, String summary, String status, String note) {
            return new DebugEffectReport(SCHEMA_VERSION, summary, status, effect, note, null, null, null, null, null,
                    null, List.of(), null);
        }

        DebugEffectReport withBefore(Before earlier) {
            return new DebugEffectReport(schemaVersion, summary + "; before the source: " + earlier.summary(), status,
                    effect, note, pass, pixel, agreement, trace, capture, eventId, notes, earlier);
        }
    }

    /**
     * With {@code source}: the same pass and pixel drawn from the effect's file as it is, for comparison: its first
     * non-finite step (null: none), the pixel native and in Chromium, the pass's non-finite counts.
     */
    public record Before(String summary, JsonNode firstNonFinite, Agreement agreement) {
    }

    private final BrowserHarness harness;
    private final SpirvCompiler compiler;
    private final NativeRenderer renderer;
    private final CaptureCache cache;
    private final Path workRoot;
    private final Supplier<ToolCaller> tools;

    public EffectDebugger(BrowserHarness harness, String glslang, Path stateDir, Supplier<ToolCaller> tools) {
        this.harness = harness;
        this.compiler = new SpirvCompiler(glslang);
        this.renderer = new NativeRenderer(stateDir);
        this.workRoot = stateDir.resolve("debug-effect");
        this.cache = new CaptureCache(workRoot.resolve("captures"), 16, 1L << 30);
        this.tools = tools;
    }

    public DebugEffectReport debug(EffectLibrary library, DebugEffectArgs a, ToolContext context) {
        Effect effect = one(library, a.effect());
        UniformValues.check(List.of(effect), a.uniforms());
        ImageInputs.check(List.of(effect), a.images());
        if (a.pass() != null && a.pass() >= effect.programs().size()) {
            throw ToolException.invalidArgument("pass", "0.." + (effect.programs().size() - 1) + " (" + effect.id()
                    + " has " + effect.programs().size() + " pass(es))", a.pass());
        }
        if (a.source() == null) {
            return once(effect, a, context, null);
        }
        DebugEffectReport before = once(effect, a.at(a.pass(), a.x(), a.y(), null), context, null);
        if (!before.status().equals("debugged")) {
            return before;
        }
        try {
            Files.createDirectories(workRoot);
            Path folder = Files.createTempDirectory(workRoot, "source-");
            try {
                Program program = effect.programs().get(before.pass().index());
                Effect tried = TriedSource.of(effect, program, a.source(), folder);
                DebugEffectReport after = once(tried, a.at(before.pass().index(), before.pixel().x(),
                        before.pixel().y(), a.source()), context, "the call's source (in place of "
                        + program.file(true) + ")");
                return after.withBefore(new Before(before.summary(), before.trace().path("first_non_finite"),
                        before.agreement()));
            } finally {
                FileTrees.deleteTree(folder);
            }
        } catch (Unsupported e) {
            return DebugEffectReport.without(effect.id(), effect.id() + ": " + e.getMessage(), "unsupported",
                    e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One run; {@code file}: how the answer names the pass's file (null: its path). */
    private DebugEffectReport once(Effect effect, DebugEffectArgs a, ToolContext context, String file) {
        try {
            return debug(effect, a, context, file);
        } catch (Unsupported e) {
            return DebugEffectReport.without(effect.id(), effect.id() + ": " + e.getMessage(), "unsupported",
                    e.getMessage());
        }
    }

    private DebugEffectReport debug(Effect effect, DebugEffectArgs a, ToolContext context, String file) {
        if (effect.nativeOnly()) {
            Map<String, Object> values = effect.uniforms(a.uniforms());
            return inWork(work -> new PassDebug(compiler, renderer, cache, tools.get(), context).runNative(effect,
                    Files.readString(effect.programs().get(0).glsl()), effect.hlsl(), components(values), a,
                    file == null ? effect.programs().get(0).glsl().toString() : file, work));
        }
        if (effect.unsupported() != null) {
            throw new Unsupported(effect.unsupported());
        }
        for (Program p : effect.programs()) {
            if (p.file(true) == null) {
                throw new Unsupported("pass " + p.name() + " has only WGSL: the debugger steps SPIR-V, and no "
                        + "WGSL-to-SPIR-V compiler (naga, Tint) is packaged here; an effect with a GLSL twin is "
                        + "debugged through the twin");
            }
        }
        Map<String, Object> uniforms = effect.uniforms(a.uniforms());
        Snapshotted drawn = harness.withPage(page -> RuntimePage.renderWithSnapshot(page, effect, a.width(),
                a.height(), a.time(), uniforms, a.images(), a.frames(), a.pass(), a.face() == null ? 0 : a.face()),
                PAGE_MS, context.cancellation());
        if (!drawn.pixels().status().equals("ok")) {
            String why = drawn.pixels().why();
            return DebugEffectReport.without(effect.id(), effect.id() + ": Chromium did not draw the frame ("
                    + drawn.pixels().status() + (why == null ? "" : ": " + why) + ")", drawn.pixels().status(), why);
        }
        if (drawn.snapshot() == null) {
            throw new Unsupported("pass " + (a.pass() == null ? "" : a.pass() + " ") + "was not drawn on the last "
                    + "frame (a pass is left out when nothing later reads it), so there is no draw to debug");
        }
        PassSnapshot pass = PassSnapshot.of(drawn.snapshot());
        if (pass.unsupported() != null) {
            throw new Unsupported("pass " + pass.index() + " (" + pass.name() + "): " + pass.unsupported());
        }
        for (PassSnapshot.Input input : pass.inputs()) {
            if (input.unsupported() != null) {
                throw new Unsupported("pass " + pass.index() + ": " + input.unsupported());
            }
        }
        Program program = effect.programs().get(Math.min(pass.index(), effect.programs().size() - 1));
        PixelInfo pixel = pixel(a, pass);
        PassDebug debug = new PassDebug(compiler, renderer, cache, tools.get(), context);
        if (drawn.snapshot().path("face").isInt()) {
            int face = drawn.snapshot().get("face").asInt();
            debug.note("the pass draws a cube map: face " + face + " (" + CUBE_FACES.get(face) + ") was debugged, "
                    + "its pixel on that face; face takes 0-5 (+X, -X, +Y, -Y, +Z, -Z)");
        }
        if (program.wgsl() != null) {
            debug.note("the pass has a WGSL program too; its GLSL twin was debugged (the debugger steps SPIR-V, and "
                    + "no WGSL-to-SPIR-V compiler is packaged here)");
        }
        return inWork(work -> debug.run(effect, pass, pixel, a, file == null ? program.file(true).toString() : file,
                work));
    }

    private interface InWork {
        DebugEffectReport run(Path work) throws IOException;
    }

    /** {@code step} in a folder of the call's own under the state folder, removed after. */
    private DebugEffectReport inWork(InWork step) {
        try {
            Files.createDirectories(workRoot);
            Path work = Files.createTempDirectory(workRoot, "call-");
            try {
                return step.run(work);
            } finally {
                FileTrees.deleteTree(work);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Uniform values as the native draw packs them: per array element, its components (booleans 1 or 0). */
    static Map<String, List<List<Double>>> components(Map<String, Object> values) {
        Map<String, List<List<Double>>> out = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            List<List<Double>> elements = new ArrayList<>();
            if (value instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof List<?>) {
                list.forEach(element -> elements.add(numbers(element)));
            } else {
                elements.add(numbers(value));
            }
            out.put(name, elements);
        });
        return out;
    }

    private static List<Double> numbers(Object value) {
        List<Double> out = new ArrayList<>();
        for (Object v : value instanceof List<?> list ? list : List.of(value)) {
            out.add(v instanceof Boolean b ? (b ? 1.0 : 0.0) : v instanceof Number n ? n.doubleValue() : 0.0);
        }
        return out;
    }

    /** The pixel asked for, else the pass's first non-finite pixel, else the frame's centre. */
    private static PixelInfo pixel(DebugEffectArgs a, PassSnapshot pass) {
        int w = pass.width();
        int h = pass.height();
        if (a.x() != null) {
            int px = Math.min(w - 1, a.x() * w / a.width());
            int py = Math.min(h - 1, a.y() * h / a.height());
            return new PixelInfo(a.x(), a.y(), px, py, px, h - 1 - py, "asked");
        }
        int[] first = pass.firstNonFinite(pass.output());
        String chosen = first == null ? "the centre: Chromium's draw of this pass has no NaN or Inf"
                : "the pass's first pixel with a NaN or Inf (rows from the top)";
        int px = first == null ? w / 2 : first[0];
        int py = first == null ? h / 2 : first[1];
        return new PixelInfo(px * a.width() / w, py * a.height() / h, px, py, px, h - 1 - py, chosen);
    }

    /** Exactly one effect: debug_effect steps one pixel of one pass. */
    private static Effect one(EffectLibrary library, String selector) {
        List<Effect> effects = library.select(selector);
        if (effects.size() != 1) {
            List<String> ids = new ArrayList<>();
            effects.stream().limit(5).forEach(e -> ids.add(e.id()));
            Map<String, Object> context = new LinkedHashMap<>();
            context.put("parameter", "effect");
            context.put("matches", ids);
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, "Invalid argument 'effect': expected one effect id; '"
                    + selector + "' names " + effects.size() + (ids.isEmpty() ? "" : " (" + String.join(", ", ids)
                    + (effects.size() > 5 ? ", …" : "") + ")"), context);
        }
        return effects.get(0);
    }

    /** The native pixels of a draw, rows from the bottom. */
    static float[] pixels(NativeResult result) throws IOException {
        return PassSnapshot.floats(Files.readAllBytes(result.pixels()));
    }
}
