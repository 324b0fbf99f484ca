package dev.framescope.shader.harness;

import com.microsoft.playwright.Page;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BiFunction;

/**
 * A batch of items (effects) spread over the harness's browsers: each browser takes items from one shared queue, one
 * after another, in one fresh context and page of its own for this call (so a slow item on one browser never holds
 * up the others). An item a browser lost when it failed is run again on one that did not; items a browser server
 * that cannot be reached would have taken go to the others.
 */
public final class BatchRunner {

    /** Told of each finished item, from the browser's thread (calls are serialised). */
    @FunctionalInterface
    public interface ItemDone<R> {
        void done(int index, R result);
    }

    private static final ExecutorService WORKERS = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "browser-batch");
        thread.setDaemon(true);
        return thread;
    });

    private BatchRunner() {
    }

    static <E, R> List<R> run(BrowserHarness harness, List<E> items, BiFunction<Page, E, R> work, long perItemMs,
                              Cancellation cancellation, ItemDone<R> done) {
        AtomicReferenceArray<R> results = new AtomicReferenceArray<>(items.size());
        boolean[] finished = new boolean[items.size()];
        List<Integer> todo = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            todo.add(i);
        }
        List<BrowserLane> usable = new ArrayList<>(harness.byLoad());
        Map<String, String> unreachable = new LinkedHashMap<>();
        RuntimeException firstFailure = null;
        for (int round = 0; round < 2 && !todo.isEmpty() && !usable.isEmpty(); round++) {
            List<Integer> queue = List.copyOf(todo);
            AtomicInteger next = new AtomicInteger();
            long timeoutMs = 30_000 + perItemMs * queue.size();
            List<BrowserLane> lanes = List.copyOf(usable.subList(0, Math.min(usable.size(), queue.size())));
            List<Future<?>> running = new ArrayList<>();
            List<BrowserLane> started = new ArrayList<>();
            for (BrowserLane lane : lanes) {
                Runnable worker = () -> lane.withPage(page -> {
                    int k;
                    while ((k = next.getAndIncrement()) < queue.size()) {
                        cancellation.throwIfCancelled();
                        int index = queue.get(k);
                        R result = work.apply(page, items.get(index));
                        results.set(index, result);
                        lane.load.countItem();
                        synchronized (finished) {
                            finished[index] = true;
                            done.done(index, result);
                        }
                    }
                    return null;
                }, timeoutMs, cancellation);
                if (lanes.size() == 1) {
                    running.add(CompletableFuture.runAsync(worker, Runnable::run));
                } else {
                    running.add(WORKERS.submit(worker));
                }
                started.add(lane);
            }
            for (int i = 0; i < running.size(); i++) {
                try {
                    running.get(i).get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    running.forEach(f -> f.cancel(true));
                    throw ToolException.timeout("browser batch (interrupted)", timeoutMs);
                } catch (ExecutionException e) {
                    RuntimeException cause = e.getCause() instanceof RuntimeException r ? r
                            : new IllegalStateException(e.getCause());
                    if (lanes.size() == 1) {
                        throw cause; // one browser: its error is the call's, as for a single page
                    }
                    BrowserLane lane = started.get(i);
                    usable.remove(lane);
                    if (cause instanceof ToolException t && t.code() == ErrorCode.ENGINE_UNAVAILABLE) {
                        unreachable.put(lane.endpoint(), t.getMessage());
                    }
                    firstFailure = firstFailure == null ? cause : firstFailure;
                }
            }
            cancellation.throwIfCancelled();
            synchronized (finished) {
                todo.removeIf(index -> finished[index]);
            }
        }
        if (!todo.isEmpty()) {
            if (unreachable.size() == harness.lanes().size()) {
                throw BrowserHarness.unreachable(unreachable, firstFailure instanceof ToolException t ? t : null);
            }
            throw firstFailure != null ? firstFailure : new IllegalStateException(todo.size() + " item(s) not run");
        }
        List<R> answer = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            answer.add(results.get(i));
        }
        return answer;
    }
}
