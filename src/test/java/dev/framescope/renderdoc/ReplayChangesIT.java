package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolException;
import dev.framescope.renderdoc.RenderDocArgs.OpenCaptureArgs;
import dev.framescope.renderdoc.RenderDocArgs.ReplaceShaderArgs;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a call changes in the replay lasts only if its answer reaches the caller, on the real bridge: replace_shader
 * and restore cancelled while queued, while running, and after the bridge answered but before the answer was handed
 * over leave the shaders as they were; one whose answer was handed over keeps its change even if a cancel comes
 * after, and one whose change arrives after an error answer went out does not; a cancelled call on a third capture
 * does not close a capture with replacements; the bridge serves nothing else between a change and the word on it.
 */
@Timeout(300)
class ReplayChangesIT {

    private static final String GL = ShaderToolCalls.GL;

    @TempDir
    static Path state;
    private static BridgeProcess bridge;
    private static Captures captures;
    private static int event;
    private static String guarded;

    @BeforeAll
    static void start() throws Exception {
        bridge = new BridgeProcess(FaultyPython.in(state), state);
        captures = new Captures(bridge, List.of(Path.of("")));
        event = captures.iterateActions(new RenderDocArgs.IterateActionsArgs(GL, "Frame/Defects/NaN quad", null,
                true, 0, 1), ToolContext.SILENT).at("/preview/0/event_id").asInt();
        String source = captures.query("get_shader_info", new RenderDocArgs.ShaderInfoArgs(GL, event,
                RenderDocArgs.Stage.pixel, false, false, null), r -> "",
                        ToolContext.SILENT).at("/source_files/0/source").asText();
        guarded = source.replace("zero / zero", "(zero == 0.0 ? 0.0 : zero / zero)");
    }

    @AfterAll
    static void stop() {
        bridge.close();
    }

    @BeforeEach
    void asCaptured() {
        captures.replaceShader(new ReplaceShaderArgs(GL, null, null, null, null, null, true), Cancellation.none());
        assertEquals(0, replacements(GL));
    }

    private static ReplaceShaderArgs replace() {
        return new ReplaceShaderArgs(GL, event, null, guarded, null, null, null);
    }

    private static ReplaceShaderArgs restore() {
        return new ReplaceShaderArgs(GL, event, null, null, null, null, true);
    }

    private static int replacements(String capture) {
        return captures.open(new OpenCaptureArgs(capture), ToolContext.SILENT).path("replacements").size();
    }

    private static int nanPixels() {
        return captures.analyzeNanInf(new RenderDocArgs.AnalyzeNanInfArgs(GL, "hdr_color", null, 1), ToolContext.SILENT)
                .at("/targets/0/nan_pixels").asInt();
    }

    @Test
    void cancelledAfterTheBridgeAnsweredButBeforeTheAnswerWentOutIsUndone() {
        Cancellation call = Cancellation.untilAnswered();
        JsonNode answer = (JsonNode) captures.replaceShader(replace(), call).body();
        assertEquals("replaced", answer.get("status").asText(), "the bridge answered");
        call.cancel("test: the client cancelled before the answer was written");
        assertEquals(0, replacements(GL), "undone");
        assertEquals(1024, nanPixels());
    }

    @Test
    void answeredIsKeptAndALateCancelUndoesNothing() {
        Cancellation call = Cancellation.untilAnswered();
        captures.replaceShader(replace(), call);
        assertTrue(call.answered());
        call.cancel("test: too late");
        assertEquals(1, replacements(GL));
        assertEquals(0, nanPixels());

        Cancellation restoring = Cancellation.untilAnswered();
        JsonNode restored = (JsonNode) captures.replaceShader(restore(), restoring).body();
        assertEquals("restored", restored.get("status").asText());
        restoring.cancel("test: the restore's answer never went out");
        assertEquals(1, replacements(GL), "a cancelled restore leaves the replacement in place");
        assertEquals(0, nanPixels());
    }

    @Test
    void cancelledWhileItRunsOrQueuesIsUndoneOrNeverRuns() throws Exception {
        Cancellation running = Cancellation.untilAnswered();
        CompletableFuture<Object> during = CompletableFuture.supplyAsync(() -> call(running));
        ActiveRequests.await(bridge, "replace_shader");
        running.cancel("test: while it runs");
        during.get(60, TimeUnit.SECONDS);
        assertEquals(0, replacements(GL), "cancelled while it ran: undone");

        CompletableFuture<JsonNode> ahead = CompletableFuture.supplyAsync(() -> bridge.call("sleep",
                Map.of("seconds", 1.5), 30_000));
        ActiveRequests.await(bridge, "sleep");
        Cancellation queued = Cancellation.untilAnswered();
        CompletableFuture<Object> waiting = CompletableFuture.supplyAsync(() -> call(queued));
        Thread.sleep(300);
        queued.cancel("test: while it queues");
        assertTrue(waiting.get(10, TimeUnit.SECONDS) instanceof ToolException, "CANCELLED at once");
        assertFalse(ahead.isDone(), "answered while the call ahead still ran");
        ahead.get(30, TimeUnit.SECONDS);
        assertEquals(0, replacements(GL), "never ran");
        assertEquals(1024, nanPixels());
    }

    /**
     * ToolWorkers answers TIMEOUT (failed, then the transport's answered) before it cancels the call, while the
     * bridge still has the request: a change that arrives after that answer went out is undone, not kept.
     */
    @Test
    void aChangeThatArrivesAfterAnErrorAnswerWentOutIsUndone() throws Exception {
        CompletableFuture<JsonNode> ahead = CompletableFuture.supplyAsync(() -> bridge.call("sleep",
                Map.of("seconds", 1.5), 30_000));
        ActiveRequests.await(bridge, "sleep");
        Cancellation timedOut = Cancellation.untilAnswered();
        CompletableFuture<Object> late = CompletableFuture.supplyAsync(() -> call(timedOut));
        Thread.sleep(300); // queued behind the sleep
        timedOut.failed(); // the TIMEOUT is answered...
        assertTrue(timedOut.answered(), "...and written to the client");
        ahead.get(30, TimeUnit.SECONDS);
        Object said = late.get(30, TimeUnit.SECONDS);
        assertFalse(said instanceof ToolException, "not cancelled: the bridge ran it and answered " + said);
        assertEquals(0, replacements(GL), "nobody got an answer that says it was replaced");
        assertEquals(1024, nanPixels());
    }

    /**
     * The bridge's answer to a change cannot be read (cut short here by the test bridge): the caller gets an error,
     * so the bridge, which waits for the word on that change, is told to undo it instead of keeping it after 10 s.
     */
    @Test
    void aChangeWhoseAnswerCannotBeReadIsUndone() {
        bridge.call("garble_next_settle", Map.of(), 30_000);
        ToolException unread = assertThrows(ToolException.class,
                () -> captures.replaceShader(replace(), Cancellation.untilAnswered()));
        assertEquals(ErrorCode.INTERNAL, unread.code(), unread.getMessage());
        assertTrue(unread.getMessage().startsWith("unreadable bridge response"), unread.getMessage());
        long t0 = System.nanoTime();
        assertEquals(0, replacements(GL), "undone");
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5), "at once, not after the bridge's 10 s wait");
        assertEquals(1024, nanPixels());
    }

    /**
     * A call cancelled early in a long request: its undo mark waits in the spool until the request ends, past the
     * bridge's 60 s sweep of stale marks (aged here, so the test takes seconds), and the change is undone then.
     */
    @Test
    void theUndoMarkOfALongCancelledRequestOutlivesTheSweepOfStaleMarks() throws Exception {
        Cancellation cancelled = Cancellation.untilAnswered();
        Map<String, Object> measured = ToolArguments.asSent("replace_shader", Map.of("capture", GL, "event_id", event,
                "source", guarded));
        CompletableFuture<JsonNode> running = CompletableFuture.supplyAsync(() -> bridge.call("replace_shader",
                "slow_after", Map.of("method", "replace_shader", "params", measured, "seconds", 4), 60_000,
                cancelled));
        String id = ActiveRequests.await(bridge, "slow_after").requestId();
        cancelled.cancel("test: cancelled early in a long measurement");
        ExecutionException stopped = assertThrows(ExecutionException.class, () -> running.get(10, TimeUnit.SECONDS));
        assertEquals(ErrorCode.CANCELLED, ((ToolException) stopped.getCause()).code());
        Path mark = undoMark(id);
        Files.setLastModifiedTime(mark, FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        Thread.sleep(1_500); // three heartbeats, each sweeping marks older than 60 s
        assertTrue(Files.exists(mark), "the mark of a request still running stays");
        assertEquals(0, replacements(GL), "undone when the request ended");
        assertEquals(1024, nanPixels());
    }

    private static Path undoMark(String id) throws Exception {
        try (Stream<Path> spools = Files.list(state)) {
            return spools.filter(Files::isDirectory).map(spool -> spool.resolve("undo." + id)).filter(Files::exists)
                    .findFirst().orElseThrow(() -> new AssertionError("no undo." + id + " in " + state));
        }
    }

    /** The call's answer, or its error (CANCELLED). */
    private static Object call(Cancellation cancellation) {
        try {
            return captures.replaceShader(replace(), cancellation);
        } catch (ToolException e) {
            assertEquals(ErrorCode.CANCELLED, e.code(), e.getMessage());
            return e;
        }
    }

    /**
     * The bridge keeps two captures open, and a third closes the least recently used: closing one with a
     * replacement is a change like the replacement, kept only when the call that closed it is.
     */
    @Test
    void aCancelledCallOnAThirdCaptureKeepsACaptureWithReplacementsOpen() {
        Cancellation kept = Cancellation.untilAnswered();
        captures.replaceShader(replace(), kept);
        assertTrue(kept.answered());
        captures.open(new OpenCaptureArgs(ShaderToolCalls.VK),
                ToolContext.SILENT); // gl_defects is now the least recently used of two
        Cancellation third = Cancellation.untilAnswered();
        captures.open(new OpenCaptureArgs(ShaderToolCalls.LIGHTING, null, null, null, null), ToolContext.silent(third));
        third.cancel("test");
        assertEquals(List.of(GL, ShaderToolCalls.VK), openCaptures(), "as before the cancelled call");
        assertEquals(1, replacements(GL), "gl_defects kept its replacement");
        assertEquals(0, nanPixels());

        captures.open(new OpenCaptureArgs(ShaderToolCalls.VK),
                ToolContext.SILENT); // gl_defects the least recently used again
        Cancellation answered = Cancellation.untilAnswered();
        captures.open(new OpenCaptureArgs(ShaderToolCalls.LIGHTING, null, null, null, null),
                ToolContext.silent(answered));
        assertTrue(answered.answered());
        assertFalse(openCaptures().contains(Path.of(GL).toAbsolutePath().toString()), "closed once it was kept");
        assertEquals(0, replacements(GL), "and reopened as captured");
    }

    private static List<String> openCaptures() {
        List<String> open = new ArrayList<>();
        bridge.call("ping", Map.of(), 30_000).path("open_captures").forEach(p -> open.add(p.asText()));
        return open;
    }
}
