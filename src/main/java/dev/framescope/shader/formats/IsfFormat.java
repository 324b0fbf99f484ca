package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * ISF 2.0 files ({@code .fs}, id = path without the extension), imported by {@link IsfImport}: every pass compiles
 * the same file under a prelude for its PASSINDEX, draws into a target sized by its expressions, with a {@code .vs}
 * companion and a GLSL ES 1.00 fallback ({@link IsfStages}); the host gives {@code DATE}.
 */
final class IsfFormat implements EffectFormat {

    static final String NAME = "isf";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean holds(EffectFile file) {
        return file.name().endsWith(".fs");
    }

    @Override
    public List<Effect> load(EffectFile file, Path root, Predicate<String> wanted) throws IOException {
        String id = file.fileId(root);
        if (!wanted.test(id)) {
            return List.of();
        }
        JsonNode definition = IsfImport.definition(file.path());
        List<Program> programs = new ArrayList<>();
        for (JsonNode pass : definition.path("passes")) {
            programs.add(new Program(pass.get("name").asText(), definition.get("name").asText(), file.path(), null,
                    pass));
        }
        return List.of(new Effect(id, file.path().getParent(), definition, programs, root));
    }

    @Override
    public String source(Effect effect, Program program, Path file, Map<String, Object> uniforms) {
        String text = NativeFormat.read(file);
        return file.toString().endsWith(".fs")
                ? IsfImport.wrap(text, effect.definition(), program.spec().path("passIndex").asInt(0)) : text;
    }

    /** Even one pass may draw into a PERSISTENT or FLOAT target and reads FRAMEINDEX per frame. */
    @Override
    public boolean usesPassRuntime(Effect effect) {
        return true;
    }

    @Override
    public Map<String, Object> glslStages(Effect effect, Program program) {
        return IsfStages.passStages(effect, program);
    }

    /** Each pass with its target's size, float and persistent flags and, on WebGL2, its stages; DATE at call time. */
    @Override
    public void putPasses(Map<String, Object> options, Effect effect, FrameInputs frame) {
        options.put("passes", PagePasses.of(effect, frame, PagePasses::specInputs, (program, pass) -> {
            pass.putAll(IsfImport.targetOptions(program.spec(), frame.width(), frame.height(), frame.uniforms()));
            if (frame.webgl()) {
                pass.putAll(IsfStages.passStages(effect, program));
            }
        }));
        options.put("images", IsfStages.images(effect.definition(),
                IsfImport.images(effect.root(), effect.dir(), effect.definition()), frame.images(), frame.width(),
                frame.height()));
        options.put("uniforms", PagePasses.withDefault(frame.uniforms(), "DATE", IsfStages.date(LocalDateTime.now())));
    }

    /** The prelude declares every built-in; only the file's own inputs are the author's to use. */
    @Override
    public Set<String> authoredUniforms(Effect effect, Set<String> declared) {
        return EffectFormat.ownInputs(effect, declared);
    }

    @Override
    public Optional<VertexStage> vertexStage(Effect effect, Program program) {
        if (!effect.definition().has("vertexShader") || program != effect.programs().get(0)) {
            return Optional.empty();
        }
        String file = effect.definition().get("vertexShader").asText();
        return IsfStages.vertexText(program.glsl(), effect.definition()).map(text -> new VertexStage(file, text));
    }

    /**
     * ISF's transition contract (the spec's "Transitions" section): image inputs startImage and endImage and a
     * float input progress; progress 0 shows startImage, 1 endImage.
     */
    @Override
    public TransitionEnds transitionEnds(Effect effect) {
        List<String> images = new ArrayList<>();
        effect.definition().path("imageInputs").forEach(i -> images.add(i.asText()));
        JsonNode progress = effect.definition().path("globals").path("progress");
        if (!images.contains("startImage") || !images.contains("endImage")
                || !progress.path("isfType").asText().equals("float")) {
            return null;
        }
        return new TransitionEnds("progress", "startImage", card(images.indexOf("startImage")), "endImage",
                card(images.indexOf("endImage")));
    }

    /** The card IsfStages#images binds to the image input at {@code index}. */
    private static String card(int index) {
        return IsfStages.CARDS.get(Math.min(index, IsfStages.CARDS.size() - 1));
    }

    @Override
    public String kind(Effect effect) {
        return transitionEnds(effect) != null ? "transition" : EffectFormat.super.kind(effect);
    }

    /** The .fs file itself: its header holds the DESCRIPTION. */
    @Override
    public String descriptionFile(Effect effect) {
        return effect.programs().isEmpty() ? null : effect.dir().relativize(effect.programs().get(0).glsl())
                .toString();
    }

    @Override
    public String globalsFile(Effect effect) {
        return null;
    }

    /** An input is declared by its INPUTS entry in the header ({@code "NAME": "name"}). */
    @Override
    public Pattern headerDeclaration(Path file, String name) {
        return file.getFileName().toString().endsWith(".fs")
                ? Pattern.compile("\"NAME\"\\s*:\\s*\"" + Pattern.quote(name) + "\"") : null;
    }

    @Override
    public Map<String, List<String>> metadata(Effect effect) {
        JsonNode header = header(effect.programs().isEmpty() ? null : effect.programs().get(0).glsl());
        Map<String, List<String>> fields = new LinkedHashMap<>();
        List<String> categories = new ArrayList<>();
        header.path("CATEGORIES").forEach(t -> categories.add(t.asText()));
        fields.put("categories", categories);
        if (header.hasNonNull("CREDIT")) {
            fields.put("credit", List.of(header.get("CREDIT").asText()));
        }
        return fields;
    }

    /** The JSON between an ISF file's leading comment markers, or an empty object. */
    private static JsonNode header(Path file) {
        try {
            return file == null ? Json.mapper().createObjectNode() : IsfImport.header(file);
        } catch (IOException | ToolException e) {
            return Json.mapper().createObjectNode(); // an unreadable header has no categories to search
        }
    }

    /** The size the WIDTH/HEIGHT expressions give at the defaults, stated as written ($WIDTH without one). */
    @Override
    public PassTarget target(Effect effect, Program program, int width, int height, Map<String, Object> defaults) {
        JsonNode spec = program.spec();
        Map<String, Object> size = IsfImport.targetOptions(spec, width, height, defaults);
        return new PassTarget(((Number) size.get("width")).intValue(), ((Number) size.get("height")).intValue(),
                spec.path("width").asText("$WIDTH"), spec.path("height").asText("$HEIGHT"),
                spec.has("float") ? spec.get("float").asBoolean() : null);
    }
}
