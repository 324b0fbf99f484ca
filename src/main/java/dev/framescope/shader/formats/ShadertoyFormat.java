package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Shadertoy shaders: a {@code .glsl} file defining {@code mainImage} or a {@code .json} export (id = path without the
 * extension), imported by {@link ShadertoyImport}: every pass's code lives in that one file, runs under the
 * Shadertoy prelude with its channels ({@link ShadertoySamplers}) and draws every frame from time 0, and the host
 * gives {@code iDate}; a diagnostic names the tab it is in.
 */
final class ShadertoyFormat implements EffectFormat {

    @Override
    public String name() {
        return ShadertoyImport.FORMAT;
    }

    @Override
    public boolean holds(EffectFile file) {
        if (file.isLooseGlsl()) {
            String text = file.text();
            return text != null && ShadertoyImport.isShadertoy(text);
        }
        return isExport(file);
    }

    /** A .json file (not definition.json, manifest.json or gl-transitions.json) holding a Shadertoy export. */
    private static boolean isExport(EffectFile file) {
        String name = file.name();
        if (!name.endsWith(".json") || name.equals("definition.json") || name.equals("manifest.json")
                || name.equals(GlTransitionImport.COLLECTION) || !file.isSniffable()) {
            return false;
        }
        String text = file.text();
        try {
            return text != null && ShadertoyImport.shader(Json.mapper().readTree(text)) != null;
        } catch (IOException e) {
            return false; // not JSON: not an effect
        }
    }

    @Override
    public List<Effect> load(EffectFile file, Path root, Predicate<String> wanted) throws IOException {
        String id = file.fileId(root);
        if (!wanted.test(id)) {
            return List.of();
        }
        Path path = file.path();
        JsonNode definition = file.name().endsWith(".glsl") ? ShadertoyImport.file(path)
                : ShadertoyImport.export(file.name().replaceFirst("\\.json$", ""), ShadertoyImport.read(path),
                path.getParent());
        List<Program> programs = new ArrayList<>();
        for (JsonNode pass : definition.path("passes")) {
            programs.add(new Program(pass.get("name").asText(), pass.get("name").asText(), path, null, pass));
        }
        return List.of(new Effect(id, path.getParent(), definition, programs, root));
    }

    /** The pass's code from the definition (the file holds every pass), under the prelude and the Common tab. */
    @Override
    public String source(Effect effect, Program program, Path file, Map<String, Object> uniforms) {
        return ShadertoyHost.wrap(effect.definition(), program.spec());
    }

    @Override
    public boolean usesPassRuntime(Effect effect) {
        return true;
    }

    /** Each pass with its channels (unbound ones reading transparent black), float buffers and samplers. */
    @Override
    public void putPasses(Map<String, Object> options, Effect effect, FrameInputs frame) {
        options.put("passes", PagePasses.of(effect, frame, p -> ShadertoyHost.inputs(p.spec()), (p, pass) -> {
            if (p.spec().path("float").asBoolean(false)) {
                pass.put("float", true);
            }
            pass.put("samplers", ShadertoySamplers.samplers(p.spec()));
            if (p.spec().path("cube").asBoolean(false)) {
                pass.put("cube", true);
                pass.put("width", faceSide(frame));
                pass.put("height", faceSide(frame));
            }
        }));
        options.put("images", ShadertoyHost.images(effect.root(), effect.dir(), effect.definition(),
                frame.images()));
        options.put("uniforms", PagePasses.withDefault(frame.uniforms(), "iDate",
                ShadertoyHost.date(LocalDateTime.now())));
    }

    /**
     * Cube A's face side: Shadertoy's 1024, or the power of two that covers the frame when that is smaller (six
     * faces of 1024² on a CPU rasteriser cost seconds a frame); the note says which.
     */
    static int faceSide(FrameInputs frame) {
        return Math.min(1024, Math.max(16, Integer.highestOneBit(Math.max(frame.width(), frame.height()) - 1) << 1));
    }

    /**
     * How many frames the page drew (every frame from time 0 when a pass reads an earlier frame, else only the last:
     * the others could not change it), Cube A's face size, and every stand-in and pass not run.
     */
    @Override
    public String note(Effect effect, Schedule s, double time, FrameInputs frame, int drawn) {
        String iFrame = drawn == s.frames() ? "iFrame 0.." + (s.frames() - 1) : "iFrame " + (s.frames() - 1)
                + (drawn == 1 ? ", no feedback, so earlier frames cannot change it" : "");
        StringBuilder note = new StringBuilder(String.format(Locale.ROOT, "Shadertoy: %d frame(s) drawn (%s), iTime "
                + "%.4g s at the last", drawn, iFrame, time * 8));
        if (effect.programs().stream().anyMatch(p -> p.spec().path("cube").asBoolean(false))) {
            int side = faceSide(frame);
            note.append("; Cube A faces ").append(side).append('×').append(side).append(side < 1024
                    ? " (Shadertoy's are 1024×1024)" : "");
        }
        List<String> standIns = ShadertoyHost.standIns(effect.dir(), effect.definition(), frame.images());
        if (!standIns.isEmpty()) {
            note.append("; stand-ins: ").append(String.join("; ", standIns));
        }
        return note.toString();
    }

    @Override
    public Program reportedProgram(Effect effect, int pass) {
        return effect.programs().get(Math.min(pass, effect.programs().size() - 1));
    }

    @Override
    public String tab(String pass, int source) {
        return ShadertoyHost.tab(pass, source);
    }

    @Override
    public boolean setsUniform(Effect effect, Path file, String name) {
        return ShadertoyHost.PRELUDE_UNIFORMS.contains(name);
    }

    /** iMouse is a built-in every pass declares; leaving it unread is normal, and the rest is the prelude's. */
    @Override
    public Set<String> authoredUniforms(Effect effect, Set<String> declared) {
        return Set.of();
    }

    /** Buffers keep the previous frame, so several passes make feedback. */
    @Override
    public boolean isFeedback(Effect effect) {
        return effect.programs().size() > 1 || effect.readsAnyLaterOutput();
    }

    @Override
    public String embeddedCode(Effect effect, Program program) {
        return program.spec().path("code").asText(effect.definition().path("glsl").asText(""));
    }

    @Override
    public String sharedCode(Effect effect) {
        return effect.definition().hasNonNull("common") ? effect.definition().get("common").asText() : null;
    }
}
