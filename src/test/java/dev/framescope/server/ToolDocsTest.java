package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.framescope.common.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The committed docs must say what the registry serves; regenerate with {@code framescope docs --write .}. */
class ToolDocsTest {

    private static final String FIX = " is stale: run  java -jar target/framescope.jar docs --write .";

    @Test
    void toolsMarkdownIsCurrent(@TempDir Path stateDir) throws Exception {
        ToolRegistry registry = ToolGroups.create(Config.defaults(stateDir)).registry();
        assertEquals(ToolDocs.toolsMarkdown(registry), Files.readString(Path.of("docs/tools.md")),
                "docs/tools.md" + FIX);
    }

    @Test
    void readmeToolTableIsCurrent(@TempDir Path stateDir) throws Exception {
        ToolRegistry registry = ToolGroups.create(Config.defaults(stateDir)).registry();
        String readme = Files.readString(Path.of("README.md"));
        assertEquals(ToolDocs.updateReadme(readme, registry), readme, "the tool table in README.md" + FIX);
    }
}
