package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.shader.EffectCompiler.Diagnostic;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.Program;

/** The page runtime's compiler messages as FrameScope reports them: named for the user's program, tab and file. */
final class PageDiagnostics {

    private PageDiagnostics() {
    }

    /**
     * One message {@code d} of the runtime ({@code stage}, {@code severity}, {@code line}, {@code column},
     * {@code message}, {@code source}) about {@code program} in {@code language}: the program named with its tab
     * where the format joins several, the message in the words of the effect's files.
     */
    static Diagnostic of(JsonNode d, Effect effect, Program program, String language) {
        String tab = effect.format().tab(program.name(), d.path("source").asInt(0));
        return new Diagnostic(program.pass(), tab == null ? program.name() : tab, language,
                d.path("stage").asText(), d.path("severity").asText("error"),
                d.path("line").isNumber() ? d.get("line").asInt() : null,
                d.path("column").isNumber() ? d.get("column").asInt() : null,
                effect.format().explain(effect, d.path("stage").asText(), d.path("message").asText()));
    }

    /** The note for an ISF pass the runtime compiled as GLSL ES 1.00 after 3.00 failed with {@code errors}. */
    static String fellBack(String errors) {
        String first = errors.length() > 200 ? errors.substring(0, 200) + "…" : errors;
        return "compiled as GLSL ES 1.00: the file is not valid GLSL ES 3.00 (" + first + ")";
    }
}
