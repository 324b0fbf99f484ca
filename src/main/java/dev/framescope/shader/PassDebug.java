package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.shader.EffectDebugger.DebugEffectReport;
import dev.framescope.shader.EffectDebugger.PassInfo;
import dev.framescope.shader.EffectDebugger.PixelInfo;
import dev.framescope.shader.debug.Agreement;
import dev.framescope.shader.debug.CaptureCache;
import dev.framescope.shader.debug.PassSnapshot;
import dev.framescope.shader.debug.SamplerBindings;
import dev.framescope.shader.debug.SpirvCompiler;
import dev.framescope.shader.debug.TraceLines;
import dev.framescope.shader.debug.UniformLayout;
import dev.framescope.shader.debug.Varyings;
import dev.framescope.shader.debug.VulkanGlsl;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.nativepass.NativeDraw;
import dev.framescope.shader.nativepass.NativeInput;
import dev.framescope.shader.nativepass.NativeRenderer;
import dev.framescope.shader.nativepass.NativeResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One debug_effect call after Chromium drew the pass: its text made Vulkan SPIR-V, its uniforms packed where glslang
 * put them, its inputs written as float files, the native draw and capture, the comparison with Chromium's pixels,
 * and debug_shader's trace of the pixel with its lines put back on the effect's file. Works in {@code work}, a
 * folder of the call's own; only the capture outlives it, in the cache.
 */
final class PassDebug {

    private static final Duration NATIVE_LIMIT = Duration.ofSeconds(60);

    private final SpirvCompiler compiler;
    private final NativeRenderer renderer;
    private final CaptureCache cache;
    private final ToolCaller tools;
    private final ToolContext context;
    private final List<String> notes = new ArrayList<>();

    PassDebug(SpirvCompiler compiler, NativeRenderer renderer, CaptureCache cache, ToolCaller tools,
              ToolContext context) {
        this.compiler = compiler;
        this.renderer = renderer;
        this.cache = cache;
        this.tools = tools;
        this.context = context;
    }

    /** A note the answer carries. */
    void note(String note) {
        notes.add(note);
    }

    DebugEffectReport run(Effect effect, PassSnapshot pass, PixelInfo pixel, DebugEffectArgs a, String file,
                          Path work) throws IOException {
        VulkanGlsl.Converted converted = VulkanGlsl.fragment(pass.fragmentText());
        SpirvCompiler.Compiled vertex = null;
        SamplerBindings samplers = SamplerBindings.of(converted, Map.of());
        converted = samplers.converted();
        if (pass.customVertex()) {
            VulkanGlsl.Converted[] stages = Varyings.locate(VulkanGlsl.vertex(pass.vertexText()), converted);
            converted = stages[1];
            // the vertex stage's samplers at the fragment's bindings: WebGL binds a program's samplers once
            SamplerBindings both = SamplerBindings.of(stages[0], samplers.bindings());
            samplers = new SamplerBindings(converted, both.bindings());
            vertex = compiler.compile(both.converted().text(), "vert", work.resolve("pass-vertex.spv"));
            notes.add("the pass's own vertex stage was drawn too, its outputs matched to the fragment's inputs by "
                    + "name");
        }
        SpirvCompiler.Compiled compiled = compiler.compile(converted.text(), "frag", work.resolve("pass.spv"));
        if (vertex != null) {
            compiled = compiled.withVertex(vertex);
        }
        NativeResult drawn = draw(effect, compiled, samplers.bindings(), pass.uniforms(), "WebGL2 reported no value "
                + "for (inactive, or named otherwise)", pass, pass.index(), pass.width(), pass.height(), work);
        float[] nativePixels = EffectDebugger.pixels(drawn);
        if (a.x() == null) {
            pixel = nonFiniteInBoth(pass, nativePixels, pixel);
        }
        Agreement agreement = Agreement.of(pass, nativePixels, pixel.passX(), pixel.passY());
        PassInfo info = new PassInfo(pass.index(), pass.name(), file, pass.width(), pass.height(), pass.version());
        return traced(effect, info, pixel, agreement, drawn, converted, a);
    }

    /**
     * A plain file the browser cannot run (desktop GLSL, HLSL): compiled as written, drawn natively with the call's
     * and the file's uniform values and no textures, at the pixel asked for, else its first non-finite pixel, else
     * the centre; nothing to compare with.
     */
    DebugEffectReport runNative(Effect effect, String text, boolean hlsl, Map<String, List<List<Double>>> uniforms,
                                DebugEffectArgs a, String file, Path work) throws IOException {
        VulkanGlsl.Converted converted = VulkanGlsl.asWritten(text);
        SamplerBindings samplers = hlsl ? null : SamplerBindings.of(converted, Map.of());
        SpirvCompiler.Compiled compiled = hlsl
                ? compiler.compileHlsl(text, effect.definition().path("entry").asText("main"), work.resolve("p.spv"))
                : compiler.compile(samplers.converted().text(), "frag", work.resolve("p.spv"));
        int w = a.width();
        int h = a.height();
        NativeResult drawn = draw(effect, compiled, hlsl ? compiled.layout().samplers() : samplers.bindings(), uniforms, "given neither in the "
                + "call nor beside the file", null, 0, w, h, work);
        // HLSL's SV_Position counts rows from the top as Vulkan's memory does, GLSL's gl_FragCoord from the bottom:
        // rows turned over for HLSL, the snapshot's bottom-up reading finds HLSL's rows where SV_Position has them
        float[] pixels = hlsl ? upsideDown(EffectDebugger.pixels(drawn), w, h) : EffectDebugger.pixels(drawn);
        PassSnapshot shape = new PassSnapshot(0, "main", null, text, null, false, w, h, null, Map.of(), List.of(), pixels);
        int[] first = a.x() != null ? new int[] {a.x(), a.y()} : shape.firstNonFinite(pixels);
        String chosen = a.x() != null ? "asked" : first != null ? "the first pixel with a NaN or Inf in the native "
                + "draw (rows from the top)" : "the centre: the native draw has no NaN or Inf";
        int x = first == null ? w / 2 : first[0];
        int y = first == null ? h / 2 : first[1];
        PixelInfo pixel = new PixelInfo(x, y, x, y, x, hlsl ? y : h - 1 - y, chosen);
        notes.add(effect.definition().path("description").asText() + ": the browser cannot run it, so there is no "
                + "Chromium draw to compare with");
        PassInfo info = new PassInfo(0, "main", file, w, h, effect.definition().path("language").asText());
        return traced(effect, info, pixel, null, drawn, converted, a);
    }

    /**
     * The default pixel, Chromium's first non-finite one, when the native draw is finite there (another driver's
     * rounding): the first pixel non-finite in both draws instead, so the trace steps a NaN the two agree on; said in
     * {@code chosen}. Unchanged when there is none.
     */
    private PixelInfo nonFiniteInBoth(PassSnapshot pass, float[] nativePixels, PixelInfo pixel) {
        if (finite(pass.at(nativePixels, pixel.passX(), pixel.passY()))
                && !finite(pass.at(pass.output(), pixel.passX(), pixel.passY()))) {
            for (int y = 0; y < pass.height(); y++) {
                for (int x = 0; x < pass.width(); x++) {
                    if (!finite(pass.at(nativePixels, x, y)) && !finite(pass.at(pass.output(), x, y))) {
                        notes.add("Chromium's first non-finite pixel (" + pixel.passX() + ", " + pixel.passY()
                                + ") is finite in the native draw; stepped the first pixel non-finite in both");
                        return new PixelInfo(pixel.x() + (x - pixel.passX()), pixel.y() + (y - pixel.passY()), x, y,
                                x, pass.height() - 1 - y, "the first pixel non-finite in both draws (rows from the "
                                + "top)");
                    }
                }
            }
        }
        return pixel;
    }

    private static boolean finite(float[] rgba) {
        for (float v : rgba) {
            if (!Float.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    private static float[] upsideDown(float[] pixels, int w, int h) {
        float[] out = new float[pixels.length];
        for (int row = 0; row < h; row++) {
            System.arraycopy(pixels, row * w * 4, out, (h - 1 - row) * w * 4, w * 4);
        }
        return out;
    }

    /** Packs the uniforms, writes the inputs and draws the pass natively, captured. */
    private NativeResult draw(Effect effect, SpirvCompiler.Compiled compiled, Map<String, Integer> samplers,
                              Map<String, List<List<Double>>> uniforms, String missingWhy, PassSnapshot inputsFrom,
                              int index, int width, int height, Path work) throws IOException {
        UniformLayout layout = compiled.layout();
        Path uniformFile = null;
        if (layout.block() != null) {
            ByteBuffer bytes = ByteBuffer.allocate(Math.max(16, layout.block().size()));
            List<String> missing = layout.pack(uniforms, bytes);
            if (!missing.isEmpty()) {
                notes.add("uniforms " + missingWhy + ", drawn as 0: " + String.join(", ", missing));
            }
            uniformFile = Files.write(work.resolve("uniforms.bin"), bytes.array());
        }
        List<NativeInput> inputs = inputs(samplers, inputsFrom, work);
        context.cancellation().throwIfCancelled();
        String slug = effect.id().replaceAll("[^A-Za-z0-9._-]+", "_");
        NativeResult drawn = renderer.draw(new NativeDraw(compiled.spirv(), compiled.vertex(), width, height,
                layout.block() == null ? null : layout.block().binding(), uniformFile, inputs,
                work.resolve("pixels.f32"), cache.folder().resolve(slug + "-pass" + index + "-"
                + System.currentTimeMillis()).toString()), NATIVE_LIMIT);
        if (drawn.capture() == null) {
            throw new ToolException(ErrorCode.ENGINE_FAILED, "the native renderer drew the pass but RenderDoc "
                    + "wrote no capture", Map.of());
        }
        return drawn;
    }

    /** debug_shader at the pixel of the capture, its lines put back on the file; the cache trimmed after. */
    private DebugEffectReport traced(Effect effect, PassInfo info, PixelInfo pixel, Agreement agreement,
                                     NativeResult drawn, VulkanGlsl.Converted converted, DebugEffectArgs a) {
        String capture = drawn.capture().toString();
        int event = drawEvent(capture);
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("capture", capture);
        call.put("event_id", event);
        call.put("x", pixel.captureX());
        call.put("y", pixel.captureY());
        call.put("max_steps", a.maxSteps());
        call.put("limit", a.limit());
        call.put("offset", a.offset());
        if (a.step() != null) {
            call.put("step", a.step());
        }
        JsonNode trace = ask("debug_shader", call);
        TraceLines.remap(trace, converted, info.file());
        cache.trim();
        return new DebugEffectReport(EffectDebugger.SCHEMA_VERSION, summary(effect, info, pixel, trace, agreement),
                trace.path("status").asText("debugged"), effect.id(), null, info, pixel, agreement, trace, capture,
                event, List.copyOf(notes), null);
    }

    /** Each sampler glslang kept, bound at its binding to the texture Chromium's draw read (a missing one: 1×1 0). */
    private List<NativeInput> inputs(Map<String, Integer> samplers, PassSnapshot pass, Path work)
            throws IOException {
        List<NativeInput> out = new ArrayList<>();
        for (Map.Entry<String, Integer> sampler : samplers.entrySet()) {
            PassSnapshot.Input input = pass == null ? null : pass.inputs().stream().filter(i -> i.sampler().equals(sampler.getKey()))
                    .findFirst().orElse(null);
            Path file = work.resolve("input-" + sampler.getValue() + ".f32");
            if (input == null || input.data() == null) {
                notes.add("sampler " + sampler.getKey() + " had no texture in Chromium's draw: drawn reading 0");
                Files.write(file, new byte[16]);
                out.add(new NativeInput(sampler.getValue(), 1, 1, false, "clamp", "clamp", file));
                continue;
            }
            if (input.filter().equals("mipmap")) {
                notes.add("sampler " + sampler.getKey() + " is mipmapped in Chromium; the native draw samples level"
                        + " 0 with linear filtering, so its values can differ where the pass minifies it");
            }
            Files.write(file, input.data());
            out.add(new NativeInput(sampler.getValue(), input.width(), input.height(),
                    !input.filter().equals("nearest"), input.wrapS(), input.wrapT(), file, input.cube()));
        }
        return out;
    }

    /** The capture's one draw. */
    private int drawEvent(String capture) {
        JsonNode draws = ask("iterate_actions", Map.of("capture", capture, "draws_only", true));
        JsonNode first = draws.at("/preview/0/event_id");
        if (!first.isInt()) {
            throw new ToolException(ErrorCode.ENGINE_FAILED, "the native capture " + capture + " holds no draw",
                    Map.of("capture", capture));
        }
        return first.asInt();
    }

    /** A RenderDoc tool's answer; its error becomes this call's, naming the tool. */
    private JsonNode ask(String tool, Map<String, Object> arguments) {
        ToolCaller.Answer answer = tools.call(tool, arguments, context);
        if (answer.error()) {
            if ("NOT_FOUND".equals(answer.errorCode()) && answer.body().path("message").asText().startsWith("no tool")) {
                throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "debug_effect steps the pixel with the "
                        + "RenderDoc tools, which this server does not serve (--groups): add renderdoc", Map.of());
            }
            throw new ToolException(ErrorCode.ENGINE_FAILED, tool + " on the native capture failed: "
                    + answer.body().path("message").asText(answer.text()), Map.of("tool", tool));
        }
        return answer.body();
    }

    private static String summary(Effect effect, PassInfo pass, PixelInfo pixel, JsonNode trace,
                                  Agreement agreement) {
        StringBuilder s = new StringBuilder(effect.id() + " pass " + pass.index() + " (" + pass.name() + ") at ("
                + pixel.x() + ", " + pixel.y() + "): ");
        JsonNode first = trace.path("first_non_finite");
        if (first.isObject()) {
            JsonNode source = first.path("source");
            s.append("step ").append(first.path("step").asInt()).append(" of ").append(trace.path("steps_run")
                    .asInt()).append(" makes ").append(first.path("kind").asText()).append(": ")
                    .append(source.path("line").isInt() ? "line " + source.path("line").asInt() + " '"
                            + source.path("text").asText("").strip() + "'" : "in FrameScope's prelude");
        } else if (trace.has("steps_run")) {
            s.append(trace.path("steps_run").asInt()).append(" steps, no NaN, Inf or denormal");
        } else {
            s.append(trace.path("message").asText(trace.path("status").asText()));
        }
        if (agreement == null) {
            return s.append("; output ").append(trace.at("/outputs/0/value")).append(" (native only)").toString();
        }
        s.append("; native ").append(agreement.nativeValue()).append(agreement.atPixel() ? " agrees with" : " differs"
                + " from").append(" Chromium ").append(agreement.chromium()).append(" (").append(agreement
                .pixelsDiffering()).append(" pixel(s) of the pass differ")
                .append(agreement.mostDifferingPixel() == null ? "" : "; most at " + agreement.mostDifferingPixel()
                        .get(0) + "," + agreement.mostDifferingPixel().get(1)).append(')');
        return s.toString();
    }
}
