package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder-sized batch in real Chromium answers with results, not OUTPUT_TOO_LARGE: the demo's ISF files copied
 * into 15 folders (135 effects, whose full frame reports together pass the 64 KiB output budget), rendered in full
 * mode (cut to the budget, page.next_offset to go on), a next page from there, and summary mode (counts, failures).
 */
@Timeout(600)
class BatchPagingIT {

    @TempDir
    Path root;
    @TempDir
    Path state;

    private JsonNode call(ToolGroups.Toolkit toolkit, String tool, Map<String, Object> args, ToolContext context)
            throws Exception {
        CallToolResult result = toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(), args, context);
        String text = ((TextContent) result.content().get(0)).text();
        assertFalse(Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }

    @Test
    void aWholeFolderIsPagedAndSummarised() throws Exception {
        List<Path> files;
        try (Stream<Path> isf = Files.list(Path.of("demo/shaders/isf"))) {
            files = isf.toList();
        }
        for (int copy = 0; copy < 15; copy++) {
            Path folder = Files.createDirectories(root.resolve(String.format("copy%02d", copy)));
            for (Path file : files) {
                Files.copy(file, folder.resolve(file.getFileName()));
            }
        }
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.fromEnvironment(Map.of(
                "FRAMESCOPE_STATE_DIR", state.toString())));
        AtomicInteger progress = new AtomicInteger();
        List<String> messages = new ArrayList<>();
        ToolContext counting = (done, total, message) -> {
            progress.incrementAndGet();
            messages.add(message);
        };
        Map<String, Object> args = new HashMap<>(Map.of("effect", "*", "effects_root", root.toString(),
                "width", 16, "height", 16));
        JsonNode full = call(toolkit, "render_effect_frame", args, counting);
        JsonNode page = full.get("page");
        int total = page.get("total").asInt();
        assertTrue(total >= 120, page.toString());
        assertTrue(messages.get(0).startsWith("rendered "), messages.get(0));
        int shown = page.get("shown").asInt();
        // A progress notification per effect rendered: the page renders what it shows (and at most one more per
        // browser, taken before it was full), not every effect from its offset on (issue 27 point 6).
        assertTrue(progress.get() <= shown + PagingContract.BROWSERS, progress.get() + " rendered, " + page);
        assertEquals(progress.get(), messages.size());
        assertTrue(page.get("processed").asInt() <= shown + PagingContract.BROWSERS, page.toString());
        assertTrue(shown > 10 && shown < total, "cut to the output budget: " + page);
        assertEquals(shown, full.at("/frames/preview").size());
        assertEquals(shown, page.get("next_offset").asInt(), page.toString());
        assertTrue(full.get("summary").asText().contains("offset " + shown), full.get("summary").asText());
        int counted = 0;
        for (JsonNode n : page.get("counts")) {
            counted += n.asInt();
        }
        assertEquals(page.get("processed").asInt(), counted, "counts cover the effects run: " + page);

        JsonNode listed = call(toolkit, "search_effects", Map.of("effect", "*", "effects_root", root.toString(),
                "limit", 1000), ToolContext.SILENT);
        List<String> ids = new ArrayList<>();
        listed.at("/effects/preview").forEach(e -> ids.add(e.get("id").asText()));
        for (int i = 0; i < shown; i++) {
            assertEquals(ids.get(i), full.at("/frames/preview/" + i + "/effect").asText(), "selection order");
        }

        // The next page, as a client goes on: it renders its own effects only, from where the first stopped.
        args.put("offset", shown);
        AtomicInteger second = new AtomicInteger();
        JsonNode page2 = call(toolkit, "render_effect_frame", args, (done, of, message) -> second.incrementAndGet());
        int shown2 = page2.at("/page/shown").asInt();
        assertTrue(shown2 > 10 && second.get() <= shown2 + PagingContract.BROWSERS, second.get() + " rendered, "
                + page2.get("page"));
        assertEquals(ids.get(shown), page2.at("/frames/preview/0/effect").asText());
        JsonNode after = page2.at("/page/next_offset");
        assertEquals(shown + shown2 < total ? shown + shown2 : null, after.isNumber() ? after.asInt() : null,
                page2.get("page").toString());

        args.put("limit", 4);
        JsonNode next = call(toolkit, "render_effect_frame", args, ToolContext.SILENT);
        assertEquals(4, next.at("/page/processed").asInt(), next.get("page").toString());
        for (int i = 0; i < 4; i++) {
            assertEquals(ids.get(shown + i), next.at("/frames/preview/" + i + "/effect").asText());
        }
        assertEquals(shown + 4, next.at("/page/next_offset").asInt());

        args.remove("offset");
        args.remove("limit");
        args.put("mode", "summary");
        JsonNode summary = call(toolkit, "compile_effect", Map.of("effect", "*", "effects_root", root.toString(),
                "backend", "webgl2", "mode", "summary"), ToolContext.SILENT);
        int sum = 0;
        for (JsonNode n : summary.at("/page/counts")) {
            sum += n.asInt();
        }
        assertEquals(total, sum, summary.get("page").toString());
        assertTrue(summary.at("/page/counts/error").asInt() >= 15, "Broken Line fails in every copy: "
                + summary.get("page"));
        summary.at("/effects/preview").forEach(e -> assertEquals("error", e.get("status").asText(), e.toString()));
        assertEquals(summary.at("/page/counts/error").asInt(), summary.at("/effects/count").asInt());
        JsonNode end = summary.at("/page/next_offset");
        assertTrue(end.isMissingNode() || end.isNull(), "nothing left: " + summary.get("page"));
    }
}
