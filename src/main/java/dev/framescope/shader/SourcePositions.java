package dev.framescope.shader;

import dev.framescope.shader.formats.Effect;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where in the user's own file a structure finding is: the line that declares a name, and prelude clashes. */
final class SourcePositions {

    private SourcePositions() {
    }

    /**
     * The 1-based line of {@code file} that declares {@code name}: in an ISF file the INPUTS entry
     * ({@code "NAME": "name"}), in a GLSL file its {@code uniform} declaration, in a WGSL file its {@code var}
     * binding; null when not found (or the file is not one the user edits line by line, such as a gl-transitions
     * JSON collection).
     */
    static Integer declarationLine(Effect effect, Path file, String name) {
        if (file == null) {
            return null;
        }
        Pattern declaration = effect.format().headerDeclaration(file, name);
        if (declaration == null) {
            declaration = languageDeclaration(file.getFileName().toString(), name);
        }
        if (declaration == null) {
            return null;
        }
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            Matcher m = declaration.matcher(text);
            return m.find() ? lineOf(text, m.start()) : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** How a GLSL or WGSL file declares uniform {@code name}; null for a file in neither language. */
    private static Pattern languageDeclaration(String fileName, String name) {
        if (fileName.endsWith(".glsl") || fileName.endsWith(".frag") || fileName.endsWith(".fs")) {
            return Pattern.compile("^[ \\t]*uniform\\s+(?:\\w+\\s+)?\\w+\\s+" + Pattern.quote(name) + "\\b",
                    Pattern.MULTILINE);
        }
        return fileName.endsWith(".wgsl") ? Pattern.compile("\\bvar(?:<[^>]*>)?\\s+" + Pattern.quote(name) + "\\s*:")
                : null;
    }

    static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** " — the effect's input 'X' …" when the prelude line that failed names one of the effect's globals; else "". */
    static String clash(Effect effect, String preludeText) {
        if (preludeText == null) {
            return "";
        }
        for (Iterator<String> it = effect.definition().path("globals").fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (Pattern.compile("\\b" + Pattern.quote(name) + "\\b").matcher(preludeText).find()) {
                return " — the effect's input '" + name + "' is declared there; if it has the name of a built-in "
                        + "the prelude defines, rename it";
            }
        }
        return "";
    }
}
