package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Page;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.EffectCompiler.Diagnostic;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.FrameInputs;
import dev.framescope.shader.formats.Program;
import dev.framescope.shader.formats.Schedule;
import dev.framescope.shader.harness.PageArguments;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws effects' frames on a page that shows the runtime ({@code window.framescope}) and reads them back: the calls
 * every tool that looks at pixels shares (render_effect_frame, the description, test_effect). What an effect's format
 * gives the page is the format's ({@link Effect#format()}); which page to draw on, and how many effects, is the
 * caller's. A page is not thread-safe: one call uses it at a time.
 */
final class RuntimePage {

    private RuntimePage() {
    }

    /**
     * One rendered frame. {@code status}: ok, error (diagnostics say why), unavailable (backend missing, see
     * {@code note}), unsupported or not_available (the effect has no program in that language). {@code rgba} rows
     * top-down; {@code floats} the float target's exact components, when the last pass draws floats.
     */
    record Pixels(String status, byte[] rgba, int width, int height, String renderer, List<Diagnostic> diagnostics,
                  String note, float[] floats, PassProbes probes) {

        Pixels(String status, byte[] rgba, int width, int height, String renderer, List<Diagnostic> diagnostics,
               String note) {
            this(status, rgba, width, height, renderer, diagnostics, note, null, null);
        }

        /** The non-finite values the passes wrote; null for a frame that was not drawn. */
        NonFinite nonFinite() {
            return probes == null ? null : NonFinite.of(probes);
        }

        /** Why a frame has no pixels: the note, else the first diagnostic ({@code glsl line 9: message}). */
        String why() {
            if (note != null || diagnostics.isEmpty()) {
                return note;
            }
            Diagnostic d = diagnostics.get(0);
            return d.language() + (d.line() == null ? "" : " line " + d.line()) + ": " + d.message();
        }
    }

    /**
     * What the probe of every pass adds (it always counts non-finite values): the value each pass wrote at frame pixel
     * ({@code traceX}, {@code traceY}), rows top-down, when both are given; each pass's picture when {@code pictures}.
     */
    record Probe(Integer traceX, Integer traceY, boolean pictures) {
        static final Probe COUNTS = new Probe(null, null, false);

        Map<String, Object> options() {
            Map<String, Object> options = new HashMap<>();
            if (traceX != null && traceY != null) {
                options.put("trace", Map.of("x", traceX, "y", traceY));
            }
            options.put("pictures", pictures);
            return options;
        }
    }

    /** Renders the effect on {@code backend} with the given uniform values (already merged). */
    static Pixels render(Page page, Effect effect, Backend backend, int width, int height, double time,
                         Map<String, Object> uniforms) {
        return render(page, effect, backend, width, height, time, uniforms, Map.of());
    }

    /** As above, with files bound to the effect's image inputs by name. */
    static Pixels render(Page page, Effect effect, Backend backend, int width, int height, double time,
                         Map<String, Object> uniforms, Map<String, String> images) {
        return render(page, effect, backend, width, height, time, uniforms, images, null);
    }

    /**
     * As above, with the number of frames ({@link Schedule}); null for the frames the time implies. A Shadertoy
     * shader and a feedback effect draw every frame of the schedule from time 0.
     */
    static Pixels render(Page page, Effect effect, Backend backend, int width, int height, double time,
                         Map<String, Object> uniforms, Map<String, String> images, Integer frames) {
        return render(page, effect, backend, width, height, time, uniforms, images, frames, Probe.COUNTS, false);
    }

    /**
     * As above, with what the probe of every pass traces besides counting non-finite values; {@code movingCard}: a
     * filter reads the moving card ({@link #testCard(Page, int, int, Integer)} at each frame's index) instead of the
     * still one.
     */
    static Pixels render(Page page, Effect effect, Backend backend, int width, int height, double time,
                         Map<String, Object> uniforms, Map<String, String> images, Integer frames, Probe probe,
                         boolean movingCard) {
        return render(page, effect, backend, width, height, time, uniforms, images, frames, probe, movingCard, null)
                .pixels();
    }

    /**
     * A frame and what debug_effect needs of one of its passes ({@code snapshot}: the page's gl-snapshot.js answer,
     * null when the frame was not drawn or the pass was not drawn on it).
     */
    record Snapshotted(Pixels pixels, JsonNode snapshot) {
    }

    /**
     * As above on WebGL2, also taking the snapshot of pass {@code pass} (null: the first pass the probe finds writing
     * a non-finite value, else the last) on the frame read back; of a cube-map pass, face {@code face}.
     */
    static Snapshotted renderWithSnapshot(Page page, Effect effect, int width, int height, double time,
                                          Map<String, Object> uniforms, Map<String, String> images, Integer frames,
                                          Integer pass, int face) {
        Map<String, Object> snapshot = new HashMap<>();
        snapshot.put("pass", pass);
        snapshot.put("face", face);
        return render(page, effect, Backend.webgl2, width, height, time, uniforms, images, frames, Probe.COUNTS,
                false, snapshot);
    }

    private static Snapshotted render(Page page, Effect effect, Backend backend, int width, int height, double time,
                                      Map<String, Object> uniforms, Map<String, String> images, Integer frames,
                                      Probe probe, boolean movingCard, Map<String, Object> snapshot) {
        FrameInputs frame = new FrameInputs(backend == Backend.webgl2, width, height, uniforms, images);
        Pixels refused = refused(effect, frame);
        if (refused != null) {
            return new Snapshotted(refused, null);
        }
        Schedule schedule = Schedule.of(time, frames);
        JsonNode result = Json.mapper().valueToTree(draw(page, effect, frame, time, schedule, probe, movingCard,
                snapshot));
        JsonNode taken = result.path("snapshot");
        return new Snapshotted(read(result, effect, frame, effect.format().note(effect, schedule, time, frame,
                result.path("draws").asInt(schedule.frames()))), taken.isObject() ? taken : null);
    }

    /** A frame the effect cannot draw here, said before the page is asked; null when it can. */
    private static Pixels refused(Effect effect, FrameInputs frame) {
        int width = frame.width();
        int height = frame.height();
        if (effect.unsupported() != null) {
            return new Pixels("unsupported", null, width, height, null, List.of(), effect.unsupported());
        }
        if (effect.programs().isEmpty()) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, effect.id() + " has no passes", Map.of());
        }
        String unsupported = effect.format().unsupported(effect, frame);
        if (unsupported != null) {
            return new Pixels("unsupported", null, width, height, null, List.of(), unsupported);
        }
        for (Program p : effect.programs()) {
            if (p.file(frame.webgl()) == null) {
                return new Pixels("not_available", null, width, height, null, List.of(),
                        "no " + (frame.webgl() ? "GLSL" : "WGSL") + " program " + p.name());
            }
        }
        return null;
    }

    /** The page's answer for one frame: one program drawn directly, or the passes through the pass runtime. */
    private static Object draw(Page page, Effect effect, FrameInputs frame, double time, Schedule schedule,
                               Probe probe, boolean movingCard, Map<String, Object> snapshot) {
        Map<String, Object> options = new HashMap<>();
        if (snapshot != null) {
            options.put("snapshot", snapshot);
        }
        options.put("probe", probe.options());
        options.put("movingCard", movingCard);
        options.put("width", frame.width());
        options.put("height", frame.height());
        options.put("time", time);
        options.put("uniforms", frame.uniforms());
        if (!effect.usesPassRuntime()) {
            Program program = effect.programs().get(0);
            String function = frame.webgl() ? "framescope.renderGlsl" : "framescope.renderWgsl";
            return page.evaluate("([source, options]) => " + function + "(source, options)",
                    List.of(effect.source(program, program.file(frame.webgl())), PageArguments.exact(options)));
        }
        effect.format().putPasses(options, effect, frame);
        options.put("host", effect.format().pageHost(effect, frame).toPage());
        Object passes = options.remove("passes");
        // Feedback needs history: every frame of the schedule is drawn; a plain chain draws only the last.
        options.put("frames", schedule.frames());
        options.put("step", schedule.step());
        options.put("history", effect.format().keepsHistory(effect));
        return page.evaluate("([language, passes, options]) => framescope.renderPasses(language, passes, options)",
                List.of(frame.webgl() ? "glsl" : "wgsl", PageArguments.exact(passes), PageArguments.exact(options)));
    }

    /** The frame the page answered with, its diagnostics, and {@code note} plus any GLSL ES 1.00 fallback. */
    private static Pixels read(JsonNode result, Effect effect, FrameInputs frame, String note) {
        int width = frame.width();
        int height = frame.height();
        List<Diagnostic> diagnostics = new ArrayList<>();
        for (JsonNode d : result.path("diagnostics")) {
            Program in = effect.format().reportedProgram(effect, d.path("pass").asInt(0));
            diagnostics.add(PageDiagnostics.of(d, effect, in, frame.webgl() ? "glsl" : "wgsl"));
        }
        if (result.has("pass_draws")) {
            List<String> draws = new ArrayList<>();
            result.get("pass_draws").forEach(p -> draws.add(p.path("name").asText() + " " + p.path("draws").asInt()));
            String passDraws = "frames each pass was drawn in: " + String.join(", ", draws) + " (a pass is left out "
                    + "of a frame when no later frame reads what it would draw, or when it discards every fragment "
                    + "then)";
            note = note == null ? passDraws : note + "; " + passDraws;
        }
        for (JsonNode v : result.path("versions")) {
            if (v.has("fell_back")) {
                String fell = PageDiagnostics.fellBack(v.get("fell_back").asText());
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
                result.has("rgba_float") ? floats(Base64.getDecoder().decode(result.get("rgba_float").asText())) : null,
                PassProbes.of(result.get("probe")));
    }

    /** The runtime's test card at {@code width}×{@code height}, RGBA rows top-down: what a filter reads as input. */
    static byte[] testCard(Page page, int width, int height) {
        return card(page, "testcard", width, height, null);
    }

    /** As above; {@code frame}: the moving card at that frame's index (null: the still card). */
    static byte[] testCard(Page page, int width, int height, Integer frame) {
        return card(page, "testcard", width, height, frame);
    }

    /**
     * A generated card by name (testcard, testcard2, ramp…) at {@code width}×{@code height}, RGBA rows top-down;
     * {@code frame}: the moving test card at that frame's index (null: the still card).
     */
    static byte[] card(Page page, String name, int width, int height, Integer frame) {
        return Base64.getDecoder().decode((String) page.evaluate(
                "([w, h, name, f]) => framescope.testCard(w, h, name, f)", Arrays.asList(width, height, name, frame)));
    }

    /** Little-endian float32 components. */
    private static float[] floats(byte[] bytes) {
        FloatBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
        float[] out = new float[buffer.remaining()];
        buffer.get(out);
        return out;
    }
}
