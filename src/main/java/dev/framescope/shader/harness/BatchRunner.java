package dev.framescope.shader.harness;

import com.microsoft.playwright.Page;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;

/**
 * A batch of items (effects) spread over the harness's browsers: each browser takes items from one shared queue, one
 * after another, in one fresh context and page of its own for this call (so a slow item on one browser never holds
 * up the others). Each item has the time limit a call of its own has ({@value #PAGE_READY_MS} ms plus the time per
 * item), counted from its own start. An item whose page is lost while it runs (it ran past that limit or the memory
 * bound, and Chromium was killed; or the page or browser crashed) is set aside while the others go on, then run once
 * more alone in a fresh page: an effect can fail for what ran before it in the page. Lost again, it gets a result
 * from {@link ItemLost} that says which it was and after how long, so one effect that hangs the page costs its own
 * time twice and the others keep their results. An item of a browser that failed otherwise is run again on one that
 * did not; items a browser server that cannot be reached would have taken go to the others.
 */
public final class BatchRunner {

    /** Told of each finished item, from the browser's thread (calls are serialised). */
    @FunctionalInterface
    public interface ItemDone<R> {
        void done(int index, R result);
    }

    /** The result of an item whose page was lost, {@code why} in words that start with timeout, crash or memory. */
    @FunctionalInterface
    public interface ItemLost<E, R> {
        R result(E item, String why);
    }

    /** What a call has on top of its items' own time, to get its page ready (a browser launch at worst). */
    static final long PAGE_READY_MS = 30_000;
    /** Items of one call run again alone, at most: each may take its whole time limit again. */
    static final int MAX_ALONE = 3;

    private static final ExecutorService WORKERS = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "browser-batch");
        thread.setDaemon(true);
        return thread;
    });

    private BatchRunner() {
    }

    /**
     * Results in the items' order: all of them, or, once {@code enough} says so (asked before each item is taken),
     * those from the first up to the first item not run; items taken meanwhile by other browsers are dropped. With
     * {@code lost} null, or a single item (a call of its own, whose error is the call's), a lost page fails the call.
     */
    static <E, R> List<R> run(BrowserHarness harness, List<E> items, BiFunction<Page, E, R> work, long perItemMs,
                              Cancellation cancellation, ItemDone<R> done, BooleanSupplier enough,
                              ItemLost<E, R> lost) {
        Batch<E, R> batch = new Batch<>(items, work, cancellation, done, enough, items.size() > 1 ? lost : null,
                PAGE_READY_MS + perItemMs);
        List<Integer> todo = IntStream.range(0, items.size()).boxed().toList();
        List<BrowserLane> usable = new ArrayList<>(harness.byLoad());
        for (int round = 0; !todo.isEmpty() && !usable.isEmpty() && !enough.getAsBoolean()
                && round <= items.size() + harness.lanes().size(); round++) {
            batch.round(todo, usable, false);
            cancellation.throwIfCancelled();
            todo = batch.pending(todo);
        }
        if (!todo.isEmpty() && !enough.getAsBoolean()) {
            if (batch.unreachable.size() == harness.lanes().size()) {
                throw BrowserHarness.unreachable(batch.unreachable,
                        batch.firstFailure instanceof ToolException t ? t : null);
            }
            throw batch.firstFailure != null ? batch.firstFailure
                    : new IllegalStateException(todo.size() + " item(s) not run");
        }
        batch.runAloneAgain(usable);
        return batch.answer();
    }

    /** An item on a lane now, since when. */
    private record Running(int index, long startedNanos) {
    }

    /** How an item's page was lost, and after how long it had run. */
    private record Loss(String kind, long ms, String message) {

        static Loss of(ToolException e, long ms) {
            String kind = e.code() == ErrorCode.TIMEOUT ? "timeout"
                    : e.context().containsKey("limit_mb") ? "memory" : "crash";
            return new Loss(kind, ms, e.getMessage().lines().findFirst().orElse(""));
        }

        String what(long limitMs) {
            return switch (kind) {
                case "timeout" -> "it ran past its own time limit of " + seconds(limitMs) + " (on SwiftShader a "
                        + "smaller size or fewer frames shortens the draws)";
                case "memory" -> message;
                default -> "the browser lost its page while it ran (" + message + ")";
            };
        }

        String after(String where) {
            return kind + " " + where + " after " + seconds(ms);
        }

        static String seconds(long ms) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
    }

    /** One call's items, the results so far (set from the browsers' threads), and why browsers failed. */
    private static final class Batch<E, R> {
        private final List<E> items;
        private final BiFunction<Page, E, R> work;
        private final Cancellation cancellation;
        private final ItemDone<R> done;
        private final BooleanSupplier enough;
        private final ItemLost<E, R> lost;
        private final long itemLimitMs;
        private final AtomicReferenceArray<R> results;
        /** Which items finished; also the lock that serialises {@link ItemDone} calls. */
        private final boolean[] finished;
        private final Map<BrowserLane, Running> running = new ConcurrentHashMap<>();
        /** Items whose page was lost once, set aside to run alone; and how (sorted by index). */
        private final Map<Integer, Loss> setAside = new TreeMap<>();
        private final Map<Integer, Loss> lostAlone = new TreeMap<>();
        private final Map<String, String> unreachable = new LinkedHashMap<>();
        private RuntimeException firstFailure;

        Batch(List<E> items, BiFunction<Page, E, R> work, Cancellation cancellation, ItemDone<R> done,
              BooleanSupplier enough, ItemLost<E, R> lost, long itemLimitMs) {
            this.items = items;
            this.work = work;
            this.cancellation = cancellation;
            this.done = done;
            this.enough = enough;
            this.lost = lost;
            this.itemLimitMs = itemLimitMs;
            this.results = new AtomicReferenceArray<>(items.size());
            this.finished = new boolean[items.size()];
        }

        /**
         * Runs the {@code queue} on as many of the {@code usable} lanes as it has items, each in one page; a lane
         * that fails with no item of its own to blame is taken out of {@code usable} (its items run in the next
         * round), one whose item's page was lost stays (the next call relaunches its browser).
         */
        void round(List<Integer> queue, List<BrowserLane> usable, boolean alone) {
            AtomicInteger next = new AtomicInteger();
            List<BrowserLane> lanes = List.copyOf(usable.subList(0, Math.min(usable.size(), queue.size())));
            List<Future<?>> workers = new ArrayList<>();
            for (BrowserLane lane : lanes) {
                Runnable worker = () -> lane.withPage(page -> drain(lane, page, queue, next), itemLimitMs,
                        cancellation);
                if (lanes.size() == 1) {
                    workers.add(CompletableFuture.runAsync(worker, Runnable::run));
                } else {
                    workers.add(WORKERS.submit(worker));
                }
            }
            for (int i = 0; i < workers.size(); i++) {
                await(workers, i, lanes, usable, alone);
            }
        }

        /** The items of {@code queue} neither finished nor set aside. */
        List<Integer> pending(List<Integer> queue) {
            synchronized (finished) {
                return queue.stream().filter(i -> !finished[i] && !setAside.containsKey(i)).toList();
            }
        }

        /**
         * A lane's share: items from the shared queue, one after another, each with a time limit of its own, until
         * the queue is empty. An item after which the page is gone failed for that, not for itself: it is left
         * unfinished, and the lane's failure names it ({@link #await}).
         */
        private Void drain(BrowserLane lane, Page page, List<Integer> queue, AtomicInteger next) {
            int k;
            while (!enough.getAsBoolean() && (k = next.getAndIncrement()) < queue.size()) {
                cancellation.throwIfCancelled();
                int index = queue.get(k);
                lane.stopper.restartClock();
                running.put(lane, new Running(index, System.nanoTime()));
                R result = work.apply(page, items.get(index));
                if (isGone(lane, page)) {
                    throw ToolException.engineFailed("Chromium", "the page or its browser went away while the "
                            + "item ran", null);
                }
                running.remove(lane);
                lane.load.countItem();
                settle(index, result);
            }
            return null;
        }

        /** Whether {@code page} can serve no more work: it closed, or its browser process is gone (killed, crashed). */
        private static boolean isGone(BrowserLane lane, Page page) {
            ProcessHandle process = lane.browserProcess();
            return page.isClosed() || process != null && !ChromiumProcesses.running(process);
        }

        private void settle(int index, R result) {
            results.set(index, result);
            synchronized (finished) {
                finished[index] = true;
                done.done(index, result);
            }
        }

        /**
         * Waits for lane {@code i}'s worker. A lost page is its item's ({@link Loss}), with {@code lost} to report
         * it; otherwise one browser's error is the call's, and several browsers' are noted.
         */
        private void await(List<Future<?>> workers, int i, List<BrowserLane> lanes, List<BrowserLane> usable,
                           boolean alone) {
            BrowserLane lane = lanes.get(i);
            try {
                workers.get(i).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                workers.forEach(f -> f.cancel(true));
                throw ToolException.timeout("browser batch (interrupted)", itemLimitMs);
            } catch (ExecutionException e) {
                RuntimeException cause = e.getCause() instanceof RuntimeException r ? r
                        : new IllegalStateException(e.getCause());
                Running item = running.remove(lane);
                if (lost != null && item != null && isLostPage(cause)) {
                    Loss loss = Loss.of((ToolException) cause, (System.nanoTime() - item.startedNanos()) / 1_000_000);
                    synchronized (finished) {
                        (alone ? lostAlone : setAside).put(item.index(), loss);
                    }
                    return;
                }
                if (lanes.size() == 1) {
                    throw cause; // one browser: its error is the call's, as for a single page
                }
                usable.remove(lane);
                if (cause instanceof ToolException t && t.code() == ErrorCode.ENGINE_UNAVAILABLE) {
                    unreachable.put(lane.endpoint(), t.getMessage());
                }
                firstFailure = firstFailure == null ? cause : firstFailure;
            }
        }

        /** A failure that took the item's page: a time or memory bound that killed Chromium, or a crash. */
        private boolean isLostPage(RuntimeException cause) {
            return !cancellation.isCancelled() && cause instanceof ToolException t
                    && (t.code() == ErrorCode.TIMEOUT || t.code() == ErrorCode.ENGINE_FAILED);
        }

        /**
         * Each item set aside that the answer shows, run alone in a fresh page (the first {@value #MAX_ALONE}); an
         * item lost again, or not run again, gets {@link ItemLost}'s result, in words that say both times.
         */
        void runAloneAgain(List<BrowserLane> usable) {
            int alone = 0;
            for (Map.Entry<Integer, Loss> first : new ArrayList<>(setAside.entrySet())) {
                int index = first.getKey();
                if (enough.getAsBoolean() && !answerReaches(index)) {
                    break;
                }
                String notAgain = usable.isEmpty() ? "no browser was left to run it alone"
                        : alone >= MAX_ALONE ? MAX_ALONE + " effects of this call were already run again alone" : null;
                if (notAgain == null) {
                    alone++;
                    try {
                        round(List.of(index), usable, true);
                    } catch (ToolException e) {
                        if (e.code() == ErrorCode.CANCELLED) {
                            throw e;
                        }
                        notAgain = "running it alone failed: " + e.getMessage().lines().findFirst().orElse("");
                    }
                    cancellation.throwIfCancelled();
                }
                if (!finished[index]) {
                    settle(index, lost.result(items.get(index), why(first.getValue(), lostAlone.get(index),
                            notAgain)));
                }
            }
        }

        /**
         * The words of a lost item's result: what happened last, then where and after how long each time
         * ("timeout: it ran past its own time limit of 40.0 s (…); timeout in the batch's page after 40.1 s, then
         * timeout alone in a fresh page after 40.0 s").
         */
        private String why(Loss inBatch, Loss alone, String notAgain) {
            if (alone == null) {
                return inBatch.kind() + ": " + inBatch.what(itemLimitMs) + "; " + inBatch.after("in the batch's page")
                        + "; not run again alone: " + (notAgain == null ? "it did not finish" : notAgain);
            }
            return alone.kind() + ": " + alone.what(itemLimitMs) + "; " + inBatch.after("in the batch's page")
                    + ", then " + alone.after("alone in a fresh page");
        }

        /** Whether the answer goes on to {@code index}: every item before it finished or was set aside. */
        private boolean answerReaches(int index) {
            synchronized (finished) {
                return IntStream.range(0, index).allMatch(i -> finished[i] || setAside.containsKey(i));
            }
        }

        /** The results from the first item up to the first one not finished. */
        List<R> answer() {
            List<R> answer = new ArrayList<>(items.size());
            synchronized (finished) {
                for (int i = 0; i < items.size() && finished[i]; i++) {
                    answer.add(results.get(i));
                }
            }
            return answer;
        }
    }
}
