package dev.framescope.dialogs;

import dev.framescope.common.Param;
import java.util.List;

/** Inputs of the dialog tools, with the original design's parameter names. */
public final class DialogArgs {

    private DialogArgs() {
    }

    static final String TIMEOUT = "Seconds to wait; default FRAMESCOPE_DIALOG_TIMEOUT_S (600).";
    static final String QUESTION = "What to ask.";

    /** Every question waits for the person at most its own timeout_s. */
    interface Waits {
        Integer timeoutS();
    }

    public record Option(
            @Param(value = "Shown to the person; default the value.", maxLength = 200)
            String label,
            @Param(value = "Returned when picked; default the label.", maxLength = 200) String value,
            @Param(value = "One line of detail shown with it.", maxLength = 500)
            String description) {
        String valueOrLabel() {
            return value == null || value.isBlank() ? label : value;
        }

        String labelOrValue() {
            return label == null || label.isBlank() ? value : label;
        }
    }

    public record ConfirmArgs(
            @Param(value = QUESTION, required = true, maxLength = 2000) String question,
            @Param(value = "What could go wrong, shown with the question.", maxLength = 2000) String warning,
            @Param("Mark the step dangerous (destructive, irreversible).")
            Boolean isDangerous,
            @Param(value = "Label of the yes answer.", maxLength = 50) String yesLabel,
            @Param(value = "Label of the no answer.", maxLength = 50) String noLabel,
            @Param(value = TIMEOUT, min = 5, max = 86_400) Integer timeoutS) implements Waits {
        public ConfirmArgs {
            isDangerous = isDangerous != null && isDangerous;
            yesLabel = yesLabel == null ? "Yes" : yesLabel;
            noLabel = noLabel == null ? "No" : noLabel;
        }
    }

    public record TextInputArgs(
            @Param(value = QUESTION, required = true, maxLength = 2000) String question,
            @Param(value = "Hint shown in the empty field.", maxLength = 200) String placeholder,
            @Param(value = "Text the field starts with.", maxLength = 10_000) String defaultText,
            @Param(value = "Longest answer accepted.", min = 1, max = 100_000)
            Integer maxLength,
            @Param("The answer is code (a monospace editor on the page).") Boolean expectsCode,
            @Param(value = TIMEOUT, min = 5, max = 86_400) Integer timeoutS) implements Waits {
        public TextInputArgs {
            maxLength = maxLength == null ? 10_000 : maxLength;
            expectsCode = expectsCode != null && expectsCode;
        }
    }

    /** ask_choice: one option, or with {@code multiple} several; each answers as its own question kind. */
    public record ChoiceArgs(
            @Param(value = QUESTION, required = true, maxLength = 2000) String question,
            @Param(value = "The options, 2 to 50.", required = true, maxLength = 50) List<Option> options,
            @Param("Let the person pick several (answer: values) instead of one (answer: choice).") Boolean multiple,
            @Param(value = "One option: the value preselected.", maxLength = 200) String defaultValue,
            @Param(value = "multiple: fewest options to pick.", min = 0, max = 50)
            Integer minSelections,
            @Param(value = "multiple: most options to pick; default all.", min = 1, max = 50) Integer maxSelections,
            @Param(value = TIMEOUT, min = 5, max = 86_400) Integer timeoutS) implements Waits {
        public ChoiceArgs {
            multiple = multiple != null && multiple;
            minSelections = minSelections == null ? 0 : minSelections;
        }

        SingleChoiceArgs single() {
            return new SingleChoiceArgs(question, options, defaultValue, timeoutS);
        }

        MultiChoiceArgs several() {
            return new MultiChoiceArgs(question, options, minSelections, maxSelections, timeoutS);
        }
    }

    /** One option of 2–50; the answer's {@code choice} is its value. */
    public record SingleChoiceArgs(String question, List<Option> options, String defaultValue, Integer timeoutS) {
    }

    /** min_selections to max_selections options (null: all); the answer's {@code values} are theirs. */
    public record MultiChoiceArgs(String question, List<Option> options, int minSelections, Integer maxSelections,
                                  Integer timeoutS) {
    }

    public record PlannerArgs(
            @Param(value = "The decision and why it matters now, in one or two sentences.", required = true,
                    maxLength = 4000) String decisionContext,
            @Param(value = "Markdown shown first: findings, tables of measurements, code (HTML shown as text).",
                    maxLength = 100_000)
            String visualOutput,
            @Param(value = "Markdown plan the options refer to, e.g. numbered steps.", maxLength = 50_000)
            String plan,
            @Param(value = "The ways forward, 2 to 20.", required = true, maxLength = 20) List<Option> options,
            @Param(value = "Value preselected: what you would do unasked.", maxLength = 200) String defaultAction,
            @Param(value = TIMEOUT, min = 5, max = 86_400) Integer timeoutS) implements Waits {
    }

    public record ScreenshotArgs(
            @Param(value = "What to capture, e.g. 'the texture viewer showing the black pixel'.",
                    required = true, maxLength = 2000) String question,
            @Param(value = "More detail on what should be visible.", maxLength = 4000) String description,
            @Param(value = "Longest side returned in pixels (larger images scaled down).",
                    min = 64, max = 8192)
            Integer maxDimension,
            @Param(value = TIMEOUT, min = 5, max = 86_400) Integer timeoutS) implements Waits {
        public ScreenshotArgs {
            maxDimension = maxDimension == null ? 1568 : maxDimension;
        }
    }
}
