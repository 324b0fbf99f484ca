package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.Config;
import dev.framescope.server.ToolGroups;
import dev.framescope.shader.harness.BrowserHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch items whose page is lost, in real Chromium. One effect that hung its page made the whole batch's share of a
 * browser run out (30 s + 10 s per effect: 230 s for 20 effects), then said "the page was closed before the effect
 * finished: the call ran past its time limit or the browser went away" for it (and for any effect still queued on
 * that page). Now each item has its own time limit, an item whose page is lost is set aside, run once more alone in a
 * fresh page, and reported as the timeout or crash it was, with its own times; the others keep their results.
 */
@Timeout(600)
class LostPagesIT {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Pattern TIMES = Pattern.compile("timeout in the batch's page after (\\d+\\.\\d) s, then "
            + "timeout alone in a fresh page after (\\d+\\.\\d) s");

    @TempDir
    Path root;
    @TempDir
    Path state;

    /**
     * One browser, six items: item 2 hangs its page (a script that never returns), item 4 kills the browser the
     * first time it runs. Item 2 runs twice (in the batch's page, then alone) and is reported as a timeout with both
     * times, each its own limit of 31 s (30 s + 1 s per item), not the batch's; item 4 crashes once and its run
     * alone gives its result; every other item runs once.
     */
    @Test
    void aHungItemAndACrashedOneAreRunAgainAloneAndReportedAsWhatTheyWere() {
        Map<Integer, AtomicInteger> runs = new ConcurrentHashMap<>();
        try (BrowserHarness harness = new BrowserHarness(CHROMIUM, false)) {
            List<String> results = harness.forEach(List.of(0, 1, 2, 3, 4, 5), (page, item) -> {
                int run = runs.computeIfAbsent(item, i -> new AtomicInteger()).incrementAndGet();
                if (item == 2) {
                    page.evaluate("() => { for (;;) {} }");
                }
                if (item == 4 && run == 1) {
                    harness.chromiumProcesses().forEach(ProcessHandle::destroyForcibly);
                }
                return "item " + item + ": " + page.evaluate("n => n * n", item);
            }, 1_000, Cancellation.none(), (index, result) -> { }, () -> false, (item, why) -> "lost " + why);

            assertEquals(List.of("item 0: 0", "item 1: 1", "item 3: 9", "item 4: 16", "item 5: 25"),
                    List.of(results.get(0), results.get(1), results.get(3), results.get(4), results.get(5)));
            String hung = results.get(2);
            assertTrue(hung.startsWith("lost timeout: it ran past its own time limit of 31.0 s"), hung);
            assertOwnTimes(hung, 31.0);
            assertEquals(Map.of(0, 1, 1, 1, 2, 2, 3, 1, 4, 2, 5, 1), runs.entrySet().stream().collect(
                    Collectors.toMap(Map.Entry::getKey, e -> e.getValue().get())));
        }
    }

    /**
     * The case as a client meets it: render_effect_frame over a folder of 20 ISF files, one of which keeps
     * SwiftShader busy far past any limit. 19 frames render; the hung one is an error whose note says timeout, its
     * limit (40 s: 30 s + 10 s per effect) and how long it ran in the batch's page and then alone.
     */
    @Test
    void oneEffectThatHangsItsPageInABatchOfTwentyIsATimeoutAndTheOthersRender() throws Exception {
        for (int i = 1; i <= 19; i++) {
            Files.writeString(root.resolve(String.format("Plain %02d.fs", i)), String.format("""
                    /*{"DESCRIPTION": "a gradient", "INPUTS": []}*/
                    void main() { gl_FragColor = vec4(isf_FragNormCoord, %d.0 / 20.0, 1.0); }
                    """, i));
        }
        Files.writeString(root.resolve("Hang.fs"), """
                /*{"DESCRIPTION": "a loop far longer than any time limit on SwiftShader",
                   "INPUTS": [{"NAME": "n", "TYPE": "float", "DEFAULT": 2e9, "MIN": 0.0, "MAX": 2e9}]}*/
                void main() {
                    float acc = 0.0;
                    for (float i = 0.0; i < n; i += 1.0) { acc += sin(i * 0.001 + isf_FragNormCoord.x); }
                    gl_FragColor = vec4(fract(acc), 0.0, 0.0, 1.0);
                }
                """);
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.fromEnvironment(Map.of(
                "FRAMESCOPE_STATE_DIR", state.toString())));
        JsonNode answer = ShaderCalls.call(toolkit, "render_effect_frame", Map.of("effect", "*", "effects_root",
                root.toString(), "width", 32, "height", 32));
        assertEquals(20, answer.at("/page/processed").asInt(), answer.toString());
        assertEquals(Map.of("error", 1, "ok", 19), Map.of("error", answer.at("/page/counts/error").asInt(),
                "ok", answer.at("/page/counts/ok").asInt()), answer.get("page").toString());
        List<String> notes = new ArrayList<>();
        for (JsonNode frame : answer.at("/frames/preview")) {
            if (!frame.get("status").asText().equals("ok")) {
                notes.add(frame.get("effect").asText() + ": " + frame.path("note").asText());
            }
        }
        assertEquals(1, notes.size(), notes.toString());
        String note = notes.get(0);
        assertTrue(note.startsWith("Hang: timeout: it ran past its own time limit of 40.0 s"), note);
        assertOwnTimes(note, 40.0);
    }

    /** Both times in {@code note}, in the batch's page and alone, are one item's limit and a little more. */
    private static void assertOwnTimes(String note, double limitSeconds) {
        Matcher times = TIMES.matcher(note);
        assertTrue(times.find(), note);
        for (int group = 1; group <= 2; group++) {
            double seconds = Double.parseDouble(times.group(group));
            assertTrue(seconds >= limitSeconds && seconds < limitSeconds + 9, "its own limit, not the batch's: "
                    + note);
        }
    }
}
