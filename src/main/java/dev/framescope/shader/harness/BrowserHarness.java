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
        List<String> endpoints = remoteEndpoints == null ? List.of() : Arrays.stream(remoteEndpoints.split(","))
                .map(String::trim).filter(e -> !e.isEmpty()).distinct().toList();
        List<BrowserLane> made = new ArrayList<>();
        if (endpoints.isEmpty()) {
            made.add(new BrowserLane(chromium, strict, null, stateDir));
        }
        for (String endpoint : endpoints) {
            made.add(new BrowserLane(chromium, strict, endpoint, stateDir));
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
        StringBuilder detail = new StringBuilder(lanes.size() + " Playwright browser servers");
        for (BrowserLane lane : lanes) {
            detail.append("; ").append(lane.endpoint()).append(": ").append(lane.status().state()).append(", ")
                    .append(lane.served()).append(" (").append(lane.status().detail()).append(')');
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
                return lane.withPage(work, timeoutMs, cancellation);
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
     * finished item (index in {@code items}); results come back in the items' order. {@code perItemMs} bounds each
     * browser's share of the call (30 s plus that much per item).
     */
    public <E, R> List<R> forEach(List<E> items, java.util.function.BiFunction<Page, E, R> work, long perItemMs,
                                  Cancellation cancellation, BatchRunner.ItemDone<R> done) {
        return BatchRunner.run(this, items, work, perItemMs, cancellation, done);
    }

    /** Lanes, least busy first (ties in configured order); one that could not be reached in the last 30 s last. */
    List<BrowserLane> byLoad() {
        return lanes.stream().sorted(Comparator.<BrowserLane>comparingInt(l -> l.unreachableWithin(30_000) ? 1 : 0)
                .thenComparingInt(l -> l.inFlight.get())).toList();
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

    @Override
    public void close() {
        lanes.forEach(BrowserLane::close);
    }
}
