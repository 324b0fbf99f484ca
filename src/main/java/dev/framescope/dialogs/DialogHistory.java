package dev.framescope.dialogs;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The last {@value #KEPT} finished questions, in memory: tool, parameters, answer or error, state, timings, channel.
 * Parameters and answers are kept as bounded previews (long strings cut, long lists shortened, images as their
 * size), so the history stays small however large the questions were. Thread-safe.
 */
public final class DialogHistory {

    static final int KEPT = 1000;
    /** Longest string kept in a preview; longer ones are cut and marked with an ellipsis. */
    static final int MAX_TEXT = 300;
    static final int MAX_LIST = 20;

    /**
     * One finished question. {@code answer}: the person's fields (choice, value, values, confirmed,
     * thinking_mode, additional_context, attachments as name and size); {@code error}: why it ended without an
     * answer (cancel, timeout, failure), or null. Times in ISO-8601; {@code waitedMs} from asking to the end.
     */
    public record Entry(String id, String tool, String channel, String state, Map<String, Object> params,
                 Map<String, Object> answer, String error, String askedAt, String endedAt, long waitedMs) {
    }

    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    private long recorded;

    Entry record(DialogRequests.Request request, Reply reply) {
        Instant ended = Instant.now();
        Map<String, Object> answer = null;
        if (reply.state() == DialogState.ANSWERED) {
            answer = new LinkedHashMap<>();
            for (Map.Entry<String, Object> field : reply.content().entrySet()) {
                answer.put(field.getKey(), preview(field.getValue(), MAX_TEXT));
            }
            if (!reply.attachments().isEmpty()) {
                answer.put("attachments", reply.attachments().stream().map(a -> a.name() + " (" + a.mimeType() + ", "
                        + a.width() + "×" + a.height() + ", " + a.bytes().length + " bytes)").toList());
            }
        }
        Entry entry = new Entry(request.id, request.tool, request.channel, reply.state().json(), request.params,
                answer, reply.detail(), request.createdAt.toString(), ended.toString(),
                Duration.between(request.createdAt, ended).toMillis());
        synchronized (this) {
            entries.addLast(entry);
            recorded++;
            while (entries.size() > KEPT) {
                entries.removeFirst();
            }
        }
        return entry;
    }

    /** The newest {@code limit} entries, newest first. */
    synchronized List<Entry> newest(int limit) {
        List<Entry> list = new ArrayList<>(Math.min(limit, entries.size()));
        var it = entries.descendingIterator();
        while (it.hasNext() && list.size() < limit) {
            list.add(it.next());
        }
        return list;
    }

    synchronized int size() {
        return entries.size();
    }

    /** Every question ever finished, including those no longer kept. */
    synchronized long recorded() {
        return recorded;
    }

    /** A bounded copy: strings cut to {@code maxText}, lists to {@value #MAX_LIST} items, maps copied the same way. */
    static Object preview(Object value, int maxText) {
        if (value instanceof String s) {
            return s.length() <= maxText ? s : s.substring(0, maxText - 1) + "…";
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> {
                if (v != null) {
                    copy.put(String.valueOf(k), preview(v, maxText));
                }
            });
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            for (Object item : list.subList(0, Math.min(list.size(), MAX_LIST))) {
                copy.add(preview(item, maxText));
            }
            if (list.size() > MAX_LIST) {
                copy.add("… " + (list.size() - MAX_LIST) + " more");
            }
            return copy;
        }
        return value;
    }

    /** An entry with its strings cut shorter, for the bounded preview in diagnostics. */
    static Entry shortened(Entry e, int maxText) {
        @SuppressWarnings("unchecked")
        Map<String, Object> params = (Map<String, Object>) preview(e.params(), maxText);
        @SuppressWarnings("unchecked")
        Map<String, Object> answer = e.answer() == null ? null : (Map<String, Object>) preview(e.answer(), maxText);
        return new Entry(e.id(), e.tool(), e.channel(), e.state(), params, answer,
                e.error() == null ? null : (String) preview(e.error(), maxText), e.askedAt(), e.endedAt(),
                e.waitedMs());
    }
}
