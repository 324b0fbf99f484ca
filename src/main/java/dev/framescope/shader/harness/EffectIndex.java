package dev.framescope.shader.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The effects under a root as the person's page lists them: id, definition, and {@code languages}, those of
 * {@code glsl} and {@code wgsl} that have a program file for every pass (so the page can say "no WGSL program" and
 * open on an effect both backends draw without fetching every file). Native effects ({@code definition.json}) only.
 */
final class EffectIndex {

    private static final List<String> LANGUAGES = List.of("glsl", "wgsl");

    private EffectIndex() {
    }

    static String json(Path root) throws IOException {
        ArrayNode effects = Json.mapper().createArrayNode();
        if (Files.isDirectory(root)) {
            try (Stream<Path> definitions = Files.find(root, 3,
                    (p, a) -> p.getFileName().toString().equals("definition.json"))) {
                for (Path definition : definitions.sorted().toList()) {
                    ObjectNode effect = effects.addObject();
                    effect.put("id", root.relativize(definition.getParent()).toString().replace('\\', '/'));
                    JsonNode parsed = Json.mapper().readTree(definition.toFile());
                    effect.set("definition", parsed);
                    ArrayNode languages = effect.putArray("languages");
                    for (String language : LANGUAGES) {
                        if (hasEveryProgram(definition.getParent(), parsed, language)) {
                            languages.add(language);
                        }
                    }
                }
            }
        }
        return Json.write(effects);
    }

    private static boolean hasEveryProgram(Path folder, JsonNode definition, String language) {
        JsonNode passes = definition.path("passes");
        if (!passes.isArray() || passes.isEmpty()) {
            return false;
        }
        for (JsonNode pass : passes) {
            String program = pass.path("program").asText("");
            if (program.isEmpty() || !Files.isRegularFile(folder.resolve(language).resolve(program + "." + language))) {
                return false;
            }
        }
        return true;
    }
}
