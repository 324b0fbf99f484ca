package dev.framescope.diagnostics;

import dev.framescope.common.Config;
import dev.framescope.common.SetupHint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks that the external engines FrameScope drives are installed and answer, each with the exact fix when not.
 * The checks run in parallel (each starts a process, ~0.1–0.5 s) and the result is cached for
 * {@value #CACHE_MS} ms, since diagnostics may be called often. The native shader debugger's parts, none of them
 * required, are {@link NativeDebuggerChecks}'. Thread-safe.
 */
public final class EnvironmentChecks {

    static final long CACHE_MS = 60_000;
    private static final long PROBE_TIMEOUT_MS = 15_000;

    private final Config config;
    private List<EnvironmentCheck> cached;
    private long cachedAtMs;

    public EnvironmentChecks(Config config) {
        this.config = config;
    }

    /** The checks, from cache unless {@code refresh} or the cache is older than {@value #CACHE_MS} ms. */
    public synchronized List<EnvironmentCheck> run(boolean refresh) {
        long now = System.currentTimeMillis();
        if (refresh || cached == null || now - cachedAtMs > CACHE_MS) {
            cached = runAll();
            cachedAtMs = now;
        }
        return cached;
    }

    private List<EnvironmentCheck> runAll() {
        List<CompletableFuture<EnvironmentCheck>> checks = List.of(
                CompletableFuture.supplyAsync(this::chromium),
                CompletableFuture.supplyAsync(this::renderdocPython),
                CompletableFuture.supplyAsync(this::glslang),
                CompletableFuture.supplyAsync(this::renderdoccmd));
        CompletableFuture<List<EnvironmentCheck>> nativeDebugger = CompletableFuture.supplyAsync(
                () -> new NativeDebuggerChecks(System.getenv()).run());
        List<EnvironmentCheck> all = new ArrayList<>(checks.stream().map(CompletableFuture::join).toList());
        all.addAll(nativeDebugger.join());
        return List.copyOf(all);
    }

    EnvironmentCheck chromium() {
        return probe("chromium", true, "shader effects", config.chromium().toString(), List.of("--version"),
                "(\\d+\\.\\d+\\.\\d+\\.\\d+)",
                SetupHint.fix("sudo apt-get install -y chromium (or set FRAMESCOPE_CHROMIUM to a Chromium executable)"));
    }

    EnvironmentCheck renderdocPython() {
        return probe("renderdoc_python", true, "RenderDoc captures", config.python().toString(),
                List.of("-c", "import renderdoc as rd; print(rd.GetVersionString())"), "(\\d+\\.\\d+)",
                SetupHint.fix("sudo apt-get install -y python3-renderdoc librenderdoc; it imports only in Debian's "
                        + "/usr/bin/python3, not a pyenv or venv python (set FRAMESCOPE_PYTHON to that interpreter)"));
    }

    EnvironmentCheck glslang() {
        return probe("glslangValidator", false, "shader effects (offline GLSL checks), "
                + NativeDebuggerChecks.NEEDED_BY, config.glslangValidator(), List.of("--version"),
                "Glslang Version: ([\\w.:]+)",
                SetupHint.fix("sudo apt-get install -y glslang-tools (or set FRAMESCOPE_GLSLANG)"));
    }

    EnvironmentCheck renderdoccmd() {
        return probe("renderdoccmd", false, "RenderDoc captures (making fixture captures)", config.renderdoccmd(),
                List.of("version"), "v(\\d+\\.\\d+)",
                SetupHint.fix("sudo apt-get install -y renderdoccmd (or set FRAMESCOPE_RENDERDOCCMD)"));
    }

    private static EnvironmentCheck probe(String name, boolean required, String neededBy, String executable,
                                          List<String> args, String versionPattern, String fix) {
        Optional<Path> found = ProcessProbe.locate(executable);
        if (found.isEmpty()) {
            return new EnvironmentCheck(name, required, false, null, executable, neededBy,
                    executable + " not found or not executable", fix);
        }
        List<String> command = new ArrayList<>();
        command.add(found.get().toString());
        command.addAll(args);
        ProcessProbe.Result result = ProcessProbe.run(command, PROBE_TIMEOUT_MS);
        if (!result.ok()) {
            String detail = result.failure() != null ? result.failure()
                    : String.join(" ", command) + " exited with " + result.exitCode();
            return new EnvironmentCheck(name, required, false, null, found.get().toString(), neededBy, detail, fix);
        }
        Matcher version = Pattern.compile(versionPattern).matcher(result.stdout());
        return new EnvironmentCheck(name, required, true, version.find() ? version.group(1) : result.stdout(),
                found.get().toString(), neededBy, null, null);
    }
}
