package dev.framescope.console;

import java.net.URI;

/**
 * Where and as whom one request talks to a chat-completions API. {@link #toString()} leaves the key out, so the
 * record can appear in a log line or an exception without leaking it.
 *
 * @param baseUrl      the API's base, e.g. {@code https://openrouter.ai/api/v1} (no trailing slash)
 * @param apiKey       the bearer key, or null (a local server may need none)
 * @param plannerModel the model for tool choice
 * @param actionModel  the model for the explanation
 */
public record ChatEndpoint(URI baseUrl, String apiKey, String plannerModel, String actionModel) {

    public URI chatCompletions() {
        return URI.create(baseUrl + "/chat/completions");
    }

    /** Anything that may echo the key (an error body, an exception message) goes through here first. */
    public String redact(String text) {
        if (text == null || apiKey == null || apiKey.isEmpty()) {
            return text;
        }
        return text.replace(apiKey, "[api key]");
    }

    @Override
    public String toString() {
        return "ChatEndpoint[baseUrl=" + baseUrl + ", apiKey=" + (apiKey == null ? "none" : "[set]")
                + ", plannerModel=" + plannerModel + ", actionModel=" + actionModel + "]";
    }
}
