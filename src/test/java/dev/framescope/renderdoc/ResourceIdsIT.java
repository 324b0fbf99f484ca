package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resource ids are exact and stable: decimal strings (a GL backbuffer's id is past 2^53, which a JavaScript client
 * would round), the same for the same resource when the capture is reopened and when the bridge restarts, and
 * accepted back as a string or as an integer.
 */
@Timeout(120)
class ResourceIdsIT {

    private static final String GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();
    private static final BigInteger JS_SAFE = BigInteger.valueOf(2).pow(53);

    @TempDir
    Path state;

    /** Texture name → id, as one bridge process answers get_texture. */
    private Map<String, JsonNode> textureIds(BridgeProcess bridge, String capture) {
        JsonNode info = new Captures(bridge, List.of(Path.of(""))).query("get_texture", ToolArguments.asSent("get_texture",
                Map.of("capture", capture)), r -> "", ToolContext.SILENT);
        Map<String, JsonNode> ids = new LinkedHashMap<>();
        info.at("/textures/preview").forEach(t -> ids.put(t.get("name").asText(), t.get("texture")));
        return ids;
    }

    @Test
    void idsAreDecimalStringsAndTheSameAfterReopenAndRestart() throws Exception {
        Path copy = Files.copy(Path.of(GL), state.resolve("copy.rdc"));
        Map<String, JsonNode> first;
        try (BridgeProcess bridge = new BridgeProcess(Path.of("/usr/bin/python3"), state.resolve("a"))) {
            first = textureIds(bridge, copy.toString());
            // a changed modification time makes the bridge close its cached replay and open the file again
            Files.setLastModifiedTime(copy, FileTime.fromMillis(Files.getLastModifiedTime(copy).toMillis() - 60_000));
            assertEquals(first, textureIds(bridge, copy.toString()), "after reopen");
        }
        try (BridgeProcess restarted = new BridgeProcess(Path.of("/usr/bin/python3"), state.resolve("b"))) {
            assertEquals(first, textureIds(restarted, GL), "after restart");
        }
        JsonNode backbuffer = first.get("Backbuffer Color");
        assertTrue(backbuffer.isTextual(), "ids are strings: " + first);
        assertTrue(new BigInteger(backbuffer.asText()).compareTo(JS_SAFE) > 0, "the backbuffer is replay-made");
        first.values().forEach(id -> assertTrue(id.isTextual() && id.asText().matches("[1-9][0-9]*"), id.toString()));
    }

    @Test
    void aTextureIsFoundByItsIdAsStringOrIntegerThroughTheToolsSchema() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        var tool = toolkit.registry().find("get_texture").orElseThrow();
        JsonNode all = body(toolkit.invoker().call(tool, Map.of("capture", GL), ToolContext.SILENT));
        for (JsonNode texture : all.at("/textures/preview")) {
            String id = texture.get("texture").asText();
            JsonNode byString = body(toolkit.invoker().call(tool, Map.of("capture", GL, "texture", id),
                    ToolContext.SILENT));
            assertEquals(texture, byString.at("/textures/preview/0"), "by string " + id);
            if (new BigInteger(id).compareTo(JS_SAFE) < 0) {
                JsonNode byInteger = body(toolkit.invoker().call(tool, Map.of("capture", GL, "texture",
                        Long.parseLong(id)), ToolContext.SILENT));
                assertEquals(texture, byInteger.at("/textures/preview/0"), "by integer " + id);
            }
        }
    }

    private static JsonNode body(CallToolResult result) throws Exception {
        String text = ((TextContent) result.content().get(0)).text();
        assertFalse(Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }
}
