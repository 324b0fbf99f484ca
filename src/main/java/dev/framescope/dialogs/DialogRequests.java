package dev.framescope.dialogs;

import dev.framescope.common.DiagnosticsSection;
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
        /** The tool's arguments as a bounded preview, for the history. */
        final Map<String, Object> params;
        final Instant createdAt = Instant.now();
        final Instant deadline;
        final CompletableFuture<Reply> reply = new CompletableFuture<>();
        private volatile DialogState state = DialogState.PENDING;

        @SuppressWarnings("unchecked")
        Request(String id, String tool, String channel, Map<String, Object> pageParams, Duration timeout,
                Map<String, Object> params) {
            this.params = params == null ? Map.of() : (Map<String, Object>) DialogHistory.preview(params,
                    DialogHistory.MAX_TEXT);
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

        /** A question finished and went into the history (whichever channel asked it). */
        default void recorded(DialogHistory.Entry entry) {
        }
    }

    private final AtomicLong ids = new AtomicLong();
    private final Map<String, Request> open = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, ToolCounters> counters = new TreeMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final DialogHistory history = new DialogHistory();

    void listen(Listener listener) {
        listeners.add(listener);
    }

    Request open(String tool, String channel, Map<String, Object> pageParams, Duration timeout) {
        return open(tool, channel, pageParams, timeout, null);
    }

    /** {@code params}: the tool's arguments, kept (bounded) in the history. */
    Request open(String tool, String channel, Map<String, Object> pageParams, Duration timeout,
                 Map<String, Object> params) {
        Request request = new Request("q" + ids.incrementAndGet(), tool, channel, pageParams, timeout, params);
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
        DialogHistory.Entry entry = history.record(request, reply);
        request.reply.complete(reply);
        listeners.forEach(l -> l.ended(request));
        listeners.forEach(l -> l.recorded(entry));
        return true;
    }

    /** Ends every open question, e.g. when the server shuts down. */
    void endAll(DialogState state, String detail) {
        waiting().forEach(r -> end(r, Reply.ended(state, detail)));
    }

    /**
     * Counters of one tool. {@code meanWaitMs} and {@code maxWaitMs} cover finished questions: from asking to the
     * answer, cancel or timeout. {@code successRate}: answered / finished, 0 to 1 (null before any finished).
     */
    public record ToolStats(String tool, long asked, Map<String, Long> ended, Double successRate, long meanWaitMs,
                            long maxWaitMs) {
    }

    /** One open question as diagnostics show it. */
    public record OpenQuestion(String id, String tool, String channel, String state, long ageMs) {
    }

    /**
     * What {@code get_server_diagnostics} reports about the dialogs. {@code history}: the newest
     * {@value #HISTORY_PREVIEW} finished questions, newest first, strings cut to {@value #HISTORY_TEXT} characters;
     * {@code historyKept}: how many the server keeps (at most {@value DialogHistory#KEPT}).
     */
    public record Snapshot(int openCount, List<OpenQuestion> open, List<ToolStats> tools, int historyKept,
                           List<DialogHistory.Entry> history) implements DiagnosticsSection.Report {
    }

    static final int HISTORY_PREVIEW = 10;
    static final int HISTORY_TEXT = 120;

    /** The newest finished questions, newest first (as kept: strings up to {@value DialogHistory#MAX_TEXT}). */
    List<DialogHistory.Entry> history(int limit) {
        return history.newest(limit);
    }

    public Snapshot snapshot() {
        Instant now = Instant.now();
        List<OpenQuestion> questions = waiting().stream().map(r -> new OpenQuestion(r.id, r.tool, r.channel,
                r.state().json(), Duration.between(r.createdAt, now).toMillis())).toList();
        List<ToolStats> tools = new ArrayList<>();
        synchronized (counters) {
            counters.forEach((tool, c) -> tools.add(c.stats(tool)));
        }
        return new Snapshot(questions.size(), questions, tools, history.size(), history.newest(HISTORY_PREVIEW)
                .stream().map(e -> DialogHistory.shortened(e, HISTORY_TEXT)).toList());
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
            Double success = finished == 0 ? null
                    : Math.round(1000.0 * ended.getOrDefault(DialogState.ANSWERED, 0L) / finished) / 1000.0;
            return new ToolStats(tool, asked, byState, success, finished == 0 ? 0 : totalWaitMs / finished,
                    maxWaitMs);
        }
    }
}
