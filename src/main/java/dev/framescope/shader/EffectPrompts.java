package dev.framescope.shader;

import static dev.framescope.common.PromptRecipe.json;
import static dev.framescope.common.PromptRecipe.quote;

import dev.framescope.common.PromptRecipe;
import dev.framescope.common.PromptRecipe.Argument;
import dev.framescope.shader.formats.Effect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The shader group's prompt: check one effect end to end. Effect ids complete from the effects root. */
final class EffectPrompts {

    private EffectPrompts() {
    }

    static List<PromptRecipe> all(Path defaultEffectsRoot) {
        return List.of(new PromptRecipe("check-effect", "Check a shader effect",
                "Checks one effect end to end: folder structure, compilation on WebGL2 and WebGPU, a rendered "
                        + "frame (a NaN stepped to its line by debug_effect), uniform responsiveness, passthrough and "
                        + "GLSL/WGSL pixel parity.",
                List.of(new Argument("effect", "Effect", "Effect id 'namespace/effect'", true,
                                given -> effectIds(given.get("effects_root"), defaultEffectsRoot)),
                        new Argument("effects_root", "Effects root", "Folder of effects; default the server's", false,
                                null)),
                EffectPrompts::checkEffect));
    }

    private static String checkEffect(Map<String, Object> a) {
        String root = a.get("effects_root") == null || a.get("effects_root").toString().isBlank()
                ? "" : ", \"effects_root\": " + json(a.get("effects_root"));
        String args = "{\"effect\": " + json(a.get("effect")) + root + "}";
        return """
                Check the shader effect %s with the framescope tools, each with %s:
                1. analyze_effect with analysis "structure", then compile_effect (both backends).
                2. render_effect_frame: is the frame blank, constant or non-finite?
                   If non_finite names a pass writing NaN/Inf: debug_effect (same arguments) steps its first \
                such pixel in RenderDoc's debugger: the step, the operands and the line of the file that make it. \
                Propose a guarded line, and try it with debug_effect's "source" (the file's text with the \
                line changed): "before" keeps the NaN, the answer should show none.
                3. test_effect (check "responsiveness"), again with check "passthrough" for filters, \
                then with check "parity" (GLSL vs WGSL).
                4. Report each check as pass / fail / unsupported with its figures, and for every \
                failure the file and line or the uniform to look at.
                """.formatted(quote(a.get("effect")), args);
    }

    /** Effect ids under {@code root} (default the server's effects root); none where it is not a folder. */
    private static List<String> effectIds(String root, Path defaultRoot) {
        Path dir = root == null || root.isBlank() ? defaultRoot : Path.of(root);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try {
            return new EffectLibrary(dir).select("*").stream().map(Effect::id).sorted().toList();
        } catch (RuntimeException e) {
            return List.of();
        }
    }
}
