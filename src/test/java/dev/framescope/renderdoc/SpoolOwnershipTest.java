package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which spools the next server removes: those whose owner's lock nobody holds, and those from before the locks whose
 * pid is gone; never one whose lock another process holds, nor this process's own.
 */
class SpoolOwnershipTest {

    @TempDir
    Path state;

    private Path spool(long pid) throws Exception {
        Path spool = Files.createDirectories(state.resolve("renderdoc-spool-" + pid));
        Files.writeString(spool.resolve("heartbeat.json"), "{}");
        return spool;
    }

    /** A pid no process can have: past the largest the kernel allows (2^22). */
    private static long deadPid() {
        long pid = 4_194_304 + 4_000_000L;
        assertFalse(ProcessHandle.of(pid).isPresent());
        return pid;
    }

    @Test
    void aSpoolFromBeforeTheLocksGoesWhenItsPidIsGoneAndStaysWhileItLives() throws Exception {
        Path dead = spool(deadPid());
        Path alive = spool(ProcessHandle.current().parent().orElseThrow().pid());
        assertEquals(1, SpoolOwnership.removeStale(state));
        assertFalse(Files.exists(dead));
        assertTrue(Files.exists(alive.resolve("heartbeat.json")));
    }

    @Test
    void aLockNobodyHoldsMeansTheOwnerIsGoneWhateverItsPid() throws Exception {
        Path reused = spool(ProcessHandle.current().parent().orElseThrow().pid());
        Files.writeString(state.resolve(reused.getFileName() + ".lock"), "");
        assertEquals(1, SpoolOwnership.removeStale(state));
        assertFalse(Files.exists(reused));
        assertFalse(Files.exists(state.resolve(reused.getFileName() + ".lock")));
    }

    @Test
    void aSpoolWhoseLockAnotherProcessHoldsIsKeptEvenUnderAPidThatLooksGone() throws Exception {
        Path other = spool(deadPid()); // a server in another pid namespace sharing the folder
        Path lock = state.resolve(other.getFileName() + ".lock");
        Process holder = new ProcessBuilder("python3", "-c", "import fcntl, sys, time\n"
                + "f = open(sys.argv[1], 'w')\nfcntl.lockf(f, fcntl.LOCK_EX)\nprint('locked', flush=True)\n"
                + "time.sleep(60)", lock.toString()).start();
        try {
            BufferedReader said = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                    StandardCharsets.UTF_8));
            assertEquals("locked", said.readLine());
            assertEquals(0, SpoolOwnership.removeStale(state));
            assertTrue(Files.exists(other.resolve("heartbeat.json")));
        } finally {
            holder.destroyForcibly().waitFor();
        }
        assertEquals(1, SpoolOwnership.removeStale(state), "once its holder is gone, it goes");
    }

    @Test
    void thisProcessesOwnSpoolIsNeverRemovedAndItsLockGoesWithIt() throws Exception {
        Path own = spool(ProcessHandle.current().pid());
        try (SpoolOwnership claimed = SpoolOwnership.claim(own)) {
            assertEquals(0, SpoolOwnership.removeStale(state));
            assertTrue(Files.exists(own));
            assertTrue(Files.exists(state.resolve(own.getFileName() + ".lock")));
        }
        assertFalse(Files.exists(state.resolve(own.getFileName() + ".lock")), "the lock file goes with its owner");
    }
}
