package dev.framescope.renderdoc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Supervises the Python bridge ({@code bridge.py}, shipped in the JAR and extracted at run time) that runs RenderDoc's
 * replay under Debian's {@code /usr/bin/python3}. Requests and responses travel as files in a spool directory
 * (written to a temp name, then renamed); a newline on the bridge's stdin wakes it. The bridge serves one request at
 * a time on its replay thread, so concurrent callers simply queue in the spool, each waiting for its own response.
 * The bridge is started on first use; one that crashed (lavapipe segfaults in some replay calls), froze (no heartbeat
 * and no CPU, {@link BridgeStallWatch}) or ran past a request's time limit is lost: the call it served fails,
 * requests it had not taken go to the next bridge, and the loss is counted ({@link BridgeHealth}) and written as a
 * post-mortem into the state directory. Its stderr goes to a log file, never to a pipe that could fill and block it.
 * The spool protocol itself is {@link BridgeSpool}'s.
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
    private static final int POSTMORTEM_LOG_LINES = 200;
    /** The bridge's Python modules in the JAR, next to this class: the bridge and its methods by tier. */
    static final List<String> PYTHON_FILES = List.of("bridge.py", "replay.py", "replay_core.py", "scans.py",
            "tier_a.py", "tier_b.py", "outputs.py", "evidence.py", "histories.py", "nan_inf.py", "shader_values.py",
            "texels.py", "images.py");
    private static final long START_TIMEOUT_MS = 15_000;

    private final Path python;
    private final Path stateDir;
    private final BridgeSpool spool;
    private final boolean attached;
    private final Path log;
    private Process process;
    private OutputStream doorbell;
    private long generation;
    /** The last generation whose loss was recorded: several waiting callers see one loss. */
    private long lossNoted;
    private final Path postmortem;
    private final BridgeHealth health = new BridgeHealth();
    private final BridgeStallWatch stallWatch = new BridgeStallWatch();
    /** Calls (method on capture) that crashed the bridge, with when and how: refused from then on. */
    private final Map<String, String> crashedCalls = new ConcurrentHashMap<>();

    public BridgeProcess(Path python, Path stateDir) {
        this(python, stateDir, null);
    }

    /** @param attachedSpool the spool of the qrenderdoc extension to use instead of starting a bridge, or null */
    public BridgeProcess(Path python, Path stateDir, Path attachedSpool) {
        this.python = python;
        this.stateDir = stateDir;
        this.attached = attachedSpool != null;
        this.spool = new BridgeSpool(attached ? attachedSpool
                : stateDir.resolve("renderdoc-spool-" + ProcessHandle.current().pid()));
        this.log = stateDir.resolve("renderdoc-bridge.log");
        this.postmortem = stateDir.resolve("renderdoc-postmortem");
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "renderdoc-bridge-shutdown"));
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
        cancellation.throwIfCancelled();
        spool.discardAbandonedAnswers();
        health.requests.incrementAndGet();
        // per texture too: a crash on one texture's format says nothing about the others
        String crashKey = method + " on " + params.get("capture")
                + (params.get("texture") == null ? "" : " texture " + params.get("texture"));
        String crashed = crashedCalls.get(crashKey);
        if (crashed != null) {
            // The same replay call on the same capture would crash the same driver again (e.g. lavapipe 22.3 in
            // RenderDoc's texture display paths): say so instead of killing the bridge a second time.
            Map<String, Object> context = new LinkedHashMap<>();
            context.put("tool", tool);
            context.put("method", method);
            context.put("capture", params.get("capture"));
            context.put("crashed", crashed);
            String message = tool + " crashed RenderDoc's replay of this capture before (" + crashed + "); it is "
                    + "unavailable on this driver for the rest of the session";
            health.failed("refused", tool, method, null, ErrorCode.ENGINE_UNAVAILABLE, message);
            throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, message, context);
        }
        String id = UUID.randomUUID().toString().replace("-", "");
        spool.expect(id); // before the request exists: a bridge restarted meanwhile keeps it queued
        try {
            Running own;
            synchronized (this) {
                ensureRunning(tool);
                own = running();
                spool.write(id, method, params, timeoutMs);
                ring();
            }
            return await(new Call(tool, method, id, crashKey, timeoutMs), own, cancellation);
        } finally {
            spool.forget(id);
        }
    }

    /** One call being waited for: the tool called, the bridge method serving it, its request id. */
    private record Call(String tool, String method, String id, String crashKey, long timeoutMs) {
    }

    /** The bridge a caller waits on: its process (null when attached) and generation. */
    private record Running(Process process, long generation) {
    }

    private synchronized Running running() {
        return new Running(process, generation);
    }

    private JsonNode await(Call call, Running own, Cancellation cancellation) {
        Path response = spool.response(call.id());
        Path request = spool.request(call.id());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(call.timeoutMs());
        long nextStallCheck = 0;
        int replaced = 0; // bridges lost before they took this request; after two, the call fails
        long pause = 50_000;
        while (true) {
            if (Files.exists(response)) {
                return read(response, call);
            }
            if (cancellation.isCancelled()) {
                spool.withdraw(call.id());
                cancellation.throwIfCancelled();
            }
            if (own.process() != null && !own.process().isAlive()) {
                int exit = own.process().exitValue();
                if (Files.exists(request) && replaced++ < 2) { // lost before it claimed ours: the next one serves it
                    own = replace(own, null, exit);
                    continue;
                }
                BridgeDiagnostics.Loss earlier = noteLoss(own, lossKind(exit), call, exit, "the RenderDoc bridge "
                        + "exited during " + call.tool() + " (exit " + exit + ")");
                if (earlier != null) { // stopped by another caller: its time limit, or a stall it saw first
                    throw fail(earlier.kind().equals("timeout") ? ErrorCode.TIMEOUT : ErrorCode.ENGINE_FAILED,
                            "the RenderDoc bridge serving " + call.tool() + " was stopped: " + earlier.message()
                            + "; the next call starts it again", call, earlier.kind());
                }
                if (lossKind(exit).equals("crash") && !Files.exists(request)) {
                    crashedCalls.put(call.crashKey(), Instant.now() + ", exit " + exit);
                }
                throw fail(ErrorCode.ENGINE_FAILED, "the RenderDoc bridge exited during " + call.tool() + " (exit "
                        + exit + (exit == 139 ? ", a segfault: a replay call this driver cannot run" : "")
                        + "); the next call starts it again", call, "crash");
            }
            if (System.nanoTime() > deadline && attached) {
                throw fail(ErrorCode.TIMEOUT, call.tool() + " ran past its " + call.timeoutMs() + " ms limit in "
                        + "qrenderdoc; it cannot be stopped from here, and later requests wait until RenderDoc "
                        + "finishes it", call, "timeout");
            }
            if (System.nanoTime() > deadline) {
                noteLoss(own, "timeout", call, null, call.tool() + " ran past its " + call.timeoutMs() + " ms limit");
                kill(own.generation());
                throw fail(ErrorCode.TIMEOUT, call.tool() + " ran past its " + call.timeoutMs() + " ms limit; the "
                        + "bridge was stopped and the next call starts it again", call, "timeout");
            }
            if (own.process() != null && System.nanoTime() > nextStallCheck) {
                nextStallCheck = System.nanoTime() + 500_000_000L;
                Double age = BridgeSpool.heartbeatAgeS(spool.heartbeat());
                boolean frozen = stallWatch.isFrozen(own.process().pid()); // sampled every time: CPU use over time
                if (age != null && age * 1000 > STALL_KILL_MS && frozen && own.process().isAlive()) {
                    String frozenFor = ": no heartbeat for " + Math.round(age) + " s and the process is frozen "
                            + "(stopped, or using no CPU)";
                    if (Files.exists(request) && replaced++ < 2) { // frozen before it took ours: the next one serves it
                        own = replace(own, "the RenderDoc bridge stalled before it took " + call.tool() + "'s "
                                + "request" + frozenFor, null);
                        continue;
                    }
                    String why = "the RenderDoc bridge stalled during " + call.tool() + frozenFor;
                    noteLoss(own, "stalled", call, null, why);
                    kill(own.generation());
                    Map<String, Object> extra = Map.of("heartbeat_age_s", Math.round(age * 10) / 10.0);
                    throw fail(ErrorCode.ENGINE_FAILED, why + "; it was stopped, and the next call starts it again",
                            call, "stalled", extra);
                }
            }
            LockSupport.parkNanos(pause);
            pause = Math.min(pause * 2, 2_000_000); // 50 µs up to 2 ms: short calls answer in about a millisecond
        }
    }

    /**
     * The bridge {@code lost} died ({@code exit}) or froze ({@code stalledWhy}) before it claimed this caller's
     * request: note the loss once, stop it if still alive, start the next bridge and ring it.
     */
    private synchronized Running replace(Running lost, String stalledWhy, Integer exit) {
        if (stalledWhy != null) {
            noteLoss(lost, "stalled", null, null, stalledWhy);
            kill(lost.generation());
        } else {
            noteLoss(lost, lossKind(exit), null, exit, "the RenderDoc bridge exited (exit " + exit + ") with no "
                    + "request of its own");
        }
        if (generation == lost.generation()) {
            process = null;
        }
        ensureRunning(null);
        ring();
        return running();
    }

    private static String lossKind(int exit) {
        // a kill from outside (SIGKILL 137, SIGTERM 143) is not a crash of the replay call it was serving
        return exit == 137 || exit == 143 ? "killed" : "crash";
    }

    /**
     * Records that the bridge of {@code lost}'s generation was lost, once however many callers see it: counters,
     * recent errors, the last loss, and the post-mortem in the state directory.
     *
     * @return null when this call noted it; the loss already noted when another caller saw it first
     */
    private synchronized BridgeDiagnostics.Loss noteLoss(Running lost, String kind, Call call, Integer exit,
                                                         String message) {
        if (lost.generation() <= lossNoted) {
            return lost.generation() == lossNoted ? health.lastLoss() : null; // noted by another caller
        }
        lossNoted = lost.generation();
        health.lost(new BridgeDiagnostics.Loss(Instant.now().toString(), kind, call == null ? null : call.tool(),
                call == null ? null : call.method(), exit, message));
        BridgeHealth.writePostmortem(postmortem, diagnostics(16), logTail(POSTMORTEM_LOG_LINES));
        return null;
    }

    private ToolException fail(ErrorCode code, String message, Call call, String kind) {
        return fail(code, message, call, kind, Map.of());
    }

    private ToolException fail(ErrorCode code, String message, Call call, String kind, Map<String, Object> extra) {
        health.failed(kind, call.tool(), call.method(), call.id(), code, message);
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("tool", call.tool());
        context.put("method", call.method());
        context.put("reason", kind);
        context.putAll(extra);
        context.put("bridge_log", log.toString());
        context.put("log_tail", logTail(6));
        if (!attached) {
            context.put("postmortem", postmortem.toString());
        }
        return new ToolException(code, message, context);
    }

    private JsonNode read(Path response, Call call) {
        String id = call.id();
        String method = call.method();
        JsonNode body;
        try {
            body = Json.mapper().readTree(Files.readString(response, StandardCharsets.UTF_8));
            Files.deleteIfExists(response);
        } catch (IOException e) {
            throw new ToolException(ErrorCode.INTERNAL, "unreadable bridge response: " + e.getMessage(),
                    Map.of("method", method), e);
        }
        if (!id.equals(body.path("id").asText())) {
            throw new ToolException(ErrorCode.INTERNAL, "bridge answered request " + body.path("id").asText()
                    + " in the file of " + id, Map.of("method", method));
        }
        if (body.path("ok").asBoolean()) {
            health.succeeded();
            return body.path("result");
        }
        health.completed.incrementAndGet();
        JsonNode error = body.path("error");
        ErrorCode code;
        try {
            code = ErrorCode.valueOf(error.path("code").asText("ENGINE_FAILED"));
        } catch (IllegalArgumentException e) {
            code = ErrorCode.ENGINE_FAILED;
        }
        health.failed("error", call.tool(), method, id, code, error.path("message").asText());
        @SuppressWarnings("unchecked")
        Map<String, Object> context = Json.mapper().convertValue(error.path("context"), Map.class);
        throw new ToolException(code, error.path("message").asText(), context == null ? Map.of() : context);
    }

    private void ring() {
        if (doorbell == null) {
            return; // attached: the extension polls the spool every 50 ms
        }
        try {
            doorbell.write('\n');
            doorbell.flush();
        } catch (IOException e) {
            // the bridge is gone; the wait loop sees the dead process and reports it
        }
    }

    /** Starts a bridge unless one runs; a dead one found here died between calls and is recorded so. */
    private void ensureRunning(String tool) {
        if (attached) {
            ensureAttached();
            return;
        }
        if (process != null && process.isAlive()) {
            return;
        }
        if (process != null) {
            int exit = process.exitValue();
            noteLoss(running(), "exited_idle", null, exit, "the RenderDoc bridge exited between calls (exit " + exit
                    + "); " + (tool == null ? "the next call" : tool) + " started a new one");
            process = null;
        }
        if (!Files.isExecutable(python)) {
            throw ToolException.engineUnavailable("RenderDoc", python + " not found", "sudo apt-get install -y "
                    + "python3 python3-renderdoc (or set FRAMESCOPE_PYTHON to Debian's python3)");
        }
        try {
            Path code = BridgeCode.extract(stateDir);
            spool.clearForNewBridge();
            // -u: unbuffered stderr, so the log has every line up to a native crash (faulthandler writes there too)
            ProcessBuilder builder = new ProcessBuilder(python.toString(), "-u", code.resolve("bridge.py").toString(),
                    "--spool", spool.dir().toString());
            builder.environment().remove("DISPLAY"); // GL replay without X: EGL on the surfaceless platform
            builder.environment().put("EGL_PLATFORM", "surfaceless");
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
            builder.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
            process = builder.start();
            doorbell = process.getOutputStream();
            generation++;
            health.starts.incrementAndGet();
        } catch (IOException e) {
            throw ToolException.engineUnavailable("RenderDoc bridge", e.getMessage(), "check " + stateDir
                    + " is writable and " + python + " runs");
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MS);
        while (spool.heartbeat() == null) {
            if (!process.isAlive()) {
                String tail = logTail(8);
                process = null;
                throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "the RenderDoc bridge did not start: "
                        + (tail.contains("No module named 'renderdoc'") ? python + " cannot import renderdoc "
                        + "(sudo apt-get install -y python3-renderdoc; only Debian's /usr/bin/python3 has it)"
                        : "see " + log), Map.of("bridge_log", log.toString(), "log_tail", tail));
            }
            if (System.nanoTime() > deadline) {
                kill(generation);
                throw ToolException.timeout("starting the RenderDoc bridge", START_TIMEOUT_MS);
            }
            LockSupport.parkNanos(5_000_000);
        }
    }

    private void ensureAttached() {
        Double age = BridgeSpool.heartbeatAgeS(spool.heartbeat());
        if (age == null || age * 1000 > HEARTBEAT_STALE_MS) {
            throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "FrameScope is attached to qrenderdoc "
                    + "(FRAMESCOPE_RENDERDOC_ATTACH), but no RenderDoc UI with the FrameScope extension is serving "
                    + spool.dir() + (age == null ? "" : " (last heartbeat " + Math.round(age) + " s ago)") + ": start "
                    + "RenderDoc with the extension installed (framescope renderdoc-extension --enable), or unset "
                    + "FRAMESCOPE_RENDERDOC_ATTACH to replay captures headlessly", Map.of("spool", spool.dir().toString()));
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
    synchronized ProcessHandle handle() {
        return process == null ? null : process.toHandle();
    }

    private String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    /** The bridge report get_server_diagnostics gives; reads files only, never waits for the bridge. */
    public BridgeDiagnostics diagnostics(int maxErrors) {
        Process current;
        synchronized (this) {
            current = process;
        }
        JsonNode attachedBeat = attached ? spool.heartbeat() : null;
        boolean running = attached
                ? attachedBeat != null && BridgeSpool.heartbeatAgeS(attachedBeat) * 1000 < 3 * HEARTBEAT_STALE_MS
                : current != null && current.isAlive();
        JsonNode beat = attached ? attachedBeat : running ? spool.heartbeat() : null;
        Double heartbeatAge = BridgeSpool.heartbeatAgeS(beat);
        List<Double> pendingAges = running ? spool.pendingAgesS() : List.of();
        boolean quiet = heartbeatAge != null && heartbeatAge * 1000 > HEARTBEAT_STALE_MS;
        String status = !running ? (health.counters().starts() == 0 && !attached ? "not_started" : "stopped")
                : quiet && (attached || stallWatch.isFrozen(current.pid())) ? "stalled"
                : health.isDegraded() ? "degraded" : "healthy";
        return new BridgeDiagnostics(BridgeDiagnostics.SCHEMA_VERSION, status, running,
                !running ? null : attached ? Long.valueOf(beat.path("pid").asLong()) : Long.valueOf(current.pid()),
                beat == null ? null : beat.path("uptime_s").asDouble(), heartbeatAge,
                pendingAges.size(), pendingAges.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                running ? spool.active(beat) : null, health.counters(), health.lastFailure(),
                health.recentErrors(maxErrors),
                beat == null ? null : beat.path("renderdoc").asText(null),
                beat == null ? null : beat.path("interpreter").asText(null), attached ? null : log.toString(),
                new TreeMap<>(crashedCalls), attached ? "qrenderdoc" : "process",
                beat == null ? null : beat.path("ui_capture").asText(null), health.lastLoss(),
                attached || !Files.exists(postmortem.resolve("last-crash.json")) ? null : postmortem.toString(),
                List.of());
    }

    public ComponentStatus status() {
        BridgeDiagnostics d = diagnostics(0);
        String state = switch (d.status()) {
            case "healthy" -> "running";
            case "stalled", "degraded" -> "degraded";
            default -> d.status();
        };
        String where = attached ? "attached to qrenderdoc (" + spool.dir() + "), " : "";
        return new ComponentStatus("renderdoc_bridge", state, where + (d.running() ? "pid " + d.pid() + ", RenderDoc "
                + d.renderdoc() + ", " + d.counters().requests() + " requests, " + d.counters().crashes()
                + " crashes, " + d.counters().timeouts() + " timeouts, " + d.counters().stalls() + " stalls" : attached ? "no heartbeat: start RenderDoc with "
                + "the FrameScope extension" : "starts on the first RenderDoc tool call"));
    }

    @Override
    public synchronized void close() {
        if (attached) {
            return; // the spool belongs to the qrenderdoc extension
        }
        if (process != null) {
            try {
                doorbell.close(); // EOF on stdin: the bridge shuts replay down and exits
                if (!process.waitFor(2, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (IOException | InterruptedException e) {
                process.destroyForcibly();
            }
            process = null;
        }
        spool.delete(); // this server's own: leave nothing behind in the state directory
    }
}
