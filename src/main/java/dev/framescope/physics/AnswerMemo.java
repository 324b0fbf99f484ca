package dev.framescope.physics;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Whole-recording answers kept while a recording is open, keyed by what they were asked with. A recording is opened
 * read-only and its rows are read once, so an answer computed from them cannot go stale while the store lives; a
 * caller that asks triage again with the same thresholds (an agent re-checking, a second page of results) gets it
 * without a second scan. Bounded to the {@value #MAX} most recently used keys. Thread-safe: a second caller of the
 * same key waits for the first instead of scanning twice.
 */
final class AnswerMemo {

    static final int MAX = 16;

    private final Map<Object, Object> answers = new LinkedHashMap<>(MAX, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, Object> eldest) {
            return size() > MAX;
        }
    };

    @SuppressWarnings("unchecked")
    synchronized <T> T get(Object key, Supplier<T> compute) {
        Object known = answers.get(key);
        if (known == null) {
            known = compute.get();
            answers.put(key, known);
        }
        return (T) known;
    }
}
