package dev.framescope.dialogs;

import dev.framescope.common.ToolException;
import dev.framescope.dialogs.DialogArgs.MultiChoiceArgs;
import dev.framescope.dialogs.DialogArgs.Option;
import dev.framescope.dialogs.DialogArgs.PlannerArgs;
import java.util.List;

/**
 * What a question's options must be before anyone is asked, checked where the schema cannot say it (counts against
 * the options given, distinct values, a default among them); each refusal names the parameter and what it accepts.
 */
final class OptionChecks {

    private OptionChecks() {
    }

    /** The most options to pick, once the counts are checked against the options. */
    static int most(MultiChoiceArgs a) {
        options(a.options(), 50);
        int max = a.maxSelections() == null ? a.options().size() : a.maxSelections();
        if (a.minSelections() > max || max > a.options().size()) {
            throw ToolException.invalidArgument("min_selections, max_selections", "0 ≤ min ≤ max ≤ "
                    + a.options().size() + " (the number of options)", a.minSelections() + ", " + max);
        }
        return max;
    }

    /** A planner's options, and its default action one of them. */
    static void planner(PlannerArgs a) {
        options(a.options(), 20);
        if (a.defaultAction() != null && a.options().stream().noneMatch(o -> o.valueOrLabel().equals(a.defaultAction()))) {
            throw ToolException.invalidArgument("default_action", "the value of one of the options",
                    a.defaultAction());
        }
    }

    /** 2 to {@code most} options, each with a label or a value, no two with the same value. */
    static void options(List<Option> options, int most) {
        if (options == null || options.size() < 2 || options.size() > most) {
            throw ToolException.invalidArgument("options", "2 to " + most + " options", options == null ? 0
                    : options.size());
        }
        for (int i = 0; i < options.size(); i++) {
            Option o = options.get(i);
            if (o == null || o.valueOrLabel() == null || o.valueOrLabel().isBlank()) {
                throw ToolException.invalidArgument("options[" + i + "]", "a label or a value (or both)",
                        o == null ? null : "neither");
            }
        }
        if (options.stream().map(Option::valueOrLabel).distinct().count() < options.size()) {
            throw ToolException.invalidArgument("options", "options with distinct values (value, or label where "
                    + "value is empty)", options.stream().map(Option::valueOrLabel).toList());
        }
    }
}
