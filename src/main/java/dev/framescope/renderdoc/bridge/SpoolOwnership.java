package dev.framescope.renderdoc.bridge;

import dev.framescope.common.FileTrees;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which server owns which bridge spool in the state folder ({@code renderdoc-spool-<pid>}, or
 * {@code renderdoc-spool-<pid>-<random>} when that name is taken: two containers sharing the folder are both pid 1):
 * the owner holds a lock on {@code <spool>.lock} beside it for as long as it lives, and the system lets go of the lock
 * when the process ends however it ends. A spool whose lock nobody holds (or, made before these locks, whose pid is
 * gone) and in which nothing was written for {@link #FRESH_MS} is left over from a server that was killed or could not
 * clean up, and is removed by the next server; a live server's spool never is, even one in another pid namespace.
 *
 * <p>Why it is safe: a claim creates its lock file new ({@code O_EXCL}) and only then takes its lock, never waiting
 * (so a server never hangs on another's lock, and an interrupt cannot leave a claimed file unlocked); a claim that
 * fails deletes the file it created. A cleaner deletes a spool and its lock file only while it holds that lock, and
 * only when neither they nor the spool's heartbeat were written in the last {@link #FRESH_MS}, checked again once it
 * holds the lock: so a lock file it opened just before its owner deleted it, and a new claim made under the same name
 * meanwhile, are never mistaken for a stale one. POSIX locks belong to the process, and closing any channel to a file
 * lets go of them all: this process's own lock files ({@link #HELD}) are never opened a second time, and claims and
 * cleaning in this process take turns ({@link #TURNS}). Leaves the spool's contents to {@link BridgeSpool}.
 */
final class SpoolOwnership implements AutoCloseable {

    /** Anything written in a spool this recently (the heartbeat every 0.5 s, a claim, a request) means its owner may live. */
    static final long FRESH_MS = 30_000;
    private static final int NAMES_TRIED = 8;
    private static final Pattern SPOOL = Pattern.compile("(renderdoc-spool-(\\d+)(?:-[0-9a-z]+)?)(\\.lock)?");
    /** The lock files this process holds. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();
    private static final Object TURNS = new Object();

    private final Path spool;
    private final Path lockFile;
    private final FileChannel channel;
    private final FileLock lock;

    private SpoolOwnership(Path spool, Path lockFile, FileChannel channel, FileLock lock) {
        this.spool = spool;
        this.lockFile = lockFile;
        this.channel = channel;
        this.lock = lock;
    }

    /** The spool folder this process owns (not made yet: the launcher makes it). */
    Path spool() {
        return spool;
    }

    /**
     * Claims a spool in {@code stateDir} for this process: {@code renderdoc-spool-<pid>}, or that with a random
     * suffix when the name is in use (another server's, live or stale). Never waits for another process.
     *
     * @throws IOException when the folder cannot be written, or no name could be had
     */
    static SpoolOwnership claim(Path stateDir) throws IOException {
        Files.createDirectories(stateDir);
        stateDir = stateDir.toAbsolutePath().normalize(); // as the cleaner names this process's lock files
        String base = "renderdoc-spool-" + ProcessHandle.current().pid();
        for (int i = 0; i < NAMES_TRIED; i++) {
            Path spool = stateDir.resolve(i == 0 ? base : base + "-" + Long.toString(
                    ThreadLocalRandom.current().nextLong(1L << 40, 1L << 41), 36));
            SpoolOwnership claimed = Files.exists(spool, LinkOption.NOFOLLOW_LINKS) ? null : tryClaim(spool);
            if (claimed != null) {
                return claimed;
            }
        }
        throw new IOException("no free spool name in " + stateDir + " after " + NAMES_TRIED + " tries");
    }

    /** As {@link #claim}, or null when that fails: the bridge then runs in the unowned {@code renderdoc-spool-<pid>}. */
    static SpoolOwnership claimOrNull(Path stateDir) {
        try {
            return claim(stateDir);
        } catch (IOException e) {
            return null;
        }
    }

    /** The lock of {@code spool}, taken on a lock file this call creates; null when the name is someone else's. */
    private static SpoolOwnership tryClaim(Path spool) throws IOException {
        Path lockFile = lockFileOf(spool);
        synchronized (TURNS) {
            FileChannel channel;
            try {
                channel = FileChannel.open(lockFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (FileAlreadyExistsException taken) {
                return null;
            }
            FileLock lock = null;
            try {
                lock = channel.tryLock(); // never waits, and unlike lock() an interrupt cannot break it
            } catch (OverlappingFileLockException e) {
                // below: the claim fails and takes its file with it
            } finally {
                if (lock == null) {
                    channel.close();
                    Files.deleteIfExists(lockFile); // ours (created new); an unlocked one would look stale
                }
            }
            if (lock == null) {
                return null;
            }
            HELD.add(lockFile);
            return new SpoolOwnership(spool, lockFile, channel, lock);
        }
    }

    /** {@link #removeStale} on a thread of its own: a server's start does not wait for it. */
    static void removeStaleInBackground(Path stateDir) {
        Thread cleaner = new Thread(() -> removeStale(stateDir), "renderdoc-stale-spools");
        cleaner.setDaemon(true);
        cleaner.start();
    }

    /**
     * Lets go of the lock after the spool was deleted: its file is deleted first, while the lock still keeps cleaners
     * off it (one that opened it before gets the lock of a file no longer there, and leaves it).
     */
    @Override
    public void close() {
        synchronized (TURNS) {
            try (channel) {
                Files.deleteIfExists(lockFile);
                lock.release();
            } catch (IOException e) {
                // the process ends next: the system lets go of the lock, and the next server removes the file
            } finally {
                HELD.remove(lockFile);
            }
        }
    }

    /**
     * Removes the spools in {@code stateDir} that no live server owns, and lock files left without a spool; returns
     * how many spools it removed. Never throws.
     */
    static int removeStale(Path stateDir) {
        Set<Path> spools = new TreeSet<>();
        try (Stream<Path> entries = Files.list(stateDir.toAbsolutePath().normalize())) {
            entries.forEach(entry -> {
                Matcher name = SPOOL.matcher(entry.getFileName().toString());
                if (name.matches()) {
                    spools.add(entry.resolveSibling(name.group(1)));
                }
            });
        } catch (IOException | RuntimeException e) {
            return 0; // no state folder yet, or it cannot be read: nothing to clean
        }
        int removed = 0;
        for (Path spool : spools) {
            try {
                boolean isSpool = Files.exists(spool, LinkOption.NOFOLLOW_LINKS);
                removed += removeIfStale(spool) && isSpool ? 1 : 0;
            } catch (IOException | RuntimeException e) {
                // in use, or changed meanwhile: the next server looks again
            }
        }
        return removed;
    }

    private static boolean removeIfStale(Path spool) throws IOException {
        Path lockFile = lockFileOf(spool);
        synchronized (TURNS) {
            if (HELD.contains(lockFile) || isFresh(spool, lockFile)) {
                return false;
            }
            if (!Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)) {
                // from before the locks: its pid tells, in this pid namespace
                Matcher name = SPOOL.matcher(spool.getFileName().toString());
                if (!name.matches() || ProcessHandle.of(Long.parseLong(name.group(2))).map(ProcessHandle::isAlive)
                        .orElse(false)) {
                    return false;
                }
                FileTrees.deleteTree(spool); // a link under a spool's name goes, not what it points to
                return true;
            }
            if (!Files.isRegularFile(lockFile, LinkOption.NOFOLLOW_LINKS)) {
                return false; // a link or a FIFO under a lock's name: never ours to open (a FIFO would block)
            }
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS)) {
                FileLock lock = channel.tryLock();
                if (lock == null) {
                    return false; // its owner lives
                }
                try {
                    // the file it locked may have been deleted by its owner since, and the name claimed anew
                    if (isFresh(spool, lockFile) || !Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)) {
                        return false;
                    }
                    FileTrees.deleteTree(spool);
                    Files.deleteIfExists(lockFile);
                } finally {
                    lock.release();
                }
                return true;
            } catch (NoSuchFileException gone) {
                return false; // its owner cleaned up meanwhile
            }
        }
    }

    /** Whether the spool, its heartbeat or its lock file were written in the last {@link #FRESH_MS}. */
    private static boolean isFresh(Path spool, Path lockFile) {
        long now = System.currentTimeMillis();
        for (Path file : new Path[] {spool, spool.resolve("heartbeat.json"), lockFile}) {
            try {
                if (now - Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toMillis() < FRESH_MS) {
                    return true;
                }
            } catch (IOException absent) {
                // not there: says nothing
            }
        }
        return false;
    }

    private static Path lockFileOf(Path spool) {
        return spool.resolveSibling(spool.getFileName() + ".lock");
    }
}
