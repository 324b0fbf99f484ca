package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * noisemaker effects: a folder with {@code definition.js} (and no definition.json, which would win), its programs in
 * {@code glsl/} ({@code <program>.glsl}, or a {@code .frag} with its {@code .vert}) and {@code wgsl/}, read by
 * {@link NoisemakerImport} and drawn as noisemaker's runtime draws them: defines compiled in, its global uniforms,
 * declared texture sizes and formats ({@link NoisemakerTextures}), WGSL bindings ({@link NoisemakerBindings}),
 * repeated passes and ping-pong targets ({@link NoisemakerRuntime}).
 */
final class NoisemakerFormat implements EffectFormat {

    @Override
    public String name() {
        return NoisemakerImport.FORMAT;
    }

    @Override
    public boolean holds(EffectFile file) {
        return file.name().equals(NoisemakerImport.FILE)
                && !Files.isRegularFile(file.path().resolveSibling("definition.json"));
    }

    @Override
    public List<Effect> load(EffectFile file, Path root, Predicate<String> wanted) throws IOException {
        String id = file.folderId(root);
        if (!wanted.test(id)) {
            return List.of();
        }
        ObjectNode definition = NoisemakerImport.definition(file.path());
        Path dir = file.path().getParent();
        List<Program> programs = new ArrayList<>();
        if (NoisemakerChains.inChain(definition)) {
            NoisemakerChains.Composed chain = NoisemakerChains.compose(id, definition, dir, root);
            for (int i = 0; i < chain.passes().size(); i++) {
                programs.add(program(chain.dirs().get(i), chain.passes().get(i)));
            }
            return List.of(new Effect(id, dir, chain.definition(), programs, root));
        }
        for (JsonNode pass : definition.path("passes")) {
            programs.add(program(dir, pass));
        }
        return List.of(new Effect(id, dir, definition, programs, root));
    }

    /** A pass's program, with the {@code .vert} it links with noted in its spec as {@code vertexFile}. */
    private static Program program(Path dir, JsonNode pass) {
        String program = pass.path("program").asText();
        Path glsl = dir.resolve("glsl").resolve(program + ".glsl").normalize();
        Path frag = dir.resolve("glsl").resolve(program + ".frag").normalize();
        Path vert = dir.resolve("glsl").resolve(program + ".vert").normalize();
        Path wgsl = dir.resolve("wgsl").resolve(program + ".wgsl").normalize();
        if (EffectFile.outside(dir, glsl) || EffectFile.outside(dir, frag) || EffectFile.outside(dir, vert)
                || EffectFile.outside(dir, wgsl)) {
            return new Program(pass.path("name").asText(program), program, null, null, pass,
                    "program '" + program + "' leads outside the effect's folder " + dir);
        }
        Path fragment = Files.isRegularFile(glsl) ? glsl : Files.isRegularFile(frag) ? frag : null;
        if (Files.isRegularFile(vert) && pass instanceof ObjectNode o) {
            o.put("vertexFile", vert.toString());
        }
        return new Program(pass.path("name").asText(program), program, fragment,
                Files.isRegularFile(wgsl) ? wgsl : null, pass);
    }

    @Override
    public String source(Effect effect, Program program, Path file, Map<String, Object> uniforms) {
        return NoisemakerSources.source(effect, program, file, uniforms);
    }

    @Override
    public boolean usesPassRuntime(Effect effect) {
        return true;
    }

    @Override
    public String glslVertex(Effect effect, Program program, Map<String, Object> uniforms) {
        return NoisemakerSources.vertex(effect, program, uniforms);
    }

    /** A WGSL compute program on WebGPU, then a texture that cannot be allocated as declared. */
    @Override
    public String unsupported(Effect effect, FrameInputs frame) {
        for (Program p : frame.webgl() ? List.<Program>of() : effect.programs()) {
            String computeOnly = NoisemakerSources.wgslUnsupported(p);
            if (computeOnly != null) {
                return computeOnly;
            }
        }
        return NoisemakerTextures.unsupported(effect, frame.webgl(), frame.width(), frame.height(), frame.uniforms());
    }

    @Override
    public String wgslUnsupported(Program program) {
        return NoisemakerSources.wgslUnsupported(program);
    }

    @Override
    public void putPasses(Map<String, Object> options, Effect effect, FrameInputs frame) {
        options.put("passes", NoisemakerRuntime.passes(effect, frame));
        options.put("images", NoisemakerRuntime.images(effect, frame.images(), frame.width(), frame.height()));
        options.put("uniforms", NoisemakerRuntime.uniforms(frame.uniforms(), frame.width(), frame.height()));
    }

    /**
     * noisemaker's surfaces ping-pong; its WGSL draws y down; its per-frame globals are {@code frame} and
     * {@code deltaTime}; and {@code resolution} is the frame's size in every pass, as its global uniforms give it.
     */
    @Override
    public PageHost pageHost(Effect effect, FrameInputs frame) {
        return new PageHost(true, !frame.webgl(), new PageHost.FrameUniforms("frame", "deltaTime"), true);
    }

    @Override
    public String note(Effect effect, Schedule schedule, double time) {
        String feedback = keepsHistory(effect) ? schedule.feedbackNote("frame") : null;
        JsonNode chain = effect.definition().path("chain");
        if (!chain.isArray()) {
            return feedback;
        }
        List<String> stages = new ArrayList<>();
        chain.forEach(s -> stages.add(s.asText()));
        String drawn = "a 3D volume, drawn as noisemaker's demo draws it: " + String.join(" -> ", stages)
                + " (passes of other stages are named with their effect)";
        return feedback == null ? drawn : feedback + "; " + drawn;
    }

    @Override
    public boolean setsUniform(Effect effect, Path file, String name) {
        return NoisemakerRuntime.setByRuntime(file, name);
    }

    @Override
    public List<String> unboundTextures(Program program) {
        if (program.wgsl() == null || !Files.isRegularFile(program.wgsl())) {
            return List.of();
        }
        String wgsl;
        try {
            wgsl = Files.readString(program.wgsl());
        } catch (IOException e) {
            return List.of(); // an unreadable file is reported by the other checks
        }
        List<String> unbound = new ArrayList<>();
        NoisemakerBindings.wgslInputs(program.spec(), wgsl).forEach((name, bound) -> {
            if (NoisemakerBindings.BLANK.equals(bound)) {
                unbound.add(name);
            }
        });
        return unbound;
    }

    /** A texture the definition declares takes its declared size and format (WebGL2's names). */
    @Override
    public PassTarget target(Effect effect, Program program, int width, int height, Map<String, Object> defaults) {
        Map<String, Object> target = NoisemakerTextures.targetsIfSupported(effect, true, width, height, defaults)
                .get(program.spec().path("outputs").path("fragColor").asText());
        if (target == null) {
            return EffectFormat.super.target(effect, program, width, height, defaults);
        }
        int w = (Integer) target.get("width");
        int h = (Integer) target.get("height");
        return new PassTarget(w, h, w == width ? "frame" : String.valueOf(w), h == height ? "frame"
                : String.valueOf(h), target.get("format").toString().matches(".*(16f|32f)$"));
    }

}
