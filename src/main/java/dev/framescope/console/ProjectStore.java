package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The capture console's projects on disk, one folder each: {@code <root>/<id>/project.json}, {@code history.json},
 * {@code captures/} and {@code resources/}. It knows nothing of HTTP; the console server maps its records to the
 * design's bodies and its {@link ConsoleException}s to statuses.
 *
 * <p>What it guarantees (docs/console.md, "Storage"): every JSON file and every capture is written to a hidden temp
 * file in the same folder, forced to disk and renamed into place, so a crash leaves the old file or the new one;
 * a new or imported project appears whole or not at all; uploads stream to disk under a byte limit; stored captures
 * are read-only; ids, names and paths are checked before they touch the file system.
 *
 * <p>Thread-safe. Writes to one project (history, captures, resources, its updatedAt) are serialised by a lock per
 * project, so a history write that succeeded is never lost to a concurrent one; reads take no lock because every
 * file they read is replaced by an atomic rename. Those locks hold within this store only, so the store holds the
 * root's {@link ProjectsLock} while it is open: a second store on the root, in this process or another, is refused.
 * Whoever opens a store closes it (the console, when it stops).
 */
public final class ProjectStore implements AutoCloseable {

    /** The server's default for {@code maxUploadBytes}: 2 GiB. */
    public static final long DEFAULT_MAX_UPLOAD_BYTES = 2L << 30;
    static final String PROJECT_JSON = "project.json";
    static final String HISTORY_JSON = "history.json";

    private final Path root;
    private final long maxUploadBytes;
    private final ProjectArchive archive;
    private final ProjectFiles files;
    private final Map<String, ReentrantLock> locks = new ConcurrentHashMap<>();
    private final ProjectsLock folderLock;

    /**
     * Creates {@code root} (owner-only) when missing, takes its lock, and removes the temp files a killed process
     * left in it: those older than this process.
     *
     * @param maxUploadBytes the most bytes one upload, local copy or import (once inflated) may hold
     * @throws ConsoleException {@code FAILED_PRECONDITION} when another store holds the root, or when the root cannot
     *                          be created or locked (naming the folder and the cause)
     */
    public ProjectStore(Path root, long maxUploadBytes) {
        if (maxUploadBytes <= 0) {
            throw new IllegalArgumentException("maxUploadBytes must be positive, not " + maxUploadBytes);
        }
        this.root = root.toAbsolutePath().normalize();
        this.maxUploadBytes = maxUploadBytes;
        try {
            if (!Files.isDirectory(this.root)) {
                Files.createDirectories(this.root);
                ProjectStaging.ownerOnly(this.root);
            }
            folderLock = ProjectsLock.acquire(this.root);
        } catch (IOException e) {
            throw ConsoleException.unusableFolder("projects", this.root, e);
        }
        Instant processStart = ProcessHandle.current().info().startInstant().orElse(Instant.now());
        AtomicFiles.removeStaleTemps(this.root, processStart);
        this.archive = new ProjectArchive(this.root, maxUploadBytes);
        this.files = new ProjectFiles();
    }

    public Path root() {
        return root;
    }

    /** Notes in the root's lock where the console using this store answers, for a console refused on the root. */
    public void describeHolder(String address) {
        folderLock.describe(address);
    }

    /** Releases the root for another store; this one must not be used after. */
    @Override
    public void close() {
        folderLock.close();
    }

    public long maxUploadBytes() {
        return maxUploadBytes;
    }

    /** @param name null or blank gives "Untitled" */
    public ProjectSummary create(String name) {
        String checked = ProjectPaths.checkName(name);
        String now = now();
        ObjectNode project = Json.mapper().createObjectNode()
                .put("name", checked).put("createdAt", now).put("updatedAt", now);
        try (ProjectStaging staging = new ProjectStaging(root, maxUploadBytes, "name")) {
            return new ProjectSummary(staging.publish(project, History.empty()), checked, now, false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a project in " + root, e);
        }
    }

    /** Every project, the most recently updated first. */
    public List<ProjectSummary> list() {
        try (Stream<Path> entries = Files.list(root)) {
            return entries.filter(dir -> ProjectPaths.isId(dir.getFileName().toString()))
                    .filter(dir -> Files.isRegularFile(dir.resolve(PROJECT_JSON), LinkOption.NOFOLLOW_LINKS))
                    .map(dir -> summary(dir.getFileName().toString()))
                    .sorted(Comparator.comparing((ProjectSummary p) -> instant(p.updatedAt())).reversed())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
    }

    public Project get(String id) {
        Path dir = folder(id);
        ObjectNode project = ProjectJson.readProject(dir);
        return new Project(id, project.path("name").asText(ProjectPaths.DEFAULT_NAME),
                project.path("createdAt").asText(null), project.path("updatedAt").asText(null), files.captures(dir));
    }

    /**
     * Stores an uploaded capture, streamed to disk, replacing one of the same name (the design's rule).
     *
     * @param name  a plain file name ending in .rdc
     * @param body  read to its end, not closed; over {@link #maxUploadBytes} → 413, not starting "RDOC" → 400, and
     *              a body that breaks off → 400: each leaves nothing behind
     */
    public StoredCapture uploadCapture(String id, String name, InputStream body) {
        Path dir = folder(id);
        String checked = ProjectPaths.checkCaptureName(name, "name");
        CaptureIntake.Received received = CaptureIntake.receive(body, dir.resolve(ProjectPaths.CAPTURES),
                maxUploadBytes, "body");
        return store(id, dir, received, checked, null);
    }

    /**
     * Copies a capture from this machine's disk ({@code {sourcePath}}), with the upload's checks.
     *
     * @param name   null: the source's own file name
     * @param source an absolute path to a regular file (links are followed; folders, FIFOs and devices refused)
     */
    public StoredCapture copyCapture(String id, String name, Path source) {
        Path dir = folder(id);
        Path real = files.checkSource(source, maxUploadBytes);
        String checked = name == null
                ? ProjectPaths.checkCaptureName(real.getFileName().toString(), "sourcePath")
                : ProjectPaths.checkCaptureName(name, "name");
        try (InputStream in = Files.newInputStream(real)) {
            CaptureIntake.Received received = CaptureIntake.receive(in, dir.resolve(ProjectPaths.CAPTURES),
                    maxUploadBytes, "sourcePath");
            return store(id, dir, received, checked, true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + real, e);
        }
    }

    private StoredCapture store(String id, Path dir, CaptureIntake.Received received, String name, Boolean copied) {
        Path target = dir.resolve(ProjectPaths.CAPTURES).resolve(name);
        return locked(id, () -> {
            try {
                AtomicFiles.moveIntoPlace(received.temp(), target);
            } catch (IOException e) {
                AtomicFiles.deleteQuietly(received.temp());
                throw new UncheckedIOException("cannot store " + target, e);
            }
            touch(dir);
            return new StoredCapture(ProjectPaths.CAPTURES + "/" + name, copied, received.size());
        });
    }

    /**
     * The absolute, real path of a stored capture, for the RenderDoc tools.
     *
     * @param capturePath as {@link StoredCapture#capturePath()} gives it ("captures/a.rdc"), or the bare file name
     */
    public Path capture(String id, String capturePath) {
        Path dir = folder(id);
        String path = capturePath != null && !capturePath.contains("/")
                ? ProjectPaths.CAPTURES + "/" + capturePath : capturePath;
        String normalised = ProjectPaths.normalise(path, "capturePath");
        if (!normalised.startsWith(ProjectPaths.CAPTURES + "/")) {
            throw ConsoleException.badRequest("capturePath", "a capture path is captures/<name>.rdc, not '"
                    + ProjectPaths.shorten(capturePath) + "'");
        }
        return ProjectPaths.confine(dir, normalised, "capturePath");
    }

    public History history(String id) {
        return ProjectJson.readHistory(folder(id));
    }

    /**
     * Replaces the history, as {@code PUT /projects/:id/history} does.
     *
     * @param expectedVersion the version the writer last read: another one → 409 naming both, so one tab cannot
     *                        overwrite what another saved. Null skips the check: the design's front end sends no
     *                        version, and its last write wins, as it did there.
     * @param submissions     a JSON array, or null to keep the stored one
     * @param messages        a JSON array, or null to keep the stored one
     * @return the history as stored, with its new version
     */
    public History putHistory(String id, Long expectedVersion, JsonNode submissions, JsonNode messages) {
        Path dir = folder(id);
        checkArray(submissions, "submissions");
        checkArray(messages, "messages");
        return locked(id, () -> {
            History current = ProjectJson.readHistory(dir);
            if (expectedVersion != null && expectedVersion != current.version()) {
                throw ConsoleException.conflict("the history is at version " + current.version() + ", not "
                        + expectedVersion + ": another tab saved first; reload it, then save again",
                        Map.of("expected_version", expectedVersion, "current_version", current.version()));
            }
            return write(dir, new History(current.version() + 1, present(submissions, current.submissions()),
                    present(messages, current.messages())));
        });
    }

    /** Adds one submission and one message (either may be null) in one atomic read-modify-write; version + 1. */
    public History append(String id, JsonNode submission, JsonNode message) {
        Path dir = folder(id);
        checkObject(submission, "submission");
        checkObject(message, "message");
        return locked(id, () -> {
            History current = ProjectJson.readHistory(dir);
            ArrayNode submissions = (ArrayNode) current.submissions();
            ArrayNode messages = (ArrayNode) current.messages();
            if (present(submission, null) != null) {
                submissions.add(submission);
            }
            if (present(message, null) != null) {
                messages.add(message);
            }
            return write(dir, new History(current.version() + 1, submissions, messages));
        });
    }

    private History write(Path dir, History history) {
        AtomicFiles.writeJson(dir.resolve(HISTORY_JSON), history.toJson());
        touch(dir);
        return history;
    }

    /** Captures and resources, sorted by path; hidden temp files and links are not listed. */
    public List<ResourceInfo> resources(String id) {
        return files.list(folder(id));
    }

    /** The real path of a file under captures/ or resources/: 400 for a path that tries to leave, 404 for none. */
    public Path resource(String id, String path) {
        Path dir = folder(id);
        return ProjectPaths.confine(dir, ProjectPaths.normalise(path, "path"), "path");
    }

    /**
     * Writes (or replaces) a file under resources/, creating its folders, e.g. a submission's evidence picture.
     *
     * @return the normalised path, for {@link #resource} and the page
     */
    public String writeResource(String id, String relativePath, byte[] bytes) {
        Path dir = folder(id);
        String normalised = ProjectPaths.normalise(relativePath, "path");
        if (!normalised.startsWith(ProjectPaths.RESOURCES + "/")) {
            throw ConsoleException.badRequest("path", "resources are written under resources/ only, not '"
                    + ProjectPaths.shorten(relativePath) + "'");
        }
        return locked(id, () -> {
            AtomicFiles.write(files.makeFolders(dir, normalised), bytes);
            touch(dir);
            return normalised;
        });
    }

    /** One zip of the project; see {@link ProjectArchive}. {@code out} is finished, not closed. */
    public void export(String id, OutputStream out) {
        Path dir = folder(id);
        // both documents from one moment: no history write can land between the two reads
        byte[][] json = locked(id, () -> new byte[][] {ProjectJson.readBytes(dir.resolve(PROJECT_JSON)),
                Json.write(ProjectJson.readHistory(dir).toJson()).getBytes(StandardCharsets.UTF_8)});
        List<String> paths = files.list(dir).stream().map(ResourceInfo::path).toList();
        try {
            archive.export(dir, json[0], json[1], paths, out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot export project " + id, e);
        }
    }

    /** A new project (new id) from a zip {@link #export} wrote. */
    public ProjectSummary importArchive(InputStream zip) {
        return summary(archive.importZip(zip));
    }

    /** A new project from a multipart import; see {@link ProjectArchive#importParts}. */
    public ProjectSummary importParts(Map<String, InputStream> parts) {
        return summary(archive.importParts(parts));
    }

    private ProjectSummary summary(String id) {
        Path dir = root.resolve(id);
        ObjectNode project = ProjectJson.readProject(dir);
        return new ProjectSummary(id, project.path("name").asText(ProjectPaths.DEFAULT_NAME),
                project.path("updatedAt").asText(null), !files.captures(dir).isEmpty());
    }

    /** The folder of an existing project: 400 for a malformed id (it never becomes a path), 404 for an unknown one. */
    private Path folder(String id) {
        Path dir = root.resolve(ProjectPaths.checkId(id));
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) || !Files.isRegularFile(dir.resolve(PROJECT_JSON))) {
            throw ConsoleException.notFound("project", "no project '" + id + "'; list them with GET /projects");
        }
        return dir;
    }

    private <T> T locked(String id, Supplier<T> work) {
        ReentrantLock lock = locks.computeIfAbsent(id, key -> new ReentrantLock());
        lock.lock();
        try {
            return work.get();
        } finally {
            lock.unlock();
        }
    }

    /** Moves updatedAt to now; the caller holds the project's lock. */
    private void touch(Path dir) {
        ObjectNode project = ProjectJson.readProject(dir);
        project.put("updatedAt", now());
        AtomicFiles.writeJson(dir.resolve(PROJECT_JSON), project);
    }

    private static void checkArray(JsonNode value, String parameter) {
        if (present(value, null) != null && !value.isArray()) {
            throw ConsoleException.badRequest(parameter, parameter + " must be a JSON array");
        }
    }

    private static void checkObject(JsonNode value, String parameter) {
        if (present(value, null) != null && !value.isObject()) {
            throw ConsoleException.badRequest(parameter, parameter + " must be a JSON object");
        }
    }

    /** {@code value} unless it is absent (Java null or JSON null). */
    private static JsonNode present(JsonNode value, JsonNode otherwise) {
        return value == null || value.isNull() ? otherwise : value;
    }

    static String now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    }

    private static Instant instant(String text) {
        try {
            return text == null ? Instant.EPOCH : Instant.parse(text);
        } catch (DateTimeParseException e) {
            return Instant.EPOCH;
        }
    }
}
