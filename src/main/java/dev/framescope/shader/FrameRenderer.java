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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * {@code renderEffectFrame}: renders one frame of each selected effect into an offscreen target on the chosen
 * backend, reads the pixels back from the GPU, and measures them ({@link PixelStats}). Uniforms start at the
 * effect's defaults and take the caller's overrides. Single-pass effects render their one program; for multi-pass
 * effects only the first pass is rendered for now (reported in {@code note}).
 */
public final class FrameRenderer {

    private final BrowserHarness harness;

    public FrameRenderer(BrowserHarness harness) {
        this.harness = harness;
    }

    public record FrameResult(String effect, String backend, String status, String renderer, Integer width,
                              Integer height, Double time, Map<String, Object> uniforms, PixelStats metrics,
                              List<EffectCompiler.Diagnostic> diagnostics, String note) {
    }

    public record FrameReport(int schemaVersion, String summary, Bounded<FrameResult> frames) {
    }

    public ToolOutput render(EffectLibrary library, RenderEffectFrameArgs args, ToolContext context) {
        List<Effect> effects = library.select(args.effect());
        UniformValues.check(effects, args.uniforms());
        ImageInputs.check(effects, args.images());
        byte[][] firstImage = {null};
        int[] firstSize = {0, 0};
        List<FrameResult> results = harness.withPage(page -> {
            List<FrameResult> batch = new ArrayList<>();
            for (Effect effect : effects) {
                context.cancellation().throwIfCancelled();
                try {
                    batch.add(renderOne(page, effect, args, firstImage, firstSize));
                } catch (IOException | RuntimeException e) {
                    batch.add(new FrameResult(effect.id(), args.backend().name(), "error", null, null, null, null,
                            null, null, List.of(), String.valueOf(e.getMessage()).lines().findFirst().orElse("")));
                }
                context.progress(batch.size(), (double) effects.size(), "rendered " + effect.id());
            }
            return batch;
        }, 30_000 + 10_000L * effects.size(), context.cancellation());
        long ok = results.stream().filter(r -> r.status().equals("ok")).count();
        String summary = results.size() + " frame(s) on " + args.backend() + ": " + ok + " rendered" + headline(results)
                + ".";
        FrameReport report = new FrameReport(EffectCompiler.SCHEMA_VERSION, summary, Bounded.of(results, 100));
        if (args.includeImage() && firstImage[0] != null) {
            return new ToolOutput.WithImage(report, png(firstImage[0], firstSize[0], firstSize[1]), "image/png");
        }
        return ToolOutput.of(report);
    }

    private static String headline(List<FrameResult> results) {
        for (FrameResult r : results) {
            if (r.metrics() != null) {
                return String.format("; %s mean RGB (%.3f, %.3f, %.3f), %d sampled colours%s", r.effect(),
                        r.metrics().meanRgb()[0], r.metrics().meanRgb()[1], r.metrics().meanRgb()[2],
                        r.metrics().uniqueSampledColors(), r.metrics().isEssentiallyBlank() ? ", essentially blank" : "");
            }
        }
        return "";
    }

    /**
     * One rendered frame. {@code status}: ok, error (diagnostics say why), unavailable (backend missing, see
     * {@code note}) or not_available (the effect has no program in that language). {@code rgba} rows top-down.
     */
    record Pixels(String status, byte[] rgba, int width, int height, String renderer,
                  List<EffectCompiler.Diagnostic> diagnostics, String note) {
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
     * As above; {@code frames} (null: what the time implies) is how many frames a Shadertoy shader renders from iTime
     * 0 up to the time.
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
            if (effect.isShadertoy()) {
                // Shadertoy: every frame from iTime 0 (60 a second), or `frames` spread evenly over 0..time.
                int count = frames != null ? frames : shadertoyFrames(time);
                options.put("frames", count);
                options.put("step", frames == null ? 1.0 / 480 : count > 1 ? time / (count - 1) : 0.0);
            } else {
                // Feedback needs history: render frames until the loop has filled it; a plain chain needs one.
                options.put("frames", readsAnyLaterOutput(effect) ? FEEDBACK_FRAMES : 1);
            }
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
                    d.path("column").isNumber() ? d.get("column").asInt() : null, d.path("message").asText()));
        }
        String note = effect.isShadertoy() ? "Shadertoy: " + options.get("frames") + " frame(s) rendered (iFrame 0.."
                + ((Integer) options.get("frames") - 1) + "), iTime " + String.format(java.util.Locale.ROOT, "%.4g",
                time * 8) + " s at the last"
                : effect.usesPassRuntime() && readsAnyLaterOutput(effect)
                ? "feedback effect: the " + FEEDBACK_FRAMES + " frames up to this time (1/60 s apart) were rendered" : null;
        if (!result.path("ok").asBoolean()) {
            return new Pixels(result.has("unavailable") ? "unavailable" : "error", null, width, height, null,
                    diagnostics, result.has("unavailable") ? result.get("unavailable").asText() : note);
        }
        return new Pixels("ok", Base64.getDecoder().decode(result.get("rgba").asText()), width, height,
                result.path("renderer").asText(null), diagnostics, note);
    }

    private FrameResult renderOne(Page page, Effect effect, RenderEffectFrameArgs args, byte[][] firstImage,
                                  int[] firstSize) throws IOException {
        Map<String, Object> uniforms = uniforms(effect.definition(), args.uniforms());
        Pixels pixels = renderPixels(page, effect, args.backend(), args.width(), args.height(), args.time(), uniforms,
                args.images(), args.frames());
        if (pixels.rgba() == null) {
            return new FrameResult(effect.id(), args.backend().name(), pixels.status(), null, args.width(),
                    args.height(), args.time(), uniforms, null, pixels.diagnostics(), pixels.note());
        }
        if (firstImage[0] == null) {
            firstImage[0] = pixels.rgba();
            firstSize[0] = args.width();
            firstSize[1] = args.height();
        }
        return new FrameResult(effect.id(), args.backend().name(), "ok", pixels.renderer(), args.width(),
                args.height(), args.time(), uniforms, PixelStats.of(pixels.rgba(), args.width(), args.height()),
                pixels.diagnostics(), pixels.note());
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
        for (int i = 0; i < effect.programs().size(); i++) {
            Program p = effect.programs().get(i);
            Map<String, Object> pass = new HashMap<>();
            pass.put("source", effect.source(p, webgl ? p.glsl() : p.wgsl()));
            pass.put("inputs", effect.isShadertoy() ? ShadertoyImport.inputs(p.spec())
                    : Json.mapper().convertValue(p.spec().path("inputs"), Map.class));
            pass.put("output", p.spec().path("outputs").path("fragColor").asText("pass" + i));
            if (effect.isIsf()) {
                pass.putAll(IsfImport.targetOptions(p.spec(), width, height, uniforms));
            }
            if (p.spec().path("float").asBoolean(false) && effect.isShadertoy()) {
                pass.put("float", true);
            }
            if (p.spec().has("glslVersion")) {
                pass.put("version", p.spec().get("glslVersion").asText());
            }
            passes.add(pass);
        }
        options.put("passes", passes);
        if (effect.isIsf()) {
            Map<String, Object> images = IsfImport.images(effect.root(), effect.dir(), effect.definition());
            ImageInputs.override(images, bindings);
            options.put("images", images);
        } else if (effect.isShadertoy()) {
            options.put("images", ShadertoyImport.images(effect.root(), effect.dir(), effect.definition(), bindings));
            Map<String, Object> withDate = new LinkedHashMap<>(uniforms);
            withDate.putIfAbsent("iDate", ShadertoyImport.date(java.time.LocalDateTime.now()));
            options.put("uniforms", withDate);
        } else if (effect.isGlTransition()) {
            Map<String, Object> withAspects = new LinkedHashMap<>(uniforms);
            options.put("images", ImageInputs.transition(effect.definition(), bindings, width, height, withAspects));
            options.put("uniforms", withAspects);
        }
    }

    /** Frames a Shadertoy shader renders to reach {@code time} (0..1 over 8 s) at 60 frames a second from iTime 0. */
    static int shadertoyFrames(double time) {
        return (int) Math.floor(time * 480 + 1e-9) + 1;
    }

    /** Frames a feedback effect runs before it is measured. */
    static final int FEEDBACK_FRAMES = 16;

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
