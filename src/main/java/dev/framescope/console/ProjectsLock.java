package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One console per projects folder: an exclusive lock on {@code <root>/.console.lock}, held while the store is open.
 * The store serialises writes to a project within its own process only, so two consoles on one folder would each
 * answer 200 to history writes that the other then overwrites; the second one is refused instead, with the folder
 * and the console that holds it (its process and address, which the holder writes into the file). The lock is the
 * operating system's ({@code fcntl} on Linux), so a console that is killed releases it with its process; the file
 * itself stays, empty of meaning until locked again. A second store on the folder in the same process is refused
 * the same way. Thread-safe.
 */
final class ProjectsLock implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ProjectsLock.class);
    static final String FILE = ".console.lock";

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    private final ObjectNode holder = Json.mapper().createObjectNode();

    private ProjectsLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the folder's lock, or throws {@link ConsoleException} (409, {@code FAILED_PRECONDITION}) naming the
     * folder and the console that holds it.
     *
     * @throws IOException when the lock file cannot be created or locked at all (an unwritable folder)
     */
    static ProjectsLock acquire(Path root) throws IOException {
        Path file = root.resolve(FILE);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException sameProcess) {
            lock = null;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            JsonNode other = readHolder(file);
            channel.close();
            throw inUse(root, other);
        }
        ownerOnly(file);
        ProjectsLock held = new ProjectsLock(file, channel, lock);
        held.holder.put("pid", ProcessHandle.current().pid());
        held.holder.put("since", Instant.now().toString());
        held.writeHolder();
        return held;
    }

    /** Records where this console answers, so a console refused on the folder can say which one to use. */
    synchronized void describe(String address) {
        holder.put("address", address);
        writeHolder();
    }

    private static ConsoleException inUse(Path root, JsonNode other) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("projects", root.toString());
        String who = "another FrameScope console";
        if (other.hasNonNull("pid")) {
            context.put("holder_pid", other.get("pid").asLong());
            who += " (process " + other.get("pid").asLong();
            if (other.hasNonNull("address")) {
                context.put("holder_address", other.get("address").asText());
                who += ", " + other.get("address").asText();
            }
            who += ")";
        }
        return new ConsoleException(409, "FAILED_PRECONDITION", "The projects folder " + root + " is in use by " + who
                + ". One console per projects folder: two would overwrite each other's history. Use that console, "
                + "stop it first, or give this one another projects folder.", context);
    }

    private static JsonNode readHolder(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            return bytes.length == 0 ? Json.mapper().createObjectNode() : Json.mapper().readTree(bytes);
        } catch (IOException | RuntimeException unreadable) {
            return Json.mapper().createObjectNode(); // written by the holder as it starts: say less, not nothing
        }
    }

    private synchronized void writeHolder() {
        try {
            byte[] bytes = Json.mapper().writeValueAsBytes(holder);
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(bytes), 0);
            channel.force(false);
        } catch (IOException e) {
            // The lock is what counts; without this a refused console names the folder but not its holder.
            log.warn("Could not note this console in {}: {}", file, e.getMessage());
        }
    }

    private static void ownerOnly(Path file) {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException | UnsupportedOperationException e) {
            // best effort: the file holds a process id and a loopback address, no secret
        }
    }

    @Override
    public synchronized void close() {
        try {
            if (lock.isValid()) {
                channel.truncate(0);
                lock.release();
            }
            channel.close();
        } catch (IOException e) {
            log.warn("Could not release the lock {}: {}", file, e.getMessage());
        }
    }
}
