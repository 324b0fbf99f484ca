package dev.framescope.dialogs;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every question put to the person, open or finished: its state, who shows it, and per-tool counters for
 * diagnostics. A question ends exactly once; the first answer, cancel or timeout wins and later ones are ignored.
 * Thread-safe.
 */
public final class DialogRequests {

    /** One question. {@code pageParams} is what the dialog page shows; null for questions asked by elicitation. */
    static final class Request {
        final String id;
        final String tool;
        final String channel;
        final Map<String, Object> pageParams;
        final Instant createdAt = Instant.now();
        final Instant deadline;
        final CompletableFuture<Reply> reply = new CompletableFuture<>();
        private volatile DialogState state = DialogState.PENDING;

        Request(String id, String tool, String channel, Map<String, Object> pageParams, Duration timeout) {
            this.id = id;
            this.tool = tool;
            this.channel = channel;
            this.pageParams = pageParams;
            this.deadline = createdAt.plus(timeout);
        }

        DialogState state() {
            return state;
        }
    }

    /** Told when a page question opens or ends, so the page can show or withdraw it. */
    interface Listener {
        void opened(Request request);

        void ended(Request request);
    }

    private final AtomicLong ids = new AtomicLong();
    private final Map<String, Request> open = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, ToolCounters> counters = new TreeMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    void listen(Listener listener) {
        listeners.add(listener);
    }

    Request open(String tool, String channel, Map<String, Object> pageParams, Duration timeout) {
        Request request = new Request("q" + ids.incrementAndGet(), tool, channel, pageParams, timeout);
        open.put(request.id, request);
        synchronized (counters) {
            counters.computeIfAbsent(tool, t -> new ToolCounters()).asked++;
        }
        listeners.forEach(l -> l.opened(request));
        return request;
    }

    Request find(String id) {
        return open.get(id);
    }

    /** Questions still waiting, oldest first. */
    List<Request> waiting() {
        synchronized (open) {
            return new ArrayList<>(open.values());
        }
    }

    /** A page has put the question in front of the person. */
    void shown(Request request) {
        synchronized (request) {
            if (request.state == DialogState.PENDING) {
                request.state = DialogState.SHOWN;
            }
        }
    }

    /** Ends the question with this reply; false if it had already ended. */
    boolean end(Request request, Reply reply) {
        synchronized (request) {
            if (request.state.isFinal()) {
                return false;
            }
            request.state = reply.state();
        }
        open.remove(request.id);
        long waitedMs = Duration.between(request.createdAt, Instant.now()).toMillis();
        synchronized (counters) {
            counters.get(request.tool).record(reply.state(), waitedMs);
        }
        request.reply.complete(reply);
        listeners.forEach(l -> l.ended(request));
        return true;
    }

    /** Ends every open question, e.g. when the server shuts down. */
    void endAll(DialogState state, String detail) {
        waiting().forEach(r -> end(r, Reply.ended(state, detail)));
    }

    /**
     * Counters of one tool. {@code meanWaitMs} and {@code maxWaitMs} cover finished questions: from asking to the
     * answer, cancel or timeout.
     */
    public record ToolStats(String tool, long asked, Map<String, Long> ended, long meanWaitMs, long maxWaitMs) {
    }

    /** One open question as diagnostics show it. */
    public record OpenQuestion(String id, String tool, String channel, String state, long ageMs) {
    }

    /** What {@code get_server_diagnostics} reports about the dialogs. */
    public record Snapshot(int openCount, List<OpenQuestion> open, List<ToolStats> tools) {
    }

    public Snapshot snapshot() {
        Instant now = Instant.now();
        List<OpenQuestion> questions = waiting().stream().map(r -> new OpenQuestion(r.id, r.tool, r.channel,
                r.state().json(), Duration.between(r.createdAt, now).toMillis())).toList();
        List<ToolStats> tools = new ArrayList<>();
        synchronized (counters) {
            counters.forEach((tool, c) -> tools.add(c.stats(tool)));
        }
        return new Snapshot(questions.size(), questions, tools);
    }

    private static final class ToolCounters {
        long asked;
        final Map<DialogState, Long> ended = new EnumMap<>(DialogState.class);
        long totalWaitMs;
        long maxWaitMs;

        void record(DialogState state, long waitedMs) {
            ended.merge(state, 1L, Long::sum);
            totalWaitMs += waitedMs;
            maxWaitMs = Math.max(maxWaitMs, waitedMs);
        }

        ToolStats stats(String tool) {
            long finished = ended.values().stream().mapToLong(Long::longValue).sum();
            Map<String, Long> byState = new LinkedHashMap<>();
            ended.forEach((state, n) -> byState.put(state.json(), n));
            return new ToolStats(tool, asked, byState, finished == 0 ? 0 : totalWaitMs / finished, maxWaitMs);
        }
    }
}
