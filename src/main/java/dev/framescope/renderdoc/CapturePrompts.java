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
                "Finds what is wrong in one frame of a RenderDoc capture (.rdc): digest, NaN/Inf, slow and odd "
                        + "draws, then the evidence for the worst finding.",
                List.of(capture()), a -> """
                Triage the RenderDoc capture %s with the framescope tools:
                1. get_frame_digest {"capture": %s}: the frame's findings ranked by severity, with the next calls \
                each one suggests.
                2. For each finding of severity error or warning, make the call it suggests (analyze_nan_inf for \
                NaN/Inf, get_event_insight for one event, geometry_anomalies, get_counters for slow draws).
                3. Report: the findings in order, each with its event id and marker path, the evidence, and the \
                likely cause. Say what could not be checked and why (UNSUPPORTED answers name the reason).
                """.formatted(quote(a.get("capture")), json(a.get("capture"))));
    }

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
