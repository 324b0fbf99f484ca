package dev.framescope.common;

/**
 * The caller's own model, reached through MCP sampling when the client offers it. FrameScope holds no API keys: a
 * tool that wants a model's words asks the client, which may ask its user first, and reports plainly when it cannot.
 */
public interface ClientModel {

    /**
     * What came back. {@code status}: {@code ok} (text and model set), {@code not_supported} (the client declared no
     * sampling capability), {@code declined}, {@code timeout} or {@code error}; {@code reason} says why when not ok.
     */
    record Answer(String status, String model, String text, String reason) {

        public static Answer unavailable(String status, String reason) {
            return new Answer(status, null, null, reason);
        }
    }

    /**
     * Asks one question, about one image or (image null) text only; blocks for at most {@code timeoutMs}, or throws
     * {@link InputRequired} where the answer comes with a retry of the call.
     */
    Answer ask(String systemPrompt, String question, byte[] image, String mimeType, int maxTokens, long timeoutMs);

    ClientModel NONE = (systemPrompt, question, image, mimeType, maxTokens, timeoutMs) -> Answer.unavailable(
            "not_supported", "no client model here (the CLI, or a client without the MCP sampling capability)");
}
