package dev.framescope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Config;
import dev.framescope.common.ToolDef;
import dev.framescope.server.ToolGroups;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contributor docs name only code that exists: every class, record or interface that docs/architecture.md,
 * CONTRIBUTING.md or CLAUDE.md names (in backquotes, or as a word in architecture.md's layout block) is declared
 * under src/, and every script or page file they name (.py, .js, .java) is in the repository. A rename that leaves
 * a doc behind fails here.
 */
class DocsNameRealCodeTest {

    private static final List<Path> DOCS = List.of(Path.of("docs/architecture.md"), Path.of("CONTRIBUTING.md"),
            Path.of("CLAUDE.md"));
    /** A Java type name: two or more capitalised parts (ToolInvoker, StdioTransport), as docs write them. */
    private static final Pattern TYPE = Pattern.compile("(?<![\\w-])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\\b");
    private static final Pattern FILE = Pattern.compile("\\b[\\w-]+\\.(?:py|js|java)\\b");
    private static final Pattern QUOTED = Pattern.compile("`([^`\\n]+)`");
    /** Words of that shape in the docs that are products, formats or library types, not our code. */
    private static final Set<String> NOT_CODE = Set.of("RenderDoc", "OpenGL", "WebGL", "WebGPU", "JavaScript",
            "SwiftShader", "AppCDS", "TypeScript", "GitHub", "SQLite", "WebSocket", "AutoCloseable", "TempDir",
            "ObjectMapper", "FooTest", "FooIT");

    @Test
    void everyClassAndFileTheDocsNameExists() throws IOException {
        Set<String> types = declaredTypes();
        Set<String> files = repositoryFileNames();
        Set<String> missing = new TreeSet<>();
        for (Path doc : DOCS) {
            String text = Files.readString(doc);
            for (String quoted : matches(QUOTED, text, 1)) {
                check(doc, quoted, types, files, missing);
            }
            if (doc.endsWith("architecture.md")) {
                for (String block : matches(Pattern.compile("(?s)```\\n(.*?)```"), text, 1)) {
                    check(doc, block, types, files, missing);
                }
            }
        }
        assertEquals(Set.of(), missing, "docs name code that does not exist; rename them with the code");
    }

    /** The README picture's panels say which tool made them: by the names tools/list gives today. */
    @Test
    void theReadmePictureNamesTodaysTools(@TempDir Path state) throws IOException {
        Set<String> listed = ToolGroups.create(Config.defaults(state)).registry().tools().stream()
                .map(ToolDef::name).collect(Collectors.toSet());
        String script = Files.readString(Path.of("scripts/make-readme-picture.sh"));
        List<String> named = matches(Pattern.compile("<h2>[^<]*<code>([\\w-]+)</code>"), script, 1);
        assertEquals(4, named.size(), "four panels, each naming its tool: " + named);
        for (String tool : named) {
            assertTrue(listed.contains(tool), "the picture names " + tool + ", which tools/list does not");
        }
    }

    @Test
    void theCheckWouldSeeAStaleName() throws IOException {
        Set<String> missing = new TreeSet<>();
        check(Path.of("x.md"), "JsonRpcLineGuard reads a line; `SpoolFile`; replay_old.py", declaredTypes(),
                repositoryFileNames(), missing);
        assertEquals(Set.of("x.md: JsonRpcLineGuard", "x.md: SpoolFile", "x.md: replay_old.py"), missing);
        assertTrue(declaredTypes().contains("ToolInvoker"));
    }

    private static void check(Path doc, String text, Set<String> types, Set<String> files, Set<String> missing) {
        for (String type : matches(TYPE, text, 0)) {
            if (!NOT_CODE.contains(type) && !types.contains(type)) {
                missing.add(doc + ": " + type);
            }
        }
        for (String file : matches(FILE, text, 0)) {
            if (!files.contains(file)) {
                missing.add(doc + ": " + file);
            }
        }
    }

    private static List<String> matches(Pattern pattern, String text, int group) {
        Matcher m = pattern.matcher(text);
        return m.results().map(r -> r.group(group)).toList();
    }

    private static Set<String> declaredTypes() throws IOException {
        Pattern declaration = Pattern.compile("\\b(?:class|record|interface|enum)\\s+([A-Z]\\w*)");
        Set<String> types = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                types.addAll(matches(declaration, Files.readString(file), 1));
            }
        }
        return types;
    }

    private static Set<String> repositoryFileNames() throws IOException {
        try (Stream<Path> files = Stream.of("src", "scripts", "demo").map(Path::of).flatMap(DocsNameRealCodeTest::walk)) {
            return files.map(f -> f.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static Stream<Path> walk(Path root) {
        try {
            return Files.walk(root).filter(f -> !f.toString().contains("node_modules"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
