package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Bounded;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.EffectFormat;
import dev.framescope.shader.formats.Program;
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
        EffectBatch batch = EffectBatch.select(library, selector, offset, limit);
        List<Analysis> all = batch.effects().stream().map(e -> analyze(e, width, height)).toList();
        Analysis first = all.get(0);
        String summary = all.size() + " effect(s) analysed; " + first.id() + ": " + first.format() + " "
                + first.kind() + ", " + first.passes().size() + " pass(es), " + first.inputs().size() + " input(s), "
                + (first.feedback() ? "feedback, " : "") + (first.glsl() ? "GLSL" : "no GLSL") + " / "
                + (first.wgsl() ? "WGSL" : "no WGSL") + ", " + first.cost().pixelsPerFrame() + " pixels shaded per "
                + "frame at " + width + "×" + height + ".";
        BatchPage.Answer<Analysis> answer = batch.answer(all, a -> "ok", mode);
        return new AnalysisReport(EffectCompiler.SCHEMA_VERSION, summary + BatchPage.more(answer.page()),
                answer.page(), answer.results());
    }

    static Analysis analyze(Effect effect, int width, int height) {
        JsonNode d = effect.definition();
        List<Measured> measured = passes(effect, width, height);
        List<PassInfo> passes = measured.stream().map(Measured::info).toList();
        int glslLines = 0;
        int wgslLines = 0;
        Set<Path> counted = new LinkedHashSet<>();
        for (int i = 0; i < passes.size(); i++) {
            Program p = effect.programs().get(i);
            Integer gl = passes.get(i).glslLines();
            Integer wg = passes.get(i).wgslLines();
            glslLines += gl != null && (effect.format().embeddedCode(effect, p) != null || counted.add(p.glsl()))
                    ? gl : 0;
            wgslLines += wg != null && counted.add(p.wgsl()) ? wg : 0;
        }
        String shared = effect.format().sharedCode(effect);
        if (shared != null) {
            glslLines += lines(shared);
        }
        long pixels = measured.stream().mapToLong(Measured::pixels).sum();
        boolean glsl = !effect.programs().isEmpty() && effect.programs().stream().allMatch(p -> p.glsl() != null);
        boolean wgsl = !effect.programs().isEmpty() && effect.programs().stream().allMatch(p -> p.wgsl() != null);
        Cost cost = new Cost(width, height, passes.size(), pixels, "sum over passes of the target's width × height "
                + "(fragment shader invocations per frame); a feedback effect at time t renders floor(t × 480) + 1 "
                + "frames; no timing: measure with benchmark_effect_fps");
        return new Analysis(effect.id(), d.path("name").asText(effect.id()), effect.formatName(), effect.kind(),
                d.path("description").asText(null), effect.unsupported(), passes, inputs(d), images(d),
                textures(d, passes), effect.format().isFeedback(effect), glsl, wgsl, glslLines, wgslLines, cost);
    }

    /** A pass as reported, and the pixels its target has. */
    private record Measured(PassInfo info, long pixels) {
    }

    /** Each pass with its target as the format sizes it at the defaults, and its source's lines. */
    private static List<Measured> passes(Effect effect, int width, int height) {
        Map<String, Object> defaults = effect.uniforms(Map.of());
        List<Measured> passes = new ArrayList<>();
        for (Program p : effect.programs()) {
            JsonNode spec = p.spec();
            Map<String, String> inputs = new LinkedHashMap<>();
            spec.path("inputs").properties().forEach(e -> inputs.put(e.getKey(), e.getValue().asText()));
            // Shadertoy passes and collection entries are code inside one file: count the code, not the file.
            String embedded = effect.format().embeddedCode(effect, p);
            EffectFormat.PassTarget target = effect.format().target(effect, p, width, height, defaults);
            passes.add(new Measured(new PassInfo(p.pass(), p.name(), inputs, spec.path("outputs").path("fragColor")
                    .asText("outputTex"), target.widthText(), target.heightText(),
                    spec.has("persistent") ? spec.get("persistent").asBoolean() : null, target.floatTarget(),
                    embedded != null ? Integer.valueOf(lines(embedded)) : lines(p.glsl()), lines(p.wgsl())),
                    (long) target.width() * target.height()));
        }
        return passes;
    }

    private static List<InputInfo> inputs(JsonNode d) {
        List<InputInfo> inputs = new ArrayList<>();
        d.path("globals").properties().forEach(e -> {
            JsonNode g = e.getValue();
            inputs.add(new InputInfo(e.getKey(), g.path("uniform").asText(null), g.path("type").asText(null),
                    g.get("default"), g.get("min"), g.get("max"), g.get("values")));
        });
        return inputs;
    }

    private static List<String> images(JsonNode d) {
        List<String> images = new ArrayList<>();
        d.path("imageInputs").forEach(n -> images.add(n.asText()));
        d.path("images").fieldNames().forEachRemaining(images::add);
        d.path("imported").fieldNames().forEachRemaining(n -> images.add(n + " (imported)"));
        return images;
    }

    private static List<String> textures(JsonNode d, List<PassInfo> passes) {
        List<String> textures = new ArrayList<>();
        d.path("textures").fieldNames().forEachRemaining(textures::add);
        passes.stream().map(PassInfo::target).filter(t -> !t.equals("outputTex") && !textures.contains(t))
                .distinct().forEach(textures::add);
        return textures;
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
