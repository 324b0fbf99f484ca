package dev.framescope.shader.harness;

import com.microsoft.playwright.Page;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The only entry to Playwright: the browsers the shader tools run in ({@link BrowserLane}: one Chromium launched here,
 * or one per Playwright browser server named in {@code FRAMESCOPE_BROWSER_WS}, comma-separated), a fresh isolated
 * context and page for every call on whichever browser is least busy, failing over to the next when one cannot be
 * reached, and batches spread over all of them ({@link BatchRunner}).
 */
public final class BrowserHarness implements AutoCloseable {

    private final List<BrowserLane> lanes;

    public BrowserHarness(Path chromium, boolean strict) {
        this(chromium, strict, null, null);
    }

    /**
     * @param remoteEndpoints Playwright browser servers' ws:// endpoints, comma-separated, to connect to instead of
     *                        launching Chromium here ({@code framescope browser-server} starts one), or null
     */
    public BrowserHarness(Path chromium, boolean strict, String remoteEndpoints) {
        this(chromium, strict, remoteEndpoints, null);
    }

    /** @param stateDir where Playwright's driver is kept unpacked between runs, or null for Playwright's default */
    public BrowserHarness(Path chromium, boolean strict, String remoteEndpoints, Path stateDir) {
        this(chromium, strict, remoteEndpoints, stateDir, 1);
    }

    /**
     * @param localBrowsers Chromium browsers to launch here when no server is named (strict mode: one): with two,
     *                      back-to-back calls alternate between them, each preparing its next pages while the other
     *                      serves a call, and batches run on both; the second starts after the first call
     */
    public BrowserHarness(Path chromium, boolean strict, String remoteEndpoints, Path stateDir, int localBrowsers) {
        this(chromium, strict, remoteEndpoints, stateDir, localBrowsers, MemoryBound.DEFAULT_MB);
    }

    /**
     * @param memoryMb the most resident memory (MiB) a GPU or renderer process of a call's browser may take before
     *                 the call is stopped ({@code FRAMESCOPE_BROWSER_MEMORY_MB}); browser servers' are not watched
     */
    public BrowserHarness(Path chromium, boolean strict, String remoteEndpoints, Path stateDir, int localBrowsers,
                          long memoryMb) {
        List<String> endpoints = remoteEndpoints == null ? List.of() : Arrays.stream(remoteEndpoints.split(","))
                .map(String::trim).filter(e -> !e.isEmpty()).distinct().toList();
        List<BrowserLane> made = new ArrayList<>();
        for (int i = 0; endpoints.isEmpty() && i < (strict ? 1 : Math.max(1, localBrowsers)); i++) {
            made.add(new BrowserLane(chromium, strict, null, stateDir, memoryMb));
        }
        for (String endpoint : endpoints) {
            made.add(new BrowserLane(chromium, strict, endpoint, stateDir, memoryMb));
        }
        this.lanes = List.copyOf(made);
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "browser-shutdown"));
    }

    /** The browsers: one, or one per browser server. */
    List<BrowserLane> lanes() {
        return lanes;
    }

    /** One browser: its status; several: running if any runs, each one's state and what it served in the detail. */
    public ComponentStatus status() {
        if (lanes.size() == 1) {
            return lanes.get(0).status();
        }
        List<String> states = lanes.stream().map(l -> l.status().state()).toList();
        String state = states.contains("running") ? (states.stream().allMatch("running"::equals) ? "running"
                : "degraded") : states.contains("starting") ? "starting" : states.contains("degraded") ? "degraded"
                : states.get(0);
        StringBuilder detail = new StringBuilder(lanes.size() + (lanes.get(0).endpoint() == null ? " local browsers"
                : " Playwright browser servers"));
        for (int i = 0; i < lanes.size(); i++) {
            BrowserLane lane = lanes.get(i);
            String name = lane.endpoint() == null ? "browser " + (i + 1) : lane.endpoint();
            detail.append("; ").append(name).append(": ").append(lane.status().state()).append(", ")
                    .append(lane.load.describe()).append(" (").append(lane.status().detail()).append(')');
        }
        return new ComponentStatus("browser", state, detail.toString());
    }

    /**
     * Runs {@code work} on a fresh page showing the runtime, within {@code timeoutMs} from when it starts, on the
     * least busy browser; when that browser cannot be reached (ENGINE_UNAVAILABLE) the next one is tried, and when
     * none can, the error names every endpoint and why. The page's context was made for this call alone and is
     * closed after it. Cancellation as in {@link BrowserLane#withPage}.
     */
    public <T> T withPage(Function<Page, T> work, long timeoutMs, Cancellation cancellation) {
        Map<String, String> failures = new LinkedHashMap<>();
        ToolException last = null;
        for (BrowserLane lane : byLoad()) {
            try {
                T answer = lane.withPage(work, timeoutMs, cancellation);
                warmOthers();
                return answer;
            } catch (ToolException e) {
                if (e.code() != ErrorCode.ENGINE_UNAVAILABLE || lanes.size() == 1) {
                    throw e;
                }
                failures.put(lane.endpoint(), e.getMessage());
                last = e;
            }
        }
        throw unreachable(failures, last);
    }

    /** As {@link #withPage(Function, long, Cancellation)} for a caller that never cancels. */
    public <T> T withPage(Function<Page, T> work, long timeoutMs) {
        return withPage(work, timeoutMs, Cancellation.none());
    }

    /**
     * Runs {@code work} for every item, spread over the browsers ({@link BatchRunner}): each browser works through
     * items from one shared queue in one fresh context and page of its own for this call. {@code done} hears of each
     * finished item (index in {@code items}); results come back in the items' order. Each item has 30 s plus
     * {@code perItemMs} from its own start. Once {@code enough} says so, no browser takes another item and the
     * results end before the first item not run.
     */
    public <E, R> List<R> forEach(List<E> items, BiFunction<Page, E, R> work, long perItemMs,
                                  Cancellation cancellation, BatchRunner.ItemDone<R> done, BooleanSupplier enough) {
        return forEach(items, work, perItemMs, cancellation, done, enough, null);
    }

    /**
     * As above, each item with a time limit of its own (30 s plus {@code perItemMs}, as a call of its own has); an
     * item whose page is lost (timeout, crash, memory bound) is run again alone once and, lost again, answered by
     * {@code lost} (null: the call fails), so the other items keep their results.
     */
    public <E, R> List<R> forEach(List<E> items, BiFunction<Page, E, R> work, long perItemMs,
                                  Cancellation cancellation, BatchRunner.ItemDone<R> done, BooleanSupplier enough,
                                  BatchRunner.ItemLost<E, R> lost) {
        List<R> results = BatchRunner.run(this, items, work, perItemMs, cancellation, done, enough, lost);
        warmOthers();
        return results;
    }

    /**
     * Lanes in the order a call tries them: reachable (not failing to connect in the last 30 s), least busy, browser
     * up, a page prepared, not in a background step now, most pages prepared, least recently used.
     */
    List<BrowserLane> byLoad() {
        return lanes.stream().sorted(Comparator.<BrowserLane>comparingInt(l -> l.load.unreachableWithin(30_000) ? 1 : 0)
                .thenComparingInt(l -> l.load.inFlight())
                .thenComparingInt(l -> l.started() ? 0 : 1)
                .thenComparingInt(l -> l.readyPages() > 0 ? 0 : 1)
                .thenComparingInt(l -> l.preparing() ? 1 : 0)
                .thenComparingInt(l -> -l.readyPages())
                .thenComparingLong(l -> l.load.lastUsed())).toList();
    }

    private volatile boolean warmed;

    /** After the first call, local browsers beyond the first start in the background (not slowing that call). */
    void warmOthers() {
        if (warmed || lanes.size() == 1) {
            return;
        }
        warmed = true;
        for (BrowserLane lane : lanes) {
            if (lane.endpoint() == null && !lane.started()) {
                lane.warm();
            }
        }
    }

    static ToolException unreachable(Map<String, String> failures, ToolException cause) {
        return new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "None of the " + failures.size() + " Playwright "
                + "browser servers could be reached: " + String.join("; ", failures.entrySet().stream()
                .map(f -> f.getKey() + ": " + f.getValue()).toList()),
                Map.of("browser_ws", String.join(",", failures.keySet())), cause);
    }

    /** Browser contexts open now (after the work queued so far), summed over the browsers: the prepared ones. */
    public int openContexts() throws Exception {
        int open = 0;
        for (BrowserLane lane : lanes) {
            open += lane.openContexts();
        }
        return open;
    }

    /** The most contexts kept prepared per browser. */
    public static int poolSize() {
        return BrowserLane.POOL_SIZE;
    }

    /** This harness's Chromium processes (browsers launched here); a browser server's are not included. */
    public List<ProcessHandle> chromiumProcesses() {
        return lanes.stream().flatMap(l -> l.chromiumProcesses().stream()).toList();
    }

    /** Closes as {@link #close(long)} does, waiting up to 5 s for each browser. */
    @Override
    public void close() {
        close(5_000);
    }

    /**
     * Closes every browser at once, each through its own Playwright ({@link BrowserLane#close(long)}), so this takes
     * the slowest one's time, at most about {@code waitMs}.
     */
    public void close(long waitMs) {
        if (lanes.size() == 1) {
            lanes.get(0).close(waitMs);
            return;
        }
        List<Thread> closing = new ArrayList<>();
        for (BrowserLane lane : lanes) {
            Thread thread = new Thread(() -> lane.close(waitMs), "browser-close");
            thread.setDaemon(true);
            thread.start();
            closing.add(thread);
        }
        for (Thread thread : closing) {
            try {
                thread.join(waitMs + 1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
