package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * Failsafe runs after every unit test and after the physics end-to-end tests (classes run in alphabetical order),
 * so this checks that the whole suite left every fixture recording byte-identical to what the generator wrote
 * (its SHA-256 in ground-truth.json).
 */
class RecordingsUnchangedIT {

    @Test
    void everyRecordingIsByteIdenticalToTheGeneratorsOutput() throws Exception {
        Path dir = Path.of("demo/recordings");
        JsonNode truth = new ObjectMapper().readTree(dir.resolve("ground-truth.json").toFile());
        for (JsonNode scene : truth.get("scenes")) {
            byte[] bytes = Files.readAllBytes(dir.resolve(scene.get("file").asText()));
            String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
            assertEquals(scene.get("sha256").asText(), sha, scene.get("file").asText() + " changed");
        }
    }
}
