package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ToolContext;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The static per-effect tools page a folder of 135 effects like compile_effect does (see {@link PagingContract}). */
class StaticPagingTest {

    @TempDir
    Path root;
    @TempDir
    Path state;

    @Test
    void staticToolsPageAndSummariseAWholeFolder() throws Exception {
        PagingContract folder = new PagingContract(root, state, 15);
        folder.check("analyze_effect", Map.of(), 1, false);
        folder.check("analyze_effect", Map.of("analysis", "glsl_wgsl"), 1, false);
        folder.check("analyze_effect", Map.of("analysis", "structure"), 1, false);
    }

    /**
     * search_effects answers matches, not a result per effect, so it is not paged; its previews are cut to the
     * output budget instead of the whole answer being refused (500 lines of a 135-effect folder were 90 KB).
     */
    @Test
    void searchOverAWholeFolderIsCutNotRefused() throws Exception {
        PagingContract folder = new PagingContract(root, state, 15);
        JsonNode found = folder.call("search_effects", Map.of("query", "e", "source_regex", ".", "limit", 500),
                ToolContext.SILENT);
        JsonNode lines = found.get("source_matches");
        assertTrue(lines.get("count").asInt() > 1000, lines.get("count").toString());
        assertTrue(lines.get("preview").size() > 50 && lines.get("preview").size() < 500, "cut to the budget");
        assertTrue(lines.get("truncated").asBoolean());
        assertEquals(135, found.get("effects").get("count").asInt());
    }
}
