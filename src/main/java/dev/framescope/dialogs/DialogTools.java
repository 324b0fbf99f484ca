package dev.framescope.dialogs;

import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.dialogs.DialogArgs.ConfirmArgs;
import dev.framescope.dialogs.DialogArgs.MultiChoiceArgs;
import dev.framescope.dialogs.DialogArgs.SingleChoiceArgs;
import dev.framescope.dialogs.DialogArgs.TextInputArgs;
import java.util.List;

/** Human-in-the-loop questions: the answer comes back in the same tool call, however long the person takes. */
public final class DialogTools implements ToolGroup {

    private final Dialogs dialogs = new Dialogs();

    @Override
    public String name() {
        return "dialogs";
    }

    @Override
    public String guide() {
        return "Ask the person: confirm before a risky step, single_choice or multi_choice between options, "
                + "text_input for a value. Cancel, decline and timeout come back as answers with flags.";
    }

    private static final String COMMON = " Shown by the MCP client (elicitation); waits up to timeout_s (default 10 "
            + "min) with progress every 15 s. The result has state answered / declined / cancelled / timed_out and "
            + "the flags cancelled and timed_out; none of these is an error.";

    @Override
    public List<ToolDef<?>> tools() {
        return List.of(
                ToolDef.of("confirm", "Ask for confirmation", "Asks the person a yes/no question before a risky or "
                                + "irreversible step (with an optional warning and a danger mark) and returns "
                                + "confirmed true/false plus any additional_context they typed." + COMMON,
                        ConfirmArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> ToolOutput.of(dialogs.confirm(a, c.clientHuman()))),
                ToolDef.of("text_input", "Ask for text", "Asks the person to type a value (a name, a path, a number, "
                                + "code) and returns it as value, cut to max_length." + COMMON,
                        TextInputArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> ToolOutput.of(dialogs.textInput(a, c.clientHuman()))),
                ToolDef.of("single_choice", "Ask to pick one option", "Asks the person to pick one of 2–50 options "
                                + "({label, value, description}) and returns the chosen value as choice." + COMMON,
                        SingleChoiceArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> ToolOutput.of(dialogs.singleChoice(a, c.clientHuman()))),
                ToolDef.of("multi_choice", "Ask to pick several options", "Asks the person to pick between "
                                + "min_selections and max_selections of 2–50 options and returns the chosen values."
                                + COMMON, MultiChoiceArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> ToolOutput.of(dialogs.multiChoice(a, c.clientHuman()))));
    }
}
