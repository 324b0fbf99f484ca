package dev.framescope.physics.store;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Whole-recording answers kept while a recording is open, keyed by what they were asked with. A recording is opened
 * read-only and its rows are read once, so an answer computed from them cannot go stale while the store lives; a
 * caller that asks triage again with the same thresholds (an agent re-checking, a second page of results) gets it
 * without a second scan. Bounded to the {@value #MAX} most recently used keys. Thread-safe: a second caller of the
 * same key waits for the first instead of scanning twice, and no lock is held while an answer is computed, so a
 * computation may itself ask for other keys from other threads (triage's parallel checks share the λ convention).
 */
public final class AnswerMemo {

    static final int MAX = 16;

    private final Map<Object, CompletableFuture<Object>> answers = new LinkedHashMap<>(MAX, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, CompletableFuture<Object>> eldest) {
            return size() > MAX;
        }
    };

    /** Whether {@code key} is answered or being answered. */
    public synchronized boolean has(Object key) {
        return answers.containsKey(key);
    }

    @SuppressWarnings("unchecked")
    public <T> T get(Object key, Supplier<T> compute) {
        CompletableFuture<Object> answer;
        boolean mine = false;
        synchronized (this) {
            answer = answers.get(key);
            if (answer == null) {
                answer = new CompletableFuture<>();
                answers.put(key, answer);
                mine = true;
            }
        }
        if (mine) {
            try {
                answer.complete(compute.get());
            } catch (RuntimeException | Error e) {
                synchronized (this) {
                    answers.remove(key, answer); // a failure is not kept: the next caller tries again
                }
                answer.completeExceptionally(e);
                throw e;
            }
        }
        try {
            return (T) answer.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }
}
