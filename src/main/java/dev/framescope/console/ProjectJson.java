package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the two JSON files of a project folder, project.json and history.json. A file that cannot be read or is not
 * what it must be fails as an I/O error: the store wrote it, so that is damage on disk, not a caller's mistake.
 */
final class ProjectJson {

    private ProjectJson() {
    }

    /** project.json of the folder {@code dir}, which must hold a JSON object. */
    static ObjectNode readProject(Path dir) {
        JsonNode node = readJson(dir.resolve(ProjectStore.PROJECT_JSON));
        if (!(node instanceof ObjectNode project)) {
            throw new UncheckedIOException(new IOException(dir.resolve(ProjectStore.PROJECT_JSON) + " is not a JSON object"));
        }
        return project;
    }

    /** history.json of {@code dir}; a project without one has an empty history. */
    static History readHistory(Path dir) {
        Path file = dir.resolve(ProjectStore.HISTORY_JSON);
        if (!Files.exists(file)) {
            return History.empty();
        }
        return History.parse(readJson(file));
    }

    static JsonNode readJson(Path file) {
        try {
            return Json.mapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    static byte[] readBytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
