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
import java.util.function.BooleanSupplier;

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

    /**
     * Results in the items' order: all of them, or, once {@code enough} says so (asked before each item is taken),
     * those from the first up to the first item not run; items taken meanwhile by other browsers are dropped.
     */
    static <E, R> List<R> run(BrowserHarness harness, List<E> items, BiFunction<Page, E, R> work, long perItemMs,
                              Cancellation cancellation, ItemDone<R> done, BooleanSupplier enough) {
        Batch<E, R> batch = new Batch<>(items, work, cancellation, done, enough);
        List<Integer> todo = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            todo.add(i);
        }
        List<BrowserLane> usable = new ArrayList<>(harness.byLoad());
        for (int round = 0; round < 2 && !todo.isEmpty() && !usable.isEmpty() && !enough.getAsBoolean(); round++) {
            batch.round(List.copyOf(todo), usable, perItemMs);
            cancellation.throwIfCancelled();
            synchronized (batch.finished) {
                todo.removeIf(index -> batch.finished[index]);
            }
        }
        if (!todo.isEmpty() && !enough.getAsBoolean()) {
            if (batch.unreachable.size() == harness.lanes().size()) {
                throw BrowserHarness.unreachable(batch.unreachable,
                        batch.firstFailure instanceof ToolException t ? t : null);
            }
            throw batch.firstFailure != null ? batch.firstFailure
                    : new IllegalStateException(todo.size() + " item(s) not run");
        }
        List<R> answer = new ArrayList<>(items.size());
        synchronized (batch.finished) {
            for (int i = 0; i < items.size() && batch.finished[i]; i++) {
                answer.add(batch.results.get(i));
            }
        }
        return answer;
    }

    /** One call's items, the results so far (set from the browsers' threads), and why browsers failed. */
    private static final class Batch<E, R> {
        private final List<E> items;
        private final BiFunction<Page, E, R> work;
        private final Cancellation cancellation;
        private final ItemDone<R> done;
        private final BooleanSupplier enough;
        private final AtomicReferenceArray<R> results;
        /** Which items finished; also the lock that serialises {@link ItemDone} calls. */
        private final boolean[] finished;
        private final Map<String, String> unreachable = new LinkedHashMap<>();
        private RuntimeException firstFailure;

        Batch(List<E> items, BiFunction<Page, E, R> work, Cancellation cancellation, ItemDone<R> done,
              BooleanSupplier enough) {
            this.items = items;
            this.work = work;
            this.cancellation = cancellation;
            this.done = done;
            this.enough = enough;
            this.results = new AtomicReferenceArray<>(items.size());
            this.finished = new boolean[items.size()];
        }

        /**
         * Runs the {@code queue} on as many of the {@code usable} lanes as it has items, each in one page; a lane
         * that fails is taken out of {@code usable} (its items are run again in the next round).
         */
        void round(List<Integer> queue, List<BrowserLane> usable, long perItemMs) {
            AtomicInteger next = new AtomicInteger();
            long timeoutMs = 30_000 + perItemMs * queue.size();
            List<BrowserLane> lanes = List.copyOf(usable.subList(0, Math.min(usable.size(), queue.size())));
            List<Future<?>> running = new ArrayList<>();
            for (BrowserLane lane : lanes) {
                Runnable worker = () -> lane.withPage(page -> drain(lane, page, queue, next), timeoutMs,
                        cancellation);
                if (lanes.size() == 1) {
                    running.add(CompletableFuture.runAsync(worker, Runnable::run));
                } else {
                    running.add(WORKERS.submit(worker));
                }
            }
            for (int i = 0; i < running.size(); i++) {
                await(running, i, lanes, usable, timeoutMs);
            }
        }

        /** A lane's share: items from the shared queue, one after another, until it is empty. */
        private Void drain(BrowserLane lane, Page page, List<Integer> queue, AtomicInteger next) {
            int k;
            while (!enough.getAsBoolean() && (k = next.getAndIncrement()) < queue.size()) {
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
        }

        /** Waits for lane {@code i}'s worker; one browser's error is the call's, several browsers' are noted. */
        private void await(List<Future<?>> running, int i, List<BrowserLane> lanes, List<BrowserLane> usable,
                           long timeoutMs) {
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
                BrowserLane lane = lanes.get(i);
                usable.remove(lane);
                if (cause instanceof ToolException t && t.code() == ErrorCode.ENGINE_UNAVAILABLE) {
                    unreachable.put(lane.endpoint(), t.getMessage());
                }
                firstFailure = firstFailure == null ? cause : firstFailure;
            }
        }
    }
}
