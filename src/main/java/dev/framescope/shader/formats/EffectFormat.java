package dev.framescope.shader.formats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * One way effects are written on disk (native folders, ISF files, noisemaker definition.js modules, Shadertoy
 * shaders, gl-transitions) and everything that differs between them once imported: which files hold effects, the
 * source each program compiles as, what the page runtime is given to draw a frame, and how findings and diagnostics
 * name their place. Every format imports into one model ({@link Effect}: the native definition with
 * {@code format} set), so what is the same for all of them lives with the callers; a default here is what the
 * native format does. Implementations are stateless and safe to share between requests.
 */
public interface EffectFormat {

    /** The name a definition's {@code format} gives this format. */
    String name();

    // On disk

    /** Whether {@code file} holds effects of this format (asked in {@link EffectFormats#all()}'s order). */
    boolean holds(EffectFile file);

    /**
     * The effects of {@code file} whose id {@code wanted} accepts, read from {@code root}. A file that is one effect
     * is read only when wanted, so a broken file nobody selected fails nothing; a collection is read whole to learn
     * its entries' ids.
     */
    List<Effect> load(EffectFile file, Path root, Predicate<String> wanted) throws IOException;

    // Sources

    /**
     * The source the runtime compiles for {@code file} of {@code program}: the file as written or under the format's
     * prelude, with the caller's {@code uniforms} where the format compiles values in (null: the defaults).
     */
    String source(Effect effect, Program program, Path file, Map<String, Object> uniforms);

    /**
     * Whether rendering needs the pass runtime: several passes or named images, or a format whose one pass needs
     * more than a plain draw (targets, a frame counter, its own inputs).
     */
    default boolean usesPassRuntime(Effect effect) {
        return effect.programs().size() > 1 || effect.definition().path("imported").size() > 0;
    }

    /**
     * What a GLSL program compiles with besides its fragment source (an ISF pass: its {@code vertex} companion and
     * the GLSL ES 1.00 {@code fallback} tried when 3.00 fails); empty for a plain compile.
     */
    default Map<String, Object> glslStages(Effect effect, Program program) {
        return Map.of();
    }

    /** The vertex stage a GLSL program links with, or null for the runtime's full-screen one. */
    default String glslVertex(Effect effect, Program program, Map<String, Object> uniforms) {
        return null;
    }

    // The page

    /**
     * Why this effect cannot be drawn with {@code frame} although its definition raises nothing ("UNSUPPORTED: ...",
     * e.g. a WGSL compute pass or a texture too large), or null.
     */
    default String unsupported(Effect effect, FrameInputs frame) {
        return null;
    }

    /** Why {@code program}'s WGSL cannot run as a render pass ("UNSUPPORTED: ..."), or null. */
    default String wgslUnsupported(Program program) {
        return null;
    }

    /**
     * Puts into the runtime's {@code options} the passes as it takes them (source, inputs sampler → texture, output
     * texture and what the format adds per pass, listed in runtime/host.js), the images the effect reads by name
     * (each replaced by a file the caller binds to its name) and the uniforms the format's host would give.
     * {@code options} already holds the frame's {@code uniforms}.
     */
    void putPasses(Map<String, Object> options, Effect effect, FrameInputs frame);

    /** What the format's host changes in the pass runtime for {@code frame}: its {@code host} option. */
    default PageHost pageHost(Effect effect, FrameInputs frame) {
        return PageHost.NATIVE;
    }

    /**
     * Whether every frame of the schedule must be drawn, not just the last: a pass reads an earlier frame, or a pass
     * can leave pixels of its target as an earlier frame drew them ({@link KeptPixels}: it can discard, blends or
     * draws points).
     */
    default boolean keepsHistory(Effect effect) {
        return effect.readsAnyLaterOutput() || KeptPixels.anyPass(effect);
    }

    /** What a rendered frame's note says about the frames drawn for it at {@code time}, or null. */
    default String note(Effect effect, Schedule schedule, double time) {
        return effect.usesPassRuntime() && keepsHistory(effect) ? schedule.feedbackNote("FRAMEINDEX") : null;
    }

    /** As above, knowing what the frame was drawn with and how many frames the page drew ({@code drawn}). */
    default String note(Effect effect, Schedule schedule, double time, FrameInputs frame, int drawn) {
        return note(effect, schedule, time);
    }

    // Diagnostics and findings

    /** The program a diagnostic of the runtime's pass {@code pass} of a rendered frame is reported against. */
    default Program reportedProgram(Effect effect, int pass) {
        return effect.programs().get(0);
    }

    /**
     * The tab a diagnostic's source-string number points into, {@code pass} naming the pass's own code (Shadertoy:
     * Common or FrameScope's main); null for a format whose program is one text.
     */
    default String tab(String pass, int source) {
        return null;
    }

    /**
     * A compiler message in the words of the effect's files: a message about the vertex stage of a definition that
     * names a {@code vertexShader} file (an ISF .vs companion) names that file; other messages are kept.
     */
    default String explain(Effect effect, String stage, String message) {
        return stage.equals("vertex") && effect.definition().has("vertexShader")
                ? effect.definition().get("vertexShader").asText() + ": " + message : message;
    }

    /** Whether the format's prelude or runtime sets uniform {@code name} of {@code file} itself (no global needed). */
    default boolean setsUniform(Effect effect, Path file, String name) {
        return false;
    }

    /**
     * Of the uniforms a program declares, those its author declared as inputs, whose being read is worth checking;
     * a prelude's built-ins are not.
     */
    default Set<String> authoredUniforms(Effect effect, Set<String> declared) {
        return declared;
    }

    /** For a format whose prelude declares built-ins: of the declared uniforms, the effect's own inputs only. */
    static Set<String> ownInputs(Effect effect, Set<String> declared) {
        Set<String> own = new HashSet<>(declared);
        own.retainAll(effect.globalUniforms());
        return own;
    }

    /** A vertex stage {@code program} compiles with from a file of its own (an ISF .vs companion), or empty. */
    default Optional<VertexStage> vertexStage(Effect effect, Program program) {
        return Optional.empty();
    }

    /** That file's name (as the definition gives it) and the text glslang checks. */
    record VertexStage(String file, String text) {
    }

    /**
     * The texture bindings of {@code program}'s WGSL that no pass input names and that read a transparent black
     * placeholder, in the order declared; empty where the format binds textures by name only.
     */
    default List<String> unboundTextures(Program program) {
        return List.of();
    }

    /** The file a finding about a missing description names, relative to the effect's folder. */
    default String descriptionFile(Effect effect) {
        return "definition.json";
    }

    /** The file a finding about a global's name names, or null when the format has no such file of its own. */
    default String globalsFile(Effect effect) {
        return "definition.json";
    }

    /**
     * How {@code file} declares input {@code name} when the format's own header does (an ISF file's INPUTS), or null
     * when the program's language declares it.
     */
    default Pattern headerDeclaration(Path file, String name) {
        return null;
    }

    // What analyze_effect and search_effects read

    /** transition, filter or generator. */
    default String kind(Effect effect) {
        return effect.isFilter() ? "filter" : "generator";
    }

    /** A transition's ends (the uniform that runs 0 → 1 and the images it starts and ends on), or null. */
    default TransitionEnds transitionEnds(Effect effect) {
        return null;
    }

    /** Whether a frame depends on earlier frames. */
    default boolean isFeedback(Effect effect) {
        return keepsHistory(effect);
    }

    /**
     * The code of {@code program} when it lives inside a file shared with other code (a Shadertoy pass, a
     * gl-transitions.json entry), or null when the program is a file of its own.
     */
    default String embeddedCode(Effect effect, Program program) {
        return null;
    }

    /** Code every pass shares (Shadertoy's Common tab), or null. */
    default String sharedCode(Effect effect) {
        return null;
    }

    /** Metadata fields beyond the definition's own (ISF CATEGORIES, CREDIT), by name, in order. */
    default Map<String, List<String>> metadata(Effect effect) {
        return Map.of();
    }

    /**
     * The texture {@code program} draws into at a frame of {@code width}×{@code height} with the {@code defaults}:
     * frame-sized unless the format sizes it.
     */
    default PassTarget target(Effect effect, Program program, int width, int height, Map<String, Object> defaults) {
        return new PassTarget(width, height, "frame", "frame", program.spec().has("float")
                ? program.spec().get("float").asBoolean() : null);
    }

    /**
     * A pass's target: its size in pixels, the size as the format states it ("frame", an ISF expression, a declared
     * pixel count) and whether it holds floats (null when the format does not say).
     */
    record PassTarget(int width, int height, String widthText, String heightText, Boolean floatTarget) {
    }
}
