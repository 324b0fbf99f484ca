package dev.framescope.renderdoc.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Supervises the Python bridge ({@code bridge.py}, shipped in the JAR and extracted at run time) that runs RenderDoc's
 * replay under Debian's {@code /usr/bin/python3}. Requests and responses travel as files in a spool directory
 * (written to a temp name, then renamed); a newline on the bridge's stdin wakes it. The bridge serves one request at
 * a time on its replay thread, so concurrent callers simply queue in the spool, each waiting for its own response.
 * The bridge is started on first use ({@link BridgeLauncher}); one that crashed (lavapipe segfaults in some replay
 * calls), froze (no heartbeat and no CPU, {@link BridgeStallWatch}) or ran past a request's time limit (counted from
 * when it took the request: waiting in the queue is not running, and has a bound of its own, {@link BridgeQueue}) is
 * lost: the call it served fails, requests it had not taken go to the next bridge, and the loss is counted
 * ({@link BridgeHealth}) and written as a post-mortem into the state directory ({@link BridgeLosses}). The spool
 * protocol itself is {@link BridgeSpool}'s, the report {@link BridgeReport}'s.
 *
 * <p>Attached ({@code attachedSpool} set), it starts nothing: the bridge runs inside a person's qrenderdoc as an
 * extension and serves the capture open there; this side only writes requests, reads responses and watches the
 * heartbeat. A request past its time limit is reported but cannot be killed (it runs in the person's UI).
 */
public final class BridgeProcess implements AutoCloseable {

    /**
     * The heartbeat is written every 0.5 s; this much silence from a frozen process reports it as stalled. A long
     * replay call holds Python's lock and silences the heartbeat too, but uses CPU, so it is not stalled.
     */
    static final long HEARTBEAT_STALE_MS = 5_000;
    /**
     * A call fails as stalled, and its bridge is killed, once the heartbeat is this old and the process is frozen
     * (stopped by a signal, or no CPU for 2 s: {@link BridgeStallWatch}). Well above the 0.5 s beat; a bridge busy
     * in a long native call has a silent heartbeat too, but burns CPU, so only its time limit stops it.
     */
    static final long STALL_KILL_MS = 10_000;
    /** Bridges lost before they took a caller's request that the caller waits through; after that its call fails. */
    private static final int REPLACEMENTS_PER_CALL = 2;
    /**
     * How long the bridge gets to shut replay down when the server ends, before it is killed: the process is gone
     * within 2 s of its client closing stdin, and a bridge at exit has nothing to keep.
     */
    static final long CLOSE_MS = 300;

    private final BridgeSpool spool;
    private final boolean attached;
    private final BridgeLog log;
    private final Path stateDir;
    private final BridgeLauncher launcher;
    private final BridgeHealth health = new BridgeHealth();
    private final BridgeStallWatch stallWatch = new BridgeStallWatch();
    private final CrashedCalls crashed = new CrashedCalls();
    private final BridgeReport report;
    private final BridgeLosses losses;
    private final BridgeQueue queue;
    private Process process;
    private volatile OutputStream doorbell;
    private SpoolOwnership ownership;
    private long generation;

    public BridgeProcess(Path python, Path stateDir) {
        this(python, stateDir, null);
    }

    /** @param attachedSpool the spool of the qrenderdoc extension to use instead of starting a bridge, or null */
    public BridgeProcess(Path python, Path stateDir, Path attachedSpool) {
        this.attached = attachedSpool != null;
        this.spool = new BridgeSpool(attached ? attachedSpool
                : stateDir.resolve("renderdoc-spool-" + ProcessHandle.current().pid()));
        this.log = new BridgeLog(stateDir.resolve("renderdoc-bridge.log"));
        Path postmortem = stateDir.resolve("renderdoc-postmortem");
        this.stateDir = stateDir;
        this.launcher = new BridgeLauncher(python, stateDir, log);
        this.report = new BridgeReport(spool, health, stallWatch, crashed, log, postmortem, attached);
        this.losses = new BridgeLosses(this, spool, attached, health, log, postmortem, crashed,
                new BridgeErrors(health, log, postmortem, attached), this::diagnostics, this::kill);
        this.queue = new BridgeQueue(spool, health);
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "renderdoc-bridge-shutdown"));
        if (!attached) {
            SpoolOwnership.removeStaleInBackground(stateDir);
        }
    }

    /**
     * Sends one request and waits for its response. The bridge's own errors come back as the same
     * {@code ToolException} codes; a crash, a stall or the time limit kill the bridge and say which happened.
     */
    public JsonNode call(String method, Map<String, Object> params, long timeoutMs) {
        return call(method, method, params, timeoutMs, Cancellation.none());
    }

    public JsonNode call(String method, Map<String, Object> params, long timeoutMs, Cancellation cancellation) {
        return call(method, method, params, timeoutMs, cancellation);
    }

    /**
     * As {@link #call(String, Map, long)}, for the tool {@code tool} (named in errors: the caller called the tool,
     * not the bridge step). When {@code cancellation} fires, the request is taken back out of the spool if the
     * bridge has not claimed it yet, else its answer is thrown away when it comes, and the caller gets
     * {@code CANCELLED} at once. (A replay call already running cannot be interrupted; later requests wait for it.)
     * A request the bridge had not claimed when it was lost (it died idle, or was killed for another request) is
     * served by the next bridge instead of failing.
     */
    public JsonNode call(String tool, String method, Map<String, Object> params, long timeoutMs,
                         Cancellation cancellation) {
        return call(tool, method, params, timeoutMs, BridgeQueue.QUEUE_LIMIT_MS, cancellation);
    }

    /**
     * As above, with the time {@code queueLimitMs} the call may wait for the bridge to take it (behind others); its
     * {@code timeoutMs} counts from then. Past the queue's bound it is taken back and answers {@code TIMEOUT} naming
     * the queue; the bridge is left to the calls ahead.
     */
    public JsonNode call(String tool, String method, Map<String, Object> params, long timeoutMs, long queueLimitMs,
                         Cancellation cancellation) {
        cancellation.throwIfCancelled();
        spool.discardAbandonedAnswers();
        health.requests.incrementAndGet();
        BridgeCall call = new BridgeCall(tool, method, UUID.randomUUID().toString().replace("-", ""), params,
                timeoutMs, queueLimitMs);
        ToolException refused = crashed.refusal(call, params);
        if (refused != null) {
            health.failed("refused", tool, method, null, ErrorCode.ENGINE_UNAVAILABLE, refused.getMessage());
            throw refused;
        }
        spool.expect(call.id()); // before the request exists: a bridge restarted meanwhile keeps it queued
        try {
            Running own;
            synchronized (this) {
                ensureRunning(tool);
                own = running();
                spool.write(call.id(), method, params, timeoutMs);
                ring();
            }
            return await(call, own, cancellation);
        } finally {
            spool.forget(call.id());
        }
    }

    /** Whether a call now finds a bridge to serve it (else it starts one, about a second). */
    public synchronized boolean isRunning() {
        return attached || process != null && process.isAlive();
    }

    /** The bridge a caller waits on: its process (null when attached) and generation. */
    private record Running(Process process, long generation) {
    }

    private synchronized Running running() {
        return new Running(process, generation);
    }

    /**
     * Waits for the answer to {@code call}, polling its response file (50 µs up to 2 ms: short calls answer in about
     * a millisecond) and, between polls, the bridge it waits on: gone, frozen, past the call's limit once it took the
     * request, or (while the request still queues) past the queue's bound or a limit nobody else enforces.
     */
    private JsonNode await(BridgeCall call, Running own, Cancellation cancellation) {
        Path response = spool.response(call.id());
        Path request = spool.request(call.id());
        long queuedAt = System.nanoTime();
        long startedAt = 0; // when the bridge took the request: the call's limit counts from there, not from the queue
        long nextStallCheck = 0;
        int replaced = 0;
        long pause = 50_000;
        while (true) {
            if (Files.exists(response)) {
                BridgeResponse.Answer answer = BridgeResponse.read(response, call, health,
                        () -> spool.change(call.id(), this::ring).undo());
                if (answer.settle()) { // it changed the replay: kept if the caller gets the answer, else undone
                    cancellation.holdUntilAnswered(spool.change(call.id(), this::ring));
                    cancellation.throwIfCancelled();
                }
                return answer.result();
            }
            if (cancellation.isCancelled()) {
                spool.withdraw(call.id());
                cancellation.throwIfCancelled();
            }
            if (own.process() != null && !own.process().isAlive()) {
                int exit = own.process().exitValue();
                if (Files.exists(request) && replaced++ < REPLACEMENTS_PER_CALL) { // lost before it claimed ours
                    own = replace(own, null, exit);
                    continue;
                }
                throw losses.exited(call, own.generation(), exit, request);
            }
            long now = System.nanoTime();
            boolean queued = Files.exists(request);
            if (queued && now - queuedAt > TimeUnit.MILLISECONDS.toNanos(call.queueLimitMs())) {
                ToolException takenBack = queue.takeBack(call, (now - queuedAt) / 1_000_000);
                if (takenBack != null) {
                    throw takenBack;
                }
                queued = false; // the bridge took it meanwhile
            }
            if (!queued && startedAt == 0) {
                startedAt = now;
            }
            if (!queued && now - startedAt > TimeUnit.MILLISECONDS.toNanos(call.timeoutMs())) {
                throw losses.pastLimit(call, own.generation());
            }
            if (own.process() != null && now > nextStallCheck) {
                nextStallCheck = System.nanoTime() + 500_000_000L;
                Double stalledS = stallWatch.stalledForS(own.process(), spool.heartbeat(), STALL_KILL_MS);
                if (stalledS != null) {
                    String frozenFor = ": no heartbeat for " + Math.round(stalledS) + " s and the process is frozen "
                            + "(stopped, or using no CPU)";
                    if (Files.exists(request) && replaced++ < REPLACEMENTS_PER_CALL) { // froze before it took ours
                        own = replace(own, "the RenderDoc bridge stalled before it took " + call.tool() + "'s "
                                + "request" + frozenFor, null);
                        continue;
                    }
                    throw losses.stalled(call, own.generation(), frozenFor, stalledS);
                }
                BridgeCall overdue = queued ? queue.overdue() : null;
                if (overdue != null) { // its caller left; ours is served by the next bridge (the loop sees this one gone)
                    losses.note(own.generation(), "timeout", overdue, null, overdue.method() + " ran past its "
                            + overdue.timeoutMs() + " ms limit with no caller waiting for it; a call queued behind it "
                            + "stopped the bridge");
                    kill(own.generation());
                }
            }
            LockSupport.parkNanos(pause);
            pause = Math.min(pause * 2, 2_000_000);
        }
    }

    /**
     * The bridge {@code lost} died ({@code exit}) or froze ({@code stalledWhy}) before it claimed this caller's
     * request: note the loss once, stop it if still alive, start the next bridge and ring it.
     */
    private synchronized Running replace(Running lost, String stalledWhy, Integer exit) {
        if (stalledWhy != null) {
            losses.note(lost.generation(), "stalled", null, null, stalledWhy);
            kill(lost.generation());
        } else {
            losses.note(lost.generation(), BridgeHealth.lossKind(exit), null, exit, "the RenderDoc bridge exited (exit "
                    + exit + ") with no request of its own");
        }
        if (generation == lost.generation()) {
            process = null;
        }
        ensureRunning(null);
        ring();
        return running();
    }

    /** Wakes the bridge; its own lock, as the answer's writer rings too while a bridge may be starting. */
    private void ring() {
        OutputStream bell = doorbell;
        if (bell == null) {
            return; // attached: the extension polls the spool every 50 ms
        }
        synchronized (bell) {
            try {
                bell.write('\n');
                bell.flush();
            } catch (IOException e) {
                // the bridge is gone; the wait loop sees the dead process and reports it
            }
        }
    }

    /** Starts a bridge unless one runs; a dead one found here died between calls and is recorded so. */
    private void ensureRunning(String tool) {
        if (attached) {
            report.requireAttachedUi();
            return;
        }
        if (process != null && process.isAlive()) {
            return;
        }
        if (process != null) {
            int exit = process.exitValue();
            losses.note(generation, "exited_idle", null, exit, "the RenderDoc bridge exited between calls (exit " + exit
                    + "); " + (tool == null ? "the next call" : tool) + " started a new one");
            process = null;
        }
        if (ownership == null && generation == 0) { // a spool other bridges already served stays where it is
            ownership = SpoolOwnership.claimOrNull(stateDir);
            if (ownership != null) {
                spool.useClaimed(ownership.spool());
            }
        }
        process = launcher.start(spool);
        doorbell = process.getOutputStream();
        generation++;
        health.starts.incrementAndGet();
        try {
            launcher.awaitFirstHeartbeat(process, spool);
        } catch (ToolException e) {
            kill(generation);
            throw e;
        }
    }

    private synchronized void kill(long deadGeneration) {
        if (process != null && generation == deadGeneration) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            try {
                process.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    /** Test hook: the bridge process, to kill it from outside as a crash would. */
    public synchronized ProcessHandle handle() {
        return process == null ? null : process.toHandle();
    }

    /** The bridge report get_server_diagnostics gives; reads files only, never waits for the bridge. */
    public BridgeDiagnostics diagnostics(int maxErrors) {
        Process current;
        synchronized (this) {
            current = process;
        }
        return report.diagnostics(current, maxErrors);
    }

    public ComponentStatus status() {
        return report.status(diagnostics(0));
    }

    @Override
    public synchronized void close() {
        if (attached) {
            return; // the spool belongs to the qrenderdoc extension
        }
        if (process != null) {
            try {
                doorbell.close(); // EOF on stdin: the bridge shuts replay down and exits
                if (!process.waitFor(CLOSE_MS, TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
            } catch (IOException | InterruptedException e) {
                process.destroyForcibly();
            }
            process = null;
        }
        spool.delete(); // this server's own: leave nothing behind in the state directory
        if (ownership != null) {
            ownership.close(); // after the spool: while the lock is held, no other server touches it
        }
        ownership = null;
    }
}
