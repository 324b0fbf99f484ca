package dev.framescope.shader.nativepass;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.SetupHint;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Draws one fragment shader natively: runs effect_pass (src/main/native; headless Vulkan on Mesa's lavapipe,
 * captured by RenderDoc's in-application API) as a child process under the caller's time limit. A shader that never
 * ends is stopped (SIGTERM, then SIGKILL) and the call answers {@code TIMEOUT}; the server lives on. The program's
 * missing parts (the program itself, the Vulkan loader, lavapipe, librenderdoc.so) answer {@code ENGINE_UNAVAILABLE}
 * with the fix; any other failure {@code ENGINE_FAILED} with effect_pass's one stderr line. The child is the server's
 * like any other: serving's end kills every descendant (cli/ProcessTree), so none is registered here.
 *
 * <p>Thread-safe: draws may run at once, each its own process; the first ones unpack the program concurrently
 * ({@link NativeProgram}).
 */
public final class NativeRenderer {

    private static final Logger log = LoggerFactory.getLogger(NativeRenderer.class);

    /** Most of a child's stdout or stderr kept (its end), so a chatty driver cannot fill memory. */
    private static final int OUTPUT_LIMIT = 16 * 1024;
    private static final long TERM_GRACE_MS = 2_000;
    private static final Map<String, String> UNAVAILABLE = unavailable();

    private final Path stateDir;
    private final String resource;
    private volatile Path program;

    /** A renderer whose program is unpacked under {@code stateDir} ({@code Config.stateDir()}) at first use. */
    public NativeRenderer(Path stateDir) {
        this(stateDir, NativeProgram.RESOURCE);
    }

    /** As above, with the program read from another resource of the class path (tests: a missing one). */
    NativeRenderer(Path stateDir, String resource) {
        this.stateDir = stateDir;
        this.resource = resource;
    }

    /**
     * The unpacked program; {@code ENGINE_UNAVAILABLE} when this JAR has none or it cannot be unpacked. Unpacked
     * again when it went missing since (a state folder cleaned while the server runs).
     */
    public Path program() {
        Path found = program;
        if (found == null || !Files.isExecutable(found)) {
            found = NativeProgram.unpack(stateDir, resource);
            program = found;
        }
        return found;
    }

    /**
     * Draws {@code draw}, within {@code limit} of wall time. Writes {@link NativeDraw#pixels()} and, when a template
     * is given, a capture. Throws {@code TIMEOUT}, {@code CANCELLED} (the calling thread interrupted),
     * {@code ENGINE_UNAVAILABLE} or {@code ENGINE_FAILED}.
     */
    public NativeResult draw(NativeDraw draw, Duration limit) {
        List<String> command = new ArrayList<>();
        command.add(program().toString());
        command.addAll(draw.arguments());
        Path out = null;
        Path err = null;
        try {
            Path runs = Files.createDirectories(stateDir.resolve("native"));
            out = Files.createTempFile(runs, "effect_pass.", ".out");
            err = Files.createTempFile(runs, "effect_pass.", ".err");
            long start = System.nanoTime();
            int exit = run(command, out, err, limit);
            long millis = (System.nanoTime() - start) / 1_000_000;
            log.debug("effect_pass drew and captured {}x{} in {} ms", draw.width(), draw.height(), millis);
            String stderr = tail(err).strip();
            if (exit != 0) {
                throw failure(exit, stderr);
            }
            long pixelBytes = (long) draw.width() * draw.height() * 4 * Float.BYTES;
            if (!Files.isRegularFile(draw.pixels()) || Files.size(draw.pixels()) != pixelBytes) {
                throw ToolException.engineFailed(NativeProgram.NAME, "it exited 0 but " + draw.pixels()
                        + " does not hold the " + pixelBytes + " bytes of a " + draw.width() + "x" + draw.height()
                        + " RGBA32F image", null);
            }
            return new NativeResult(draw.pixels(), capture(draw, tail(out)), millis);
        } catch (IOException e) {
            throw ToolException.engineFailed(NativeProgram.NAME, "cannot run " + command.get(0) + ": "
                    + e.getMessage(), e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    /** The child's exit status; output goes to files, not pipes, so nothing it leaves open can hold the call. */
    private static int run(List<String> command, Path out, Path err, Duration limit) throws IOException {
        Process process = start(new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())));
        try {
            if (process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                return process.exitValue();
            }
            stop(process);
            throw ToolException.timeout("effect_pass (drawing " + command.get(2) + ")", limit.toMillis());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ToolException(ErrorCode.CANCELLED, "The call was stopped: interrupted while effect_pass drew.",
                    Map.of("reason", "interrupted"));
        }
    }

    /**
     * Starts the process, retrying a few times on ETXTBSY: while one thread writes the program's file (unpacking),
     * another thread's fork can inherit its open descriptor for an instant (JDK-8068370).
     */
    private static Process start(ProcessBuilder builder) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return builder.start();
            } catch (IOException e) {
                if (attempt == 5 || e.getMessage() == null || !e.getMessage().contains("Text file busy")) {
                    throw e;
                }
                try {
                    Thread.sleep(20L * attempt);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** SIGTERM, then SIGKILL after {@value #TERM_GRACE_MS} ms; returns once the process is gone. */
    private static void stop(Process process) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(TERM_GRACE_MS, TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            process.waitFor(TERM_GRACE_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** The capture effect_pass named on its last stdout line, checked to exist; null when none was asked for. */
    private static Path capture(NativeDraw draw, String stdout) {
        if (draw.captureTemplate() == null) {
            return null;
        }
        List<String> lines = stdout.strip().lines().toList();
        Path capture = lines.isEmpty() ? null : Path.of(lines.get(lines.size() - 1).strip());
        if (capture == null || !Files.isRegularFile(capture)) {
            throw ToolException.engineFailed(NativeProgram.NAME, "it named no capture file (stdout ends: "
                    + (lines.isEmpty() ? "nothing" : lines.get(lines.size() - 1)) + ")", null);
        }
        return capture;
    }

    /** The error for a failed run: a missing part with its fix, else effect_pass's own line. */
    static ToolException failure(int exit, String stderr) {
        String line = stderr.isEmpty() ? "" : stderr.lines().reduce((a, b) -> b).orElse("");
        for (Map.Entry<String, String> part : UNAVAILABLE.entrySet()) {
            if (stderr.contains(part.getKey())) {
                return ToolException.engineUnavailable(NativeProgram.NAME, line, SetupHint.fix(part.getValue()));
            }
        }
        String detail = exit > 128 ? "it was killed by signal " + (exit - 128) + (line.isEmpty() ? "" : "; " + line)
                : line.isEmpty() ? "it exited with " + exit + " and said nothing" : line;
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("engine", NativeProgram.NAME);
        context.put("exit_code", exit);
        context.put("stderr", line);
        return new ToolException(ErrorCode.ENGINE_FAILED, NativeProgram.NAME + " failed: " + detail, context);
    }

    /** What effect_pass (or the dynamic linker before it) says when a part is missing, and the part's fix. */
    private static Map<String, String> unavailable() {
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("libvulkan.so.1", "sudo apt-get install -y libvulkan1");
        parts.put("loading librenderdoc.so failed", "sudo apt-get install -y librenderdoc");
        parts.put("finding lavapipe failed", "sudo apt-get install -y mesa-vulkan-drivers");
        parts.put("vkCreateInstance(", "sudo apt-get install -y mesa-vulkan-drivers libvulkan1");
        parts.put("finding a Vulkan device failed", "sudo apt-get install -y mesa-vulkan-drivers");
        parts.put("RENDERDOC_GetAPI failed", "sudo apt-get install -y librenderdoc (RenderDoc 1.6 or newer)");
        return Collections.unmodifiableMap(parts);
    }

    /** The last {@value #OUTPUT_LIMIT} bytes of a file, as text. */
    private static String tail(Path file) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            long from = Math.max(0, length - OUTPUT_LIMIT);
            byte[] bytes = new byte[(int) (length - from)];
            in.seek(from);
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a temporary file left in <state>/native is harmless; the draw's answer matters more
            }
        }
    }
}
