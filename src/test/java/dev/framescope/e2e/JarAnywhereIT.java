package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user with only the JAR, in a folder that is not the clone: the shader tools' default effects root is the demo
 * effects bundled in the JAR, and {@code doctor} gives the apt command, not a script they do not have.
 */
@Timeout(180)
class JarAnywhereIT {

    private record Run(int exitCode, String stdout, String stderr) {
    }

    private static Run run(Path workingDir, Map<String, String> env, String... args) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(BuiltJar.command(args)).directory(workingDir.toFile());
        builder.environment().remove("FRAMESCOPE_EFFECTS_ROOT");
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS));
        return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
    }

    private static JsonNode body(Run run) throws Exception {
        assertEquals(0, run.exitCode(), run.stdout() + run.stderr());
        String text = run.stdout();
        return new ObjectMapper().readTree(text.substring(text.indexOf("\n\n") + 2));
    }

    @Test
    void shaderToolsUseTheBundledDemoEffectsFromAnyFolder(@TempDir Path dir) throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("work"));
        Map<String, String> env = Map.of("FRAMESCOPE_STATE_DIR", dir.resolve("state").toString());

        JsonNode listed = body(run(elsewhere, env, "call", "search_effects", "{\"limit\": 100}"));
        JsonNode clone = body(run(Path.of("").toAbsolutePath(), new HashMap<>(env), "call", "search_effects",
                "{\"limit\": 100}"));
        assertTrue(listed.path("effects_root").asText().startsWith(dir.resolve("state").toString()),
                listed.toString());
        assertEquals(ids(clone), ids(listed), "the bundled effects are the clone's demo effects");
        assertTrue(ids(listed).contains("synth/plasma"), listed.toString());

        JsonNode frame = body(run(elsewhere, env, "call", "render_effect_frame",
                "{\"effect\": \"synth/plasma\", \"width\": 64, \"height\": 64}"));
        JsonNode first = frame.at("/frames/preview/0");
        assertEquals("ok", first.path("status").asText(), frame.toString());
        assertTrue(first.at("/metrics/luma_variance").asDouble() > 0.001, "plasma is not flat: " + first);
    }

    @Test
    void doctorOutsideACloneGivesTheAptCommand(@TempDir Path dir) throws Exception {
        Run broken = run(dir, Map.of("FRAMESCOPE_CHROMIUM", "/nonexistent/chromium",
                "FRAMESCOPE_STATE_DIR", dir.resolve("state").toString()), "doctor");
        assertEquals(1, broken.exitCode(), broken.stdout());
        assertTrue(broken.stdout().contains("fix: sudo apt-get install -y chromium"), broken.stdout());
        assertFalse(broken.stdout().contains("setup.sh"), broken.stdout());
    }

    private static List<String> ids(JsonNode listing) {
        List<String> ids = new java.util.ArrayList<>();
        listing.at("/effects/preview").forEach(e -> ids.add(e.path("id").asText()));
        return ids;
    }
}
