package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One POST to {@code {baseUrl}/chat/completions} and its JSON answer, with every way that can fail turned into a
 * {@link Planner.PlannerException} that says what to do — and never contains the key (error bodies are redacted
 * too, since some servers echo the header they refused). Interrupting the calling thread cancels the request.
 * Thread-safe: one client serves concurrent console requests.
 */
final class ChatCompletionsClient {

    /** A chat answer is a few KB; anything past this is not an answer. */
    static final int MAX_ANSWER_BYTES = 4 * 1024 * 1024;

    private final Duration connectTimeout;
    private final Duration requestTimeout;
    /**
     * Made on the first request: an HttpClient keeps a selector thread in native code from the moment it is built
     * (JDK 17 cannot close one), and the JVM's exit waits 0.3 s for such threads; a console whose planner never
     * calls a model should not pay that at every exit.
     */
    private HttpClient http;

    ChatCompletionsClient(Duration connectTimeout, Duration requestTimeout) {
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
    }

    private synchronized HttpClient http() {
        if (http == null) {
            // HTTP/1.1: local servers (llama.cpp, Ollama, test servers) do not all take an h2c upgrade
            http = HttpClient.newBuilder().connectTimeout(connectTimeout).version(HttpClient.Version.HTTP_1_1)
                    .followRedirects(HttpClient.Redirect.NEVER).build();
        }
        return http;
    }

    JsonNode post(ChatEndpoint endpoint, ObjectNode body) throws Planner.PlannerException {
        String host = endpoint.baseUrl().getHost();
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.chatCompletions())
                .timeout(requestTimeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .header("X-Title", "FrameScope capture console")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        if (endpoint.apiKey() != null) {
            request.header("Authorization", "Bearer " + endpoint.apiKey());
        }
        CompletableFuture<HttpResponse<byte[]>> pending = http().sendAsync(request.build(), info -> bounded());
        HttpResponse<byte[]> response;
        try {
            // the request timeout covers the headers; this deadline also covers a body that stalls
            response = pending.get(requestTimeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            pending.cancel(true);
            Thread.currentThread().interrupt();
            throw new Planner.PlannerException("the request to " + host + " was cancelled");
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw timedOut(host);
        } catch (ExecutionException e) {
            throw failed(endpoint, host, e.getCause());
        }
        return answer(endpoint, host, response);
    }

    private Planner.PlannerException timedOut(String host) {
        return new Planner.PlannerException("no answer from " + host + " within " + seconds(requestTimeout)
                + "; the model may be overloaded — try again or pick a faster model");
    }

    private Planner.PlannerException failed(ChatEndpoint endpoint, String host, Throwable cause) {
        if (cause instanceof HttpConnectTimeoutException) {
            return new Planner.PlannerException("could not connect to " + host + " within " + seconds(connectTimeout)
                    + "; check baseUrl in Settings and the network");
        }
        if (cause instanceof HttpTimeoutException) {
            return timedOut(host);
        }
        if (cause instanceof ConnectException) {
            return new Planner.PlannerException("could not connect to " + endpoint.baseUrl()
                    + " (connection refused); is the server running? Check baseUrl in Settings");
        }
        String detail = cause == null ? "unknown" : cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + PlannerPrompts.cut(cause.getMessage(), 200));
        return new Planner.PlannerException(endpoint.redact("the request to " + host + " failed (" + detail + ")"));
    }

    private static JsonNode answer(ChatEndpoint endpoint, String host, HttpResponse<byte[]> response)
            throws Planner.PlannerException {
        String text = new String(response.body(), StandardCharsets.UTF_8);
        JsonNode json;
        try {
            json = Json.mapper().readTree(text);
        } catch (IOException e) {
            json = null;
        }
        int status = response.statusCode();
        JsonNode error = json == null ? null : json.get("error");
        if (status >= 300 || error != null && !error.isNull()) {
            String message = error == null ? PlannerPrompts.cut(text.strip(), 300)
                    : error.isTextual() ? error.asText() : error.path("message").asText(Json.compact(error, 300));
            throw new Planner.PlannerException(endpoint.redact(host + " answered HTTP " + status + ": "
                    + PlannerPrompts.cut(message, 300) + hint(status)));
        }
        if (json == null || !json.isObject()) {
            throw new Planner.PlannerException(host + " answered HTTP " + status + " with something that is not a"
                    + " JSON object (" + response.headers().firstValue("Content-Type").orElse("no content type")
                    + "); is baseUrl the API's /v1 address?");
        }
        return json;
    }

    private static String hint(int status) {
        return switch (status) {
            case 401, 403 -> " (check the API key in Settings, FRAMESCOPE_LLM_API_KEY or OPENROUTER_API_KEY)";
            case 402 -> " (the account behind the key has no credit left)";
            case 404 -> " (check baseUrl and the model name)";
            case 429 -> " (rate limited: wait a little and ask again)";
            default -> status >= 500 ? " (the server's own failure: try again later or another model)" : "";
        };
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    /** Collects the body but gives up past {@link #MAX_ANSWER_BYTES}, so a runaway server cannot fill the heap. */
    private static HttpResponse.BodySubscriber<byte[]> bounded() {
        return new HttpResponse.BodySubscriber<>() {
            private final CompletableFuture<byte[]> result = new CompletableFuture<>();
            private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            private Flow.Subscription subscription;

            @Override
            public CompletionStage<byte[]> getBody() {
                return result;
            }

            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                this.subscription = subscription;
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(List<ByteBuffer> items) {
                for (ByteBuffer item : items) {
                    if (result.isDone()) {
                        return;
                    }
                    if (bytes.size() + item.remaining() > MAX_ANSWER_BYTES) {
                        subscription.cancel();
                        result.completeExceptionally(new IOException("answer over " + MAX_ANSWER_BYTES + " bytes"));
                        return;
                    }
                    byte[] chunk = new byte[item.remaining()];
                    item.get(chunk);
                    bytes.write(chunk, 0, chunk.length);
                }
            }

            @Override
            public void onError(Throwable throwable) {
                result.completeExceptionally(throwable);
            }

            @Override
            public void onComplete() {
                result.complete(bytes.toByteArray());
            }
        };
    }
}
