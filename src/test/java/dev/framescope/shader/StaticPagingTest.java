package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
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
     * search_effects answers matches, not a result per effect; its lists are cut to the output budget instead of
     * the whole answer being refused (500 lines of a 135-effect folder were 90 KB), and page.next_offset goes on.
     */
    @Test
    void searchOverAWholeFolderIsCutNotRefused() throws Exception {
        PagingContract folder = new PagingContract(root, state, 15);
        JsonNode found = folder.call("search_effects", Map.of("query", "e", "source_regex", ".", "limit", 500),
                ToolContext.SILENT);
        JsonNode lines = found.get("source_matches");
        assertTrue(lines.get("count").asInt() > 1000, lines.get("count").toString());
        int shown = lines.get("preview").size();
        assertTrue(shown > 50 && shown < 500, "cut to the budget");
        assertTrue(lines.get("truncated").asBoolean());
        assertEquals(135, found.get("effects").get("count").asInt());
        // Both lists start at the offset: the next page starts where the shorter preview (here the effects') ended,
        // so no item of either list is skipped.
        int effectsShown = found.at("/effects/preview").size();
        assertTrue(found.at("/effects/truncated").asBoolean() && effectsShown < shown, found.get("page").toString());
        int next = found.at("/page/next_offset").asInt();
        assertEquals(effectsShown, next, found.get("page").toString());
        assertTrue(found.get("summary").asText().endsWith("More: call again with offset " + next
                + " (the rest passes the output budget)."), found.get("summary").asText());

        JsonNode page2 = folder.call("search_effects", Map.of("query", "e", "source_regex", ".", "limit", 500,
                "offset", next), ToolContext.SILENT);
        assertEquals(lines.get("count"), page2.at("/source_matches/count"));
        assertEquals(lines.get("preview").get(next), page2.at("/source_matches/preview/0"));
        assertEquals(found.at("/effects/count"), page2.at("/effects/count"));
        assertEquals(next, page2.at("/page/offset").asInt());
    }

    /**
     * The listing of a folder of hundreds of ISF files (the public ISF-Files corpus has 321, with descriptions and
     * inputs: 75 KB at limit 500) answered OUTPUT_TOO_LARGE; it answers a page within the budget that says where
     * the next starts, and the pages together list every effect once, in order.
     */
    @Test
    void listingAWholeFolderIsPagedNotRefused() throws Exception {
        PagingContract folder = new PagingContract(root, state, 40);
        List<String> seen = new ArrayList<>();
        int offset = 0;
        int pages = 0;
        while (true) {
            JsonNode listed = folder.call("search_effects", offset == 0 ? Map.of("limit", 500)
                    : Map.of("limit", 500, "offset", offset), ToolContext.SILENT);
            pages++;
            assertTrue(Json.write(listed).length() < 64 * 1024, "within the output budget");
            assertEquals(offset, listed.at("/page/offset").asInt());
            listed.at("/effects/preview").forEach(e -> seen.add(e.get("id").asText()));
            assertEquals(360, listed.at("/effects/count").asInt());
            JsonNode next = listed.at("/page/next_offset");
            if (next.isMissingNode()) {
                break;
            }
            assertTrue(listed.at("/effects/truncated").asBoolean());
            assertTrue(listed.get("summary").asText().endsWith("More: call again with offset " + next.asInt()
                    + " (the rest passes the output budget)."), listed.get("summary").asText());
            offset = next.asInt();
        }
        assertTrue(pages > 1, "one page held 360 effects at limit 500");
        List<String> expected = new ArrayList<>();
        try (Stream<Path> isf = Files.list(Path.of("demo/shaders/isf"))) {
            List<String> names = isf.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".fs")).toList();
            for (int copy = 0; copy < 40; copy++) {
                for (String name : names) {
                    expected.add(String.format("copy%02d/%s", copy, name.substring(0, name.length() - 3)));
                }
            }
        }
        assertEquals(expected.stream().sorted().toList(), seen);
    }
}
