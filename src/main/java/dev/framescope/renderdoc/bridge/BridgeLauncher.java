package dev.framescope.renderdoc.bridge;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.FileProblem;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Starts one headless bridge: extracts the Python files ({@link BridgeCode}), runs {@code bridge.py} under python3
 * with the environment GL replay needs and its stderr appended to the log, and waits for its first heartbeat. Knows
 * nothing of requests or of lost bridges: {@link BridgeProcess} owns the process it starts, and stops it when the
 * start fails half-way.
 */
final class BridgeLauncher {

    private static final long START_TIMEOUT_MS = 15_000;

    private final Path python;
    private final Path stateDir;
    private final BridgeLog log;

    BridgeLauncher(Path python, Path stateDir, BridgeLog log) {
        this.python = python;
        this.stateDir = stateDir;
        this.log = log;
    }

    /** Starts a bridge serving {@code spool}, first cleared of what a lost bridge left there. */
    Process start(BridgeSpool spool) {
        if (!Files.isExecutable(python)) {
            throw ToolException.engineUnavailable("RenderDoc", python + " not found", "sudo apt-get install -y "
                    + "python3 python3-renderdoc (or set FRAMESCOPE_PYTHON to Debian's python3)");
        }
        Path code;
        try {
            code = BridgeCode.extract(stateDir);
            spool.clearForNewBridge();
        } catch (IOException e) {
            throw unwritable(e);
        }
        IOException cannotWrite = writeProbe(spool.dir());
        if (cannotWrite != null) {
            // The bridge would die writing its first heartbeat, and its traceback would not reach the log either.
            throw unwritable(cannotWrite);
        }
        try {
            // -u: unbuffered stderr, so the log has every line up to a native crash (faulthandler writes there too)
            ProcessBuilder builder = new ProcessBuilder(python.toString(), "-u", code.resolve("bridge.py").toString(),
                    "--spool", spool.dir().toString());
            builder.environment().remove("DISPLAY"); // GL replay without X: EGL on the surfaceless platform
            builder.environment().put("EGL_PLATFORM", "surfaceless");
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
            builder.redirectError(ProcessBuilder.Redirect.appendTo(log.file().toFile()));
            return builder.start();
        } catch (IOException e) {
            throw ToolException.engineUnavailable("RenderDoc bridge", FileProblem.describe(e), "check " + stateDir
                    + " is writable and " + python + " runs");
        }
    }

    /**
     * The bridge needs its state folder: its code, its spool (heartbeat, requests, answers) and its log. A full or
     * read-only one is named with its cause, not left for an empty log to explain.
     */
    private ToolException unwritable(IOException cause) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("state_dir", stateDir.toString());
        context.put("reason", FileProblem.reason(cause));
        return new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "The RenderDoc bridge cannot start: FrameScope's "
                + "state folder " + stateDir + " cannot be written (" + FileProblem.describe(cause) + "). Free space "
                + "there, or set FRAMESCOPE_STATE_DIR to a writable folder.", context, cause);
    }

    /** Writes and deletes a page-sized file in {@code folder}: null when that worked, else why it did not. */
    private static IOException writeProbe(Path folder) {
        Path probe = folder.resolve("write-probe." + ProcessHandle.current().pid() + ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(probe, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                channel.write(ByteBuffer.wrap(new byte[PROBE_BYTES]));
                channel.force(false);
            }
            return null;
        } catch (IOException e) {
            return e;
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException ignored) {
                // a folder we could not write to may not let us delete either; the probe is empty or absent
            }
        }
    }

    /** About the heartbeat and a small answer: a folder without this much room cannot run the bridge. */
    private static final int PROBE_BYTES = 8192;

    /**
     * Waits until {@code process} writes its first heartbeat into {@code spool}.
     *
     * @throws ToolException ENGINE_UNAVAILABLE when it exits first (saying why when python3 lacks RenderDoc's
     *                       module), TIMEOUT when it has not beaten within 15 s
     */
    void awaitFirstHeartbeat(Process process, BridgeSpool spool) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MS);
        while (spool.heartbeat() == null) {
            if (!process.isAlive()) {
                throw exitedAtStart(process.exitValue(), spool);
            }
            if (System.nanoTime() > deadline) {
                throw ToolException.timeout("starting the RenderDoc bridge", START_TIMEOUT_MS);
            }
            LockSupport.parkNanos(5_000_000);
        }
    }

    /**
     * Why a bridge exited before its first heartbeat: python3 without RenderDoc's module, a state folder it could
     * not write (which keeps its traceback out of the log too), or whatever its log says.
     */
    private ToolException exitedAtStart(int exit, BridgeSpool spool) {
        String tail = log.tail(8);
        if (tail.contains("No module named 'renderdoc'")) {
            return new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "the RenderDoc bridge did not start: " + python
                    + " cannot import renderdoc (sudo apt-get install -y python3-renderdoc; only Debian's "
                    + "/usr/bin/python3 has it)", Map.of("bridge_log", log.toString(), "log_tail", tail));
        }
        IOException cannotWrite = writeProbe(spool.dir());
        if (cannotWrite != null) {
            return unwritable(cannotWrite);
        }
        return new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "the RenderDoc bridge did not start (exit " + exit
                + "): " + (tail.isBlank() ? "it wrote nothing to " + log : "its log " + log + " ends with: "
                + tail.lines().reduce((a, b) -> b).orElse("")), Map.of("bridge_log", log.toString(), "log_tail",
                tail, "exit", exit));
    }
}
