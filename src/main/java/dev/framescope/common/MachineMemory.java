package dev.framescope.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The memory this process may use, container-aware, read from Linux's files under a root ({@code /} for this
 * process): /proc/meminfo gives the host's total and what it has available to new work (MemAvailable: free memory
 * plus the caches the kernel can drop), and the memory cgroups this process is in, from its own up to the root of
 * their mount, can set a lower limit (cgroup v2 {@code memory.max}; v1 {@code memory.limit_in_bytes}, where "no
 * limit" is a number past the host's memory). The total is the least of them; what is available is the least of
 * MemAvailable and each limit less its cgroup's usage ({@code memory.current}, v1 {@code memory.usage_in_bytes})
 * without the file cache the kernel reclaims first ({@code inactive_file}): in a container with a 4 GiB limit on a
 * 24 GiB host, the container's 4 GiB is the machine. Elsewhere, or unreadable, the total is taken as 16 GiB and
 * nothing is said to be short. Reads the files at each call (a few small ones; the memory bound asks every 0.1 s)
 * and keeps nothing, so every browser lane's watcher asks it at once.
 */
public final class MachineMemory {

    private static final long FALLBACK_TOTAL_MB = 16 * 1024;
    private static final long MIB = 1024 * 1024;
    private static final MachineMemory THIS_PROCESS = new MachineMemory(Path.of("/"));

    /** One memory cgroup level: its limit in bytes (absent: none), usage and reclaimable file cache. */
    private record Level(OptionalLong limitBytes, long usageBytes, long inactiveFileBytes) {
    }

    private final Path root;

    private MachineMemory(Path root) {
        this.root = root;
    }

    /** The memory of this process's machine or container. */
    public static MachineMemory ofThisProcess() {
        return THIS_PROCESS;
    }

    /** As the files under {@code root} ({@code root/proc/...}, {@code root/sys/fs/cgroup/...}) say: for tests. */
    static MachineMemory under(Path root) {
        return new MachineMemory(root);
    }

    /** The host's MemTotal or the least cgroup limit, whichever is lower, in MiB. */
    public long totalMb() {
        long hostKb = meminfo("MemTotal:");
        long total = hostKb < 0 ? Long.MAX_VALUE : hostKb * 1024;
        for (Level level : levels(hostKb)) {
            total = Math.min(total, level.limitBytes().orElse(Long.MAX_VALUE));
        }
        return total == Long.MAX_VALUE ? FALLBACK_TOTAL_MB : total / MIB;
    }

    /** MemAvailable or the least room a cgroup limit leaves, whichever is lower, in MiB; -1 when unknown. */
    public long availableMb() {
        long hostKb = meminfo("MemAvailable:");
        long available = hostKb < 0 ? Long.MAX_VALUE : hostKb * 1024;
        for (Level level : levels(meminfo("MemTotal:"))) {
            if (level.limitBytes().isPresent()) {
                long used = Math.max(0, level.usageBytes() - level.inactiveFileBytes());
                available = Math.min(available, Math.max(0, level.limitBytes().getAsLong() - used));
            }
        }
        return available == Long.MAX_VALUE ? -1 : available / MIB;
    }

    private long meminfo(String name) {
        for (String line : lines(root.resolve("proc/meminfo"))) {
            if (line.startsWith(name)) {
                return number(line.substring(name.length()).replace("kB", ""));
            }
        }
        return -1;
    }

    /**
     * The memory cgroups of this process from its own up to the mount's root, v2 and v1 (a hybrid host mounts
     * both; only the one with the memory controller has its files). A limit at or past the host's memory is none.
     */
    private List<Level> levels(long hostKb) {
        List<Level> levels = new ArrayList<>();
        for (String line : lines(root.resolve("proc/self/cgroup"))) {
            String[] parts = line.split(":", 3);
            if (parts.length < 3) {
                continue;
            }
            if (parts[0].equals("0") && parts[1].isEmpty()) {
                walk(root.resolve("sys/fs/cgroup"), parts[2], "memory.max", "memory.current", "inactive_file",
                        hostKb, levels);
            } else if (List.of(parts[1].split(",")).contains("memory")) {
                walk(root.resolve("sys/fs/cgroup/memory"), parts[2], "memory.limit_in_bytes",
                        "memory.usage_in_bytes", "total_inactive_file", hostKb, levels);
            }
        }
        return levels;
    }

    /**
     * Adds the levels from the cgroup at {@code path} under {@code mount} up to the mount itself. Inside a container
     * the path may name the host's cgroup while the mount shows the container's own as its root: then the mount's
     * root is the process's cgroup.
     */
    private static void walk(Path mount, String path, String limitFile, String usageFile, String inactiveKey,
                             long hostKb, List<Level> levels) {
        Path dir = mount.resolve(path.replaceFirst("^/+", "")).normalize();
        if (!dir.startsWith(mount) || !Files.isDirectory(dir)) {
            dir = mount;
        }
        for (Path d = dir; d != null && d.startsWith(mount); d = d.getParent()) {
            List<String> limit = lines(d.resolve(limitFile));
            if (!limit.isEmpty()) {
                long bytes = limit.get(0).trim().equals("max") ? -1 : number(limit.get(0));
                boolean limited = bytes >= 0 && (hostKb < 0 || bytes < hostKb * 1024);
                List<String> usage = lines(d.resolve(usageFile));
                levels.add(new Level(limited ? OptionalLong.of(bytes) : OptionalLong.empty(),
                        usage.isEmpty() ? 0 : Math.max(0, number(usage.get(0))), inactive(d, inactiveKey)));
            }
        }
    }

    private static long inactive(Path dir, String key) {
        for (String line : lines(dir.resolve("memory.stat"))) {
            if (line.startsWith(key + " ")) {
                return Math.max(0, number(line.substring(key.length())));
            }
        }
        return 0;
    }

    /** A whole number of the text (spaces around allowed), or -1 when it is none or past a long. */
    private static long number(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The lines of a small regular file, or none when it is missing, not a regular file or unreadable. */
    private static List<String> lines(Path file) {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file);
        } catch (IOException | RuntimeException e) {
            return List.of(); // not Linux, no /proc, or gone meanwhile
        }
    }
}
