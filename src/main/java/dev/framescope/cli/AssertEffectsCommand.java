package dev.framescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code framescope assert-effects DIR --golden GOLDEN_DIR}: a CI gate on a folder of effects. Each effect is
 * rendered once at fixed settings (WebGL2, time 0.25, default uniforms, the golden's size) and compared with
 * {@code GOLDEN_DIR/<effect id>.png} by test_effect's reference check ({@link EffectGate}); {@code --update} records
 * the goldens instead, from render_effect_frame's image at the same settings, so a golden recorded once matches on
 * the next run.
 */
@Command(name = "assert-effects", description = "CI gate on a folder of shader effects: renders each (WebGL2, time "
        + "0.25, default uniforms) and compares it with its golden frame GOLDEN_DIR/<effect id>.png (an id such as "
        + "synth/gradient is a file in a subfolder). Exits 0 when every frame matches within --tolerance, else 1 "
        + "with one line per failing effect (and, with --junit or --diffs, a picture of where each differing one "
        + "differs). --update records the goldens; it never writes through a link in GOLDEN_DIR.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every effect matches its golden (or, with --update, every golden was recorded)",
                "1:effects differ, lack a golden or fail to render (one 'FAIL <effect id>: ...' line each)",
                "2:bad command line, DIR or GOLDEN_DIR missing",
                "69:effects could not be rendered (Chromium missing or its backend unavailable)"})
final class AssertEffectsCommand implements Callable<Integer> {

    /** The fixed time the goldens are rendered at: test_effect's default, passed explicitly to both tools. */
    private static final double TIME = 0.25;
    /** Effects per test_effect call: their results stay well inside one answer's output budget. */
    private static final int PAGE = 50;
    /** Diff pictures a run writes at most: each renders its effect again. */
    static final int MAX_DIFF_PICTURES = 50;

    private final FrameScopeCli.Streams streams;

    @Parameters(index = "0", paramLabel = "DIR", description = "The effects folder to check.")
    Path effects;

    @Option(names = "--golden", required = true, paramLabel = "GOLDEN_DIR",
            description = "Folder of golden frames, one <effect id>.png per effect.")
    Path golden;

    @Option(names = "--update", description = "Render every effect and (over)write its golden instead of checking.")
    boolean update;

    @Option(names = "--tolerance", paramLabel = "N", defaultValue = "1", description = "Largest channel difference "
            + "(0-255) counted equal; default ${DEFAULT-VALUE}.")
    int tolerance;

    @Option(names = "--size", paramLabel = "PIXELS", defaultValue = "128", description = "With --update: width and "
            + "height of the goldens recorded; default ${DEFAULT-VALUE}. Checks use each golden's own size.")
    int size;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write the verdict as JUnit XML to FILE: one "
            + "test case per effect, failed, skipped or passed; the diff pictures go next to it, in FILE's name "
            + "with -diffs (report.xml: report-diffs/), unless --diffs says where.")
    Path junit;

    @Option(names = "--diffs", paramLabel = "DIR", description = "Write a picture of each differing effect to "
            + "DIR/<effect id>.png (matching pixels dim grey, differing ones red, brighter for a larger "
            + "difference; the first " + MAX_DIFF_PICTURES + ").")
    Path diffs;

    AssertEffectsCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    /** A tool's answer: its JSON body, the image it carried (or null), and whether it is an error. */
    private record Answer(JsonNode body, byte[] image, boolean error, String text) {
    }

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(effects)) {
            return usage("DIR", effects, "no effects folder at " + effects.toAbsolutePath());
        }
        if (!update && !Files.isDirectory(golden)) {
            return usage("GOLDEN_DIR", golden, "no golden folder at " + golden.toAbsolutePath()
                    + "; record the goldens with --update");
        }
        if (Files.exists(golden) && !Files.isDirectory(golden)) {
            return usage("GOLDEN_DIR", golden, golden.toAbsolutePath() + " is not a folder");
        }
        if (diffs == null && junit != null) {
            String name = junit.toAbsolutePath().getFileName().toString();
            diffs = junit.toAbsolutePath().resolveSibling(name.replaceFirst("\\.xml$", "") + "-diffs");
        }
        if (tolerance < 0 || tolerance > 255 || size < 1 || size > 2048) {
            System.err.println("assert-effects: --tolerance takes 0..255 and --size 1..2048");
            return ExitCodes.USAGE;
        }
        if (junit != null) {
            OutputOption.checkFile("--junit", junit);
        }
        ToolGroups.Toolkit toolkit = streams.toolkit();
        if (toolkit.registry().find("test_effect").isEmpty()) {
            System.err.println("assert-effects: the shader tool group is not served (--groups or FRAMESCOPE_GROUPS "
                    + "leave it out)");
            return ExitCodes.UNAVAILABLE;
        }
        List<EffectGate.Outcome> outcomes = new ArrayList<>();
        Integer failed = update ? record(toolkit, outcomes) : check(toolkit, outcomes);
        if (failed != null) {
            return failed;
        }
        long failing = outcomes.stream().filter(o -> o.verdict() == EffectGate.Verdict.FAIL).count();
        long skipped = outcomes.stream().filter(o -> o.verdict() == EffectGate.Verdict.SKIP).count();
        streams.out().println((failing == 0 ? "PASS " : "FAILED ") + effects + ": " + outcomes.size()
                + " effect(s), " + failing + " failing, " + skipped + " skipped" + (update ? ", goldens in " + golden
                : " (goldens " + golden + ", tolerance " + tolerance + ")") + ".");
        if (junit != null) {
            JUnitReport.write(junit, "framescope assert-effects " + effects, "framescope.assert-effects",
                    outcomes.stream().map(EffectGate.Outcome::junit).toList());
        }
        return failing == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }

    /** Every effect against its golden, page by page; an exit code when the run cannot go on, else null. */
    private Integer check(ToolGroups.Toolkit toolkit, List<EffectGate.Outcome> outcomes) throws Exception {
        int offset = 0;
        while (true) {
            Map<String, Object> args = new LinkedHashMap<>(Map.of("effect", "*", "check", "reference", "reference",
                    golden.toString(), "effects_root", effects.toString(), "time", TIME, "tolerance", tolerance,
                    "offset", offset, "limit", PAGE));
            Answer answer = call(toolkit, "test_effect", args);
            if (answer.error()) {
                return failure(answer);
            }
            JsonNode page = answer.body().at("/effects/preview");
            for (int i = 0; i < page.size(); i++) {
                JsonNode result = page.get(i);
                if (result.path("status").asText().equals("unavailable")) {
                    System.err.println("assert-effects: " + result.path("effect").asText() + ": " + result
                            .path("note").asText());
                    return ExitCodes.UNAVAILABLE;
                }
                EffectGate.Outcome outcome = EffectGate.judge(result);
                if (result.path("status").asText().equals("differs")) {
                    outcome = outcome.withPicture(diffPicture(toolkit, offset + i, result.path("effect").asText()));
                }
                outcomes.add(outcome);
                if (outcome.verdict() != EffectGate.Verdict.PASS) {
                    streams.out().println(outcome.line());
                }
            }
            JsonNode next = answer.body().at("/page/next_offset");
            if (!next.isInt()) {
                return null;
            }
            offset = next.asInt();
        }
    }

    /** Renders every effect and writes its golden; an exit code when the run cannot go on, else null. */
    private Integer record(ToolGroups.Toolkit toolkit, List<EffectGate.Outcome> outcomes) throws Exception {
        List<String> ids = new ArrayList<>();
        for (int offset = 0; offset >= 0; ) {
            Answer listing = call(toolkit, "search_effects", Map.of("effects_root", effects.toString(), "limit", 1000,
                    "offset", offset));
            if (listing.error()) {
                return failure(listing);
            }
            listing.body().at("/effects/preview").forEach(entry -> ids.add(entry.path("id").asText()));
            offset = listing.body().at("/page/next_offset").asInt(-1);
        }
        for (String id : ids) {
            Answer frame = call(toolkit, "render_effect_frame", Map.of("effect", id, "effects_root",
                    effects.toString(), "time", TIME, "width", size, "height", size, "include_image", true));
            if (frame.error()) {
                return failure(frame);
            }
            JsonNode result = frame.body().at("/frames/preview/0");
            String status = result.path("status").asText();
            if (status.equals("unavailable")) {
                System.err.println("assert-effects: " + id + ": " + result.path("note").asText());
                return ExitCodes.UNAVAILABLE;
            }
            EffectGate.Outcome outcome;
            if (status.equals("ok") && frame.image() != null) {
                try {
                    Path file = EffectPictures.write(golden, "GOLDEN_DIR", id, frame.image());
                    outcome = new EffectGate.Outcome(id, EffectGate.Verdict.PASS, "RECORDED " + file);
                } catch (EffectPictures.Refused e) {
                    outcome = new EffectGate.Outcome(id, EffectGate.Verdict.FAIL, "FAIL " + id + ": not recorded: "
                            + e.getMessage());
                }
            } else {
                outcome = EffectGate.judge(result);
            }
            outcomes.add(outcome);
            streams.out().println(outcome.line());
        }
        return null;
    }

    /**
     * The picture of where effect {@code index} of the selection differs from its golden (test_effect's picture of
     * the first differing effect, asked for that one effect), written to the diffs folder: its path, or what stopped
     * it in words; null without a diffs folder or past {@link #MAX_DIFF_PICTURES}.
     */
    private String diffPicture(ToolGroups.Toolkit toolkit, int index, String id) throws Exception {
        if (diffs == null) {
            return null;
        }
        if (++pictures > MAX_DIFF_PICTURES) {
            return "no diff picture (the first " + MAX_DIFF_PICTURES + " differing effects have theirs)";
        }
        Answer answer = call(toolkit, "test_effect", Map.of("effect", "*", "check", "reference", "reference",
                golden.toString(), "effects_root", effects.toString(), "time", TIME, "tolerance", tolerance,
                "offset", index, "limit", 1));
        if (answer.image() == null || !id.equals(answer.body().path("diff_image").asText())) {
            return "no diff picture: " + (answer.error() ? answer.text() : "the second render matched");
        }
        try {
            return "diff picture " + EffectPictures.write(diffs, "--diffs", id, answer.image());
        } catch (EffectPictures.Refused e) {
            return "no diff picture: " + e.getMessage();
        }
    }

    /** Differing effects seen so far, for the bound on pictures. */
    private int pictures;

    private Answer call(ToolGroups.Toolkit toolkit, String tool, Map<String, Object> arguments) throws Exception {
        ToolDef<?> def = toolkit.registry().find(tool).orElseThrow();
        CallToolResult result = toolkit.invoker().call(def, toolkit.registry().arguments(tool, arguments),
                ToolContext.SILENT);
        String text = ((TextContent) result.content().get(0)).text();
        byte[] image = null;
        for (var content : result.content()) {
            if (content instanceof ImageContent picture) {
                image = Base64.getDecoder().decode(picture.data());
            }
        }
        int json = text.indexOf("\n{");
        JsonNode body = Json.mapper().readTree(text.substring(json < 0 ? text.indexOf('{') : json + 1));
        return new Answer(body, image, Boolean.TRUE.equals(result.isError()), text);
    }

    /**
     * A tool's error: bad input is a usage error, anything else means the effects could not be rendered (then the
     * JUnit report is one test case in error, so CI shows a broken runner, not a pass).
     */
    private int failure(Answer answer) throws IOException {
        System.err.println("assert-effects: " + answer.text());
        String code = answer.body().path("code").asText();
        if (code.equals("NOT_FOUND") || code.equals("INVALID_ARGUMENT")) {
            return ExitCodes.USAGE;
        }
        if (junit != null) {
            JUnitReport.write(junit, "framescope assert-effects " + effects, "framescope.assert-effects",
                    List.of(new JUnitReport.Case("render", "error", code, "the effects could not be rendered",
                            answer.text())));
        }
        return ExitCodes.UNAVAILABLE;
    }

    private static int usage(String parameter, Path path, String message) {
        System.err.println("assert-effects: " + Json.write(Map.of("code", "NOT_FOUND", "message", message,
                "context", Map.of("parameter", parameter, "path", path.toAbsolutePath().toString()))));
        return ExitCodes.USAGE;
    }
}
