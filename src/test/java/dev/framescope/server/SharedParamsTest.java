package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolGroup.SharedParam;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A parameter's description leaves tools/list only where its group's shared definition, which the server
 * instructions carry, says exactly the same; everything else keeps its own.
 */
class SharedParamsTest {

    @Test
    void aDescriptionLeftOutOfTheListIsTheGroupsSharedOneAndTheInstructionsSayIt(@TempDir Path state) {
        ToolRegistry registry = ToolGroups.create(Config.defaults(state)).registry();
        String instructions = ServerInstructions.text(registry);
        int leftOut = 0;
        for (ToolGroup group : registry.groups()) {
            for (ToolDef<?> tool : registry.tools(group)) {
                JsonNode full = registry.inputSchema(tool).path("properties");
                for (Map.Entry<String, JsonNode> p : registry.listedInputSchema(tool).path("properties")
                        .properties()) {
                    String described = full.path(p.getKey()).path("description").asText();
                    assertFalse(described.isEmpty(), tool.name() + "." + p.getKey() + " has no description");
                    if (p.getValue().has("description")) {
                        assertEquals(described, p.getValue().get("description").asText());
                        continue;
                    }
                    leftOut++;
                    SharedParam shared = group.sharedParams().stream().filter(s -> s.name().equals(p.getKey()))
                            .findFirst().orElseThrow(() -> new AssertionError(tool.name() + "." + p.getKey()
                                    + " lost its description but is no shared parameter of " + group.name()));
                    assertEquals(shared.description(), described, tool.name() + "." + p.getKey());
                    assertTrue(instructions.contains(shared.name() + ": " + shared.description()),
                            "the instructions should define " + shared.name() + " for " + group.name());
                }
            }
        }
        assertTrue(leftOut > 50, "only " + leftOut + " descriptions said once");
    }

    @Test
    void everySharedParameterIsSharedByAtLeastTwoToolsOfItsGroup(@TempDir Path state) {
        ToolRegistry registry = ToolGroups.create(Config.defaults(state)).registry();
        for (ToolGroup group : registry.groups()) {
            for (SharedParam shared : group.sharedParams()) {
                long users = registry.tools(group).stream().filter(tool -> shared.description().equals(
                        registry.inputSchema(tool).path("properties").path(shared.name()).path("description")
                                .asText())).count();
                assertTrue(users >= 2, group.name() + "'s shared " + shared.name() + " is described so in "
                        + users + " tool(s): a record's text drifted from the shared one, or nothing shares it");
            }
        }
    }

    @Test
    void theListLeavesOutLengthCapsThatEveryCallIsStillCheckedAgainst(@TempDir Path state) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        ToolRegistry registry = toolkit.registry();
        int caps = 0;
        for (ToolDef<?> tool : registry.tools()) {
            assertFalse(registry.listedInputSchema(tool).toString().contains("\"maxLength\""), tool.name());
            caps += registry.inputSchema(tool).toString().split("\"maxLength\"", -1).length - 1;
        }
        assertTrue(caps > 30, "only " + caps + " length caps in the validating schemas");
        ToolCaller caller = new RegistryCaller(toolkit);
        ToolCaller.Answer tooLong = caller.call("open_capture", java.util.Map.of("capture", "a".repeat(5000)),
                ToolContext.SILENT);
        assertTrue(tooLong.error(), tooLong.body().toString());
        assertEquals("INVALID_ARGUMENT", tooLong.body().get("code").asText());
        assertEquals("capture", tooLong.body().at("/context/parameter").asText(), tooLong.body().toString());
        assertTrue(tooLong.body().toString().length() < 2000, "the error does not echo the whole value");
    }
}
