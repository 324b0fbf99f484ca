package dev.framescope.renderdoc.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A response file of the bridge, read once and deleted: its result, or its error as the same {@link ToolException}
 * code the bridge named ({@code ENGINE_FAILED} for a code this side does not know). Every answer is counted in
 * {@link BridgeHealth}.
 */
final class BridgeResponse {

    private BridgeResponse() {
    }

    /**
     * A successful answer; {@code settle} when the call changed the replay and the bridge holds its next request
     * until it is told whether the caller got this answer (the spool's keep or undo mark).
     */
    record Answer(JsonNode result, boolean settle) {
    }

    /**
     * The answer in {@code response}. One that cannot be read, or answers another request, may be a settle answer the
     * bridge now waits on: {@code undo} runs first, so the bridge undoes the change a caller that gets this error
     * never saw (left alone, it would keep it after its 10 s wait).
     */
    static Answer read(Path response, BridgeCall call, BridgeHealth health, Runnable undo) {
        String id = call.id();
        String method = call.method();
        JsonNode body;
        try {
            body = Json.mapper().readTree(Files.readString(response, StandardCharsets.UTF_8));
            Files.deleteIfExists(response);
        } catch (IOException e) {
            undo.run();
            deleteQuietly(response);
            throw new ToolException(ErrorCode.INTERNAL, "unreadable bridge response: " + e.getMessage(),
                    Map.of("method", method), e);
        }
        if (!id.equals(body.path("id").asText())) {
            undo.run();
            throw new ToolException(ErrorCode.INTERNAL, "bridge answered request " + body.path("id").asText()
                    + " in the file of " + id, Map.of("method", method));
        }
        if (body.path("ok").asBoolean()) {
            health.succeeded();
            return new Answer(body.path("result"), body.path("settle").asBoolean());
        }
        health.completed.incrementAndGet();
        JsonNode error = body.path("error");
        ErrorCode code;
        try {
            code = ErrorCode.valueOf(error.path("code").asText("ENGINE_FAILED"));
        } catch (IllegalArgumentException e) {
            code = ErrorCode.ENGINE_FAILED;
        }
        health.failed("error", call.tool(), method, id, code, error.path("message").asText());
        @SuppressWarnings("unchecked")
        Map<String, Object> context = Json.mapper().convertValue(error.path("context"), Map.class);
        throw new ToolException(code, error.path("message").asText(), context == null ? Map.of() : context);
    }

    private static void deleteQuietly(Path response) {
        try {
            Files.deleteIfExists(response);
        } catch (IOException e) {
            // the spool goes with its bridge; nobody reads this file again
        }
    }
}
