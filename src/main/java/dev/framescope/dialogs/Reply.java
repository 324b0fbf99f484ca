package dev.framescope.dialogs;

import java.util.List;
import java.util.Map;

/**
 * What came back from the person, whichever way they were asked.
 *
 * @param state       how the question ended
 * @param content     the answer's fields ({@code confirmed}, {@code value}, {@code choice}, {@code values},
 *                    {@code additional_context}); empty unless answered
 * @param attachments images the person sent (screenshot_request)
 * @param detail      why it ended that way when not answered, or null
 */
record Reply(DialogState state, Map<String, Object> content, List<Attachment> attachments, String detail) {

    static Reply answered(Map<String, Object> content, List<Attachment> attachments) {
        return new Reply(DialogState.ANSWERED, content, attachments, null);
    }

    static Reply ended(DialogState state, String detail) {
        return new Reply(state, Map.of(), List.of(), detail);
    }

    /** An image the person sent, already checked to be a PNG or JPEG of the given size. */
    record Attachment(String name, String mimeType, byte[] bytes, int width, int height) {
    }
}
