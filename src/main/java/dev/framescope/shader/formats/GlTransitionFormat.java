package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * gl-transitions, imported by {@link GlTransitionImport}: each entry of a {@code gl-transitions.json} (id
 * {@code <folder>/<name>}, its code inside the collection) and {@code .glsl} files that define
 * {@code vec4 transition(...)} (id = path without the extension), drawn between the from and to images
 * ({@link ImageInputs#transition}).
 */
final class GlTransitionFormat implements EffectFormat {

    @Override
    public String name() {
        return GlTransitionImport.FORMAT;
    }

    @Override
    public boolean holds(EffectFile file) {
        if (file.name().equals(GlTransitionImport.COLLECTION)) {
            return true;
        }
        String text = file.isLooseGlsl() ? file.text() : null;
        return text != null && GlTransitionImport.isTransition(text);
    }

    @Override
    public List<Effect> load(EffectFile file, Path root, Predicate<String> wanted) throws IOException {
        Path path = file.path();
        if (file.name().equals(GlTransitionImport.COLLECTION)) {
            return collection(path, root, wanted);
        }
        String id = file.fileId(root);
        if (!wanted.test(id)) {
            return List.of();
        }
        JsonNode definition = GlTransitionImport.file(path);
        return List.of(new Effect(id, path.getParent(), definition, List.of(new Program("main",
                definition.get("name").asText(), path, null, definition.get("passes").get(0))), root));
    }

    /** The entries of a gl-transitions.json whose id ({@code <folder>/<name>}) is wanted; the file is read whole. */
    private static List<Effect> collection(Path file, Path root, Predicate<String> wanted) throws IOException {
        String folder = root.relativize(file.getParent()).toString().replace('\\', '/');
        List<Effect> effects = new ArrayList<>();
        for (JsonNode definition : GlTransitionImport.collection(file)) {
            String name = definition.get("name").asText();
            String id = folder.isEmpty() ? name : folder + "/" + name;
            if (wanted.test(id)) {
                JsonNode pass = definition.get("passes").get(0);
                effects.add(new Effect(id, file.getParent(), definition,
                        List.of(new Program("main", name, file, null, pass)), root));
            }
        }
        return effects;
    }

    /** A collection entry's code, else the file's, under the gl-transitions host's prelude. */
    @Override
    public String source(Effect effect, Program program, Path file, Map<String, Object> uniforms) {
        JsonNode definition = effect.definition();
        return GlTransitionImport.wrap(definition.has("glsl") ? definition.get("glsl").asText()
                : NativeFormat.read(file));
    }

    @Override
    public boolean usesPassRuntime(Effect effect) {
        return true;
    }

    /** The from, to and sampler images, whose aspect ratios the prelude reads as uniforms. */
    @Override
    public void putPasses(Map<String, Object> options, Effect effect, FrameInputs frame) {
        options.put("passes", PagePasses.of(effect, frame, PagePasses::specInputs, (program, pass) -> {
        }));
        Map<String, Object> withAspects = new LinkedHashMap<>(frame.uniforms());
        options.put("images", ImageInputs.transition(effect.definition(), frame.images(), frame.width(),
                frame.height(), withAspects));
        options.put("uniforms", withAspects);
    }

    @Override
    public boolean setsUniform(Effect effect, Path file, String name) {
        return GlTransitionImport.PRELUDE_UNIFORMS.contains(name);
    }

    /** The prelude declares progress, ratio and the images; only the entry's own parameters are the author's. */
    @Override
    public Set<String> authoredUniforms(Effect effect, Set<String> declared) {
        return EffectFormat.ownInputs(effect, declared);
    }

    @Override
    public String kind(Effect effect) {
        return "transition";
    }

    /** progress 0 shows the from image, 1 the to image: the gl-transitions contract. */
    @Override
    public TransitionEnds transitionEnds(Effect effect) {
        JsonNode images = effect.definition().path("images");
        return new TransitionEnds("progress", "from", images.path("from").asText(), "to", images.path("to").asText());
    }

    @Override
    public String embeddedCode(Effect effect, Program program) {
        JsonNode definition = effect.definition();
        return definition.has("glsl") ? program.spec().path("code").asText(definition.path("glsl").asText(""))
                : null;
    }
}
