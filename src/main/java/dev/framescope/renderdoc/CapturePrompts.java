package dev.framescope.renderdoc;

import static dev.framescope.common.PromptRecipe.json;
import static dev.framescope.common.PromptRecipe.present;
import static dev.framescope.common.PromptRecipe.quote;

import dev.framescope.common.NearbyFiles;
import dev.framescope.common.PromptRecipe;
import dev.framescope.common.PromptRecipe.Argument;
import dev.framescope.common.PromptRecipe.Completer;
import java.util.List;
import java.util.Map;

/** The RenderDoc group's prompts: triage a capture, explain its NaN/Inf pixels. Captures complete from the disk. */
final class CapturePrompts {

    private static final Completer CAPTURES = given -> NearbyFiles.find(".rdc", List.of());

    private CapturePrompts() {
    }

    static List<PromptRecipe> all() {
        return List.of(triage(), explainNan());
    }

    private static Argument capture() {
        return new Argument("capture", "Capture", "Path of the .rdc capture", true, CAPTURES);
    }

    private static PromptRecipe triage() {
        return new PromptRecipe("triage-capture", "Triage a RenderDoc capture",
                "Finds what is wrong in one frame of a RenderDoc capture (.rdc): the digest's ranked anomalies, "
                        + "then the evidence for each that matters.",
                List.of(capture()), a -> """
                Triage the RenderDoc capture %s with the framescope tools:
                1. get_frame_digest {"capture": %s}: the frame's anomalies, %s Each has its event id, \
                marker path, stage and message; its recommended_next_calls are get_event_insight on each \
                anomaly's event, in that order (get_counters when there is no anomaly).
                2. For each anomaly of severity high or medium, in the digest's order: get_event_insight on its \
                event, then the calls that insight recommends (get_shader_info with constant values and \
                pixel_history for a NaN/Inf write, geometry_anomalies for bad vertices or UVs; an API message \
                is placed at the API call that raised it, which the insight names). List the low and info \
                anomalies without drilling into them.
                3. Report: the anomalies in the digest's order, each with its event id and marker path, the \
                evidence, and the likely cause. Say what could not be checked and why (UNSUPPORTED answers name \
                the reason).
                """.formatted(quote(a.get("capture")), json(a.get("capture")), RANKING));
    }

    /** How get_frame_digest ranks its anomalies (evidence.py's classes, then severity), as its schema says it. */
    static final String RANKING = "ranked: NaN/Inf writes first, then bad geometry, then API errors, validation "
            + "messages and pipeline state, then cost; by severity (high, medium, low, info) within each.";

    private static PromptRecipe explainNan() {
        return new PromptRecipe("explain-nan", "Explain NaN/Inf pixels",
                "Finds which events write NaN or Inf into a capture's render targets and why; with x and y, "
                        + "follows that one pixel.",
                List.of(capture(), new Argument("x", "x", "Pixel column (optional)", false, null),
                        new Argument("y", "y", "Pixel row, top-left origin (optional)", false, null)),
                CapturePrompts::explainNanText);
    }

    private static String explainNanText(Map<String, Object> a) {
        boolean pixel = present(a.get("x")) && present(a.get("y"));
        String first = pixel
                ? "analyze_nan_inf {\"capture\": " + json(a.get("capture")) + ", \"texture\": <the "
                + "target from get_frame_digest>, \"x\": " + a.get("x") + ", \"y\": " + a.get("y")
                + "}: the events whose output at that pixel has a NaN or Inf component; then "
                + "pixel_history at the same pixel for the values before and after each."
                : "analyze_nan_inf {\"capture\": " + json(a.get("capture")) + "}: NaN/Inf texel counts, "
                + "bounding boxes, and the events after which new ones appear.";
        return """
                Explain the NaN/Inf values in the RenderDoc capture %s with the framescope tools:
                1. get_frame_digest {"capture": %s} to see the targets.
                2. %s
                3. For the first event that produces them: get_event_insight and get_shader_info \
                (inputs, constants, the operations that can produce NaN: 0/0, sqrt or log of a \
                negative, normalize of a zero vector, pow with a negative base); then debug_shader at one \
                bad pixel of that event: the first step that makes NaN or Inf, its operands and source line \
                (OpenGL answers UNSUPPORTED and names the calls to make instead).
                4. To confirm the cause: replace_shader with that operation guarded, check that the NaN/Inf \
                count drops, then replace_shader with restore: true.
                5. Report the event, marker path, the shader and the operation, with the evidence.
                """.formatted(quote(a.get("capture")), json(a.get("capture")), first);
    }
}
