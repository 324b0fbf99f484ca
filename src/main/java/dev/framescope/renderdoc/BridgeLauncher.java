package dev.framescope.renderdoc;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        try {
            Path code = BridgeCode.extract(stateDir);
            spool.clearForNewBridge();
            // -u: unbuffered stderr, so the log has every line up to a native crash (faulthandler writes there too)
            ProcessBuilder builder = new ProcessBuilder(python.toString(), "-u", code.resolve("bridge.py").toString(),
                    "--spool", spool.dir().toString());
            builder.environment().remove("DISPLAY"); // GL replay without X: EGL on the surfaceless platform
            builder.environment().put("EGL_PLATFORM", "surfaceless");
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
            builder.redirectError(ProcessBuilder.Redirect.appendTo(log.file().toFile()));
            return builder.start();
        } catch (IOException e) {
            throw ToolException.engineUnavailable("RenderDoc bridge", e.getMessage(), "check " + stateDir
                    + " is writable and " + python + " runs");
        }
    }

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
                String tail = log.tail(8);
                throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, "the RenderDoc bridge did not start: "
                        + (tail.contains("No module named 'renderdoc'") ? python + " cannot import renderdoc "
                        + "(sudo apt-get install -y python3-renderdoc; only Debian's /usr/bin/python3 has it)"
                        : "see " + log), Map.of("bridge_log", log.toString(), "log_tail", tail));
            }
            if (System.nanoTime() > deadline) {
                throw ToolException.timeout("starting the RenderDoc bridge", START_TIMEOUT_MS);
            }
            LockSupport.parkNanos(5_000_000);
        }
    }
}
