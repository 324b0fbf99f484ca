package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.OlderName;
import dev.framescope.common.ToolAlias;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolRegistryTest {

    record NoArgs() {
    }

    record Said(String summary) {
    }

    private static ToolDef.Builder<NoArgs> tool(String name) {
        return ToolDef.of(name, name, "A tool.", NoArgs.class, ToolHints.READS_ONLY,
                (a, c) -> ToolOutput.of(Map.of("summary", name))).returns(Said.class);
    }

    private static ToolGroup group(ToolDef.Builder<?>... tools) {
        return new ToolGroup() {
            @Override
            public String name() {
                return "g";
            }

            @Override
            public String guide() {
                return "A group.";
            }

            @Override
            public List<ToolDef<?>> tools() {
                return ToolDef.all(tools);
            }
        };
    }

    @Test
    void findsToolsByOlderNamesWithoutListingThem() {
        ToolRegistry registry = new ToolRegistry(List.of(group(tool("render_frame").withAliases("renderFrame"))));
        assertEquals("render_frame", registry.find("renderFrame").orElseThrow().name());
        assertEquals(List.of("render_frame"), registry.tools().stream().map(ToolDef::name).toList());
        assertEquals(Map.of("renderFrame", new OlderName("render_frame",
                new ToolAlias("renderFrame", Map.of()))), registry.aliases());
        assertTrue(registry.find("render_Frame").isEmpty());
    }

    @Test
    void anOlderNameWithPresetsRunsWithThemOverTheCallersValues() {
        ToolRegistry registry = new ToolRegistry(List.of(group(tool("test_uniforms")
                .withAlias("test_no_passthrough", Map.of("check", "passthrough")).withAliases("testUniforms"))));
        assertEquals("test_uniforms", registry.find("test_no_passthrough").orElseThrow().name());
        assertEquals(Map.of("check", "passthrough", "time", 0.5),
                registry.arguments("test_no_passthrough", Map.of("check", "responsiveness", "time", 0.5)));
        assertEquals(Map.of("check", "passthrough"), registry.arguments("test_no_passthrough", null));
        Map<String, Object> plain = Map.of("time", 0.5);
        assertEquals(plain, registry.arguments("testUniforms", plain));
        assertEquals(plain, registry.arguments("test_uniforms", plain));
    }

    @Test
    void anOlderNameCallsParametersByItsOwnNamesAndTheToolsWin() {
        ToolRegistry registry = new ToolRegistry(List.of(group(tool("check_recording")
                .withAlias("check_penetration", Map.of("check", "penetration"),
                        Map.of("threshold", "penetration_threshold")))));
        assertEquals(Map.of("check", "penetration", "penetration_threshold", 0.02, "frame_id", 5),
                registry.arguments("check_penetration", Map.of("threshold", 0.02, "frame_id", 5)));
        assertEquals(Map.of("check", "penetration", "penetration_threshold", 0.03),
                registry.arguments("check_penetration", Map.of("threshold", 0.02, "penetration_threshold", 0.03)));
        assertEquals(Map.of("threshold", 0.02), registry.arguments("check_recording", Map.of("threshold", 0.02)));
    }

    @Test
    void anOlderNameThatIsAlsoAToolIsRefused() {
        assertThrows(IllegalStateException.class, () -> new ToolRegistry(List.of(group(
                tool("a_tool").withAliases("b_tool"), tool("b_tool")))));
    }
}
