package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Bounded;
import dev.framescope.shader.EffectLibrary.Effect;
import dev.framescope.shader.EffectLibrary.Program;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code analyze_effect}: a static summary of effects from what the library reads off disk (definition.json, the ISF
 * header, a gl-transition's parameters, a Shadertoy export's passes), no browser: passes with their targets and sizes,
 * inputs with types, defaults and ranges, image inputs, feedback, languages, source line counts, and a cost figure
 * that is a count (passes × pixels per frame), never a timing. Stateless.
 */
public final class EffectAnalysis {

    /**
     * One pass: its program, the textures it reads by sampler, the texture it writes, its size ({@code width} and
     * {@code height}: the frame's, the ISF expression, or a noisemaker texture's declared size in pixels), whether
     * that target is persistent or float, and the
     * lines of its GLSL / WGSL file (null where there is none).
     */
    public record PassInfo(String name, String program, Map<String, String> inputs, String target, String width,
                           String height, Boolean persistent, Boolean floatTarget, Integer glslLines,
                           Integer wgslLines) {
    }

    /** One global: its uniform, type, default and range as declared (null where the format gives none). */
    public record InputInfo(String name, String uniform, String type, JsonNode defaultValue, JsonNode min,
                            JsonNode max, JsonNode values) {
    }

    /**
     * Cost per frame at the given size: {@code pixelsPerFrame} = Σ over passes of the pass's target pixels (ISF
     * size expressions evaluated at the defaults); a feedback effect at time t draws floor(t × 480) + 1 frames.
     */
    public record Cost(int width, int height, int passesPerFrame, long pixelsPerFrame, String formula) {
    }

    public record Analysis(String id, String name, String format, String kind, String description, String unsupported,
                           List<PassInfo> passes, List<InputInfo> inputs, List<String> imageInputs,
                           List<String> textures, boolean feedback, boolean glsl, boolean wgsl, int glslLines,
                           int wgslLines, Cost cost) {
    }

    public record AnalysisReport(int schemaVersion, String summary, BatchPage.Info page, Bounded<Analysis> effects) {
    }

    public AnalysisReport analyze(EffectLibrary library, String selector, int width, int height, Integer limit) {
        return analyze(library, selector, width, height, null, limit, BatchPage.Mode.full);
    }

    /** The effects {@code offset..offset+limit−1} of the selection, paged as the browser batch tools are. */
    public AnalysisReport analyze(EffectLibrary library, String selector, int width, int height, Integer offset,
                                  Integer limit, BatchPage.Mode mode) {
        List<Effect> selected = library.select(selector);
        List<Analysis> all = BatchPage.slice(selected, offset, limit).stream().map(e -> analyze(e, width, height))
                .toList();
        Analysis first = all.get(0);
        String summary = all.size() + " effect(s) analysed; " + first.id() + ": " + first.format() + " "
                + first.kind() + ", " + first.passes().size() + " pass(es), " + first.inputs().size() + " input(s), "
                + (first.feedback() ? "feedback, " : "") + (first.glsl() ? "GLSL" : "no GLSL") + " / "
                + (first.wgsl() ? "WGSL" : "no WGSL") + ", " + first.cost().pixelsPerFrame() + " pixels shaded per "
                + "frame at " + width + "×" + height + ".";
        BatchPage.Answer<Analysis> answer = BatchPage.answer(all, a -> "ok", selected.size(), offset, limit, mode);
        return new AnalysisReport(EffectCompiler.SCHEMA_VERSION, summary + BatchPage.more(answer.page()),
                answer.page(), answer.results());
    }

    static Analysis analyze(Effect effect, int width, int height) {
        JsonNode d = effect.definition();
        List<PassInfo> passes = new ArrayList<>();
        Map<String, Object> defaults = FrameRenderer.uniforms(d, Map.of());
        long pixels = 0;
        int glslLines = 0;
        int wgslLines = 0;
        Set<Path> counted = new LinkedHashSet<>();
        // noisemaker: targets sized and formatted as declared (NoisemakerTextures; WebGL2's formats)
        Map<String, Map<String, Object>> declared = effect.isNoisemaker()
                ? NoisemakerTextures.targetsIfSupported(effect, true, width, height, defaults) : Map.of();
        for (Program p : effect.programs()) {
            JsonNode spec = p.spec();
            Map<String, String> inputs = new LinkedHashMap<>();
            spec.path("inputs").fields().forEachRemaining(e -> inputs.put(e.getKey(), e.getValue().asText()));
            // Shadertoy passes and collection entries are code inside one file: count the code, not the file.
            boolean embedded = effect.isShadertoy() || (effect.isGlTransition() && d.has("glsl"));
            Integer gl = embedded ? lines(spec.path("code").asText(d.path("glsl").asText(""))) : lines(p.glsl());
            Integer wg = lines(p.wgsl());
            glslLines += gl != null && (embedded || counted.add(p.glsl())) ? gl : 0;
            wgslLines += wg != null && counted.add(p.wgsl()) ? wg : 0;
            boolean isf = effect.isIsf();
            int w = width;
            int h = height;
            if (isf) {
                Map<String, Object> size = IsfImport.targetOptions(spec, width, height, defaults);
                w = ((Number) size.get("width")).intValue();
                h = ((Number) size.get("height")).intValue();
            }
            Map<String, Object> target = declared.get(spec.path("outputs").path("fragColor").asText());
            String sizeW = isf ? spec.path("width").asText("$WIDTH") : "frame";
            String sizeH = isf ? spec.path("height").asText("$HEIGHT") : "frame";
            Boolean floatTarget = spec.has("float") ? spec.get("float").asBoolean() : null;
            if (target != null) {
                w = (Integer) target.get("width");
                h = (Integer) target.get("height");
                sizeW = w == width ? "frame" : String.valueOf(w);
                sizeH = h == height ? "frame" : String.valueOf(h);
                floatTarget = target.get("format").toString().matches(".*(16f|32f)$");
            }
            pixels += (long) w * h;
            passes.add(new PassInfo(p.pass(), p.name(), inputs, spec.path("outputs").path("fragColor")
                    .asText("outputTex"), sizeW, sizeH,
                    spec.has("persistent") ? spec.get("persistent").asBoolean() : null, floatTarget, gl, wg));
        }
        if (effect.isShadertoy() && d.hasNonNull("common")) {
            glslLines += lines(d.get("common").asText());
        }
        List<InputInfo> inputs = new ArrayList<>();
        d.path("globals").fields().forEachRemaining(e -> {
            JsonNode g = e.getValue();
            inputs.add(new InputInfo(e.getKey(), g.path("uniform").asText(null), g.path("type").asText(null),
                    g.get("default"), g.get("min"), g.get("max"), g.get("values")));
        });
        List<String> images = new ArrayList<>();
        d.path("imageInputs").forEach(n -> images.add(n.asText()));
        d.path("images").fieldNames().forEachRemaining(images::add);
        d.path("imported").fieldNames().forEachRemaining(n -> images.add(n + " (imported)"));
        List<String> textures = new ArrayList<>();
        d.path("textures").fieldNames().forEachRemaining(textures::add);
        passes.stream().map(PassInfo::target).filter(t -> !t.equals("outputTex") && !textures.contains(t))
                .distinct().forEach(textures::add);
        boolean feedback = effect.isShadertoy() && passes.size() > 1 || FrameRenderer.readsAnyLaterOutput(effect);
        boolean glsl = !effect.programs().isEmpty() && effect.programs().stream().allMatch(p -> p.glsl() != null);
        boolean wgsl = !effect.programs().isEmpty() && effect.programs().stream().allMatch(p -> p.wgsl() != null);
        Cost cost = new Cost(width, height, passes.size(), pixels, "sum over passes of the target's width × height "
                + "(fragment shader invocations per frame); a feedback effect at time t renders floor(t × 480) + 1 "
                + "frames; no timing: measure with benchmark_effect_fps");
        return new Analysis(effect.id(), d.path("name").asText(effect.id()), effect.format(),
                effect.isGlTransition() ? "transition" : EffectTests.isFilter(d) ? "filter" : "generator",
                d.path("description").asText(null), effect.unsupported(), passes, inputs, images, textures, feedback,
                glsl, wgsl, glslLines, wgslLines, cost);
    }

    private static Integer lines(Path file) {
        try {
            return file == null ? null : lines(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null;
        }
    }

    private static int lines(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        int n = (int) text.chars().filter(c -> c == '\n').count();
        return text.endsWith("\n") ? n : n + 1;
    }
}
