package dev.framescope.dialogs;

import dev.framescope.common.ClientHuman;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.Components;
import dev.framescope.common.DialogSettings;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.InputRequired;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.common.Waiting;
import dev.framescope.dialogs.DialogAnswers.Asked;
import dev.framescope.dialogs.DialogArgs.ChoiceArgs;
import dev.framescope.dialogs.DialogArgs.ConfirmArgs;
import dev.framescope.dialogs.DialogArgs.MultiChoiceArgs;
import dev.framescope.dialogs.DialogArgs.Option;
import dev.framescope.dialogs.DialogArgs.PlannerArgs;
import dev.framescope.dialogs.DialogArgs.ScreenshotArgs;
import dev.framescope.dialogs.DialogArgs.SingleChoiceArgs;
import dev.framescope.dialogs.DialogArgs.TextInputArgs;
import dev.framescope.dialogs.DialogArgs.Waits;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the person and waits for the answer, through MCP elicitation (a flat form the client shows) or FrameScope's
 * own dialog page, as configured: {@code auto} uses elicitation for the four form questions when the client offers
 * it, the page for everything else. Every question is tracked in {@link DialogRequests}; a cancel, decline or
 * timeout is an answer with a flag, not an error. Knows nothing of MCP: it talks to {@link ClientHuman} and
 * {@link ToolContext}.
 */
public final class Dialogs {

    private static final Logger log = LoggerFactory.getLogger(Dialogs.class);
    public static final int SCHEMA_VERSION = 1;

    /**
     * A question as each channel shows it: a flat form for elicitation (null where it cannot be one), the page's.
     * {@code pageFirst}: under channel auto the page asks even where the client could show the form (the planner's
     * markdown needs it). {@code args}: the tool's arguments, for the history.
     */
    private record Question(String tool, String message, Map<String, Object> form, List<String> required,
                            Map<String, Object> page, Duration timeout, boolean pageFirst, Object args) {
        Question(String tool, String message, Map<String, Object> form, List<String> required,
                 Map<String, Object> page, Duration timeout, Object args) {
            this(tool, message, form, required, page, timeout, false, args);
        }
    }

    private final DialogSettings settings;
    private final RateLimit rateLimit;
    private final DialogRequests requests;
    private final DeferredQuestions deferred;
    private final Components components;
    private DialogPage page;
    private long browserOpenedNanos;

    public Dialogs(DialogSettings settings, DialogRequests requests, Components components) {
        this.settings = settings;
        this.rateLimit = new RateLimit(settings.perMinute());
        this.requests = requests;
        this.deferred = new DeferredQuestions(requests);
        this.components = components;
        components.register(Components.DIALOG_PAGE, () -> ComponentStatus.notStarted(Components.DIALOG_PAGE,
                "starts with the first question that needs it (planner, screenshot_request, or any question when "
                        + "the client cannot elicit); channel " + settings.channel()));
    }

    /**
     * Decides whether a question may be asked, before its tool call takes a place (on the caller's thread): what
     * would be refused anyway (options that cannot be offered) is refused, then the question is counted against the
     * rate limit, or refused {@code RATE_LIMITED}. So a flood of questions is answered at once, not after the
     * questions before it have waited for the person. The tool calls' handlers below do not count again.
     */
    void admit(Waits args) {
        String tool;
        if (args instanceof ConfirmArgs) {
            tool = "confirm";
        } else if (args instanceof TextInputArgs) {
            tool = "text_input";
        } else if (args instanceof ChoiceArgs a && a.multiple()) {
            OptionChecks.most(a.several());
            tool = "multi_choice";
        } else if (args instanceof ChoiceArgs a) {
            OptionChecks.options(a.options(), 50);
            tool = "single_choice";
        } else if (args instanceof PlannerArgs a) {
            OptionChecks.planner(a);
            tool = "planner";
        } else {
            tool = "screenshot_request";
        }
        rateLimit.acquire(tool);
    }

    public DialogResult confirm(ConfirmArgs a, ToolContext context) {
        String message = a.question() + (a.warning() != null ? "\n\nWarning: " + a.warning() : "")
                + (a.isDangerous() ? "\n\nThis step is marked dangerous." : "");
        Map<String, Object> form = new LinkedHashMap<>();
        form.put("confirmed", Map.of("type", "boolean", "title", a.yesLabel() + " / " + a.noLabel(),
                "default", false));
        form.put("additional_context", DialogForms.note());
        Map<String, Object> page = fields("question", a.question(), "warning", a.warning(), "is_dangerous",
                a.isDangerous(), "yes_label", a.yesLabel(), "no_label", a.noLabel());
        Asked asked = ask(new Question("confirm", message, form, List.of("confirmed"), page, timeout(a.timeoutS()), a),
                context);
        Boolean confirmed = asked.answered() ? Boolean.TRUE.equals(asked.field("confirmed")) : null;
        return DialogAnswers.answer(asked, confirmed, null, null, null, MAX_DIMENSION,
                confirmed == null ? null : confirmed ? a.yesLabel() : a.noLabel());
    }

    public DialogResult textInput(TextInputArgs a, ToolContext context) {
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("type", "string");
        field.put("title", a.placeholder() != null ? a.placeholder() : "Answer");
        field.put("maxLength", a.maxLength());
        if (a.defaultText() != null) {
            field.put("default", a.defaultText());
        }
        Map<String, Object> page = fields("question", a.question(), "placeholder", a.placeholder(), "default_text",
                a.defaultText(), "max_length", a.maxLength(), "expects_code", a.expectsCode());
        Asked asked = ask(new Question("text_input", a.question(), withNote("value", field), List.of("value"), page,
                timeout(a.timeoutS()), a), context);
        String value = asked.answered() ? String.valueOf(asked.field("value") == null ? "" : asked.field("value"))
                : null;
        if (value != null && value.length() > a.maxLength()) {
            value = value.substring(0, a.maxLength()); // a client that ignored maxLength
        }
        return DialogAnswers.answer(asked, null, value, null, null, MAX_DIMENSION, value);
    }

    /** ask_choice: one option, or several with {@code multiple}. */
    public DialogResult choice(ChoiceArgs a, ToolContext context) {
        return a.multiple() ? multiChoice(a.several(), context) : singleChoice(a.single(), context);
    }

    public DialogResult singleChoice(SingleChoiceArgs a, ToolContext context) {
        OptionChecks.options(a.options(), 50);
        Map<String, Object> field = DialogForms.choiceField("Choice", a.options(), false);
        if (a.defaultValue() != null) {
            field.put("default", a.defaultValue());
        }
        Map<String, Object> page = fields("question", a.question(), "options", pageOptions(a.options()),
                "default_value", a.defaultValue());
        Asked asked = ask(new Question("single_choice", a.question(), withNote("choice", field), List.of("choice"),
                page, timeout(a.timeoutS()), a), context);
        String choice = asked.answered() ? String.valueOf(asked.field("choice")) : null;
        return DialogAnswers.answer(asked, null, null, choice, null, MAX_DIMENSION, choice);
    }

    public DialogResult multiChoice(MultiChoiceArgs a, ToolContext context) {
        int max = OptionChecks.most(a);
        Map<String, Object> field = DialogForms.choiceField("Choices", a.options(), true);
        field.put("minItems", a.minSelections());
        field.put("maxItems", max);
        Map<String, Object> page = fields("question", a.question(), "options", pageOptions(a.options()),
                "min_selections", a.minSelections(), "max_selections", max);
        Asked asked = ask(new Question("multi_choice", a.question(), withNote("values", field), List.of("values"), page,
                timeout(a.timeoutS()), a), context);
        List<String> values = null;
        if (asked.answered()) {
            values = asked.field("values") instanceof List<?> list ? list.stream().map(String::valueOf).toList()
                    : List.of();
        }
        return DialogAnswers.answer(asked, null, null, null, values, MAX_DIMENSION, values == null ? null
                : String.join(", ", values));
    }

    public DialogResult planner(PlannerArgs a, ToolContext context) {
        OptionChecks.planner(a);
        Map<String, Object> page = fields("decision_context", a.decisionContext(), "visual_output_html",
                SafeMarkdown.toHtml(a.visualOutput()), "plan_html", SafeMarkdown.toHtml(a.plan()), "options",
                pageOptions(a.options()), "default_action", a.defaultAction());
        // Elicitation cannot render markdown: the form is used only where the channel is forced to elicitation.
        Map<String, Object> choice = DialogForms.choiceField("Option", a.options(), false);
        if (a.defaultAction() != null) {
            choice.put("default", a.defaultAction());
        }
        Map<String, Object> form = new LinkedHashMap<>();
        form.put("choice", choice);
        form.put("thinking_mode", DialogForms.thinkingField());
        form.put("additional_context", DialogForms.note());
        String message = a.decisionContext() + (a.visualOutput() == null ? "" : "\n\nWhat I found:\n"
                + cut(a.visualOutput())) + (a.plan() == null ? "" : "\n\nPlan:\n" + cut(a.plan()));
        Asked asked = ask(new Question("planner", message, form, List.of("choice"), page, timeout(a.timeoutS()),
                true, a), context);
        String picked = asked.answered() ? String.valueOf(asked.field("choice")) : null;
        return DialogAnswers.answer(asked, null, null, picked, null, MAX_DIMENSION, picked);
    }

    public DialogResult screenshot(ScreenshotArgs a, ToolContext context) {
        Map<String, Object> page = fields("question", a.question(), "description", a.description(),
                "max_upload_bytes", settings.maxUploadBytes());
        Asked asked = ask(new Question("screenshot_request", a.question(), null, null, page, timeout(a.timeoutS()),
                a), context);
        List<Reply.Attachment> sent = asked.reply().attachments();
        String shown = sent.isEmpty() ? null : sent.size() == 1 ? "a " + sent.get(0).width() + "×"
                + sent.get(0).height() + " screenshot (in this result as an image)"
                : sent.size() + " screenshots (in this result as images)";
        return DialogAnswers.answer(asked, null, null, null, null, a.maxDimension(), shown);
    }

    /** Images returned with answers of questions without {@code max_dimension} are scaled to this longest side. */
    static final int MAX_DIMENSION = 1568;

    /** Planner markdown in an elicitation message: bounded, as clients show the message whole. */
    private static String cut(String markdown) {
        return markdown.length() <= 4000 ? markdown : markdown.substring(0, 3999) + "…";
    }

    private static Map<String, Object> withNote(String name, Map<String, Object> field) {
        Map<String, Object> form = new LinkedHashMap<>();
        form.put(name, field);
        form.put("additional_context", DialogForms.note());
        return form;
    }

    /** Ends every open question as cancelled, e.g. when the client has gone; their tool calls return at once. */
    public void cancelAll(String why) {
        requests.endAll(DialogState.CANCELLED, why);
    }

    /** Test hook: drops every dialog page connection, as a network drop would. */
    synchronized void dropPageConnections() {
        if (page != null) {
            page.dropConnections();
        }
    }

    Duration timeout(Integer seconds) {
        return seconds == null ? settings.timeout() : Duration.ofSeconds(seconds);
    }

    private Asked ask(Question question, ToolContext context) {
        ClientHuman human = context.clientHuman();
        boolean clientCanAsk = human != ClientHuman.NONE;
        boolean viaElicitation = switch (settings.channel()) {
            case "page" -> false;
            case "elicitation" -> {
                if (question.form() == null) {
                    throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, question.tool() + " needs FrameScope's "
                            + "dialog page (MCP elicitation cannot show markdown or take images), and this server "
                            + "is configured with FRAMESCOPE_DIALOG_CHANNEL=elicitation: ask in the chat instead.",
                            Map.of("channel", "elicitation"));
                }
                yield true;
            }
            default -> question.form() != null && !question.pageFirst() && clientCanAsk;
        };
        return viaElicitation ? viaElicitation(question, human) : viaPage(question, context);
    }

    private Asked viaElicitation(Question question, ClientHuman human) {
        DialogRequests.Request resumed = deferred.resume(human.resuming(), question.tool());
        DialogRequests.Request request = resumed != null ? resumed : requests.open(question.tool(), "elicitation",
                null, question.timeout(), args(question));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", question.form());
        schema.put("required", question.required());
        ClientHuman.Reply reply;
        try {
            reply = human.ask(question.message(), schema, question.timeout().toMillis());
        } catch (InputRequired asked) {
            deferred.awaitRetry(request, question.timeout(), asked);
            throw asked;
        }
        Reply ended = switch (reply.action()) {
            case "accept" -> Reply.answered(reply.content(), List.of());
            case "decline" -> Reply.ended(DialogState.DECLINED, null);
            case "cancel" -> Reply.ended(DialogState.CANCELLED, null);
            case "timeout" -> Reply.ended(DialogState.TIMED_OUT, reply.reason());
            default -> Reply.ended(DialogState.ERROR, reply.action() + ": " + reply.reason());
        };
        requests.end(request, ended);
        if (reply.action().equals("unsupported")) {
            throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "This MCP client cannot ask you through MCP "
                    + "elicitation, and this server is configured with FRAMESCOPE_DIALOG_CHANNEL=elicitation: ask "
                    + "the person in the chat instead, or set FRAMESCOPE_DIALOG_CHANNEL=auto to use the dialog page.",
                    Map.of("channel", "elicitation", "reason", String.valueOf(reply.reason())));
        }
        if (ended.state() == DialogState.ERROR) {
            throw new ToolException(ErrorCode.ENGINE_FAILED, "Asking through MCP elicitation failed: "
                    + reply.reason(), Map.of("channel", "elicitation"));
        }
        return new Asked(request, ended, null);
    }

    @SuppressWarnings("try") // the registration is undone as the block ends: the body has no use for it
    private Asked viaPage(Question question, ToolContext context) {
        DialogPage dialogPage = page();
        DialogRequests.Request request = requests.open(question.tool(), "page", question.page(), question.timeout(),
                args(question));
        String url = dialogPage.url();
        log.info("Question {} ({}) is waiting on the dialog page: {}", request.id, question.tool(), url);
        openBrowserIfNoPage(dialogPage);
        context.progress(0, null, "Waiting for your answer on the FrameScope dialog page: " + url);
        Reply reply;
        // A cancelled tool call withdraws its question from the page at once (the page is told it ended).
        try (var withdraw = context.cancellation().onCancel(() -> requests.end(request,
                Reply.ended(DialogState.CANCELLED, "the tool call was cancelled (" + context.cancellation().reason()
                        + ")")))) {
            reply = Waiting.await(request.reply, question.timeout().toMillis(), beat -> context.progress(beat, null,
                    "Still waiting for your answer (" + beat * Waiting.BEAT_MS / 1000 + " s) on " + url));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            requests.end(request, Reply.ended(DialogState.CANCELLED, "the tool call was cancelled"));
            reply = null;
        } catch (ExecutionException e) {
            throw new IllegalStateException("a dialog reply never fails", e);
        }
        if (reply == null) {
            requests.end(request, Reply.ended(DialogState.TIMED_OUT, "no answer within "
                    + question.timeout().toSeconds() + " s"));
            reply = request.reply.join(); // the person may have answered in the same instant
        }
        return new Asked(request, reply, dialogPage.address());
    }

    private synchronized DialogPage page() {
        if (page == null) {
            try {
                page = DialogPage.start(requests, settings.port(), settings.maxUploadBytes());
            } catch (IOException e) {
                components.register(Components.DIALOG_PAGE, () -> new ComponentStatus(Components.DIALOG_PAGE,
                        "failed", e.getMessage()));
                throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "The dialog page could not start: "
                        + e.getMessage() + ". Set FRAMESCOPE_DIALOG_PORT to a free port (0 picks one), or ask in the "
                        + "chat instead.", Map.of("port", settings.port()));
            }
            components.register(Components.DIALOG_PAGE, page::status);
            DialogPage started = page;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "dialog-page-shutdown"));
            log.info("FrameScope dialog page: {} (over SSH, forward the port: ssh -L {}:127.0.0.1:{} <host>)",
                    page.url(), page.port(), page.port());
        }
        return page;
    }

    /** At most one browser launch a minute: a person who closed the tab keeps the URL from the progress message. */
    private synchronized void openBrowserIfNoPage(DialogPage dialogPage) {
        long now = System.nanoTime();
        if (settings.openBrowser() && dialogPage.connectedPages() == 0
                && (browserOpenedNanos == 0 || now - browserOpenedNanos > TimeUnit.MINUTES.toNanos(1))) {
            browserOpenedNanos = now;
            BrowserOpener.open(dialogPage.url());
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> args(Question question) {
        return question.args() == null ? Map.of() : Json.mapper().convertValue(question.args(),
                Map.class);
    }

    /** A map of the non-null fields, in order: what the page receives. */
    private static Map<String, Object> fields(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (keysAndValues[i + 1] != null) {
                map.put((String) keysAndValues[i], keysAndValues[i + 1]);
            }
        }
        return map;
    }

    private static List<Map<String, Object>> pageOptions(List<Option> options) {
        return options.stream().map(o -> fields("label", o.labelOrValue(), "value", o.valueOrLabel(),
                "description", o.description())).toList();
    }
}
