package dev.framescope.shader.harness;

import dev.framescope.common.Config;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.MachineMemory;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The most resident memory a Chromium GPU or renderer process of a call's browser may take (issue 27: one noisemaker
 * effect grew the GPU process to 13.7 GB on a 24 GB machine before its context was lost). A running call's browser is
 * looked at every {@value #CHECK_EVERY_MS} ms (from /proc, the processes under the browser this lane launched); a
 * process past the bound stops the call as a timeout does, and the next call relaunches Chromium. So does a process
 * of at least {@value #SHORT_MIN_MB} MiB while the machine has less than {@value #FLOOR_PERCENT} % of its memory
 * available (issue 33: others' work on a shared machine can leave less room than the bound assumes); in a container
 * its limit and usage are the machine's ({@link MachineMemory}).
 */
final class MemoryBound {

    /** The environment variable that sets the bound, in MiB (read into the configuration). */
    static final String ENV = "FRAMESCOPE_BROWSER_MEMORY_MB";
    static final long DEFAULT_MB = Config.DEFAULT_BROWSER_MEMORY_MB;
    static final long CHECK_EVERY_MS = 100;
    /** Below this share of the machine's memory available, a large process of the call is stopped. */
    static final int FLOOR_PERCENT = 5;
    /** The least a process must hold to be stopped when the machine is short: smaller ones are not the cause. */
    static final long SHORT_MIN_MB = 1024;

    /** A process over the bound, or large while the machine is short: what a waiting call stops for. */
    static final class Exceeded extends Exception {
        private static final long serialVersionUID = 1L;
        final long pid;
        final String type;
        final long rssMb;
        /** MiB the machine had available when it was short, else -1 (the process passed the bound). */
        final long availableMb;

        Exceeded(long pid, String type, long rssMb, long availableMb) {
            super(type + " process " + pid + " at " + rssMb + " MiB");
            this.pid = pid;
            this.type = type;
            this.rssMb = rssMb;
            this.availableMb = availableMb;
        }
    }

    private static final Pattern TYPE = Pattern.compile("--type=(gpu-process|renderer)(?=[\\s\\x00]|$)");

    private final long limitMb;

    MemoryBound(long limitMb) {
        this.limitMb = limitMb;
    }

    long limitMb() {
        return limitMb;
    }

    /**
     * Throws when a GPU or renderer process under {@code browser} is resident in more than the bound, or in at least
     * {@value #SHORT_MIN_MB} MiB while the machine is short of memory.
     */
    void check(ProcessHandle browser) throws Exceeded {
        if (browser == null) {
            return; // a browser server's processes are not ours to watch
        }
        long largest = 0;
        long largestPid = 0;
        String largestType = null;
        for (ProcessHandle p : (Iterable<ProcessHandle>) browser.descendants()::iterator) {
            Optional<String> type = type(p.pid());
            long rssMb = type.isPresent() ? rssMb(p.pid()) : 0;
            if (rssMb > limitMb) {
                throw new Exceeded(p.pid(), type.get(), rssMb, -1);
            }
            if (rssMb > largest) {
                largest = rssMb;
                largestPid = p.pid();
                largestType = type.get();
            }
        }
        if (largest >= SHORT_MIN_MB) {
            long available = MachineMemory.ofThisProcess().availableMb();
            if (available >= 0 && available < MachineMemory.ofThisProcess().totalMb() * FLOOR_PERCENT / 100) {
                throw new Exceeded(largestPid, largestType, largest, available);
            }
        }
    }

    /** The error a call stopped for {@code over} answers; {@code recovery} says what was done about it. */
    ToolException answer(Exceeded over, String recovery) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("operation", "browser call");
        context.put("limit_mb", limitMb);
        context.put("process", over.type);
        context.put("pid", over.pid);
        context.put("rss_mb", over.rssMb);
        context.put("env", ENV);
        String process = "Chromium's " + (over.type.equals("renderer") ? "renderer" : "GPU") + " process (pid "
                + over.pid + ") grew to " + over.rssMb + " MiB resident";
        if (over.availableMb >= 0) {
            context.put("machine_available_mb", over.availableMb);
            long totalMb = MachineMemory.ofThisProcess().totalMb();
            return new ToolException(ErrorCode.ENGINE_FAILED, process + " while the machine had only "
                    + over.availableMb + " MiB of " + totalMb + " MiB available (under "
                    + FLOOR_PERCENT + " %), so the call was stopped before the machine ran out (on SwiftShader GPU "
                    + "memory is the GPU process's RAM; the bound per process is " + limitMb + " MiB, " + ENV
                    + "); free memory or try a smaller size; " + recovery + ".", context);
        }
        return new ToolException(ErrorCode.ENGINE_FAILED, process + ", past the " + limitMb + " MiB bound per "
                + "process, so the call was stopped: the effect allocates more than this machine should give it (on "
                + "SwiftShader GPU memory is the GPU process's RAM; the default bound is an eighth of the machine's "
                + "memory, or its container's). Raise " + ENV + " to allow more; " + recovery + ".", context);
    }

    /** "gpu-process" or "renderer" for those processes of Chromium, else empty. */
    private static Optional<String> type(long pid) {
        try {
            String line = new String(Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "cmdline")),
                    StandardCharsets.UTF_8);
            // Chromium's children rewrite their title: the arguments are joined by spaces there, not NULs.
            Matcher type = TYPE.matcher(line);
            if (type.find()) {
                return Optional.of(type.group(1));
            }
        } catch (IOException | RuntimeException e) {
            // gone meanwhile, or not Linux
        }
        return Optional.empty();
    }

    /** VmRSS of {@code pid} in MiB (0 when gone). */
    private static long rssMb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone meanwhile
        }
        return 0;
    }
}
