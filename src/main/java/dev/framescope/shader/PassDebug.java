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
import dev.framescope.shader.debug.SpirvCompiler;
import dev.framescope.shader.debug.TraceLines;
import dev.framescope.shader.debug.UniformLayout;
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

    DebugEffectReport run(Effect effect, PassSnapshot pass, PixelInfo pixel, DebugEffectArgs a, String file,
                          Path work) throws IOException {
        VulkanGlsl.Converted converted = VulkanGlsl.fragment(pass.fragmentText());
        SpirvCompiler.Compiled compiled = compiler.compile(converted.text(), "frag", work.resolve("pass.spv"));
        UniformLayout layout = compiled.layout();
        Path uniformFile = null;
        if (layout.block() != null) {
            ByteBuffer bytes = ByteBuffer.allocate(Math.max(16, layout.block().size()));
            List<String> missing = layout.pack(pass.uniforms(), bytes);
            if (!missing.isEmpty()) {
                notes.add("uniforms WebGL2 did not report, drawn as 0: " + String.join(", ", missing));
            }
            uniformFile = Files.write(work.resolve("uniforms.bin"), bytes.array());
        }
        List<NativeInput> inputs = inputs(layout, pass, work);
        context.cancellation().throwIfCancelled();
        String slug = effect.id().replaceAll("[^A-Za-z0-9._-]+", "_");
        NativeResult drawn = renderer.draw(new NativeDraw(compiled.spirv(), null, pass.width(), pass.height(),
                layout.block() == null ? null : layout.block().binding(), uniformFile, inputs,
                work.resolve("pixels.f32"), cache.folder().resolve(slug + "-pass" + pass.index() + "-"
                + System.currentTimeMillis()).toString()), NATIVE_LIMIT);
        Agreement agreement = Agreement.of(pass, EffectDebugger.pixels(drawn), pixel.passX(), pixel.passY());
        if (drawn.capture() == null) {
            throw new ToolException(ErrorCode.ENGINE_FAILED, "the native renderer drew the pass but RenderDoc "
                    + "wrote no capture", Map.of());
        }
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
        TraceLines.remap(trace, converted, file);
        cache.trim();
        PassInfo info = new PassInfo(pass.index(), pass.name(), file, pass.width(), pass.height(), pass.version());
        return new DebugEffectReport(EffectDebugger.SCHEMA_VERSION, summary(effect, info, pixel, trace, agreement),
                trace.path("status").asText("debugged"), effect.id(), null, info, pixel, agreement, trace, capture,
                event, List.copyOf(notes), null);
    }

    /** Each sampler glslang kept, bound at its binding to the texture Chromium's draw read (a missing one: 1×1 0). */
    private List<NativeInput> inputs(UniformLayout layout, PassSnapshot pass, Path work) throws IOException {
        List<NativeInput> out = new ArrayList<>();
        for (Map.Entry<String, Integer> sampler : layout.samplers().entrySet()) {
            PassSnapshot.Input input = pass.inputs().stream().filter(i -> i.sampler().equals(sampler.getKey()))
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
                    !input.filter().equals("nearest"), input.wrapS(), input.wrapT(), file));
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
        s.append("; native ").append(agreement.nativeValue()).append(agreement.atPixel() ? " agrees with" : " differs"
                + " from").append(" Chromium ").append(agreement.chromium()).append(" (").append(agreement
                .pixelsDiffering()).append(" pixel(s) of the pass differ)");
        return s.toString();
    }
}
