package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.renderdoc.bridge.QrenderdocExtension;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bridge as a qrenderdoc extension: Debian's RenderDoc 1.24 UI (under Xvfb) with the extension installed by
 * {@link QrenderdocExtension} opens the GL fixture as a person would, and FrameScope attached to its spool
 * (FRAMESCOPE_RENDERDOC_ATTACH) finds the NaN-writing draw of the ground truth through the UI's own replay.
 */
@Timeout(240)
class QrenderdocAttachIT {

    @TempDir
    Path dir;

    private static boolean onPath(String program) {
        for (String folder : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(folder, program))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void anAgentAttachedToRenderDocsUiAnalysesTheCaptureOpenThere() throws Exception {
        boolean available = onPath("qrenderdoc") && onPath("xvfb-run");
        if (!available && "true".equals(System.getenv("CI"))) {
            fail("qrenderdoc and xvfb-run must be installed in CI (scripts/setup.sh)");
        }
        Assumptions.assumeTrue(available, "qrenderdoc or xvfb-run not installed");
        Path data = dir.resolve("xdg/qrenderdoc");
        Files.createDirectories(data);
        // A fresh profile: without these, qrenderdoc 1.24 waits on a first-run analytics dialog before any script.
        Files.writeString(data.resolve("UI.config"), "{\"rdocConfigData\": 1, \"Analytics_TotalOptOut\": true, "
                + "\"CheckUpdate_AllowChecks\": false, \"Tips_HasSeenFirst\": true, \"CrashReport_EmailNagged\": true}");
        QrenderdocExtension.install(data);
        assertTrue(QrenderdocExtension.enable(data));
        Path capture = Files.copy(Path.of("demo/captures/gl_defects.rdc"), dir.resolve("gl_defects.rdc"));
        Path other = Files.copy(Path.of("demo/captures/vk_defects.rdc"), dir.resolve("vk_defects.rdc"));
        Path script = Files.writeString(dir.resolve("open.py"), "import renderdoc\n"
                + "pyrenderdoc.LoadCapture(r'" + capture + "', renderdoc.ReplayOptions(), r'" + capture
                + "', False, True)\n");
        Path spool = dir.resolve("spool");
        ProcessBuilder builder = new ProcessBuilder("xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "qrenderdoc",
                "--python", script.toString());
        builder.environment().put("XDG_DATA_HOME", dir.resolve("xdg").toString());
        builder.environment().put("FRAMESCOPE_RENDERDOC_SPOOL", spool.toString());
        builder.redirectErrorStream(true).redirectOutput(dir.resolve("qrenderdoc.log").toFile());
        Process ui = builder.start();
        try {
            ToolGroups.Toolkit toolkit = ToolGroups.create(Config.fromEnvironment(Map.of(
                    "FRAMESCOPE_STATE_DIR", dir.resolve("state").toString(),
                    "FRAMESCOPE_RENDERDOC_ATTACH", spool.toString())));
            JsonNode diagnostics = null;
            for (int i = 0; i < 600; i++) {
                diagnostics = call(toolkit, "get_server_diagnostics", Map.of("include_environment", false))
                        .path("renderdoc_bridge");
                if (capture.toString().equals(diagnostics.path("ui_capture").asText(null))) {
                    break;
                }
                assertTrue(ui.isAlive(), () -> "qrenderdoc exited: " + log());
                Thread.sleep(100);
            }
            assertEquals(capture.toString(), diagnostics.path("ui_capture").asText(null), () -> "RenderDoc never "
                    + "opened the capture: " + log());
            assertEquals("qrenderdoc", diagnostics.get("mode").asText());
            assertEquals("healthy", diagnostics.get("status").asText());

            JsonNode opened = call(toolkit, "open_capture", Map.of("capture", capture.toString()));
            assertEquals("OpenGL", opened.get("api").asText());
            JsonNode nan = call(toolkit, "analyze_nan_inf", Map.of("capture", capture.toString()));
            String writer = null;
            for (JsonNode target : nan.path("targets")) {
                for (JsonNode w : target.path("writers")) {
                    if (writer == null && w.path("new_nan_pixels").asInt() > 0) {
                        writer = w.get("marker_path").asText();
                    }
                }
            }
            assertEquals(truth("gl_defects", "writes_nan"), writer, nan::toString);

            CallToolResult elsewhere = raw(toolkit, "open_capture", Map.of("capture", other.toString()));
            String text = ((TextContent) elsewhere.content().get(0)).text();
            assertTrue(Boolean.TRUE.equals(elsewhere.isError()) && text.contains("NOT_FOUND")
                    && text.contains("open in the UI"), text);
        } finally {
            ui.descendants().forEach(ProcessHandle::destroyForcibly);
            ui.destroyForcibly();
        }
    }

    private String log() {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("qrenderdoc.log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (Exception e) {
            return "(no log)";
        }
    }

    private static String truth(String capture, String kind) throws Exception {
        JsonNode truth = Json.mapper().readTree(Files.readString(Path.of("demo/captures/ground-truth.json")));
        for (JsonNode d : truth.at("/captures/" + capture + "/draws")) {
            if (d.get("kind").asText().equals(kind)) {
                return d.get("marker").asText();
            }
        }
        return fail("no " + kind + " draw in the ground truth");
    }

    private static CallToolResult raw(ToolGroups.Toolkit toolkit, String tool, Map<String, Object> arguments) {
        return toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(), arguments, ToolContext.SILENT);
    }

    private static JsonNode call(ToolGroups.Toolkit toolkit, String tool, Map<String, Object> arguments)
            throws Exception {
        CallToolResult result = raw(toolkit, tool, arguments);
        String text = ((TextContent) result.content().get(0)).text();
        assertTrue(!Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }
}
