package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The paging contract every effect-selector tool keeps, checked on a large folder (the demo's ISF files copied
 * many times): (a) a page smaller than the selection ends with next_offset and the next page goes on in selection
 * order, (b) summary mode returns counts per status over every effect and only the failures, (c) the whole folder in
 * one full-mode call answers (cut to the output budget, never an error for size) and runs only what it shows.
 */
final class PagingContract {

    /** Local browsers a batch spreads over (the default): each may have taken one effect past a full page. */
    static final int BROWSERS = 2;

    final ToolGroups.Toolkit toolkit;
    final Path root;
    final List<String> ids = new ArrayList<>();

    /** {@code copies} copies of demo/shaders/isf under {@code root}. */
    PagingContract(Path root, Path state, int copies) throws Exception {
        this.root = root;
        List<Path> files;
        try (Stream<Path> isf = Files.list(Path.of("demo/shaders/isf"))) {
            files = isf.toList();
        }
        for (int copy = 0; copy < copies; copy++) {
            Path folder = Files.createDirectories(root.resolve(String.format("copy%02d", copy)));
            for (Path file : files) {
                Files.copy(file, folder.resolve(file.getFileName()));
            }
        }
        toolkit = ToolGroups.create(Config.fromEnvironment(Map.of("FRAMESCOPE_STATE_DIR", state.toString())));
        for (JsonNode next = IntNode.valueOf(0); !next.isMissingNode(); ) {
            JsonNode listed = call("search_effects", next.asInt() == 0 ? Map.of("limit", 1000)
                    : Map.of("limit", 1000, "offset", next.asInt()), ToolContext.SILENT);
            listed.at("/effects/preview").forEach(e -> ids.add(e.get("id").asText()));
            next = listed.at("/page/next_offset");
        }
    }

    JsonNode call(String tool, Map<String, Object> args, ToolContext context) throws IOException {
        Map<String, Object> all = new HashMap<>(args);
        all.putIfAbsent("effect", "*");
        all.put("effects_root", root.toString());
        CallToolResult result;
        try {
            result = toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(),
                    toolkit.registry().arguments(tool, all), context);
        } catch (Exception e) {
            throw new IOException(e);
        }
        String text = ((TextContent) result.content().get(0)).text();
        assertFalse(Boolean.TRUE.equals(result.isError()), tool + ": " + text);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }

    /**
     * Checks (a), (b) and (c) for {@code tool} called with {@code args}; {@code perEffect} results per effect (one
     * per backend); {@code progress}: a browser tool, with a notification per effect run and full pages that run
     * only what they show.
     */
    void check(String tool, Map<String, Object> args, int perEffect, boolean progress) throws IOException {
        int total = ids.size();
        // (c) the whole folder: the answer is cut to the budget, never refused for size, and in full mode the call
        // runs the effects it shows (and at most one per browser more, taken before the page was full), not the rest.
        AtomicInteger notes = new AtomicInteger();
        JsonNode full = call(tool, args, (done, of, message) -> notes.incrementAndGet());
        JsonNode page = full.get("page");
        assertEquals(total, page.get("total").asInt(), tool + " " + page);
        JsonNode preview = full.at("/effects/preview");
        int shown = page.get("shown").asInt();
        int processed = page.get("processed").asInt();
        if (progress) {
            // Browser tools: a full page runs what it shows (the static ones, ~ms an effect, run every effect).
            assertTrue(processed >= shown / perEffect && processed <= shown / perEffect + BROWSERS, tool + ": "
                    + page);
            assertTrue(notes.get() <= (shown / perEffect + BROWSERS) * perEffect, tool + ": " + notes.get()
                    + " effect run(s) for a page showing " + shown);
        }
        assertEquals(shown, preview.size(), tool);
        assertTrue(shown > 0, tool);
        for (int i = 0; i < shown; i++) {
            assertEquals(ids.get(i / perEffect), id(preview.get(i)), tool + ": selection order");
        }
        if (shown < total * perEffect) {
            assertEquals(shown / perEffect, page.get("next_offset").asInt(), tool + ": cut at " + page);
            assertTrue(full.get("summary").asText().contains("offset " + shown / perEffect), tool);
        }
        // (a) a page smaller than the folder says where to go on; the next page goes on in selection order.
        Map<String, Object> paged = new HashMap<>(args);
        paged.put("offset", 3);
        paged.put("limit", 4);
        JsonNode first = call(tool, paged, ToolContext.SILENT);
        assertEquals(4, first.at("/page/processed").asInt(), tool + " " + first.get("page"));
        int next = first.at("/page/next_offset").asInt();
        assertEquals(7, next, tool + " " + first.get("page"));
        assertEquals(ids.get(3), id(first.at("/effects/preview/0")), tool);
        paged.put("offset", next);
        paged.put("limit", 2);
        JsonNode second = call(tool, paged, ToolContext.SILENT);
        assertEquals(ids.get(7), id(second.at("/effects/preview/0")), tool);
        assertEquals(ids.get(8), id(second.at("/effects/preview/" + perEffect)), tool);
        assertEquals(9, second.at("/page/next_offset").asInt(), tool);
        // (b) summary: counts per status over every run, the failures only.
        Map<String, Object> summary = new HashMap<>(args);
        summary.put("mode", "summary");
        JsonNode sum = call(tool, summary, ToolContext.SILENT);
        int runs = 0;
        int failures = 0;
        for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) () -> sum.at("/page/counts")
                .fields()) {
            runs += e.getValue().asInt();
            failures += BatchPage.QUIET.contains(e.getKey()) ? 0 : e.getValue().asInt();
        }
        assertEquals(total * perEffect, runs, tool + " " + sum.get("page"));
        assertEquals(failures, sum.at("/effects/count").asInt(), tool + " " + sum.get("page"));
        assertEquals("summary", sum.at("/page/mode").asText());
        assertTrue(sum.at("/effects/preview").size() <= failures, tool + ": the failures only");
    }

    /** A result's effect id (analyze_effect names it id). */
    private static String id(JsonNode result) {
        return result.has("effect") ? result.get("effect").asText() : result.path("id").asText();
    }
}
