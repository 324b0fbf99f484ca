package dev.framescope.renderdoc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ComponentStatus;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Supervises the Python bridge ({@code bridge.py}, shipped in the JAR and extracted at run time) that runs RenderDoc's
 * replay under Debian's {@code /usr/bin/python3}. Requests and responses travel as files in a spool directory
 * (written to a temp name, then renamed); a newline on the bridge's stdin wakes it. The bridge serves one request at
 * a time on its replay thread, so concurrent callers simply queue in the spool, each waiting for its own response.
 * The bridge is started on first use; one that crashed (lavapipe segfaults in some replay calls), stopped answering
 * its heartbeat, or ran past a request's time limit is killed, and the next call starts a fresh one. Its stderr
 * goes to a log file, never to a pipe that could fill and block it.
 *
 * <p>Attached ({@code attachedSpool} set), it starts nothing: the bridge runs inside a person's qrenderdoc as an
 * extension and serves the capture open there; this side only writes requests, reads responses and watches the
 * heartbeat. A request past its time limit is reported but cannot be killed (it runs in the person's UI).
 */
public final class BridgeProcess implements AutoCloseable {

    /**
     * The heartbeat is written every 0.5 s; this much silence from a live process reports it as stalled. Only the
     * request's own time limit kills it: a long replay call may hold Python's lock and delay the heartbeat.
     */
    static final long HEARTBEAT_STALE_MS = 5_000;
    /** The bridge's Python modules in the JAR, next to this class: the bridge and its methods by tier. */
    static final List<String> PYTHON_FILES = List.of("bridge.py", "replay.py", "replay_core.py", "scans.py",
            "tier_a.py", "tier_b.py", "outputs.py", "images.py");
    private static final long START_TIMEOUT_MS = 15_000;

    private final Path python;
    private final Path stateDir;
    private final Path spool;
    private final boolean attached;
    private final Path log;
    private Process process;
    private OutputStream doorbell;
    private long generation;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong timeouts = new AtomicLong();
    private final AtomicLong crashes = new AtomicLong();
    private final AtomicLong starts = new AtomicLong();
    private volatile String lastFailure;
    /** Calls (method on capture) that crashed the bridge, with when and how: refused from then on. */
    private final Map<String, String> crashedCalls = new java.util.concurrent.ConcurrentHashMap<>();

    public BridgeProcess(Path python, Path stateDir) {
        this(python, stateDir, null);
    }

    /** @param attachedSpool the spool of the qrenderdoc extension to use instead of starting a bridge, or null */
    public BridgeProcess(Path python, Path stateDir, Path attachedSpool) {
        this.python = python;
        this.stateDir = stateDir;
        this.attached = attachedSpool != null;
        this.spool = attached ? attachedSpool : stateDir.resolve("renderdoc-spool-" + ProcessHandle.current().pid());
        this.log = stateDir.resolve("renderdoc-bridge.log");
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "renderdoc-bridge-shutdown"));
    }

    /**
     * Sends one request and waits for its response. The bridge's own errors come back as the same
     * {@code ToolException} codes; a crash, a stall or the time limit kill the bridge and say which happened.
     */
    public JsonNode call(String method, Map<String, Object> params, long timeoutMs) {
        return call(method, params, timeoutMs, Cancellation.none());
    }

    /**
     * As {@link #call(String, Map, long)}; when {@code cancellation} fires, the request is taken back out of the
     * spool if the bridge has not claimed it yet, else its answer is thrown away when it comes, and the caller gets
     * {@code CANCELLED} at once. (A replay call already running cannot be interrupted; later requests wait for it.)
     */
    public JsonNode call(String method, Map<String, Object> params, long timeoutMs, Cancellation cancellation) {
        cancellation.throwIfCancelled();
        discardAbandonedAnswers();
        requests.incrementAndGet();
        // per texture too: a crash on one texture's format says nothing about the others
        String crashKey = method + " on " + params.get("capture")
                + (params.get("texture") == null ? "" : " texture " + params.get("texture"));
        String crashed = crashedCalls.get(crashKey);
        if (crashed != null) {
            // The same replay call on the same capture would crash the same driver again (e.g. lavapipe 22.3 in
            // RenderDoc's texture display paths): say so instead of killing the bridge a second time.
            Map<String, Object> context = new LinkedHashMap<>();
            context.put("method", method);
            context.put("capture", params.get("capture"));
            context.put("crashed", crashed);
            throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, method + " crashed RenderDoc's replay of this "
                    + "capture before (" + crashed + "); it is unavailable on this driver for the rest of the session",
                    context);
        }
        String id = UUID.randomUUID().toString().replace("-", "");
        long ownGeneration;
        Process own;
        synchronized (this) {
            ensureRunning();
            ownGeneration = generation;
            own = process;
            writeRequest(id, method, params, timeoutMs);
            ring();
        }
        Path response = spool.resolve("response." + id + ".json");
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        long pause = 50_000;
        while (true) {
            if (Files.exists(response)) {
                return read(response, id, method);
            }
            if (cancellation.isCancelled()) {
                withdraw(id);
                cancellation.throwIfCancelled();
            }
            if (own != null && !own.isAlive()) {
                crashes.incrementAndGet();
                if (own.exitValue() != 0 && own.exitValue() != 137 && own.exitValue() != 143) {
                    // a crash of its own, not a kill from outside (SIGKILL 137, SIGTERM 143)
                    crashedCalls.put(crashKey, Instant.now() + ", exit " + own.exitValue());
                }
                throw fail(ErrorCode.ENGINE_FAILED, "the RenderDoc bridge exited during " + method + " (exit "
                        + own.exitValue() + (own.exitValue() == 139 ? ", a segfault: a replay call this driver "
                        + "cannot run" : "") + "); the next call starts it again", method, ownGeneration);
            }
            if (System.nanoTime() > deadline && attached) {
                timeouts.incrementAndGet();
                throw fail(ErrorCode.TIMEOUT, method + " ran past its " + timeoutMs + " ms limit in qrenderdoc; it "
                        + "cannot be stopped from here, and later requests wait until RenderDoc finishes it", method,
                        -1);
            }
            if (System.nanoTime() > deadline) {
                timeouts.incrementAndGet();
                kill(ownGeneration);
                throw fail(ErrorCode.TIMEOUT, method + " ran past its " + timeoutMs + " ms limit; the bridge was "
                        + "stopped and the next call starts it again", method, -1);
            }
            LockSupport.parkNanos(pause);
            pause = Math.min(pause * 2, 2_000_000); // 50 µs up to 2 ms: short calls answer in about a millisecond
        }
    }

    /** Answers nobody waits for any more: their requests were cancelled after the bridge claimed them. */
    private final java.util.Set<String> abandoned = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Takes a cancelled request back: unclaimed, its file is deleted; claimed, its answer will be deleted. */
    private void withdraw(String id) {
        try {
            if (Files.deleteIfExists(spool.resolve("request." + id + ".json"))) {
                return; // the bridge never saw it
            }
            abandoned.add(id);
            Files.deleteIfExists(spool.resolve("response." + id + ".json"));
        } catch (IOException e) {
            abandoned.add(id);
        }
    }

    private void discardAbandonedAnswers() {
        for (String id : abandoned) {
            try {
                if (Files.deleteIfExists(spool.resolve("response." + id + ".json"))) {
                    abandoned.remove(id);
                }
            } catch (IOException e) {
                // tried again on the next call
            }
        }
    }

    private ToolException fail(ErrorCode code, String message, String method, long deadGeneration) {
        failures.incrementAndGet();
        lastFailure = Instant.now() + " " + code + ": " + message;
        if (deadGeneration >= 0) {
            synchronized (this) {
                if (generation == deadGeneration) {
                    process = null; // the next call starts a new bridge
                }
            }
        }
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("method", method);
        context.put("bridge_log", log.toString());
        context.put("log_tail", logTail(6));
        return new ToolException(code, message, context);
    }

    private JsonNode read(Path response, String id, String method) {
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
            return body.path("result");
        }
        JsonNode error = body.path("error");
        ErrorCode code;
        try {
            code = ErrorCode.valueOf(error.path("code").asText("ENGINE_FAILED"));
        } catch (IllegalArgumentException e) {
            code = ErrorCode.ENGINE_FAILED;
        }
        failures.incrementAndGet();
        @SuppressWarnings("unchecked")
        Map<String, Object> context = Json.mapper().convertValue(error.path("context"), Map.class);
        throw new ToolException(code, error.path("message").asText(), context == null ? Map.of() : context);
    }

    private void writeRequest(String id, String method, Map<String, Object> params, long timeoutMs) {
        ObjectNode request = Json.mapper().createObjectNode();
        request.put("id", id);
        request.put("method", method);
        request.set("params", Json.mapper().valueToTree(params));
        request.put("timeout_s", timeoutMs / 1000.0);
        try {
            Path temp = spool.resolve("req-" + id + ".tmp");
            Files.writeString(temp, Json.write(request), StandardCharsets.UTF_8);
            Files.move(temp, spool.resolve("request." + id + ".json"), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new ToolException(ErrorCode.INTERNAL, "cannot write to the bridge spool " + spool + ": "
                    + e.getMessage(), Map.of("spool", spool.toString()), e);
        }
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

    private void ensureRunning() {
        if (attached) {
            ensureAttached();
            return;
        }
        if (process != null && process.isAlive()) {
            return;
        }
        if (!Files.isExecutable(python)) {
            throw ToolException.engineUnavailable("RenderDoc", python + " not found", "sudo apt-get install -y "
                    + "python3 python3-renderdoc (or set FRAMESCOPE_PYTHON to Debian's python3)");
        }
        try {
            Path code = extractBridge();
            Files.createDirectories(spool);
            clearSpool();
            ProcessBuilder builder = new ProcessBuilder(python.toString(), code.resolve("bridge.py").toString(),
                    "--spool", spool.toString());
            builder.environment().remove("DISPLAY"); // GL replay without X: EGL on the surfaceless platform
            builder.environment().put("EGL_PLATFORM", "surfaceless");
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
            builder.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
            process = builder.start();
            doorbell = process.getOutputStream();
            generation++;
            starts.incrementAndGet();
        } catch (IOException e) {
            throw ToolException.engineUnavailable("RenderDoc bridge", e.getMessage(), "check " + stateDir
                    + " is writable and " + python + " runs");
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MS);
        while (heartbeat() == null) {
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
        Double age = heartbeatAgeS(heartbeat());
        if (age == null || age * 1000 > HEARTBEAT_STALE_MS) {
            throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "FrameScope is attached to qrenderdoc "
                    + "(FRAMESCOPE_RENDERDOC_ATTACH), but no RenderDoc UI with the FrameScope extension is serving "
                    + spool + (age == null ? "" : " (last heartbeat " + Math.round(age) + " s ago)") + ": start "
                    + "RenderDoc with the extension installed (framescope renderdoc-extension --enable), or unset "
                    + "FRAMESCOPE_RENDERDOC_ATTACH to replay captures headlessly", Map.of("spool", spool.toString()));
        }
    }

    private static Double heartbeatAgeS(JsonNode beat) {
        return beat == null ? null : (System.currentTimeMillis() - beat.path("time").asDouble() * 1000) / 1000.0;
    }

    /**
     * Copies the bridge's Python files out of the JAR so python3 can run them, into a folder named by their content:
     * two FrameScope builds of one version (a branch, a worktree) never run each other's bridge.
     */
    private Path extractBridge() throws IOException {
        java.util.Map<String, byte[]> files = new java.util.LinkedHashMap<>();
        java.security.MessageDigest digest;
        try {
            digest = java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (String name : PYTHON_FILES) {
            try (InputStream in = BridgeProcess.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IOException(name + " is missing from the JAR");
                }
                byte[] bytes = in.readAllBytes();
                files.put(name, bytes);
                digest.update(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                digest.update(bytes);
            }
        }
        String hash = java.util.HexFormat.of().formatHex(digest.digest()).substring(0, 12);
        Path dir = stateDir.resolve("renderdoc-bridge-" + dev.framescope.common.Version.current() + "-" + hash);
        Files.createDirectories(dir);
        for (var file : files.entrySet()) {
            Path target = dir.resolve(file.getKey());
            if (!Files.exists(target) || !java.util.Arrays.equals(file.getValue(), Files.readAllBytes(target))) {
                Path temp = dir.resolve(file.getKey() + "." + ProcessHandle.current().pid() + ".tmp");
                Files.write(temp, file.getValue());
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        }
        return dir;
    }

    private void clearSpool() throws IOException {
        try (Stream<Path> files = Files.list(spool)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
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

    private JsonNode heartbeat() {
        return readJson(spool.resolve("heartbeat.json"));
    }

    private static JsonNode readJson(Path file) {
        try {
            return Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return null; // replaced while read; the next look finds the new one
        }
    }

    private String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    /** What get_bridge_diagnostics reports; reads files only, never waits for the bridge. */
    public BridgeDiagnostics diagnostics(int maxErrors) {
        Process current;
        synchronized (this) {
            current = process;
        }
        JsonNode attachedBeat = attached ? heartbeat() : null;
        boolean running = attached ? attachedBeat != null && heartbeatAgeS(attachedBeat) * 1000 < 3 * HEARTBEAT_STALE_MS
                : current != null && current.isAlive();
        JsonNode beat = attached ? attachedBeat : running ? heartbeat() : null;
        JsonNode snapshot = running ? readJson(spool.resolve("diagnostics.json")) : null;
        Double heartbeatAge = heartbeatAgeS(beat);
        List<Double> pendingAges = new ArrayList<>();
        if (running) {
            try (Stream<Path> files = Files.list(spool)) {
                files.filter(f -> f.getFileName().toString().startsWith("request.")).forEach(f -> {
                    try {
                        pendingAges.add((System.currentTimeMillis() - Files.getLastModifiedTime(f).toMillis())
                                / 1000.0);
                    } catch (IOException e) {
                        // claimed meanwhile
                    }
                });
            } catch (IOException e) {
                // spool gone: reported as not running below
            }
        }
        JsonNode active = beat == null ? null : beat.path("active");
        BridgeDiagnostics.Active activeRequest = active == null || active.isNull() || active.isMissingNode() ? null
                : new BridgeDiagnostics.Active(active.path("method").asText(), active.path("id").asText(),
                (System.currentTimeMillis() - active.path("started").asDouble() * 1000) / 1000.0,
                active.path("timeout_s").isNumber() ? active.get("timeout_s").asDouble() : null);
        String status = !running ? (starts.get() == 0 && !attached ? "not_started" : "stopped")
                : heartbeatAge != null && heartbeatAge * 1000 > HEARTBEAT_STALE_MS ? "stalled"
                : crashes.get() + timeouts.get() > 0 ? "degraded" : "healthy";
        List<JsonNode> errors = new ArrayList<>();
        if (snapshot != null) {
            snapshot.path("recent_errors").forEach(errors::add);
        }
        return new BridgeDiagnostics(BridgeDiagnostics.SCHEMA_VERSION, status, running,
                !running ? null : attached ? Long.valueOf(beat.path("pid").asLong()) : Long.valueOf(current.pid()),
                beat == null ? null : beat.path("uptime_s").asDouble(), heartbeatAge,
                pendingAges.size(), pendingAges.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                activeRequest,
                new BridgeDiagnostics.Counters(requests.get(), snapshot == null ? 0 : snapshot.path("completed")
                        .asLong(), failures.get(), timeouts.get(), crashes.get(), starts.get()),
                lastFailure, errors.subList(Math.max(0, errors.size() - maxErrors), errors.size()),
                beat == null ? null : beat.path("renderdoc").asText(null),
                beat == null ? null : beat.path("interpreter").asText(null), attached ? null : log.toString(),
                new java.util.TreeMap<>(crashedCalls), attached ? "qrenderdoc" : "process",
                beat == null ? null : beat.path("ui_capture").asText(null));
    }

    public ComponentStatus status() {
        BridgeDiagnostics d = diagnostics(0);
        String state = switch (d.status()) {
            case "healthy" -> "running";
            case "stalled", "degraded" -> "degraded";
            default -> d.status();
        };
        String where = attached ? "attached to qrenderdoc (" + spool + "), " : "";
        return new ComponentStatus("renderdoc_bridge", state, where + (d.running() ? "pid " + d.pid() + ", RenderDoc "
                + d.renderdoc() + ", " + d.counters().requests() + " requests, " + d.counters().crashes()
                + " crashes, " + d.counters().timeouts() + " timeouts" : attached ? "no heartbeat: start RenderDoc with "
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
        // The spool is this process's own (named by pid); leave nothing behind in the state directory.
        try (Stream<Path> files = Files.exists(spool) ? Files.list(spool) : Stream.empty()) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(spool);
        } catch (IOException e) {
            // a file appeared meanwhile; the folder stays, harmless
        }
    }
}
