package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.renderdoc.RenderDocArgs.OpenCaptureArgs;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bridge against hostile paths and cancellation, on the real RenderDoc replay: links at the output are refused
 * by the supervisor and again by the bridge itself, a capture is never copied onto itself, a file that is not a
 * capture is refused without quoting it, a FIFO or /proc path never blocks, and a cancelled request leaves the
 * queue without running.
 */
@Timeout(300)
class BridgeSafetyIT {

    private static final String GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();

    @TempDir
    static Path state;
    private static BridgeProcess bridge;

    @BeforeAll
    static void start() throws Exception {
        bridge = new BridgeProcess(FaultyPython.in(state), state);
    }

    @AfterAll
    static void stop() {
        bridge.close();
    }

    @Test
    void aLinkAtTheOutputIsRefusedBySupervisorAndBridgeAndItsTargetIsUntouched(@TempDir Path out,
                                                                                @TempDir Path elsewhere)
            throws Exception {
        Path victim = Files.writeString(elsewhere.resolve("victim.png"), "precious");
        Path link = Files.createSymbolicLink(out.resolve("hdr.png"), victim);
        Captures writer = new Captures(bridge, List.of(out));
        ToolException refused = assertThrows(ToolException.class, () -> writer.saveTexture(
                new RenderDocArgs.SaveTextureArgs(GL, "hdr_color", link.toString(), null, null, true),
                        ToolContext.SILENT));
        assertEquals(ErrorCode.INVALID_ARGUMENT, refused.code());
        assertTrue(refused.getMessage().contains(victim.toRealPath().toString()), refused.getMessage());

        // The bridge checks again just before it writes (a link planted after the supervisor looked).
        ToolException bridgeRefused = assertThrows(ToolException.class, () -> bridge.call("save_texture",
                ToolArguments.asSent("save_texture", Map.of("capture", GL, "texture", "hdr_color", "output",
                        link.toString(), "format", "png", "overwrite", true)), 60_000));
        assertEquals(ErrorCode.INVALID_ARGUMENT, bridgeRefused.code());
        Path copyLink = Files.createSymbolicLink(out.resolve("copy.rdc"), elsewhere.resolve("victim.rdc"));
        assertThrows(ToolException.class, () -> bridge.call("copy_capture", ToolArguments.asSent("copy_capture",
                Map.of("capture", GL, "output", copyLink.toString(), "overwrite", true)), 60_000));
        assertEquals("precious", Files.readString(victim));
        assertFalse(Files.exists(elsewhere.resolve("victim.rdc")));
        try (var files = Files.list(out)) {
            assertEquals(2, files.count(), "no temporary file left behind");
        }
    }

    /**
     * RenderDoc's CopyFileTo moves the open capture's handle onto the copy, and a second copy of that capture killed the
     * bridge (exit 139); a copy leaves the open capture as it was, so copies in a row all land, each the capture's bytes.
     */
    @Test
    void aCaptureCopiedAgainAndAgainStaysOpenAndEachCopyIsTheCapture(@TempDir Path out) throws Exception {
        Captures writer = new Captures(bridge, List.of(out));
        String hash = sha256(Files.readAllBytes(Path.of(GL)));
        for (int i = 1; i <= 3; i++) {
            Path copy = out.resolve("copy" + i + ".rdc");
            writer.copyCapture(new RenderDocArgs.CopyCaptureArgs(GL, copy.toString(), false), ToolContext.SILENT);
            assertEquals(hash, sha256(Files.readAllBytes(copy)), copy.toString());
        }
        assertEquals(hash, sha256(Files.readAllBytes(Path.of(GL))), "the capture is intact");
    }

    @Test
    void aCaptureIsNeverCopiedOntoItselfByAnyName(@TempDir Path out) throws Exception {
        Path capture = Files.copy(Path.of(GL), out.resolve("mine.rdc"));
        byte[] before = Files.readAllBytes(capture);
        String hash = sha256(before);
        Path hardLink = Files.createLink(out.resolve("same.rdc"), capture);
        Path symlink = Files.createSymbolicLink(out.resolve("alias.rdc"), capture);
        Files.createDirectories(out.resolve("sub"));
        Path parent = out.resolve("sub/../mine.rdc");
        Captures writer = new Captures(bridge, List.of(out));
        for (Path target : List.of(capture, out.resolve("./mine.rdc"), parent, symlink, hardLink)) {
            ToolException error = assertThrows(ToolException.class, () -> writer.copyCapture(
                    new RenderDocArgs.CopyCaptureArgs(capture.toString(), target.toString(), true),
                            ToolContext.SILENT));
            assertEquals(ErrorCode.INVALID_ARGUMENT, error.code(), target.toString());
            assertTrue(error.getMessage().contains(capture.toString()), error.getMessage());
            // the bridge refuses as well when asked directly, naming both paths
            ToolException direct = assertThrows(ToolException.class, () -> bridge.call("copy_capture",
                    ToolArguments.asSent("copy_capture", Map.of("capture", capture.toString(), "output",
                            target.toString(), "overwrite", true)), 60_000));
            assertEquals(ErrorCode.INVALID_ARGUMENT, direct.code(), target.toString());
            assertTrue(direct.getMessage().contains(capture.toString())
                    && direct.getMessage().contains(target.toString()), direct.getMessage());
        }
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(capture)), "the capture is intact");
        assertEquals(hash, sha256(Files.readAllBytes(capture)));
        assertTrue(Files.isSymbolicLink(symlink) && Files.isSameFile(hardLink, capture), "links left as they were");
        try (var files = Files.list(out)) {
            assertEquals(4, files.count(), "no temporary file left behind");
        }
    }

    private static String sha256(byte[] bytes) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void filesThatAreNotCapturesAreRefusedWithoutQuotingThemAndNothingBlocks(@TempDir Path dir) throws Exception {
        Path secret = Files.writeString(dir.resolve("shadow.rdc"), "root:$6$secret:19000:0:99999:7:::\n");
        Captures captures = new Captures(bridge, List.of(Path.of("")));
        ToolException notCapture = assertThrows(ToolException.class, () -> captures.open(new OpenCaptureArgs(secret.toString()),
                ToolContext.SILENT));
        assertEquals(ErrorCode.INVALID_ARGUMENT, notCapture.code());
        String said = notCapture.getMessage() + notCapture.context();
        assertFalse(said.contains("root") || said.contains("726f6f74") || said.contains("secret"), said);

        Path fifo = dir.resolve("pipe.rdc");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        ToolException pipe = assertThrows(ToolException.class, () -> captures.open(new OpenCaptureArgs(fifo.toString()),
                ToolContext.SILENT));
        assertEquals(ErrorCode.INVALID_ARGUMENT, pipe.code());
        for (String system : List.of("/proc/self/environ", "/dev/zero")) {
            ToolException refused = assertThrows(ToolException.class, () -> captures.open(new OpenCaptureArgs(system),
                    ToolContext.SILENT));
            assertEquals("capture", refused.context().get("parameter"), system);
        }
        assertEquals("OpenGL", captures.open(new OpenCaptureArgs(GL),
                ToolContext.SILENT).get("api").asText(), "the bridge still serves");
    }

    @Test
    void aCancelledRequestLeavesTheQueueWithoutRunning() throws Exception {
        bridge.call("sleep", Map.of("seconds", 0), 60_000); // started
        CompletableFuture<JsonNode> first = CompletableFuture.supplyAsync(() -> bridge.call("sleep",
                Map.of("seconds", 1.5), 60_000));
        Thread.sleep(300); // the bridge is busy with the first
        Cancellation cancellation = Cancellation.none();
        CompletableFuture<ToolException> second = CompletableFuture.supplyAsync(() -> assertThrows(
                ToolException.class, () -> bridge.call("sleep", Map.of("seconds", 5), 60_000, cancellation)));
        Thread.sleep(200);
        cancellation.cancel("test");
        assertEquals(ErrorCode.CANCELLED, second.get(5, TimeUnit.SECONDS).code());
        assertFalse(first.isDone(), "the cancelled caller returned while the request ahead of it still ran");
        assertNotNull(first.get(10, TimeUnit.SECONDS));
        // Had the cancelled 5 s sleep stayed in the queue, the next request would wait for it.
        CompletableFuture<JsonNode> next = CompletableFuture.supplyAsync(() -> bridge.call("sleep",
                Map.of("seconds", 0), 60_000));
        assertNotNull(next.get(3, TimeUnit.SECONDS), "the next request ran at once: the cancelled one never did");
        try (var left = Files.list(state.resolve("renderdoc-spool-" + ProcessHandle.current().pid()))) {
            assertFalse(left.anyMatch(f -> f.getFileName().toString().startsWith("request.")), "queue is empty");
        }
    }
}
