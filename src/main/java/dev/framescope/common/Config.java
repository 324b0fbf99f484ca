package dev.framescope.common;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every setting FrameScope reads, built in one place from the environment (and, later, CLI flags). Tests build their
 * own with {@link #defaults(Path)} so that all state points into a temporary folder.
 *
 * @param chromium          Chromium executable ({@code FRAMESCOPE_CHROMIUM}, default {@code /usr/bin/chromium})
 * @param python            interpreter that can {@code import renderdoc} ({@code FRAMESCOPE_PYTHON}, default
 *                          Debian's {@code /usr/bin/python3}; a pyenv or venv python cannot)
 * @param glslangValidator  offline GLSL checker ({@code FRAMESCOPE_GLSLANG}, default found on PATH)
 * @param renderdoccmd      RenderDoc's command-line tool ({@code FRAMESCOPE_RENDERDOCCMD}, default found on PATH)
 * @param stateDir          where FrameScope may write its own files ({@code FRAMESCOPE_STATE_DIR})
 * @param requestTimeout    limit for server-to-client requests such as elicitation, long enough for a person
 *                          ({@code FRAMESCOPE_REQUEST_TIMEOUT_S}, default 1800 s)
 * @param maxMessageBytes   largest inbound JSON-RPC line accepted ({@code FRAMESCOPE_MAX_MESSAGE_BYTES}, 16 MiB)
 * @param effectsRoot       shader effects folder ({@code FRAMESCOPE_EFFECTS_ROOT}, default {@code demo/shaders/effects};
 *                          outside a clone the shader tools use the copy bundled in the JAR, see BundledEffects)
 * @param strictBrowser     launch a fresh Chromium for every shader call instead of a fresh context in one browser
 *                          ({@code FRAMESCOPE_BROWSER_STRICT=1}; slower, ~0.5 s more per call)
 * @param browserEndpoint   ws:// endpoints of Playwright browser servers, comma-separated, to use instead of a local
 *                          Chromium ({@code FRAMESCOPE_BROWSER_WS}; batches are spread over them), or null
 * @param outputDir         a folder tools may write files into besides the working directory
 *                          ({@code FRAMESCOPE_OUTPUT_DIR}), or null
 * @param recordingDirs     where {@code list_recordings} looks: {@code MSD_RECORDINGS_DIR}, then
 *                          {@code FRAMESCOPE_RECORDING_DIRS} (':'-separated), then MSD-CPP's defaults
 *                          {@code replay/recordings/} and {@code build/Debug/debug/recordings/} under the working dir
 * @param dialogs           how the dialog tools reach the person ({@code FRAMESCOPE_DIALOG_*})
 * @param renderdocAttach   spool of the FrameScope extension in a person's qrenderdoc to use instead of starting a
 *                          headless bridge ({@code FRAMESCOPE_RENDERDOC_ATTACH}: {@code qrenderdoc} for the
 *                          extension's default {@code ~/.cache/framescope/qrenderdoc-spool}, or a folder), or null
 * @param mcpEra            {@code auto}, {@code legacy} or {@code modern}: {@link #MCP_ERAS}
 * @param browserMemoryMb   the most resident memory a GPU or renderer process of a shader call's Chromium may take
 *                          before the call is stopped ({@code FRAMESCOPE_BROWSER_MEMORY_MB}, default an eighth of the
 *                          machine's or container's memory, 512–8192 MiB)
 */
public record Config(Path chromium, Path python, String glslangValidator, String renderdoccmd, Path stateDir,
                     Duration requestTimeout, int maxMessageBytes, Path effectsRoot, boolean strictBrowser,
                     String browserEndpoint, Path outputDir, List<Path> recordingDirs, DialogSettings dialogs,
                     Path renderdocAttach, long browserMemoryMb, String mcpEra) {

    /**
     * Which MCP era a stdio client is served ({@code FRAMESCOPE_MCP_ERA}, {@code --era}): {@code auto} (the client's
     * first request chooses), {@code legacy} (2025-11-25 and older only: {@code server/discover} lists those, as for
     * a server that predates 2026-07-28) or {@code modern} (2026-07-28 only; {@code initialize} is refused).
     */
    public static final List<String> MCP_ERAS = List.of("auto", "legacy", "modern");

    /** The default of {@code browserMemoryMb} on this machine or container: {@link #browserMemoryMbFor(long)}. */
    public static final int DEFAULT_BROWSER_MEMORY_MB =
            browserMemoryMbFor(MachineMemory.ofThisProcess().totalMb());

    public static final int DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

    public static Config fromEnvironment(Map<String, String> env) {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        return new Config(
                Path.of(env.getOrDefault("FRAMESCOPE_CHROMIUM", "/usr/bin/chromium")),
                Path.of(env.getOrDefault("FRAMESCOPE_PYTHON", "/usr/bin/python3")),
                env.getOrDefault("FRAMESCOPE_GLSLANG", "glslangValidator"),
                env.getOrDefault("FRAMESCOPE_RENDERDOCCMD", "renderdoccmd"),
                Path.of(env.getOrDefault("FRAMESCOPE_STATE_DIR",
                        tmp.resolve("framescope-" + System.getProperty("user.name")).toString())),
                Duration.ofSeconds(positiveInt(env, "FRAMESCOPE_REQUEST_TIMEOUT_S", 1800)),
                positiveInt(env, "FRAMESCOPE_MAX_MESSAGE_BYTES", DEFAULT_MAX_MESSAGE_BYTES),
                Path.of(env.getOrDefault("FRAMESCOPE_EFFECTS_ROOT", "demo/shaders/effects")),
                "1".equals(env.get("FRAMESCOPE_BROWSER_STRICT")),
                blankToNull(env.get("FRAMESCOPE_BROWSER_WS")),
                blankToNull(env.get("FRAMESCOPE_OUTPUT_DIR")) == null ? null : Path.of(env.get("FRAMESCOPE_OUTPUT_DIR")),
                recordingDirs(env),
                DialogSettings.fromEnvironment(env),
                renderdocAttach(blankToNull(env.get("FRAMESCOPE_RENDERDOC_ATTACH")), env),
                positiveInt(env, "FRAMESCOPE_BROWSER_MEMORY_MB", DEFAULT_BROWSER_MEMORY_MB),
                mcpEra(env.get("FRAMESCOPE_MCP_ERA")));
    }

    private static String mcpEra(String raw) {
        if (raw == null || raw.isBlank()) {
            return "auto";
        }
        String era = switch (raw.trim().toLowerCase(Locale.ROOT)) {
            case "2025-11-25" -> "legacy";
            case "2026-07-28" -> "modern";
            default -> raw.trim().toLowerCase(Locale.ROOT);
        };
        if (!MCP_ERAS.contains(era)) {
            throw new SettingException("FRAMESCOPE_MCP_ERA must be one of " + MCP_ERAS + " (or 2025-11-25, "
                    + "2026-07-28), was '" + raw + "'");
        }
        return era;
    }

    /**
     * An eighth of the memory of the machine or container ({@link MachineMemory}), 512 to 8192 MiB (3072 on a 24
     * GiB machine, 512 in a 4 GiB container): two browsers each with a GPU and a renderer process at the bound still
     * leave half of it (a floor of 2048 did not under 16 GiB). 8192 let noisemaker's octaveWarp grow one GPU process
     * to 5.3 GB on a 24 GiB machine shared with others before its 40 s time limit (issue 33).
     */
    public static int browserMemoryMbFor(long totalMb) {
        return (int) Math.min(8192, Math.max(512, totalMb / 8));
    }

    /**
     * Where the qrenderdoc extension serves by default ({@code ~/.cache/framescope/qrenderdoc-spool}); it reads
     * FRAMESCOPE_RENDERDOC_SPOOL to serve elsewhere.
     */
    public static Path qrenderdocSpool(Map<String, String> env) {
        return home(env).resolve(".cache").resolve("framescope").resolve("qrenderdoc-spool");
    }

    /**
     * The user's home as the programs FrameScope works with see it: {@code $HOME} (Python's {@code expanduser}, which
     * the qrenderdoc extension uses, reads it), else the JVM's {@code user.home} (from the password file).
     */
    public static Path home(Map<String, String> env) {
        String home = env.get("HOME");
        return home == null || home.isBlank() ? Path.of(System.getProperty("user.home")) : Path.of(home);
    }

    private static Path renderdocAttach(String value, Map<String, String> env) {
        return value == null ? null : value.equals("qrenderdoc") ? qrenderdocSpool(env) : Path.of(value);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static List<Path> recordingDirs(Map<String, String> env) {
        List<Path> dirs = new ArrayList<>();
        if (env.containsKey("MSD_RECORDINGS_DIR")) {
            dirs.add(Path.of(env.get("MSD_RECORDINGS_DIR")));
        }
        for (String dir : env.getOrDefault("FRAMESCOPE_RECORDING_DIRS", "").split(":")) {
            if (!dir.isBlank()) {
                dirs.add(Path.of(dir));
            }
        }
        dirs.add(Path.of("replay/recordings"));
        dirs.add(Path.of("build/Debug/debug/recordings"));
        return List.copyOf(dirs);
    }

    public static Config defaults(Path stateDir) {
        return fromEnvironment(Map.of("FRAMESCOPE_STATE_DIR", stateDir.toString()));
    }

    static int positiveInt(Map<String, String> env, String key, int fallback) {
        String raw = env.get(key);
        if (raw == null || raw.isBlank()) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(raw.trim());
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException ignored) {
            // fall through to the message below
        }
        throw new SettingException(key + " must be a positive integer, was '" + raw + "'");
    }
}
