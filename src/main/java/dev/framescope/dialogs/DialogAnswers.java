package dev.framescope.dialogs;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer a dialog tool returns, built from how the question ended: the same shape for every tool and channel,
 * with {@code additional_context} and {@code attachments} always present, the images the person sent scaled to the
 * returned size, and a summary that tells the agent what to do when there was no answer.
 */
final class DialogAnswers {

    private DialogAnswers() {
    }

    /** {@code pageAddress}: the dialog page without its token (results are kept in transcripts), or null. */
    record Asked(DialogRequests.Request request, Reply reply, String pageAddress) {
        boolean answered() {
            return reply.state() == DialogState.ANSWERED;
        }

        Object field(String name) {
            return reply.content().get(name);
        }
    }

    static DialogResult answer(Asked asked, Boolean confirmed, String value, String choice, List<String> values,
                                 int maxDimension, String shown) {
        List<DialogResult.AttachmentInfo> attachments = new ArrayList<>();
        List<DialogResult.Image> images = new ArrayList<>();
        for (Reply.Attachment sent : asked.reply().attachments()) {
            Screenshots.Fitted fitted = Screenshots.fit(sent, maxDimension);
            attachments.add(new DialogResult.AttachmentInfo(sent.name(), sent.mimeType(), sent.bytes().length,
                    sent.width(), sent.height(), fitted.width(), fitted.height()));
            images.add(new DialogResult.Image(fitted.bytes(), fitted.mimeType()));
        }
        if (!images.isEmpty() && !asked.request().tool.equals("screenshot_request") && shown != null) {
            shown += " (with " + images.size() + " image" + (images.size() == 1 ? "" : "s") + " attached)";
        }
        Object thinking = asked.field("thinking_mode");
        String thinkingMode = !asked.request().tool.equals("planner") || !asked.answered() ? null
                : thinking == null || String.valueOf(thinking).isBlank() ? DialogForms.DEFAULT_THINKING
                : String.valueOf(thinking);
        DialogState state = asked.reply().state();
        String where = asked.pageAddress() == null ? "" : " on the dialog page (" + asked.pageAddress() + ")";
        String summary = switch (state) {
            case ANSWERED -> "The person answered: " + shown + "." + (thinkingMode == null ? ""
                    : " Thinking mode: " + thinkingMode + ".");
            case TIMED_OUT -> "No answer in time" + where + "; decide without it or ask again.";
            default -> "The person " + state.json() + " the question; do not proceed as if they agreed.";
        };
        Object extra = asked.field("additional_context");
        long waitedMs = Duration.between(asked.request().createdAt, Instant.now()).toMillis();
        return new DialogResult(new DialogResult.Answer(Dialogs.SCHEMA_VERSION, summary, asked.request().tool,
                asked.request().id, state.json(), asked.request().channel,
                state == DialogState.CANCELLED || state == DialogState.DECLINED, state == DialogState.TIMED_OUT,
                confirmed, value, choice, values, thinkingMode,
                extra == null || String.valueOf(extra).isBlank() ? "" : String.valueOf(extra),
                List.copyOf(attachments), waitedMs, Instant.now().toString()), List.copyOf(images));
    }
}
