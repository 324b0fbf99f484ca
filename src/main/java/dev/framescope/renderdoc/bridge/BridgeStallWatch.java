package dev.framescope.renderdoc.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells a frozen bridge from a busy one when its heartbeat goes quiet. The heartbeat thread needs Python's lock,
 * and RenderDoc 1.24's Python module keeps it through a native replay call (measured: no beat at all during a
 * 0.24 s {@code OpenCapture}), so a long replay call silences the heartbeat of a healthy bridge. Such a bridge
 * burns CPU (lavapipe renders on the CPU); a frozen one is stopped by a signal (state T) or uses next to no CPU.
 * Next to none, not none: a thread waiting for Python's lock wakes every 5 ms to ask for it, and a bridge hung in a
 * native call while holding it was measured gaining a 10 ms tick every ~2 s, so "no tick for 2 s" came true only by
 * chance and a hang was found after 10–23 s instead of 10. Reads {@code /proc/<pid>/stat}; where it cannot (not
 * Linux), nothing counts as frozen and only a call's time limit stops the bridge. Thread-safe.
 */
final class BridgeStallWatch {

    /**
     * Seconds the heartbeat {@code beat} has been silent, past {@code staleMs}, while {@code process} is frozen; null
     * while it is not (sampled on every call: CPU use is measured over time).
     */
    Double stalledForS(Process process, JsonNode beat, long staleMs) {
        Double age = BridgeSpool.heartbeatAgeS(beat);
        boolean frozen = isFrozen(process.pid());
        return age != null && age * 1000 > staleMs && frozen && process.isAlive() ? age : null;
    }

    /** This long with next to no CPU time (and without a heartbeat) counts as frozen. */
    static final long CPU_QUIET_MS = 2_000;
    /** CPU a quiet process may still use: two ticks, and 5% of the time since the quiet began (a busy one: ~100%). */
    private static final long SLACK_TICKS = 2;
    private static final long MS_PER_TICK = 10; // /proc reports in USER_HZ, 100 on Linux

    private long pid = -1;
    private long quietTicks = -1;
    private long quietSinceNanos;

    /** Samples the process; true when it is stopped, or has used next to no CPU for {@link #CPU_QUIET_MS}. */
    synchronized boolean isFrozen(long processId) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(processId), "stat"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
        // After "(comm)": state, ppid, pgrp, session, tty, tpgid, flags, minflt, cminflt, majflt, cmajflt, utime, stime
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return sample(processId, fields[0].charAt(0), Long.parseLong(fields[11]) + Long.parseLong(fields[12]),
                System.nanoTime());
    }

    /** One sample: the process's state letter and CPU ticks (utime + stime) at {@code nowNanos}. */
    synchronized boolean sample(long processId, char state, long ticks, long nowNanos) {
        long quietMs = (nowNanos - quietSinceNanos) / 1_000_000;
        if (processId != pid || ticks - quietTicks > SLACK_TICKS + quietMs / 20 / MS_PER_TICK) {
            pid = processId; // a new process, or one that worked since: the quiet starts again now
            quietTicks = ticks;
            quietSinceNanos = nowNanos;
            quietMs = 0;
        }
        if (state == 'T' || state == 't') {
            return true; // SIGSTOP, SIGTSTP or a debugger
        }
        if (state == 'D') {
            return false; // waiting on the disk (a large capture on a slow drive): slow, not frozen
        }
        return quietMs >= CPU_QUIET_MS;
    }
}
