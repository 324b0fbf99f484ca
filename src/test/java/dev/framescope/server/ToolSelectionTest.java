package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Config;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FRAMESCOPE_GROUPS / --groups and FRAMESCOPE_READ_ONLY / --read-only decide what is registered. */
class ToolSelectionTest {

    @TempDir
    Path stateDir;

    private ToolRegistry registry(Map<String, String> env) {
        return ToolGroups.create(Config.defaults(stateDir), ToolSelection.fromEnvironment(env)).registry();
    }

    @Test
    void groupsKeepTheirToolsAndTheServerGroup() {
        ToolRegistry registry = registry(Map.of("FRAMESCOPE_GROUPS", "physics, renderdoc"));
        assertEquals(List.of("server", "physics", "renderdoc"), registry.groups().stream().map(ToolGroup::name)
                .toList());
        assertTrue(registry.find("get_server_diagnostics").isPresent());
        assertTrue(registry.find("triage_recording").isPresent());
        assertTrue(registry.find("open_capture").isPresent());
        assertFalse(registry.find("list_effects").isPresent());
        assertFalse(registry.find("confirm").isPresent());
        // the list is the full one less the other groups' tools, each listed as in the full list (a ratio to the
        // full list's size would move whenever a group's tools are shortened)
        ToolRegistry full = registry(Map.of());
        List<String> kept = registry.tools().stream().map(ToolDef::name).toList();
        List<ToolDef<?>> same = full.tools().stream().filter(t -> kept.contains(t.name())).toList();
        assertEquals(kept, same.stream().map(ToolDef::name).toList());
        int filtered = ToolListSize.bytes(registry.tools(), registry);
        assertEquals(ToolListSize.bytes(same, full), filtered);
        assertTrue(filtered < ToolListSize.bytes(full.tools(), full) - 10_000, "shader and dialogs left out");
    }

    @Test
    void readOnlyHidesEveryToolThatWrites() {
        ToolRegistry all = registry(Map.of());
        ToolRegistry readOnly = registry(Map.of("FRAMESCOPE_READ_ONLY", "1"));
        List<String> writers = all.tools().stream().filter(t -> !t.hints().readOnly()).map(ToolDef::name).toList();
        assertTrue(writers.containsAll(List.of("save_texture", "copy_capture", "generate_shader_manifest")), writers.toString());
        assertEquals(all.tools().size() - writers.size(), readOnly.tools().size());
        assertTrue(readOnly.tools().stream().allMatch(t -> t.hints().readOnly()));
    }

    @Test
    void theReadmeNamesExactlyTheToolsReadOnlyHides() throws Exception {
        Matcher row = Pattern.compile("\\| `FRAMESCOPE_READ_ONLY`[^|]*\\|[^|]*\\|([^|]*)\\|")
                .matcher(Files.readString(Path.of("README.md")));
        assertTrue(row.find(), "README's configuration table has a FRAMESCOPE_READ_ONLY row");
        Matcher names = Pattern.compile("`([a-z]+(?:_[a-z]+)+)`").matcher(row.group(1));
        Set<String> stated = new TreeSet<>();
        while (names.find()) {
            stated.add(names.group(1));
        }
        Set<String> hidden = new TreeSet<>(registry(Map.of()).tools().stream().map(ToolDef::name).toList());
        registry(Map.of("FRAMESCOPE_READ_ONLY", "1")).tools().forEach(t -> hidden.remove(t.name()));
        assertEquals(hidden, stated, "README's FRAMESCOPE_READ_ONLY row: " + row.group(1));
    }

    @Test
    void anUnknownGroupIsRefusedWithTheKnownOnes() {
        var e = assertThrows(IllegalArgumentException.class, () -> registry(Map.of("FRAMESCOPE_GROUPS", "phisics")));
        assertTrue(e.getMessage().contains("'phisics'") && e.getMessage().contains("physics, renderdoc"),
                e.getMessage());
    }
}
