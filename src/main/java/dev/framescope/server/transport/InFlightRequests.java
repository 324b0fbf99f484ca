package dev.framescope.server.transport;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.RequestActivity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Requests read from stdin and not yet answered, by JSON-RPC id, each with the {@link Cancellation} its tool call
 * watches. {@code notifications/cancelled} finds the call here by id (the SDK hides the id from tool handlers),
 * end of input waits here for answers still in flight, and the answer to a request the client cancelled is dropped
 * here, as the spec asks. Thread-safe: the reader adds and cancels, the threads that answer remove.
 */
final class InFlightRequests {

    /** One request in flight; {@code byClient} is set when the client cancelled it (its answer is then dropped). */
    static final class Call {
        final String method;
        /** Answered when the transport writes the answer: what the call changed is kept only then. */
        final Cancellation cancellation = Cancellation.untilAnswered();
        final long startedNanos = System.nanoTime();
        volatile boolean byClient;

        Call(String method) {
            this.method = method;
        }
    }

    private final Map<String, Call> calls = new HashMap<>();

    /** Records a request; null when a request with the same id is still in flight (the id must be refused). */
    synchronized Call started(JsonNode id, String method) {
        String key = key(id);
        if (calls.containsKey(key)) {
            return null;
        }
        Call call = new Call(method);
        calls.put(key, call);
        RequestActivity.CLIENT.arrived();
        return call;
    }

    /** The request the answer with this id is for, or null. */
    synchronized Call find(Object responseId) {
        return calls.get(key(responseId));
    }

    /** The answer to this id has been queued for stdout. */
    synchronized void answered(Object responseId) {
        if (calls.remove(key(responseId)) != null) {
            RequestActivity.CLIENT.answered();
            notifyAll();
        }
    }

    /** The client no longer wants the answer: stop the work; true if such a request was in flight. */
    boolean cancelByClient(JsonNode requestId, String reason) {
        Call call;
        synchronized (this) {
            call = calls.get(key(requestId));
        }
        if (call == null) {
            return false;
        }
        call.byClient = true;
        call.cancellation.cancel(reason == null || reason.isBlank() ? "cancelled by the client"
                : "cancelled by the client (" + reason + ")");
        return true;
    }

    /** Stops every call still running, as when the client went away. */
    void cancelAll(String reason) {
        List<Call> running;
        synchronized (this) {
            running = new ArrayList<>(calls.values());
        }
        for (Call call : running) {
            call.byClient = true;
            call.cancellation.cancel(reason);
        }
    }

    synchronized int size() {
        return calls.size();
    }

    /** Waits until every request has been answered, or {@code timeoutMs} passed; true if none is left. */
    synchronized boolean awaitDrained(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        while (!calls.isEmpty()) {
            long leftMs = (deadline - System.nanoTime()) / 1_000_000;
            if (leftMs <= 0) {
                return false;
            }
            wait(leftMs);
        }
        return true;
    }

    /** Ids as JSON-RPC compares them: the string "1" and the number 1 are different ids. */
    static String key(JsonNode id) {
        return (id.isTextual() ? "s:" : "n:") + id.asText();
    }

    static String key(Object id) {
        return (id instanceof String ? "s:" : "n:") + id;
    }
}
