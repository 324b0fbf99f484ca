package dev.framescope.renderdoc.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which spools the next server removes: those whose owner's lock nobody holds, and those from before the locks whose
 * pid is gone, once nothing was written in them for 30 s; never one whose lock another process holds, one written
 * recently, nor this process's own. A claim never waits for another process and always ends holding its lock.
 */
class SpoolOwnershipTest {

    @TempDir
    Path state;

    private Path spool(long pid) throws Exception {
        Path spool = Files.createDirectories(state.resolve("renderdoc-spool-" + pid));
        Files.writeString(spool.resolve("heartbeat.json"), "{}");
        return spool;
    }

    /**
     * As a spool whose server died a minute ago: nothing in it, nor its lock file, written since. Set by another
     * process: Java opens a file to set its time, and closing that lets go of this process's lock on it.
     */
    private static Path aged(Path spool) throws Exception {
        Path lock = spool.resolveSibling(spool.getFileName() + ".lock");
        for (Path file : List.of(spool.resolve("heartbeat.json"), spool, lock)) {
            if (Files.exists(file)) {
                minuteOld(file);
            }
        }
        return spool;
    }

    private static void minuteOld(Path file) throws Exception {
        long minuteAgo = System.currentTimeMillis() / 1000 - 60;
        assertEquals(0, new ProcessBuilder("touch", "-m", "-d", "@" + minuteAgo, file.toString()).start().waitFor());
    }

    /** A pid no process can have: past the largest the kernel allows (2^22). */
    private static long deadPid() {
        long pid = 4_194_304 + 4_000_000L;
        assertFalse(ProcessHandle.of(pid).isPresent());
        return pid;
    }

    /** Another process (a server in another container, or a cleaner) holding the lock on {@code lock}. */
    private static Process holding(Path lock) throws Exception {
        Process holder = new ProcessBuilder("python3", "-c", "import fcntl, sys, time\n"
                + "f = open(sys.argv[1], 'a')\nfcntl.lockf(f, fcntl.LOCK_EX)\nprint('locked', flush=True)\n"
                + "time.sleep(60)", lock.toString()).start();
        BufferedReader said = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                StandardCharsets.UTF_8));
        assertEquals("locked", said.readLine());
        return holder;
    }

    /** Whether another process can take the lock on {@code lock} now (without waiting). */
    private static boolean lockableByAnother(Path lock) throws Exception {
        Process probe = new ProcessBuilder("python3", "-c", "import fcntl, sys\nf = open(sys.argv[1], 'a')\n"
                + "try:\n    fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)\n    print('free')\n"
                + "except OSError:\n    print('held')", lock.toString()).start();
        String said = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        probe.waitFor();
        return said.equals("free");
    }

    @Test
    void aSpoolFromBeforeTheLocksGoesWhenItsPidIsGoneAndStaysWhileItLives() throws Exception {
        Path dead = aged(spool(deadPid()));
        Path alive = aged(spool(ProcessHandle.current().parent().orElseThrow().pid()));
        assertEquals(1, SpoolOwnership.removeStale(state));
        assertFalse(Files.exists(dead));
        assertTrue(Files.exists(alive.resolve("heartbeat.json")));
    }

    @Test
    void aLockNobodyHoldsMeansTheOwnerIsGoneWhateverItsPid() throws Exception {
        Path reused = spool(ProcessHandle.current().parent().orElseThrow().pid());
        Files.writeString(state.resolve(reused.getFileName() + ".lock"), "");
        aged(reused);
        assertEquals(1, SpoolOwnership.removeStale(state));
        assertFalse(Files.exists(reused));
        assertFalse(Files.exists(state.resolve(reused.getFileName() + ".lock")));
    }

    @Test
    void aSpoolWhoseLockAnotherProcessHoldsIsKeptEvenUnderAPidThatLooksGone() throws Exception {
        Path other = spool(deadPid()); // a server in another pid namespace sharing the folder
        Path lock = state.resolve(other.getFileName() + ".lock");
        Process holder = holding(lock);
        try {
            aged(other);
            assertEquals(0, SpoolOwnership.removeStale(state));
            assertTrue(Files.exists(other.resolve("heartbeat.json")));
        } finally {
            holder.destroyForcibly().waitFor();
        }
        assertEquals(1, SpoolOwnership.removeStale(state), "once its holder is gone, it goes");
    }

    /**
     * A lock nobody holds, but a heartbeat written seconds ago: a bridge serves it (its server's lock file was
     * lost, or its server is just starting). Removing it would make that bridge exit under its caller.
     */
    @Test
    void aSpoolWrittenInTheLast30SecondsIsKeptEvenWhenItsLockIsFree() throws Exception {
        Path live = spool(deadPid());
        Path lock = state.resolve(live.getFileName() + ".lock");
        Files.writeString(lock, "");
        minuteOld(lock);
        assertEquals(0, SpoolOwnership.removeStale(state));
        assertTrue(Files.exists(live.resolve("heartbeat.json")));
        aged(live);
        assertEquals(1, SpoolOwnership.removeStale(state), "once nothing was written there for 30 s");
    }

    @Test
    void aLockFileLeftWithoutItsSpoolGoesToo() throws Exception {
        Path lock = state.resolve("renderdoc-spool-" + deadPid() + "-k2x9.lock");
        Files.writeString(lock, "");
        minuteOld(lock);
        assertEquals(0, SpoolOwnership.removeStale(state), "no spool was removed");
        assertFalse(Files.exists(lock));
    }

    @Test
    void thisProcessesOwnSpoolIsNeverRemovedAndItsLockGoesWithIt() throws Exception {
        Path lock;
        try (SpoolOwnership claimed = SpoolOwnership.claim(state)) {
            Path own = claimed.spool();
            assertEquals(state.resolve("renderdoc-spool-" + ProcessHandle.current().pid()), own);
            Files.createDirectories(own);
            lock = state.resolve(own.getFileName() + ".lock");
            aged(own);
            assertEquals(0, SpoolOwnership.removeStale(state));
            assertTrue(Files.exists(own));
            assertTrue(Files.exists(lock));
            assertFalse(lockableByAnother(lock), "the cleaner looked without letting go of this process's lock");
        }
        assertFalse(Files.exists(lock), "the lock file goes with its owner");
    }

    /**
     * Two containers sharing the state folder are both pid 1: the second finds the first's lock held, and takes
     * another name at once instead of waiting (inside the bridge's start, which every call and the diagnostics wait
     * on) until the first server ends.
     */
    @Test
    void aClaimNeverWaitsForAnotherProcessAndTakesAnotherName() throws Exception {
        Path taken = state.resolve("renderdoc-spool-" + ProcessHandle.current().pid());
        Process other = holding(state.resolve(taken.getFileName() + ".lock"));
        try {
            SpoolOwnership claimed = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> SpoolOwnership.claim(state));
            try (claimed) {
                assertNotEquals(taken, claimed.spool());
                assertTrue(claimed.spool().getFileName().toString().matches("renderdoc-spool-"
                        + ProcessHandle.current().pid() + "-[0-9a-z]+"), claimed.spool().toString());
                assertFalse(lockableByAnother(state.resolve(claimed.spool().getFileName() + ".lock")));
            }
        } finally {
            other.destroyForcibly().waitFor();
        }
    }

    /** A cancel interrupts the call that starts the first bridge: its claim must still end holding its lock. */
    @Test
    void aClaimOnAnInterruptedThreadStillHoldsItsLock() throws Exception {
        SpoolOwnership claimed;
        Thread.currentThread().interrupt();
        try {
            claimed = SpoolOwnership.claimOrNull(state);
        } finally {
            Thread.interrupted();
        }
        assertTrue(claimed != null, "claimed");
        try (claimed) {
            assertFalse(lockableByAnother(state.resolve(claimed.spool().getFileName() + ".lock")),
                    "another server's cleaner cannot take it for a dead server's");
        }
        try (Stream<Path> left = Files.list(state)) {
            assertEquals(List.of(), left.toList(), "nothing left behind");
        }
    }

    /** Servers of one process (tests run several) claim at once while a cleaner runs: each gets its own spool. */
    @Test
    void claimsAtOnceWithACleanerRunningEachGetTheirOwnLockedSpool() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<SpoolOwnership> claimed = new ArrayList<>();
        try {
            List<Future<SpoolOwnership>> claims = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                claims.add(pool.submit(() -> SpoolOwnership.claim(state)));
                pool.submit(() -> SpoolOwnership.removeStale(state));
            }
            for (Future<SpoolOwnership> claim : claims) {
                claimed.add(claim.get(10, TimeUnit.SECONDS));
            }
            assertEquals(8, claimed.stream().map(SpoolOwnership::spool).distinct().count());
            for (SpoolOwnership own : claimed) {
                aged(Files.createDirectories(own.spool()));
            }
            assertEquals(0, SpoolOwnership.removeStale(state), "this process's own, however old");
            for (SpoolOwnership own : claimed) {
                assertFalse(lockableByAnother(state.resolve(own.spool().getFileName() + ".lock")), own.spool()
                        .toString());
            }
        } finally {
            pool.shutdownNow();
            claimed.forEach(SpoolOwnership::close);
        }
    }

    /** A link or a FIFO under a spool's or a lock's name: the cleaner neither follows nor blocks on it. */
    @Test
    void aLinkOrAFifoNamedLikeASpoolNeitherLeadsTheCleanerElsewhereNorBlocksIt(@TempDir Path elsewhere)
            throws Exception {
        Path precious = Files.writeString(elsewhere.resolve("precious.txt"), "kept");
        Path linked = Files.createSymbolicLink(state.resolve("renderdoc-spool-" + deadPid()), elsewhere);
        assertEquals(0, new ProcessBuilder("touch", "-h", "-m", "-d", "@" + (System.currentTimeMillis() / 1000 - 60),
                linked.toString()).start().waitFor());
        Path fifoLock = state.resolve("renderdoc-spool-" + (deadPid() + 1) + ".lock");
        assertEquals(0, new ProcessBuilder("mkfifo", fifoLock.toString()).start().waitFor());
        Files.createDirectories(state.resolve("renderdoc-spool-" + (deadPid() + 1)));
        aged(state.resolve("renderdoc-spool-" + (deadPid() + 1)));
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> SpoolOwnership.removeStale(state));
        assertEquals("kept", Files.readString(precious), "never deleted through the link");
        assertFalse(Files.exists(linked, LinkOption.NOFOLLOW_LINKS), "the link itself goes");
        assertTrue(Files.exists(fifoLock), "a FIFO is left alone");
    }
}
