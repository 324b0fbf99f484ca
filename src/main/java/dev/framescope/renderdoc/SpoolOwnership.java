package dev.framescope.renderdoc;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which server owns which bridge spool in the state folder ({@code renderdoc-spool-<pid>}): the owner holds a lock on
 * {@code renderdoc-spool-<pid>.lock} beside it for as long as it lives, and the system lets go of the lock when the
 * process ends however it ends. A spool whose lock nobody holds (or, made before these locks, whose pid is gone) is
 * left over from a server that was killed or could not clean up, and is removed by the next server; a live server's
 * spool never is, even one in another pid namespace sharing the folder. Leaves the spool's contents to
 * {@link BridgeSpool}.
 */
final class SpoolOwnership implements AutoCloseable {

    private static final Pattern SPOOL = Pattern.compile("renderdoc-spool-(\\d+)");

    private final Path lockFile;
    private final FileChannel channel;
    private final FileLock lock;

    private SpoolOwnership(Path lockFile, FileChannel channel, FileLock lock) {
        this.lockFile = lockFile;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes {@code spool}'s lock for this process, waiting while a cleaner holds it for a moment. */
    static SpoolOwnership claim(Path spool) throws IOException {
        Path lockFile = lockFileOf(spool);
        Files.createDirectories(lockFile.getParent());
        FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            return new SpoolOwnership(lockFile, channel, channel.lock());
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * As {@link #claim}, or null when the state folder cannot be written: starting the bridge then says so, with the
     * fix.
     */
    static SpoolOwnership claimOrNull(Path spool) {
        try {
            return claim(spool);
        } catch (IOException e) {
            return null;
        }
    }

    /** {@link #removeStale} on a thread of its own: a server's start does not wait for it. */
    static void removeStaleInBackground(Path stateDir) {
        Thread cleaner = new Thread(() -> removeStale(stateDir), "renderdoc-stale-spools");
        cleaner.setDaemon(true);
        cleaner.start();
    }

    /** Lets go of the lock and deletes its file, after the spool itself was deleted. */
    @Override
    public void close() {
        try (channel) {
            Files.deleteIfExists(lockFile);
            lock.release();
        } catch (IOException e) {
            // the process ends next: the system lets go of the lock, and the next server removes the file
        }
    }

    /**
     * Removes the spools in {@code stateDir} no live server owns; returns how many. Never throws. This process's own
     * is not even looked at: closing any channel to a file lets go of every lock the process holds on it.
     */
    static int removeStale(Path stateDir) {
        int removed = 0;
        long self = ProcessHandle.current().pid();
        try (Stream<Path> entries = Files.list(stateDir)) {
            for (Path spool : entries.filter(Files::isDirectory).toList()) {
                Matcher name = SPOOL.matcher(spool.getFileName().toString());
                if (name.matches() && Long.parseLong(name.group(1)) != self
                        && removeIfStale(spool, Long.parseLong(name.group(1)))) {
                    removed++;
                }
            }
        } catch (IOException | RuntimeException e) {
            // no state folder yet, or it cannot be read: nothing to clean
        }
        return removed;
    }

    private static boolean removeIfStale(Path spool, long pid) throws IOException {
        Path lockFile = lockFileOf(spool);
        if (!Files.exists(lockFile)) {
            // from before the locks: its pid tells, in this pid namespace
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return false;
            }
            deleteTree(spool);
            return true;
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return false; // its owner lives
            }
            try {
                deleteTree(spool);
                Files.deleteIfExists(lockFile);
            } finally {
                lock.release();
            }
            return true;
        } catch (OverlappingFileLockException ours) {
            return false; // this process owns it after all (a pid from another namespace)
        }
    }

    private static Path lockFileOf(Path spool) {
        return spool.resolveSibling(spool.getFileName() + ".lock");
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }
}
