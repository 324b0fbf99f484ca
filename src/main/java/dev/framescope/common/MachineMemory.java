package dev.framescope.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's memory as Linux's /proc/meminfo gives it: the total, and what is available to new work (MemAvailable:
 * free memory plus the caches the kernel can drop). Elsewhere, or unreadable, the total is taken as 16 GiB and nothing
 * is said to be short.
 */
public final class MachineMemory {

    private static final long FALLBACK_TOTAL_MB = 16 * 1024;

    private MachineMemory() {
    }

    /** MemTotal in MiB. */
    public static long totalMb() {
        long kb = field("MemTotal:");
        return kb < 0 ? FALLBACK_TOTAL_MB : kb / 1024;
    }

    /** MemAvailable in MiB, or -1 when unknown. */
    public static long availableMb() {
        long kb = field("MemAvailable:");
        return kb < 0 ? -1 : kb / 1024;
    }

    private static long field(String name) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith(name)) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or no /proc: unknown
        }
        return -1;
    }
}
