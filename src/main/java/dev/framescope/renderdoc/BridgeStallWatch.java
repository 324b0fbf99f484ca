package dev.framescope.renderdoc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells a frozen bridge from a busy one when its heartbeat goes quiet. The heartbeat thread needs Python's lock,
 * and RenderDoc 1.24's Python module keeps it through a native replay call (measured: no beat at all during a
 * 0.24 s {@code OpenCapture}), so a long replay call silences the heartbeat of a healthy bridge. Such a bridge
 * burns CPU (lavapipe renders on the CPU); a frozen one is stopped by a signal (state T) or uses no CPU at all.
 * Reads {@code /proc/<pid>/stat}; where it cannot (not Linux), nothing counts as frozen and only a call's time limit
 * stops the bridge. Thread-safe.
 */
final class BridgeStallWatch {

    /** This long without CPU time (and without a heartbeat) counts as frozen. */
    static final long CPU_QUIET_MS = 2_000;

    private long pid = -1;
    private long cpuTicks = -1;
    private long cpuChangedNanos;

    /** Samples the process; true when it is stopped, or has used no CPU for {@link #CPU_QUIET_MS}. */
    synchronized boolean isFrozen(long processId) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(processId), "stat"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
        // After "(comm)": state, ppid, pgrp, session, tty, tpgid, flags, minflt, cminflt, majflt, cmajflt, utime, stime
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        char state = fields[0].charAt(0);
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        long now = System.nanoTime();
        if (processId != pid || ticks != cpuTicks) {
            pid = processId;
            cpuTicks = ticks;
            cpuChangedNanos = now;
        }
        if (state == 'T' || state == 't') {
            return true; // SIGSTOP, SIGTSTP or a debugger
        }
        if (state == 'D') {
            return false; // waiting on the disk (a large capture on a slow drive): slow, not frozen
        }
        return now - cpuChangedNanos >= CPU_QUIET_MS * 1_000_000;
    }
}
