package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Page;
import dev.framescope.common.Bounded;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.common.ToolOutput;
import dev.framescope.shader.EffectLibrary.Effect;
import dev.framescope.shader.EffectLibrary.Program;
import dev.framescope.shader.ShaderArgs.RenderEffectFrameArgs;
import dev.framescope.shader.harness.BrowserHarness;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;

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
        List<Effect> selected = library.select(args.effect());
        List<Effect> effects = BatchPage.slice(selected, args.offset(), args.limit());
        UniformValues.check(effects, args.uniforms());
        ImageInputs.check(effects, args.images());
        FirstImage first = new FirstImage();
        List<Integer> order = IntStream.range(0, effects.size()).boxed().toList();
        int[] done = {0};
        List<FrameResult> results = harness.forEach(order, (page, index) -> {
            Effect effect = effects.get(index);
            try {
                return renderOne(page, effect, args, index, first);
            } catch (IOException | RuntimeException e) {
                if (e instanceof ToolException t && t.code() == ErrorCode.CANCELLED) {
                    throw t;
                }
                return new FrameResult(effect.id(), args.backend().name(), "error", null, null, null, null,
                        null, null, List.of(), PageFailures.reason(e),
                        null);
            }
        }, 10_000L, context.cancellation(), (index, result) -> context.progress(++done[0],
                (double) effects.size(), "rendered " + result.effect() + " (" + result.status() + ")"));
        long ok = results.stream().filter(r -> r.status().equals("ok")).count();
        BatchPage.Answer<FrameResult> answer = BatchPage.answer(results, FrameResult::status, selected.size(),
                args.offset(), args.limit(), args.mode());
        String summary = results.size() + " frame(s) on " + args.backend() + ": " + ok + " rendered" + headline(results)
                + "." + BatchPage.more(answer.page());
        FrameReport report = new FrameReport(EffectCompiler.SCHEMA_VERSION, summary, answer.page(), answer.results());
        if (args.includeImage() && first.rgba != null) {
            return new ToolOutput.WithImage(report, png(first.rgba, args.width(), args.height()), "image/png");
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

    /**
     * One rendered frame. {@code status}: ok, error (diagnostics say why), unavailable (backend missing, see
     * {@code note}) or not_available (the effect has no program in that language). {@code rgba} rows top-down.
     */
    record Pixels(String status, byte[] rgba, int width, int height, String renderer,
                  List<EffectCompiler.Diagnostic> diagnostics, String note, float[] floats) {

        Pixels(String status, byte[] rgba, int width, int height, String renderer,
               List<EffectCompiler.Diagnostic> diagnostics, String note) {
            this(status, rgba, width, height, renderer, diagnostics, note, null);
        }
    }

    /** Renders the effect's first pass on {@code backend} with the given uniform values (already merged). */
    static Pixels renderPixels(Page page, Effect effect, EffectCompiler.Backend backend, int width, int height,
                               double time, Map<String, Object> uniforms) throws IOException {
        return renderPixels(page, effect, backend, width, height, time, uniforms, Map.of());
    }

    /** As above, with files bound to the effect's image inputs by name ({@link ImageInputs}). */
    static Pixels renderPixels(Page page, Effect effect, EffectCompiler.Backend backend, int width, int height,
                               double time, Map<String, Object> uniforms, Map<String, String> images)
            throws IOException {
        return renderPixels(page, effect, backend, width, height, time, uniforms, images, null);
    }

    /**
     * As above, with the number of frames ({@link #schedule}); null for the frames the time implies. A Shadertoy
     * shader and a feedback effect draw every frame of the schedule from time 0.
     */
    static Pixels renderPixels(Page page, Effect effect, EffectCompiler.Backend backend, int width, int height,
                               double time, Map<String, Object> uniforms, Map<String, String> images,
                               Integer frames) throws IOException {
        if (effect.unsupported() != null) {
            return new Pixels("unsupported", null, width, height, null, List.of(), effect.unsupported());
        }
        if (effect.programs().isEmpty()) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, effect.id() + " has no passes", Map.of());
        }
        Program program = effect.programs().get(0);
        boolean webgl = backend == EffectCompiler.Backend.webgl2;
        for (Program p : effect.isNoisemaker() && !webgl ? effect.programs() : List.<Program>of()) {
            String computeOnly = NoisemakerImport.wgslUnsupported(p);
            if (computeOnly != null) {
                return new Pixels("unsupported", null, width, height, null, List.of(), computeOnly);
            }
        }
        String textures = effect.isNoisemaker() ? NoisemakerTextures.unsupported(effect, webgl, width, height,
                uniforms) : null;
        if (textures != null) {
            return new Pixels("unsupported", null, width, height, null, List.of(), textures);
        }
        for (Program p : effect.programs()) {
            if ((webgl ? p.glsl() : p.wgsl()) == null) {
                return new Pixels("not_available", null, width, height, null, List.of(),
                        "no " + (webgl ? "GLSL" : "WGSL") + " program " + p.name());
            }
        }
        Map<String, Object> options = new HashMap<>();
        options.put("width", width);
        options.put("height", height);
        options.put("time", time);
        options.put("uniforms", uniforms);
        Object raw;
        if (!effect.usesPassRuntime()) {
            String function = webgl ? "framescope.renderGlsl" : "framescope.renderWgsl";
            raw = page.evaluate("([source, options]) => " + function + "(source, options)",
                    List.of(effect.source(program, webgl ? program.glsl() : program.wgsl()), options));
        } else {
            putPasses(options, effect, webgl, width, height, uniforms, images);
            Object passes = options.remove("passes");
            // Feedback needs history: every frame of the schedule is drawn; a plain chain draws only the last.
            Schedule schedule = schedule(time, frames);
            options.put("frames", schedule.frames());
            options.put("step", schedule.step());
            options.put("history", effect.isShadertoy() || readsAnyLaterOutput(effect));
            raw = page.evaluate("([language, passes, options]) => framescope.renderPasses(language, passes, options)",
                    List.of(webgl ? "glsl" : "wgsl", passes, options));
        }
        JsonNode result = Json.mapper().valueToTree(raw);
        List<EffectCompiler.Diagnostic> diagnostics = new ArrayList<>();
        for (JsonNode d : result.path("diagnostics")) {
            Program in = effect.programs().get(Math.min(d.path("pass").asInt(0), effect.programs().size() - 1));
            String name = effect.isShadertoy() ? ShadertoyImport.tab(in.name(), d.path("source").asInt(0))
                    : program.name();
            diagnostics.add(new EffectCompiler.Diagnostic(effect.isShadertoy() ? in.pass() : program.pass(), name,
                    webgl ? "glsl" : "wgsl",
                    d.path("stage").asText(), d.path("severity").asText("error"),
                    d.path("line").isNumber() ? d.get("line").asInt() : null,
                    d.path("column").isNumber() ? d.get("column").asInt() : null,
                    IsfImport.explain(effect.definition(), d.path("stage").asText(), d.path("message").asText())));
        }
        String note = effect.isShadertoy() ? shadertoyNote(schedule(time, frames), time)
                : effect.usesPassRuntime() && readsAnyLaterOutput(effect) ? feedbackNote(schedule(time, frames),
                effect.isNoisemaker() ? "frame" : "FRAMEINDEX") : null;
        for (JsonNode v : result.path("versions")) {
            if (v.has("fell_back")) {
                String fell = IsfStages.fellBack(v.get("fell_back").asText());
                note = note == null ? fell : note + "; " + fell;
                break;
            }
        }
        if (!result.path("ok").asBoolean() && result.has("unsupported")) {
            return new Pixels("unsupported", null, width, height, null, diagnostics, result.get("unsupported").asText());
        }
        if (!result.path("ok").asBoolean()) {
            return new Pixels(result.has("unavailable") ? "unavailable" : "error", null, width, height, null,
                    diagnostics, result.has("unavailable") ? result.get("unavailable").asText() : note);
        }
        return new Pixels("ok", Base64.getDecoder().decode(result.get("rgba").asText()), width, height,
                result.path("renderer").asText(null), diagnostics, note,
                result.has("rgba_float") ? floats(Base64.getDecoder().decode(result.get("rgba_float").asText())) : null);
    }

    private FrameResult renderOne(Page page, Effect effect, RenderEffectFrameArgs args, int index, FirstImage first)
            throws IOException {
        Map<String, Object> uniforms = uniforms(effect.definition(), args.uniforms());
        Pixels pixels = renderPixels(page, effect, args.backend().asBackend(), args.width(), args.height(), args.time(), uniforms,
                args.images(), args.frames());
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

    /**
     * Puts into the runtime's options the passes as it takes them (source, inputs sampler → texture, output
     * texture; for ISF also the pass's target size, float and persistent flags; its GLSL version when not 3.00)
     * and the images read by name: ISF's imported ones, a gl-transition's cards, each replaced by a file the caller
     * binds to its name. A gl-transition's uniforms gain the images' aspect ratios.
     */
    static void putPasses(Map<String, Object> options, Effect effect, boolean webgl, int width, int height,
                          Map<String, Object> uniforms) {
        putPasses(options, effect, webgl, width, height, uniforms, Map.of());
    }

    static void putPasses(Map<String, Object> options, Effect effect, boolean webgl, int width, int height,
                          Map<String, Object> uniforms, Map<String, String> bindings) {
        List<Map<String, Object>> passes = new ArrayList<>();
        Map<String, Map<String, Object>> noisemakerTargets = effect.isNoisemaker()
                ? NoisemakerTextures.targetsIfSupported(effect, webgl, width, height, uniforms) : Map.of();
        for (int i = 0; i < effect.programs().size(); i++) {
            Program p = effect.programs().get(i);
            Map<String, Object> pass = new HashMap<>();
            pass.put("source", effect.isNoisemaker() ? NoisemakerImport.source(effect, p, webgl ? p.glsl() : p.wgsl(),
                    uniforms) : effect.source(p, webgl ? p.glsl() : p.wgsl()));
            if (effect.isNoisemaker()) {
                Map<String, Object> own = NoisemakerRuntime.passUniforms(effect, p.spec(), uniforms);
                if (!own.isEmpty()) {
                    pass.put("passUniforms", own);
                }
                if (webgl) {
                    pass.put("vertex", NoisemakerImport.vertex(effect, p, uniforms));
                } else {
                    pass.put("uvVertex", true);
                }
                JsonNode layout = NoisemakerRuntime.uniformLayout(effect, p);
                if (!webgl && layout != null) {
                    pass.put("uniformLayout", Json.mapper().convertValue(layout, Map.class));
                }
            }
            pass.put("inputs", effect.isShadertoy() ? ShadertoyImport.inputs(p.spec())
                    : effect.isNoisemaker() && !webgl ? NoisemakerBindings.wgslInputs(p.spec(),
                    pass.get("source").toString()) : Json.mapper().convertValue(p.spec().path("inputs"), Map.class));
            pass.put("output", p.spec().path("outputs").path("fragColor").asText("pass" + i));
            // noisemaker: the target's declared size and format (NoisemakerTextures)
            pass.putAll(noisemakerTargets.getOrDefault(pass.get("output").toString(), Map.of()));
            if (effect.isIsf()) {
                pass.putAll(IsfImport.targetOptions(p.spec(), width, height, uniforms));
                if (webgl) {
                    pass.putAll(IsfStages.passStages(effect, p));
                }
            }
            if (p.spec().path("float").asBoolean(false) && effect.isShadertoy()) {
                pass.put("float", true);
            }
            if (effect.isShadertoy()) {
                pass.put("samplers", ShadertoySamplers.samplers(p.spec()));
            }
            if (p.spec().has("glslVersion")) {
                pass.put("version", p.spec().get("glslVersion").asText());
            }
            // noisemaker's `repeat: "<global>"`: as many draws as the global's value (0 for copies past it)
            for (int k = effect.isNoisemaker() ? NoisemakerRuntime.repeatTimes(effect, p.spec(), uniforms) : 1; k > 0;
                 k--) {
                passes.add(pass);
            }
        }
        options.put("passes", passes);
        if (effect.isIsf()) {
            options.put("images", IsfStages.images(effect.definition(),
                    IsfImport.images(effect.root(), effect.dir(), effect.definition()), bindings, width, height));
            Map<String, Object> withDate = new LinkedHashMap<>(uniforms);
            withDate.putIfAbsent("DATE", IsfStages.date(LocalDateTime.now()));
            options.put("uniforms", withDate);
        } else if (effect.isShadertoy()) {
            options.put("images", ShadertoyImport.images(effect.root(), effect.dir(), effect.definition(), bindings));
            Map<String, Object> withDate = new LinkedHashMap<>(uniforms);
            withDate.putIfAbsent("iDate", ShadertoyImport.date(LocalDateTime.now()));
            options.put("uniforms", withDate);
        } else if (effect.isNoisemaker()) {
            options.put("images", NoisemakerRuntime.images(effect, bindings, width, height));
            options.put("uniforms", NoisemakerRuntime.uniforms(uniforms, width, height));
            options.put("flipY", !webgl);
            options.put("pingPong", true);
            // noisemaker's per-frame globals: the frame's index and the normalised time since the previous frame
            options.put("frameUniforms", Map.of("index", "frame", "delta", "deltaTime"));
            options.put("frameResolution", true); // `resolution` is the frame's size in every pass, as noisemaker's
        } else if (effect.isGlTransition()) {
            Map<String, Object> withAspects = new LinkedHashMap<>(uniforms);
            options.put("images", ImageInputs.transition(effect.definition(), bindings, width, height, withAspects));
            options.put("uniforms", withAspects);
        }
    }

    /** Frames per normalised time unit: 60 per second over the 8 s loop. */
    static final int FRAMES_PER_LOOP = 480;

    /**
     * The frames rendered up to a time: {@code frames} of them, {@code step} apart in normalised time, the last at
     * the requested time and the first at or after 0. By default the frames a 60 fps host draws from time 0
     * (floor(time × 480) + 1, step 1/480); with a frame count, that many, 1/480 apart or closer when the time is
     * too early for them (at time 0 all of them at TIME 0).
     */
    record Schedule(int frames, double step) {
    }

    static Schedule schedule(double time, Integer frames) {
        double step = 1.0 / FRAMES_PER_LOOP;
        if (frames == null) {
            return new Schedule((int) Math.floor(time * FRAMES_PER_LOOP + 1e-6) + 1, step);
        }
        return new Schedule(frames, frames == 1 ? step : Math.min(step, time / (frames - 1)));
    }

    private static String shadertoyNote(Schedule s, double time) {
        return String.format(Locale.ROOT, "Shadertoy: %d frame(s) rendered (iFrame 0..%d), iTime %.4g s at "
                + "the last", s.frames(), s.frames() - 1, time * 8);
    }

    private static String feedbackNote(Schedule s, String index) {
        return String.format("feedback effect: %d frame(s) rendered (%s 0..%d), %.4g s apart, the last at "
                + "this time", s.frames(), index, s.frames() - 1, s.step() * 8);
    }

    /** Little-endian float32 components. */
    private static float[] floats(byte[] bytes) {
        FloatBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN)
                .asFloatBuffer();
        float[] out = new float[buffer.remaining()];
        buffer.get(out);
        return out;
    }

    /**
     * Whether pass {@code index} reads a texture that it or a later pass writes (the previous frame's copy). An ISF
     * target that is not PERSISTENT is blank in the next frame, so reading it is no feedback.
     */
    static boolean readsLaterOutput(Effect effect, int index) {
        for (JsonNode input : effect.programs().get(index).spec().path("inputs")) {
            for (int j = index; j < effect.programs().size(); j++) {
                JsonNode writer = effect.programs().get(j).spec();
                if (input.asText().equals(writer.path("outputs").path("fragColor").asText())
                        && writer.path("persistent").asBoolean(true)) {
                    return true;
                }
            }
        }
        return false;
    }

    static boolean readsAnyLaterOutput(Effect effect) {
        for (int i = 0; i < effect.programs().size(); i++) {
            if (readsLaterOutput(effect, i)) {
                return true;
            }
        }
        return false;
    }

    /** The effect's global defaults by uniform name, then the caller's values (by global or uniform name). */
    static Map<String, Object> uniforms(JsonNode definition, Map<String, Object> overrides) {
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, String> uniformOf = new HashMap<>();
        definition.path("globals").fields().forEachRemaining(global -> {
            String uniform = global.getValue().path("uniform").asText(global.getKey());
            uniformOf.put(global.getKey(), uniform);
            if (global.getValue().has("default")) {
                values.put(uniform, Json.mapper().convertValue(global.getValue().get("default"), Object.class));
            }
        });
        if (overrides != null) {
            overrides.forEach((name, value) -> values.put(uniformOf.getOrDefault(name, name), value));
        }
        return values;
    }

    static byte[] png(byte[] rgba, int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int i = 4 * (y * width + x);
                image.setRGB(x, y, (rgba[i + 3] & 0xff) << 24 | (rgba[i] & 0xff) << 16 | (rgba[i + 1] & 0xff) << 8
                        | (rgba[i + 2] & 0xff));
            }
        }
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            System.setProperty("java.awt.headless", "true");
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new ToolException(ErrorCode.INTERNAL, "PNG encoding failed: " + e.getMessage(), Map.of(), e);
        }
    }
}
