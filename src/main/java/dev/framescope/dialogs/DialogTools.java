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
        return "Ask the person: ask_plan to choose between plans you lay out in markdown, ask_confirmation before a "
                + "risky step, ask_single_choice or ask_multi_choice between options, ask_text for a value, "
                + "ask_screenshot for what "
                + "is on their screen. Cancel, decline and timeout come back as answers with flags.";
    }

    private static final String WAIT = " Every answer carries additional_context (the person's note, \"\" when none) "
            + "and attachments (images they pasted or dropped on the dialog page, also returned as image content; [] "
            + "when none). Waits up to timeout_s (default 10 min) with progress every 15 s. The result has state "
            + "answered / declined / cancelled / timed_out and the flags cancelled and timed_out; none of these is an "
            + "error. More than FRAMESCOPE_DIALOG_RATE_LIMIT questions a minute (default 100) are refused with "
            + "RATE_LIMITED and retry_after_s: do not ask in a loop.";
    private static final String FORM = " Shown by the MCP client as a form (elicitation) when it can, else on "
            + "FrameScope's dialog page (its URL is in the progress message and on stderr)." + WAIT;
    private static final String PAGE = " Shown on FrameScope's local dialog page, opened in the person's browser "
            + "(its URL is in the progress message and on stderr)." + WAIT;

    @Override
    public List<ToolDef<?>> tools() {
        return Stream.of(
                ToolDef.of("ask_plan", "Ask which plan to follow", "Shows the person a decision with your findings "
                                + "(visual_output, markdown: tables, code) and your plan (markdown), and asks them to "
                                + "pick one of 2–20 options; returns the chosen value as choice, and thinking_mode, "
                                + "how hard they want you to think next: normal (go on as usual) or deep (before "
                                + "acting, reason through the chosen plan step by step, weigh alternatives and "
                                + "risks, and check your assumptions; take more time and care). Use before a long or "
                                + "costly course of action. Under FRAMESCOPE_DIALOG_CHANNEL=elicitation it is an MCP "
                                + "form (the markdown as plain text)." + PAGE, PlannerArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> output(dialogs.planner(a, c))).withAliases("planner"),
                ToolDef.of("ask_confirmation", "Ask for confirmation", "Asks the person a yes/no question before a risky or "
                                + "irreversible step (with an optional warning and a danger mark) and returns "
                                + "confirmed true/false plus any additional_context they typed." + FORM,
                        ConfirmArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> output(dialogs.confirm(a, c))).withAliases("confirm"),
                ToolDef.of("ask_text", "Ask for text", "Asks the person to type a value (a name, a path, a number, "
                                + "code) and returns it as value, cut to max_length." + FORM,
                        TextInputArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> output(dialogs.textInput(a, c))).withAliases("text_input"),
                ToolDef.of("ask_single_choice", "Ask to pick one option", "Asks the person to pick one of 2–50 options "
                                + "({label, value, description}; label or value may be left out, each defaults to "
                                + "the other) and returns the chosen value as choice." + FORM,
                        SingleChoiceArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> output(dialogs.singleChoice(a, c))).withAliases("single_choice"),
                ToolDef.of("ask_multi_choice", "Ask to pick several options", "Asks the person to pick between "
                                + "min_selections and max_selections of 2–50 options and returns the chosen values."
                                + FORM, MultiChoiceArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> output(dialogs.multiChoice(a, c))).withAliases("multi_choice"),
                ToolDef.of("ask_screenshot", "Ask for a screenshot", "Asks the person to paste, drop or upload "
                                + "a PNG or JPEG of what they see (e.g. RenderDoc's texture viewer, a game window) and "
                                + "returns it as an image in the result (scaled to max_dimension) with its size; they "
                                + "may send up to 5 images."
                                + PAGE, ScreenshotArgs.class, ToolHints.ASKS_HUMAN,
                        (a, c) -> output(dialogs.screenshot(a, c))).withAliases("screenshot_request")).<ToolDef<?>>map(this::limitedByTimeout).toList();
    }

    /** The answer, with the images the person attached as image content (then without structuredContent). */
    private static ToolOutput output(Dialogs.Result result) {
        return result.images().isEmpty() ? ToolOutput.of(result.answer()) : new ToolOutput.WithImages(result.answer(),
                result.images().stream().map(i -> new ToolOutput.Image(i.bytes(), i.mimeType())).toList());
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
