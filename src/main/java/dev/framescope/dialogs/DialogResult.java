package dev.framescope.dialogs;

import java.util.List;

/**
 * What a dialog tool returns: the answer and the images the person sent with it (empty when none), which go out as
 * image content after the answer, in the same order.
 */
public record DialogResult(Answer answer, List<Image> images) {

    /** The first image's bytes, or null. */
    public byte[] image() {
        return images.isEmpty() ? null : images.get(0).bytes();
    }

    /**
     * An image the person sent with their answer (pasted, dropped or chosen on the dialog page). {@code bytes},
     * {@code width}, {@code height}: as sent; {@code returnedWidth} and {@code returnedHeight}: the image in this
     * result, scaled down to {@code max_dimension} (1568 px for questions without that parameter) when larger.
     */
    public record AttachmentInfo(String name, String mimeType, int bytes, int width, int height, int returnedWidth,
                                 int returnedHeight) {
    }

    /**
     * @param dialogId question id, as in {@code get_server_diagnostics}
     * @param state    answered, declined, cancelled or timed_out
     * @param channel  how the person was asked: {@code elicitation} or {@code page}
     * @param thinkingMode planner only: how hard the person wants the agent to think next (normal or deep)
     * @param additionalContext the person's note, "" when none
     * @param attachments the images they sent, in this result as image content in the same order; empty when none
     * @param waitedMs from asking to the answer
     */
    public record Answer(int schemaVersion, String summary, String tool, String dialogId, String state, String channel,
                         boolean cancelled, boolean timedOut, Boolean confirmed, String value, String choice,
                         List<String> values, String thinkingMode, String additionalContext,
                         List<AttachmentInfo> attachments, long waitedMs, String timestamp) {
    }

    /** An image to return with the answer, as sent or scaled down. */
    public record Image(byte[] bytes, String mimeType) {
    }
}
