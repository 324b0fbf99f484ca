package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Config;
import dev.framescope.common.ToolDef;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Input schemas of all tools, generated from their input records at build time (Maven's process-classes phase runs
 * {@link #main}) and read back at start-up. Configuring and running the generator costs ~0.1 s of CPU in a cold JVM,
 * a quarter of the cold-start budget; parsing the catalog costs a few ms. A record missing from the catalog (e.g. a
 * run from an IDE that skipped the build step) is generated on demand, so the result is the same either way;
 * {@code SchemaCatalogTest} checks that the two agree.
 */
final class SchemaCatalog {

    static final String RESOURCE = "/dev/framescope/tool-schemas.json";

    private final Map<String, ObjectNode> built;
    private final Map<Class<?>, ObjectNode> generated = new ConcurrentHashMap<>();
    private InputSchemas generator;

    private SchemaCatalog(Map<String, ObjectNode> built) {
        this.built = built;
    }

    static SchemaCatalog load() {
        Map<String, ObjectNode> built = new ConcurrentHashMap<>();
        try (InputStream in = SchemaCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                new ObjectMapper().readTree(in).properties()
                        .forEach(e -> built.put(e.getKey(), (ObjectNode) e.getValue()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        return new SchemaCatalog(built);
    }

    /** Never built from the catalog: for the build step and the test that compares the two. */
    static SchemaCatalog generatorOnly() {
        return new SchemaCatalog(Map.of());
    }

    ObjectNode schemaOf(Class<?> argsType) {
        ObjectNode schema = built.get(argsType.getName());
        return schema != null ? schema : generated.computeIfAbsent(argsType, type -> generator().schemaOf(type));
    }

    private synchronized InputSchemas generator() {
        if (generator == null) {
            generator = new InputSchemas();
        }
        return generator;
    }

    /** Build step: writes the catalog of every registered tool's input record to {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        ToolRegistry registry = ToolGroups.create(Config.defaults(Path.of(System.getProperty("java.io.tmpdir"))))
                .registry();
        InputSchemas schemas = new InputSchemas();
        Map<String, JsonNode> catalog = new TreeMap<>();
        for (ToolDef<?> tool : registry.tools()) {
            catalog.put(tool.argsType().getName(), schemas.schemaOf(tool.argsType()));
        }
        Path out = Path.of(args[0]);
        Files.createDirectories(out.getParent());
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out.toFile(), catalog);
    }
}
