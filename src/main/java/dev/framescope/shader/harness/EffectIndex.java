package dev.framescope.shader.harness;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The effects under a root as the page lists them: id, definition, and the program files present. */
final class EffectIndex {

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
                    effect.set("definition", Json.mapper().readTree(definition.toFile()));
                }
            }
        }
        return Json.write(effects);
    }
}
