package dev.framescope.renderdoc;

import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolDef;
import dev.framescope.server.ToolGroups;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;

/**
 * A RenderDoc tool's arguments as the tool sends them to its bridge method: read into the tool's input record (found
 * by the tool's name in the registry), so every default the record sets is sent. For tests that call
 * {@link Captures} or the bridge below the tool layer, since the bridge reads a defaulted parameter only as sent.
 */
final class ToolArguments {

    private static final Map<String, Class<?>> INPUT_RECORDS = inputRecords();

    private ToolArguments() {
    }

    /** {@code arguments} (snake_case, as a client writes them) completed with the tool's defaults, nulls left out. */
    static Map<String, Object> asSent(String tool, Map<String, ?> arguments) {
        Class<?> record = INPUT_RECORDS.get(tool);
        if (record == null) {
            throw new IllegalArgumentException("no RenderDoc tool named " + tool);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> sent = Json.mapper().convertValue(Json.mapper().convertValue(arguments, record),
                Map.class);
        return new HashMap<>(sent);
    }

    private static Map<String, Class<?>> inputRecords() {
        try {
            ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(Files.createTempDirectory(
                    "framescope-tool-arguments")));
            Map<String, Class<?>> out = new HashMap<>();
            toolkit.registry().groups().stream().filter(g -> g.name().equals("renderdoc"))
                    .flatMap(g -> g.tools().stream()).forEach((ToolDef<?> t) -> out.put(t.name(), t.argsType()));
            return Map.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
