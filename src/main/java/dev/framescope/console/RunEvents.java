package dev.framescope.console;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The events of nl-debug runs by their client-chosen id, kept until a while after the run ends, so a page that
 * subscribes a moment after posting its question still gets every step from the first.
 */
final class RunEvents {

    static final long KEEP_MS = 10 * 60_000;
    static final int MAX_RUNS = 256;

    private static final class Run {
        final List<ObjectNode> events = new ArrayList<>();
        boolean done;
        long endedAt;
    }

    private final Map<String, Run> runs = new ConcurrentHashMap<>();

    /** Where a run's steps go; for a run without an id, nowhere. */
    Consumer<ObjectNode> sink(String runId) {
        if (runId == null || runId.isBlank()) {
            return event -> { };
        }
        expire();
        Run run = runs.computeIfAbsent(runId, id -> new Run());
        return event -> {
            synchronized (run) {
                run.events.add(event);
                if ("done".equals(event.path("type").asText()) || "error".equals(event.path("type").asText())) {
                    run.done = true;
                    run.endedAt = System.currentTimeMillis();
                }
                run.notifyAll();
            }
        };
    }

    /**
     * Hands every event of the run to {@code out}, waiting for new ones, until the run is done or {@code waitMs}
     * passes without one. A run not started yet is waited for too.
     */
    void follow(String runId, Consumer<ObjectNode> out, long waitMs) throws InterruptedException {
        Run run = runs.computeIfAbsent(runId, id -> new Run());
        int next = 0;
        while (true) {
            List<ObjectNode> fresh;
            synchronized (run) {
                if (next >= run.events.size() && !run.done) {
                    run.wait(waitMs);
                    if (next >= run.events.size() && !run.done) {
                        return; // silent for too long
                    }
                }
                fresh = List.copyOf(run.events.subList(next, run.events.size()));
                next = run.events.size();
                if (fresh.isEmpty() && run.done) {
                    return;
                }
            }
            fresh.forEach(out);
        }
    }

    private void expire() {
        long now = System.currentTimeMillis();
        runs.entrySet().removeIf(e -> e.getValue().done && now - e.getValue().endedAt > KEEP_MS);
        if (runs.size() > MAX_RUNS) {
            runs.entrySet().removeIf(e -> e.getValue().done);
        }
    }
}
