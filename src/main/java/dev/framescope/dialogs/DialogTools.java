package dev.framescope.dialogs;

import dev.framescope.common.Components;
import dev.framescope.common.DiagnosticsSection;
import dev.framescope.common.DialogSettings;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.dialogs.DialogArgs.ChoiceArgs;
import dev.framescope.dialogs.DialogArgs.ConfirmArgs;
import dev.framescope.dialogs.DialogArgs.PlannerArgs;
import dev.framescope.dialogs.DialogArgs.ScreenshotArgs;
import dev.framescope.dialogs.DialogArgs.TextInputArgs;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Human-in-the-loop questions: the answer comes back in the same tool call, however long the person takes. */
public final class DialogTools implements ToolGroup {

    private final DialogRequests requests = new DialogRequests();
    private final Dialogs dialogs;

    public DialogTools(DialogSettings settings, Components components) {
        this.dialogs = new Dialogs(settings, requests, components);
    }

    @Override
    public Optional<DiagnosticsSection> diagnostics() {
        return Optional.of(new DiagnosticsSection("dialogs", maxErrors -> requests.snapshot()));
    }

    @Override
    public String name() {
        return "dialogs";
    }

    @Override
    public String guide() {
        return "Ask the person: ask_plan to choose between plans you lay out in markdown, ask_confirmation before a "
                + "risky step, ask_choice between options, ask_text for a value, "
                + "ask_screenshot for what is on their screen. Questions show as an MCP form when the client can, "
                + "else on FrameScope's local page (URL in the progress message), and wait up to timeout_s. Answers "
                + "carry state (answered, declined, cancelled, timed_out: not errors), additional_context and "
                + "attachments. Never ask in a loop: too many questions a minute are RATE_LIMITED.";
    }

    @Override
    public List<SharedParam> sharedParams() {
        return List.of(new SharedParam("question", DialogArgs.QUESTION),
                new SharedParam("timeout_s", DialogArgs.TIMEOUT));
    }

    @Override
    public List<ToolDef<?>> tools() {
        return ToolDef.all(askPlan(), askConfirmation(), askText(), askChoice(), askScreenshot());
    }

    private ToolDef.Builder<PlannerArgs> askPlan() {
        return question("ask_plan", "Ask which plan to follow",
                "Shows the person your findings (visual_output) and plan (markdown) and asks them to pick "
                + "one of 2–20 options; returns choice and thinking_mode: normal, or deep (reason step by "
                + "step, weigh risks before acting). Use before a long or costly course of action.",
                PlannerArgs.class, ToolHints.ASKS_HUMAN,
                (a, c) -> output(dialogs.planner(a, c))).withAliases("planner");
    }

    private ToolDef.Builder<ConfirmArgs> askConfirmation() {
        return question("ask_confirmation", "Ask for confirmation",
                "Asks a yes/no question before a risky or irreversible step (optional warning and danger "
                + "mark); returns confirmed true/false.",
                ConfirmArgs.class, ToolHints.ASKS_HUMAN,
                (a, c) -> output(dialogs.confirm(a, c))).withAliases("confirm");
    }

    private ToolDef.Builder<TextInputArgs> askText() {
        return question("ask_text", "Ask for text",
                "Asks the person to type a value (a name, a path, a number, code); returns it as value, cut "
                + "to max_length.",
                TextInputArgs.class, ToolHints.ASKS_HUMAN,
                (a, c) -> output(dialogs.textInput(a, c))).withAliases("text_input");
    }

    private ToolDef.Builder<ChoiceArgs> askChoice() {
        return question("ask_choice", "Ask to pick options",
                "Asks the person to pick one of 2–50 options (returns its value as choice), or with "
                + "multiple min_selections to max_selections of them (returns values).",
                ChoiceArgs.class, ToolHints.ASKS_HUMAN, (a, c) -> output(dialogs.choice(a, c)))
                .withAlias("ask_single_choice", Map.of("multiple", false))
                .withAlias("single_choice", Map.of("multiple", false))
                .withAlias("ask_multi_choice", Map.of("multiple", true))
                .withAlias("multi_choice", Map.of("multiple", true));
    }

    private ToolDef.Builder<ScreenshotArgs> askScreenshot() {
        return question("ask_screenshot", "Ask for a screenshot",
                "Asks the person to paste or upload PNG/JPEG images of what they see (e.g. RenderDoc's "
                + "texture viewer); returns up to 5, scaled to max_dimension.",
                ScreenshotArgs.class, ToolHints.ASKS_HUMAN,
                (a, c) -> output(dialogs.screenshot(a, c))).withAliases("screenshot_request");
    }

    /** The answer, with the images the person attached as image content (then without structuredContent). */
    private static ToolOutput output(DialogResult result) {
        return result.images().isEmpty() ? ToolOutput.of(result.answer()) : new ToolOutput.WithImages(result.answer(),
                result.images().stream().map(i -> new ToolOutput.Image(i.bytes(), i.mimeType())).toList());
    }

    /**
     * A question: it may wait as long as its timeout_s, plus a minute to show it and collect the answer, and its
     * answer may carry the images the person attached. It waits on the person lane, apart from other tools' calls,
     * and is counted against the rate limit before it takes a place there.
     */
    private <A extends DialogArgs.Waits> ToolDef.Builder<A> question(String name, String title, String description,
                                                                    Class<A> args, ToolHints hints,
                                                                    ToolDef.Handler<A> handler) {
        return ToolDef.of(name, title, description, args, hints, handler)
                .withTimeLimit(a -> dialogs.timeout(a.timeoutS()).plusMinutes(1)).returnsImages()
                .waitsForPerson(dialogs::admit);
    }

    @Override
    public void clientGone() {
        dialogs.cancelAll("the MCP client disconnected");
    }
}
