package dev.framescope.renderdoc.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The bridge's Python modules as they ship ({@link BridgeCode#pythonFiles()}, the build's index): every module one of
 * them imports from the bridge ships too, and no two import each other, at the top or inside a function (issue 34:
 * evidence.py and tier_b.py did, one of them from inside a function to dodge the circle).
 */
class BridgeImportsTest {

    private static final Pattern IMPORT = Pattern.compile("^\\s*(?:from\\s+(\\w+)\\s+import|import\\s+(\\w+))",
            Pattern.MULTILINE);

    @Test
    void everyImportedBridgeModuleShipsAndNoneImportsItselfBack() throws IOException {
        Set<String> shipped = new LinkedHashSet<>();
        BridgeCode.pythonFiles().forEach(f -> shipped.add(f.replace(".py", "")));
        Map<String, Set<String>> imports = new TreeMap<>();
        List<String> missing = new ArrayList<>();
        for (String module : shipped) {
            Set<String> own = new LinkedHashSet<>();
            for (String name : importsOf(module)) {
                if (shipped.contains(name)) {
                    own.add(name);
                } else if (resource(name) != null) {
                    missing.add(module + " imports " + name + ", which the build's index leaves out");
                }
            }
            imports.put(module, own);
        }
        assertEquals(List.of(), missing);
        List<String> cycles = new ArrayList<>();
        for (String start : imports.keySet()) {
            List<String> path = cycleFrom(start, start, imports, new ArrayList<>(List.of(start)), new LinkedHashSet<>());
            if (path != null) {
                cycles.add(String.join(" -> ", path));
            }
        }
        assertEquals(List.of(), cycles, "bridge modules that import each other");
        assertTrue(imports.get("evidence").contains("geometry") && !imports.get("evidence").contains("tier_b"),
                imports.get("evidence").toString());
    }

    private static List<String> cycleFrom(String start, String at, Map<String, Set<String>> imports,
                                          List<String> path, Set<String> seen) {
        for (String next : imports.getOrDefault(at, Set.of())) {
            if (next.equals(start)) {
                List<String> cycle = new ArrayList<>(path);
                cycle.add(start);
                return cycle;
            }
            if (seen.add(next)) {
                path.add(next);
                List<String> found = cycleFrom(start, next, imports, path, seen);
                if (found != null) {
                    return found;
                }
                path.remove(path.size() - 1);
            }
        }
        return null;
    }

    private static Set<String> importsOf(String module) throws IOException {
        try (InputStream in = resource(module)) {
            assertNotNull(in, module + ".py is listed but not in the JAR's resources");
            Matcher m = IMPORT.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            Set<String> names = new LinkedHashSet<>();
            while (m.find()) {
                names.add(m.group(1) != null ? m.group(1) : m.group(2));
            }
            return names;
        }
    }

    private static InputStream resource(String module) {
        return BridgeCode.class.getResourceAsStream(BridgeCode.FOLDER + module + ".py");
    }
}
