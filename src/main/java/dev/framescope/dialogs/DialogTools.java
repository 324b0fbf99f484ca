package dev.framescope.dialogs;

import dev.framescope.common.Components;
import dev.framescope.common.DialogSettings;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.dialogs.DialogArgs.ConfirmArgs;
import dev.framescope.dialogs.DialogArgs.MultiChoiceArgs;
import dev.framescope.dialogs.DialogArgs.PlannerArgs;
import dev.framescope.dialogs.DialogArgs.ScreenshotArgs;
import dev.framescope.dialogs.DialogArgs.SingleChoiceArgs;
import dev.framescope.dialogs.DialogArgs.TextInputArgs;
import java.util.List;
import java.util.stream.Stream;

/** Human-in-the-loop questions: the answer comes back in the same tool call, however long the person takes. */
public final class DialogTools implements ToolGroup {

    private final Dialogs dialogs;

    public DialogTools(DialogSettings settings, DialogRequests requests, Components components) {
        this.dialogs = new Dialogs(settings, requests, components);
    }

    @Override
    public String name() {
        return "dialogs";
    }

    @Override
    public String guide() {
        return "Ask the person: planner to choose between plans you lay out in markdown, confirm before a risky step, "
                + "single_choice or multi_choice between options, text_input for a value, screenshot_request for what "
                + "is on their screen. Cancel, decline and timeout come back as answers with flags.";
    }

    private static final String WAIT = " Waits up to timeout_s (default 10 min) with progress every 15 s. The result "
            + "has state answered / declined / cancelled / timed_out and the flags cancelled and timed_out; none of "
            + "these is an error.";
    private static final String FORM = " Shown by the MCP client as a form (elicitation) when it can, else on "
            + "FrameScope's dialog page (its URL is in the progress message and on stderr)." + WAIT;
    private static final String PAGE = " Shown on FrameScope's local dialog page, opened in the person's browser "
            + "(its URL is in the progress message and on stderr)." + WAIT;

    @Override
    public List<ToolDef<?>> tools() {
        return Stream.of(
                ToolDef.of("planner", "Ask which plan to follow", "Shows the person a decision with your findings "
                                + "(visual_output, markdown: tables, code) and your plan (markdown), and asks them to "
                                + "pick one of 2–20 options; returns the chosen value as choice plus any "
                                + "additional_context they typed. Use before a long or costly course of action."
                                + PAGE, PlannerArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> ToolOutput.of(dialogs.planner(a, c))),
                ToolDef.of("confirm", "Ask for confirmation", "Asks the person a yes/no question before a risky or "
                                + "irreversible step (with an optional warning and a danger mark) and returns "
                                + "confirmed true/false plus any additional_context they typed." + FORM,
                        ConfirmArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> ToolOutput.of(dialogs.confirm(a, c))),
                ToolDef.of("text_input", "Ask for text", "Asks the person to type a value (a name, a path, a number, "
                                + "code) and returns it as value, cut to max_length." + FORM,
                        TextInputArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> ToolOutput.of(dialogs.textInput(a, c))),
                ToolDef.of("single_choice", "Ask to pick one option", "Asks the person to pick one of 2–50 options "
                                + "({label, value, description}) and returns the chosen value as choice." + FORM,
                        SingleChoiceArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> ToolOutput.of(dialogs.singleChoice(a, c))),
                ToolDef.of("multi_choice", "Ask to pick several options", "Asks the person to pick between "
                                + "min_selections and max_selections of 2–50 options and returns the chosen values."
                                + FORM, MultiChoiceArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> ToolOutput.of(dialogs.multiChoice(a, c))),
                ToolDef.of("screenshot_request", "Ask for a screenshot", "Asks the person to paste, drop or upload "
                                + "a PNG or JPEG of what they see (e.g. RenderDoc's texture viewer, a game window) and "
                                + "returns it as an image in the result (scaled to max_dimension) with its size."
                                + PAGE, ScreenshotArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> {
                            Dialogs.Screenshot shot = dialogs.screenshot(a, c);
                            return shot.image() == null ? ToolOutput.of(shot.answer())
                                    : new ToolOutput.WithImage(shot.answer(), shot.image(), shot.mimeType());
                        })).<ToolDef<?>>map(this::limitedByTimeout).toList();
    }

    /** A question may wait as long as its timeout_s, plus a minute to show it and collect the answer. */
    private <A extends DialogArgs.Waits> ToolDef<A> limitedByTimeout(ToolDef<A> tool) {
        return tool.withTimeLimit(args -> dialogs.timeout(args.timeoutS()).plusMinutes(1));
    }

    @Override
    public void clientGone() {
        dialogs.cancelAll("the MCP client disconnected");
    }
}
