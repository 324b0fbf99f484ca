package dev.framescope.shader.formats;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Which passes can leave pixels of their target as the target held them: one that can discard, one that blends, one
 * that draws points or quads. The runtime never clears a target and swaps its two copies every frame, so such a
 * pass's frame shows what earlier frames drew, although no pass reads an earlier frame (issue 33): the effect must
 * then be drawn from its first frame, and the page draws such a pass at every frame ({@code pass-plan.js} finds the
 * same passes from their sources). Lexical, outside comments: a discard in code never reached counts too, which
 * costs only draws. What the Shadertoy format adds (its Common tab, the caching idiom) is {@link ShadertoyFormat}'s.
 */
final class KeptPixels {

    static final Pattern DISCARD = Pattern.compile("\\bdiscard\\b");

    private KeptPixels() {
    }

    /** Whether some pass of the effect can leave pixels of its target as they were. */
    static boolean anyPass(Effect effect) {
        return effect.programs().stream().anyMatch(p -> keeps(effect, p));
    }

    /** Whether {@code program}'s pass blends, draws points or quads, or can discard in either language. */
    static boolean keeps(Effect effect, Program program) {
        if (program.spec().has("drawMode") || isBlended(program)) {
            return true;
        }
        String embedded = effect.format().embeddedCode(effect, program);
        if (embedded != null) {
            return discards(embedded);
        }
        return discards(text(program.glsl())) || discards(text(program.wgsl()));
    }

    /** Whether {@code code} (may be null) holds {@code discard} outside comments. */
    static boolean discards(String code) {
        return code != null && DISCARD.matcher(withoutComments(code)).find();
    }

    /**
     * The code with comments blanked, in one pass: a regex with a lazy {@code /*.*?*}{@code /} rescans to the end for
     * every unclosed {@code /*} (minutes for a pasted megabyte of them).
     */
    static String withoutComments(String code) {
        StringBuilder out = new StringBuilder(code.length());
        int i = 0;
        while (i < code.length()) {
            if (code.startsWith("/*", i)) {
                int end = code.indexOf("*/", i + 2);
                i = end < 0 ? code.length() : end + 2;
                out.append(' ');
            } else if (code.startsWith("//", i)) {
                int end = code.indexOf('\n', i);
                i = end < 0 ? code.length() : end;
            } else {
                out.append(code.charAt(i++));
            }
        }
        return out.toString();
    }

    /** noisemaker's {@code blend}: true or a pair of factors; absent or false draws over the target. */
    private static boolean isBlended(Program program) {
        return program.spec().has("blend") && !program.spec().get("blend").isNull()
                && !(program.spec().get("blend").isBoolean() && !program.spec().get("blend").asBoolean());
    }

    /** A program file's text, or null when there is none or it cannot be read (drawing it fails and says why). */
    private static String text(Path file) {
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }
}
