package dev.framescope.shader.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The person's page lists effects from this index; `languages` decides what it opens on and what it says is missing. */
class EffectIndexTest {

    private static Map<String, List<String>> languagesById(Path root) throws Exception {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (JsonNode effect : Json.mapper().readTree(EffectIndex.json(root))) {
            List<String> languages = new ArrayList<>();
            effect.get("languages").forEach(l -> languages.add(l.asText()));
            out.put(effect.get("id").asText(), languages);
        }
        return out;
    }

    private static void effect(Path root, String id, String definition, String... files) throws Exception {
        Path folder = Files.createDirectories(root.resolve(id));
        Files.writeString(folder.resolve("definition.json"), definition);
        for (String file : files) {
            Files.createDirectories(folder.resolve(file).getParent());
            Files.writeString(folder.resolve(file), "// program\n");
        }
    }

    @Test
    void listsTheLanguagesThatHaveAProgramForEveryPass(@TempDir Path root) throws Exception {
        String twoPasses = "{\"passes\": [{\"program\": \"a\"}, {\"program\": \"b\"}]}";
        effect(root, "ns/both", twoPasses, "glsl/a.glsl", "glsl/b.glsl", "wgsl/a.wgsl", "wgsl/b.wgsl");
        effect(root, "ns/glsl-only", twoPasses, "glsl/a.glsl", "glsl/b.glsl", "wgsl/a.wgsl");
        effect(root, "ns/no-passes", "{\"passes\": []}", "glsl/a.glsl");
        assertEquals(Map.of("ns/both", List.of("glsl", "wgsl"), "ns/glsl-only", List.of("glsl"),
                "ns/no-passes", List.of()), languagesById(root));
    }

    @Test
    void everyDemoEffectHasBothLanguages() throws Exception {
        Map<String, List<String>> demo = languagesById(Path.of("demo/shaders/effects"));
        assertEquals(List.of("glsl", "wgsl"), demo.get("synth/trails"), "a two-pass demo effect: " + demo.keySet());
        demo.forEach((id, languages) -> assertEquals(List.of("glsl", "wgsl"), languages, id));
    }
}
