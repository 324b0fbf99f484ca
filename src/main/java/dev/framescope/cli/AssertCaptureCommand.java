package dev.framescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code framescope assert-capture FILE.rdc}: a CI gate on a captured frame. It asks the frame digest
 * (get_frame_digest, the same findings every RenderDoc answer gives) and fails on NaN/Inf writes, bad geometry and
 * recorded API or validation messages ({@link CaptureGate}), one line per finding; {@code --junit} also writes them as
 * JUnit XML ({@link JUnitReport}).
 */
@Command(name = "assert-capture", description = "CI gate on a RenderDoc capture: exits 0 when the frame has no "
        + "NaN/Inf writes, no bad geometry (bad positions, zero-area triangles, UVs out of range) and no recorded API "
        + "error, warning or validation message; else 1, printing one line per finding. Replays the capture with "
        + "RenderDoc 1.24 (read-only).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no finding, or only allowed ones", "1:findings (one 'FAIL kind at event ...' line each)",
                "2:bad command line, unknown --allow kind, or FILE missing, not a file, not a RenderDoc capture, or "
                        + "damaged (cut short, corrupted, from another RenderDoc version, or crashing RenderDoc's "
                        + "replay while the captures bundled with FrameScope replay)",
                "69:the capture could not be replayed and the runner is at fault (RenderDoc bridge missing or timed "
                        + "out, or its replay fails on the bundled captures too)"})
final class AssertCaptureCommand implements Callable<Integer> {

    private static final int MAX_ANOMALIES = 200;

    private final FrameScopeCli.Streams streams;

    @Parameters(index = "0", paramLabel = "FILE.rdc", description = "The capture to check.")
    Path capture;

    @Option(names = "--allow", paramLabel = "KIND", split = ",",
            description = "Report findings of this kind without failing; repeatable or comma-separated. Kinds: "
                    + "nan_written, inf_written, bad_vertex_positions, degenerate_triangles, uv_out_of_range, "
                    + "api_error, api_warning, api_message.")
    List<String> allow = new ArrayList<>();

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write the verdict as JUnit XML to FILE: "
            + "one test case per kind, failed with its findings, skipped when allowed (one test case in error "
            + "when the capture cannot be replayed).")
    Path junit;

    AssertCaptureCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        Set<String> allowed = new LinkedHashSet<>();
        for (String kind : allow) {
            if (!CaptureGate.KINDS.containsKey(kind.trim())) {
                System.err.println("assert-capture: unknown kind '" + kind + "' for --allow; kinds: "
                        + String.join(", ", CaptureGate.KINDS.keySet()));
                return ExitCodes.USAGE;
            }
            allowed.add(kind.trim());
        }
        if (junit != null) {
            OutputOption.checkFile("--junit", junit);
        }
        if (!Files.isRegularFile(capture)) {
            System.err.println("assert-capture: " + Json.write(notACapture(capture.toAbsolutePath())));
            return ExitCodes.USAGE;
        }
        ToolGroups.Toolkit toolkit = streams.toolkit();
        Optional<ToolDef<?>> digest = toolkit.registry().find("get_frame_digest");
        if (digest.isEmpty()) {
            System.err.println("assert-capture: the renderdoc tool group is not served (--groups or "
                    + "FRAMESCOPE_GROUPS leave it out)");
            return ExitCodes.UNAVAILABLE;
        }
        CallToolResult result = toolkit.invoker().call(digest.get(), toolkit.registry().arguments(
                "get_frame_digest", Map.of("capture", capture.toString(), "max_anomalies", MAX_ANOMALIES)),
                ToolContext.SILENT);
        String text = ((TextContent) result.content().get(0)).text();
        JsonNode body = Json.mapper().readTree(text.substring(text.indexOf('{')));
        if (Boolean.TRUE.equals(result.isError())) {
            System.err.println("assert-capture: " + text);
            String code = body.path("code").asText();
            if (code.equals("NOT_FOUND") || code.equals("INVALID_ARGUMENT")) {
                return ExitCodes.USAGE;
            }
            if (body.at("/context/reason").asText().equals("crash")) {
                // A file whose frame data parses can still crash RenderDoc's replay (a flipped byte in a create
                // info); whether the runner is at fault instead is what replaying known-good captures tells.
                ReplayProbe.Result probe = ReplayProbe.run(toolkit);
                if (probe.runnerReplays()) {
                    System.err.println("assert-capture: RenderDoc crashed replaying " + capture.toAbsolutePath()
                            + ", while on this machine it replays the OpenGL and Vulkan captures bundled with "
                            + "FrameScope: the capture is damaged or one this RenderDoc cannot replay (a bad input)");
                    return ExitCodes.USAGE;
                }
                System.err.println("assert-capture: RenderDoc crashed replaying " + capture.toAbsolutePath()
                        + ", and it fails on the captures bundled with FrameScope too, so the runner is at fault: "
                        + String.join("; ", probe.failures()));
            }
            if (junit != null) {
                JUnitReport.writeError(capture.toAbsolutePath().toString(), text, junit);
            }
            return ExitCodes.UNAVAILABLE;
        }
        CaptureGate.Verdict verdict = CaptureGate.judge(body, allowed);
        report(verdict);
        if (junit != null) {
            JUnitReport.write(verdict, junit);
        }
        return verdict.passed() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    /** Why a path that is no regular file is refused before RenderDoc sees it (a FIFO would never be read). */
    private static Map<String, Object> notACapture(Path path) {
        Map<String, Object> error = new LinkedHashMap<>();
        if (!Files.exists(path)) {
            error.put("code", "NOT_FOUND");
            error.put("message", "no capture file at " + path);
        } else {
            error.put("code", "INVALID_ARGUMENT");
            error.put("message", path + " is " + (Files.isDirectory(path) ? "a folder" : "not a regular file (a "
                    + "FIFO, socket or device)") + "; FILE.rdc must name a RenderDoc capture");
        }
        error.put("context", Map.of("parameter", "capture", "capture", path.toString()));
        return error;
    }

    private void report(CaptureGate.Verdict verdict) {
        verdict.findings().forEach(f -> streams.out().println(f.line()));
        if (verdict.unlisted() > 0) {
            streams.out().println("FAIL unlisted: " + verdict.unlisted() + " anomalies past the digest's bound of "
                    + MAX_ANOMALIES + " were not checked");
        }
        int failing = verdict.failing().size() + (verdict.unlisted() > 0 ? 1 : 0);
        int allowedCount = verdict.findings().size() - verdict.failing().size();
        streams.out().println((failing == 0 ? "PASS " : "FAILED ") + verdict.capture() + ": " + failing
                + " finding(s)" + (allowedCount > 0 ? ", " + allowedCount + " allowed" : "") + ".");
    }
}
