package dev.framescope.physics;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.SystemFolders;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The physics session: which recording is active ({@code open_recording}) and the stores already open, so every
 * tool can name a recording itself or use the active one. Keeps at most {@value #MAX_OPEN} recordings open, least
 * recently used closed first. Thread-safe.
 */
public final class Recordings implements AutoCloseable {

    static final int MAX_OPEN = 4;

    private final List<Path> searchDirs;
    private final Map<Path, RecordingStore> open = new LinkedHashMap<>(8, 0.75f, true);
    private Path active;

    public Recordings(List<Path> searchDirs) {
        this.searchDirs = List.copyOf(searchDirs);
    }

    public List<Path> searchDirs() {
        return searchDirs;
    }

    /** Opens (or reuses) {@code path} and makes it the active recording. */
    public synchronized RecordingStore load(Path path) {
        RecordingStore store = store("recording", path);
        active = store.path();
        store.preload();
        return store;
    }

    /** The recording a tool call names, or the active one; fails saying which tool loads one. */
    public synchronized RecordingStore resolve(String recording) {
        if (recording != null) {
            return store("recording", pathOf("recording", recording));
        }
        if (active == null) {
            throw new ToolException(ErrorCode.FAILED_PRECONDITION, "No recording loaded: call open_recording "
                    + "with a path first (list_recordings finds them), or pass 'recording' to this tool.", Map.of());
        }
        return store("recording", active);
    }

    /**
     * The path a parameter names. An empty string would resolve to the working directory, which the caller never
     * meant, so it is refused naming the parameter.
     */
    static Path pathOf(String param, String value) {
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
        if (store == null) {
            SystemFolders.refuse(param, key, "an MSD-CPP recording (.db file)");
            if (Files.isDirectory(key)) {
                throw ToolException.invalidArgument(param, "a recording file (.db), not a directory: '" + key
                        + "' is a directory; list_recordings with {\"directory\": \"" + key + "\"} lists the "
                        + "recordings in it", path.toString());
            }
            store = RecordingStore.open(key);
            open.put(key, store);
            if (open.size() > MAX_OPEN) {
                Path eldest = open.keySet().iterator().next();
                open.remove(eldest).close();
            }
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



    @Override
    public synchronized void close() {
        open.values().forEach(RecordingStore::close);
        open.clear();
    }
}
