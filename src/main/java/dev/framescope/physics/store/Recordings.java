package dev.framescope.physics.store;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.SystemFolders;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The physics session: which recording is active ({@code open_recording}) and the stores already open, so every
 * tool can name a recording itself or use the active one. A call holds its recording through a {@link Lease} for as
 * long as it reads it. At most {@value #MAX_OPEN} recordings stay open: past that the least recently used one that no
 * call holds is closed, and one still held is closed when its last lease ends, so a call never finds its store closed
 * under it and memory stays bounded by {@value #MAX_OPEN} plus the recordings calls hold at that moment. A recording
 * whose file changed since it was read (a simulation still writing it) is read again by the next call that names it
 * or uses it as the active one.
 * Thread-safe: many calls lease, evict and release at once.
 */
public final class Recordings implements AutoCloseable {

    public static final int MAX_OPEN = 4;

    private final List<Path> searchDirs;
    private final Map<Path, RecordingStore> open = new LinkedHashMap<>(8, 0.75f, true);
    /** Open leases per store (identity): a store with leases is never closed. */
    private final Map<RecordingStore, Integer> leases = new IdentityHashMap<>();
    private Path active;

    public Recordings(List<Path> searchDirs) {
        this.searchDirs = List.copyOf(searchDirs);
    }

    public List<Path> searchDirs() {
        return searchDirs;
    }

    /**
     * One call's hold on a recording: its store stays open until the lease is closed, even if other calls evict it
     * from the session meanwhile. Lives in try-with-resources around the call's reads; closing twice is harmless.
     */
    public final class Lease implements AutoCloseable {
        private final RecordingStore store;
        private boolean closed;

        private Lease(RecordingStore store) {
            this.store = store;
        }

        public RecordingStore store() {
            return store;
        }

        @Override
        public void close() {
            synchronized (Recordings.this) {
                if (!closed) {
                    closed = true;
                    release(store);
                }
            }
        }
    }

    /** Opens (or reuses) {@code path}, makes it the active recording and holds it for the caller. */
    public synchronized Lease load(Path path) {
        RecordingStore store = store("recording", path);
        active = store.path();
        Lease lease = lease(store);
        store.preload();
        return lease;
    }

    /** The recording a tool call names, or the active one, held for the caller; fails saying which tool loads one. */
    public synchronized Lease lease(String recording) {
        if (recording != null) {
            return lease(store("recording", pathOf("recording", recording)));
        }
        if (active == null) {
            throw new ToolException(ErrorCode.FAILED_PRECONDITION, "No recording loaded: call open_recording "
                    + "with a path first (list_recordings finds them), or pass 'recording' to this tool.", Map.of());
        }
        return lease(store("recording", active));
    }

    private Lease lease(RecordingStore store) {
        leases.merge(store, 1, Integer::sum);
        evictIdle();
        return new Lease(store);
    }

    private void release(RecordingStore store) {
        if (leases.merge(store, -1, Integer::sum) <= 0) {
            leases.remove(store);
            if (!open.containsValue(store)) {
                store.close(); // evicted while a call held it
            }
        }
        evictIdle();
    }

    /** Closes the least recently used recordings no call holds while more than {@value #MAX_OPEN} are open. */
    private void evictIdle() {
        for (Iterator<RecordingStore> stores = open.values().iterator(); open.size() > MAX_OPEN
                && stores.hasNext(); ) {
            RecordingStore store = stores.next();
            if (!leases.containsKey(store)) {
                stores.remove();
                store.close();
            }
        }
    }

    /**
     * The path a parameter names. An empty string would resolve to the working directory, which the caller never
     * meant, so it is refused naming the parameter.
     */
    public static Path pathOf(String param, String value) {
        if (value.isBlank()) {
            throw ToolException.invalidArgument(param, "the path of an MSD-CPP recording (.db file); an empty "
                    + "string names no file", value);
        }
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw ToolException.invalidArgument(param, "a file path (" + e.getReason() + ")", value);
        }
    }

    private RecordingStore store(String param, Path path) {
        Path key = path.toAbsolutePath().normalize();
        RecordingStore store = open.get(key);
        RecordingStore replaced = null;
        if (store != null && !store.isCurrent()) {
            // The simulation is still writing it (or wrote it again): read it anew; calls reading the old snapshot
            // keep it until they answer.
            replaced = open.remove(key);
            if (!leases.containsKey(replaced)) {
                replaced.close();
            }
            store = null;
        }
        if (store == null) {
            SystemFolders.refuse(param, key, "an MSD-CPP recording (.db file)");
            if (Files.isDirectory(key)) {
                throw ToolException.invalidArgument(param, "a recording file (.db), not a directory: '" + key
                        + "' is a directory; list_recordings with {\"directory\": \"" + key + "\"} lists the "
                        + "recordings in it", path.toString());
            }
            store = RecordingStore.open(key, replaced);
            open.put(key, store);
        }
        return store;
    }

    /** A recording file found on disk. */
    public record RecordingFile(String path, String name, long sizeBytes) {
    }

    /** {@code *.db} files directly in {@code dir}, sorted by name; empty when it does not exist. */
    public static List<RecordingFile> listDirectory(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<RecordingFile> found = new ArrayList<>();
            for (Path file : files.filter(f -> f.toString().endsWith(".db") && Files.isRegularFile(f))
                    .sorted().toList()) {
                found.add(new RecordingFile(file.toString(), file.getFileName().toString(), Files.size(file)));
            }
            return found;
        } catch (IOException e) {
            throw new ToolException(ErrorCode.ENGINE_FAILED, "Cannot list '" + dir + "': " + e.getMessage(),
                    Map.of("directory", dir.toString()), e);
        }
    }

    /** How many recordings are open now: those in the session and those evicted but still held by a call. */
    public synchronized int openCount() {
        return (int) (open.size() + leases.keySet().stream().filter(s -> !open.containsValue(s)).count());
    }

    /** Closes every recording, held or not: the server is stopping. */
    @Override
    public synchronized void close() {
        open.values().forEach(RecordingStore::close);
        leases.keySet().forEach(RecordingStore::close);
        open.clear();
        leases.clear();
    }
}
