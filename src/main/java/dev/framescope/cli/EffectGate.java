package dev.framescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * What assert-effects decides from test_effect's reference check, effect by effect: a frame that matches its golden
 * passes; one that differs, has no golden or fails to render fails; one this browser cannot draw (unsupported, no
 * program in the language) is skipped. Compares nothing itself, so the gate and the tool never disagree.
 */
final class EffectGate {

    /** How an effect came out; {@link #line} is what a CI log shows for it. */
    enum Verdict { PASS, FAIL, SKIP }

    /** One effect's verdict, its one-line reason and the JUnit case that records it. */
    record Outcome(String effect, Verdict verdict, String line) {

        /** The same verdict, its line ending with where its diff picture is (or why there is none). */
        Outcome withPicture(String picture) {
            return picture == null ? this : new Outcome(effect, verdict, line + "; " + picture);
        }

        JUnitReport.Case junit() {
            return switch (verdict) {
                case PASS -> JUnitReport.Case.passed(effect);
                case FAIL -> new JUnitReport.Case(effect, "failure", "golden", line, line);
                case SKIP -> new JUnitReport.Case(effect, "skipped", null, line, line);
            };
        }
    }

    private EffectGate() {
    }

    /** The verdict on one effect's result of test_effect with check reference. */
    static Outcome judge(JsonNode result) {
        String id = result.path("effect").asText();
        String status = result.path("status").asText();
        String note = why(result);
        JsonNode match = result.path("match");
        return switch (status) {
            case "ok" -> new Outcome(id, Verdict.PASS, "PASS " + id);
            case "differs" -> new Outcome(id, Verdict.FAIL, String.format(Locale.ROOT, "FAIL %s: differs from %s: "
                            + "%d pixel(s) (%.3g%%) beyond the tolerance, max channel difference %d", id,
                    result.path("reference").asText(), match.path("differing_pixels").asInt(),
                    100 * match.path("differing_fraction").asDouble(), match.path("max_diff").asInt()));
            case "missing" -> new Outcome(id, Verdict.FAIL, "FAIL " + id + ": no golden " + result.path("reference")
                    .asText() + "; record it with --update");
            case "unsupported", "not_available", "skipped" -> new Outcome(id, Verdict.SKIP, "SKIP " + id + ": "
                    + status + (note.isEmpty() ? "" : " (" + note + ")"));
            default -> new Outcome(id, Verdict.FAIL, "FAIL " + id + ": " + status + (note.isEmpty() ? "" : ": "
                    + note));
        };
    }

    /**
     * Why a frame is what it is: its note, else its first error diagnostic in the words test_effect's note uses
     * ({@code glsl line 8: 'x' : undeclared identifier}): render_effect_frame, which --update calls, reports a
     * compile error as diagnostics without a note.
     */
    private static String why(JsonNode result) {
        String note = result.path("note").asText("");
        if (!note.isEmpty()) {
            return note;
        }
        for (JsonNode d : result.path("diagnostics")) {
            if (d.path("severity").asText("error").equals("error")) {
                return d.path("language").asText() + (d.path("line").isInt() ? " line " + d.path("line").asInt()
                        : "") + ": " + d.path("message").asText();
            }
        }
        return "";
    }
}
