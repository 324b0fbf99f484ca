package dev.framescope.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * A project as one zip and back: {@code project.json}, {@code history.json}, {@code captures/*.rdc} and
 * {@code resources/**}, nothing else. An import is a new project (a new id) holding what the export held; the
 * archive is first streamed to a hidden temp file (never held in memory) so its central directory can be checked
 * before anything is unpacked, and it is refused whole for an entry outside that list, a {@code ..} or absolute
 * name, a symbolic link, a name listed twice, or more than the upload limit once inflated.
 */
final class ProjectArchive {

    /** project.json and history.json are parsed in memory; far above what a long history needs. */
    static final long MAX_JSON_BYTES = 64L << 20;
    /** An export holds a few captures and a picture per answer; this stops an archive of a million empty files. */
    static final int MAX_ENTRIES = 10_000;

    private final Path root;
    private final long maxBytes;

    ProjectArchive(Path root, long maxBytes) {
        this.root = root;
        this.maxBytes = maxBytes;
    }

    /**
     * Writes the zip to {@code out} (finished, not closed). Captures are already compressed, so the fastest
     * deflate level is used: the archive is for moving a project, not for shrinking it.
     *
     * @param files paths relative to {@code projectDir}, under captures/ or resources/
     */
    void export(Path projectDir, byte[] projectJson, byte[] historyJson, List<String> files, OutputStream out)
            throws IOException {
        ZipOutputStream zip = new ZipOutputStream(out);
        zip.setLevel(Deflater.BEST_SPEED);
        putBytes(zip, ProjectStore.PROJECT_JSON, projectJson);
        putBytes(zip, ProjectStore.HISTORY_JSON, historyJson);
        for (String file : files) {
            Path path = projectDir.resolve(file);
            ZipEntry entry = new ZipEntry(file);
            entry.setLastModifiedTime(Files.getLastModifiedTime(path));
            zip.putNextEntry(entry);
            try (InputStream in = Files.newInputStream(path)) {
                in.transferTo(zip);
            }
            zip.closeEntry();
        }
        zip.finish();
        zip.flush();
    }

    private static void putBytes(ZipOutputStream zip, String name, byte[] bytes) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(bytes);
        zip.closeEntry();
    }

    /** Imports a zip made by {@link #export}; returns the new project's id. */
    String importZip(InputStream body) {
        Path temp = null;
        try {
            temp = Files.createTempFile(root, AtomicFiles.tempPrefix("import"), ".tmp");
            try (OutputStream out = Files.newOutputStream(temp)) {
                copyBounded(body, out);
            }
            return unpack(temp);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot import an archive into " + root, e);
        } finally {
            AtomicFiles.deleteQuietly(temp);
        }
    }

    private void copyBounded(InputStream body, OutputStream out) {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        while (true) {
            int n;
            try {
                n = body.read(buffer);
            } catch (IOException e) {
                throw ConsoleException.badRequest("body", "the archive broke off after " + total + " bytes ("
                        + e.getMessage() + "); nothing was imported, send it again");
            }
            if (n < 0) {
                return;
            }
            total += n;
            if (total > maxBytes) {
                throw ConsoleException.tooLarge("body", maxBytes);
            }
            try {
                out.write(buffer, 0, n);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the archive to " + root, e);
            }
        }
    }

    private String unpack(Path archive) throws IOException {
        List<ZipCentralDirectory.Entry> entries;
        try {
            entries = ZipCentralDirectory.read(archive);
        } catch (IOException e) {
            throw ConsoleException.badRequest("body", "the body is not a zip archive (" + e.getMessage()
                    + "); send the file GET /projects/:id/export wrote");
        }
        if (entries.size() > MAX_ENTRIES) {
            throw ConsoleException.badRequest("body", "the archive lists " + entries.size() + " entries; an import"
                    + " takes at most " + MAX_ENTRIES);
        }
        Set<String> seen = new HashSet<>();
        for (ZipCentralDirectory.Entry entry : entries) {
            if (entry.symlink()) {
                throw badEntry(entry.name(), "symbolic links are not imported");
            }
            if (!seen.add(entry.name())) {
                throw badEntry(entry.name(), "the name is listed twice");
            }
            checkEntryName(entry.name());
        }
        try (ZipFile zip = new ZipFile(archive.toFile()); ProjectStaging staging = new ProjectStaging(root, maxBytes,
                "body")) {
            checkDeclaredSize(zip);
            Parts parts = new Parts(staging);
            for (Enumeration<? extends ZipEntry> all = zip.entries(); all.hasMoreElements();) {
                ZipEntry entry = all.nextElement();
                if (!entry.isDirectory()) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        parts.add(entry.getName(), in, entry.getLastModifiedTime());
                    }
                }
            }
            return parts.publish();
        } catch (ZipException e) {
            throw ConsoleException.badRequest("body", "the archive is damaged (" + e.getMessage() + ")");
        }
    }

    /** The sizes a zip declares can lie, and the staging budget counts real bytes; this refuses honest ones early. */
    private void checkDeclaredSize(ZipFile zip) {
        long declared = zip.stream().mapToLong(e -> Math.max(0, e.getSize())).sum();
        if (declared > maxBytes) {
            throw ConsoleException.tooLarge("body", maxBytes);
        }
    }

    private static void checkEntryName(String name) {
        if (name.equals(ProjectStore.PROJECT_JSON) || name.equals(ProjectStore.HISTORY_JSON)
                || name.equals(ProjectPaths.CAPTURES + "/") || name.equals(ProjectPaths.RESOURCES + "/")) {
            return;
        }
        try {
            String path = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
            String normalised = ProjectPaths.normalise(path, "body");
            if (name.endsWith("/") && !normalised.startsWith(ProjectPaths.RESOURCES + "/")) {
                throw badEntry(name, "captures/ holds .rdc files only, no folders");
            }
        } catch (ConsoleException e) {
            throw badEntry(name, e.getMessage());
        }
    }

    private static ConsoleException badEntry(String name, String why) {
        return new ConsoleException(400, "INVALID_ARGUMENT", "archive entry '" + ProjectPaths.shorten(name)
                + "' refused: " + why + "; an export holds project.json, history.json, captures/*.rdc and resources/",
                Map.of("parameter", "body", "entry", ProjectPaths.shorten(name)));
    }

    /**
     * Imports the parts of a multipart form: "project.json" (required), "history.json", and files named by their
     * path in the project ("captures/a.rdc", "resources/evidence/x.png"); a plain file name goes to captures/ when
     * it ends in .rdc and to resources/ otherwise. The streams are read, not closed.
     */
    String importParts(Map<String, InputStream> parts) {
        try (ProjectStaging staging = new ProjectStaging(root, maxBytes, "parts")) {
            Parts collected = new Parts(staging);
            for (Map.Entry<String, InputStream> part : parts.entrySet()) {
                String name = part.getKey() == null ? "" : part.getKey();
                boolean plain = !name.contains("/") && !name.equals(ProjectStore.PROJECT_JSON)
                        && !name.equals(ProjectStore.HISTORY_JSON);
                String path = !plain ? name
                        : name.toLowerCase(Locale.ROOT).endsWith(".rdc") ? ProjectPaths.CAPTURES + "/" + name
                        : ProjectPaths.RESOURCES + "/" + name;
                collected.add(path, part.getValue(), null);
            }
            return collected.publish();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot import a project into " + root, e);
        }
    }

    /** What an import has gathered: the two JSON documents in memory, every other file already in staging. */
    private static final class Parts {
        private final ProjectStaging staging;
        private ObjectNode project;
        private History history;

        Parts(ProjectStaging staging) {
            this.staging = staging;
        }

        void add(String name, InputStream content, FileTime modified) throws IOException {
            switch (name) {
                case ProjectStore.PROJECT_JSON -> project = readProject(readJson(name, content));
                case ProjectStore.HISTORY_JSON -> history = History.parse(readJson(name, content));
                default -> staging.add(ProjectPaths.normalise(name, staging.parameter()), content, modified);
            }
        }

        String publish() throws IOException {
            if (project == null) {
                throw ConsoleException.badRequest(ProjectStore.PROJECT_JSON,
                        "the import has no project.json; send what GET /projects/:id/export wrote");
            }
            return staging.publish(project, history == null ? History.empty() : history);
        }
    }

    private static JsonNode readJson(String name, InputStream content) throws IOException {
        byte[] bytes = content.readNBytes((int) MAX_JSON_BYTES + 1);
        if (bytes.length > MAX_JSON_BYTES) {
            throw ConsoleException.tooLarge(name, MAX_JSON_BYTES);
        }
        try {
            return Json.mapper().readTree(bytes);
        } catch (JsonProcessingException e) {
            throw ConsoleException.badRequest(name, name + " is not JSON: " + e.getOriginalMessage());
        }
    }

    /**
     * Everything in project.json is kept as it was except the id (a new one) and fields that fail their check:
     * a name that is not a valid name is refused, a missing or unreadable time becomes now.
     */
    static ObjectNode readProject(JsonNode node) {
        if (!(node instanceof ObjectNode object)) {
            throw ConsoleException.badRequest(ProjectStore.PROJECT_JSON, "project.json must be a JSON object");
        }
        ObjectNode project = object.deepCopy();
        JsonNode name = project.get("name");
        project.put("name", ProjectPaths.checkName(name != null && name.isTextual() ? name.asText() : null));
        String now = ProjectStore.now();
        for (String field : List.of("createdAt", "updatedAt")) {
            project.put(field, isInstant(project.get(field)) ? project.get(field).asText() : now);
        }
        return project;
    }

    private static boolean isInstant(JsonNode value) {
        if (value == null || !value.isTextual()) {
            return false;
        }
        try {
            Instant.parse(value.asText());
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
