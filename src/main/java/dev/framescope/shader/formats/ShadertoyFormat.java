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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shadertoy shaders: a {@code .glsl} file defining {@code mainImage} or a {@code .json} export (id = path without the
 * extension), imported by {@link ShadertoyImport}: every pass's code lives in that one file, runs under the
 * Shadertoy prelude with its channels ({@link ShadertoySamplers}) and draws every frame from time 0, and the host
 * gives {@code iDate}; a diagnostic names the tab it is in.
 */
final class ShadertoyFormat implements EffectFormat {

    private static final Pattern CACHE_IDIOM = Pattern.compile("\\bvoid\\s+main(?:Image|Cubemap)\\s*\\([^)]*\\)\\s*"
            + "\\{\\s*if\\s*\\(\\s*iFrame\\s*(>=|>)\\s*(\\d+)\\s*\\)\\s*(?:\\{\\s*discard\\s*;\\s*}|discard\\s*;)");
    // A macro named like what the idiom reads would make it mean something else.
    private static final Pattern REDEFINED =
            Pattern.compile("#\\s*define\\s+(?:iFrame|discard|mainImage|mainCubemap)\\b");

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

    /**
     * Each pass with its channels (unbound ones reading transparent black), float buffers and samplers; {@code keeps}
     * on a pass that can discard, so that the frames before the last draw it; {@code discardsAfter} on one that opens
     * with the caching idiom, and {@code wholeUntilDiscard} when that discard is its only one, so that each of its
     * draws up to then writes every pixel.
     */
    @Override
    public void putPasses(Map<String, Object> options, Effect effect, FrameInputs frame) {
        List<String> discarding = discardingPasses(effect);
        options.put("passes", PagePasses.of(effect, frame, p -> ShadertoyHost.inputs(p.spec()), (p, pass) -> {
            if (discarding.contains(p.pass())) {
                pass.put("keeps", true);
                String code = effect.format().embeddedCode(effect, p);
                String common = effect.format().sharedCode(effect);
                Integer after = discardsAfter(code, common);
                if (after != null) {
                    pass.put("discardsAfter", after);
                }
                if (after != null && hasOnlyTheIdiomsDiscard(code, common)) {
                    pass.put("wholeUntilDiscard", true);
                }
            }
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
     * How many frames the page drew (every frame from time 0 when a pass reads an earlier frame or can discard, else
     * only the last, and then why the others could not change it), Cube A's face size, and every stand-in and pass
     * not run.
     */
    @Override
    public String note(Effect effect, Schedule s, double time, FrameInputs frame, int drawn) {
        String why = drawn == 1 && s.frames() > 1 ? ", no pass reads an earlier frame or can discard, so earlier "
                + "frames cannot change it" : drawn == 1 ? "" : historyReason(effect);
        String iFrame = (drawn == s.frames() ? "iFrame 0.." + (s.frames() - 1) : "iFrame " + (s.frames() - 1)) + why;
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

    /**
     * A frame depends on earlier ones when a pass reads its own or a later pass's buffer, or when a pass can discard:
     * a discarded pixel keeps what its target held, and buffers are swapped every frame (as on Shadertoy), so it shows
     * what that pass drew two frames before. Public exports cache costly passes that way (issue 33: {@code if (iFrame
     * > 1) discard;} draws the first two frames, one per copy), and drawn only at the last frame such a pass would
     * show nothing of what it cached.
     */
    @Override
    public boolean keepsHistory(Effect effect) {
        return effect.readsAnyLaterOutput() || !discardingPasses(effect).isEmpty();
    }

    /** ", Buffer A reads an earlier frame" or ", Cube A can discard, keeping what it drew before": for the note. */
    private static String historyReason(Effect effect) {
        for (int i = 0; i < effect.programs().size(); i++) {
            if (effect.readsLaterOutput(i)) {
                return ", " + effect.programs().get(i).pass() + " reads an earlier frame";
            }
        }
        List<String> discarding = discardingPasses(effect);
        return discarding.isEmpty() ? "" : ", " + String.join(" and ", discarding) + " can discard, keeping what "
                + "earlier frames drew";
    }

    /**
     * The passes whose code can discard: {@code discard} outside comments in the pass or in the Common tab it
     * includes. Lexical, so a discard in code never reached counts too: drawing every frame is then only slower.
     */
    static List<String> discardingPasses(Effect effect) {
        String common = effect.format().sharedCode(effect);
        boolean commonDiscards = KeptPixels.discards(common);
        List<String> passes = new ArrayList<>();
        for (Program p : effect.programs()) {
            String code = effect.format().embeddedCode(effect, p);
            if (commonDiscards || KeptPixels.discards(code)) {
                passes.add(p.pass());
            }
        }
        return passes;
    }

    /**
     * The last frame a caching pass draws in, when its entry function starts with {@code if (iFrame > K) discard;}
     * (or {@code >= K}), the exports' idiom: after it the pass discards every fragment, which changes nothing, so
     * the page does not draw it then (SwiftShader runs a discarding shader in full: LunarCubemap's Cube A took ~0.1
     * s a frame discarding). Null for any other code, also one with preprocessor conditionals that could hide
     * another entry function, or where the pass or the Common tab ({@code common}, may be null) redefines what the
     * idiom reads.
     */
    static Integer discardsAfter(String code, String common) {
        if (code == null) {
            return null;
        }
        String plain = KeptPixels.withoutComments(code);
        Matcher first = CACHE_IDIOM.matcher(plain);
        if (plain.contains("#if") || redefinesTheIdiom(plain) || common != null
                && redefinesTheIdiom(KeptPixels.withoutComments(common)) || !first.find() || first.find()) {
            return null;
        }
        first.reset().find();
        try {
            int k = Integer.parseInt(first.group(2));
            return first.group(1).equals(">") ? k : k - 1;
        } catch (NumberFormatException e) {
            return null; // a literal past int: not the idiom
        }
    }

    /**
     * Whether the idiom's discard is the only one the pass can reach: none else in its code and none in the Common
     * tab. Only then does each draw up to the idiom's frame write every pixel, so that one draw of a copy (the page
     * draws the pass once, for the copy the last frame reads) leaves what all the draws of that copy would have; a
     * second discard (issue 33: {@code if (int(p.x) % 5 != iFrame) discard;}) leaves each draw's pixels to the next.
     */
    static boolean hasOnlyTheIdiomsDiscard(String code, String common) {
        return KeptPixels.DISCARD.matcher(KeptPixels.withoutComments(code)).results().count() == 1
                && !KeptPixels.discards(common);
    }

    private static boolean redefinesTheIdiom(String plain) {
        return REDEFINED.matcher(plain).find();
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
