package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many calls in flight over one stdio connection, as Claude Code and Copilot send them: mixed physics, shader,
 * RenderDoc and diagnostics calls, pipelined from 8 threads and from one sender. Every request must be answered
 * once, with its own id and the answer to its own arguments; stdout must hold only JSON-RPC; the server must exit
 * within 2 s of stdin closing. mcp-core 2.1.0's own transport lost an answer and went silent here within seconds.
 */
@Timeout(600)
class ConcurrentCallsIT {

    private static final String RECORDING = Path.of("demo/recordings/drop_settle.db").toAbsolutePath().toString();
    private static final String CAPTURE = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();
    private static final int THREADS = 8;
    private static final int CALLS_PER_THREAD = 200;

    @TempDir
    Path dir;

    /** One call and how to tell its answer is the answer to it. */
    record Call(String tool, String arguments, Predicate<JsonNode> isItsAnswer) {
    }

    /**
     * Call {@code n} of the mix. Each answer echoes something of its own arguments (a frame, an offset), so an
     * answer delivered under the wrong id fails the check. Every 100th call compiles in Chromium.
     */
    static Call mixed(int n) {
        int frame = 1 + n % 300;
        int offset = n % 30;
        return switch (n % 100 == 99 ? 6 : n % 6) {
            case 0 -> new Call("get_recording_frame", "{\"recording\":\"" + RECORDING + "\",\"frame_id\":" + frame
                    + ",\"limit\":1}", body -> body.path("frame_id").asInt() == frame);
            case 1 -> new Call("get_recording_frame", "{\"recording\":\"" + RECORDING + "\",\"frame_id\":" + frame
                    + ",\"body_id\":2}", body -> body.at("/state/frame_id").asInt() == frame);
            case 2 -> new Call("get_server_diagnostics", "{\"tool_limit\":1}",
                    body -> "framescope".equals(body.path("server").asText()));
            case 3 -> new Call("search_effects", "{\"effect\":\"synth/*\",\"limit\":" + (1 + offset % 5) + "}",
                    body -> body.at("/effects/preview").size() == 1 + offset % 5);
            case 4 -> new Call("iterate_actions", "{\"capture\":\"" + CAPTURE + "\",\"offset\":" + offset
                    + ",\"limit\":1}", body -> body.path("offset").asInt() == offset);
            case 5 -> new Call("check_momentum", "{\"recording\":\"" + RECORDING + "\",\"start_frame\":" + frame
                    + ",\"end_frame\":" + frame + "}", body -> body.has("summary"));
            default -> new Call("compile_effect", "{\"effect\":\"synth/gradient\",\"backend\":\"webgl2\"}",
                    body -> body.path("summary").asText().contains("1 effect"));
        };
    }

    @RepeatedTest(5)
    void eightThreadsPipeliningMixedCallsGetEveryAnswerUnderItsOwnId() throws Exception {
        try (RawClient client = client(dir.resolve("stderr.txt"), Map.of())) {
            client.initialize();
            long start = System.nanoTime();
            ExecutorService senders = Executors.newFixedThreadPool(THREADS);
            List<Future<?>> sent = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                sent.add(senders.submit(() -> {
                    for (int i = 0; i < CALLS_PER_THREAD; i++) {
                        int n = thread * CALLS_PER_THREAD + i;
                        Call call = mixed(n);
                        client.call(n, call.tool(), call.arguments());
                    }
                    return null;
                }));
            }
            for (Future<?> f : sent) {
                f.get();
            }
            senders.shutdown();
            assertAllAnswered(client, 0, THREADS * CALLS_PER_THREAD);
            double seconds = (System.nanoTime() - start) / 1e9;
            System.err.printf("%d calls from %d threads answered in %.2f s (%.0f calls/s), 0 lost%n",
                    THREADS * CALLS_PER_THREAD, THREADS, seconds, THREADS * CALLS_PER_THREAD / seconds);
            assertEquals(List.of(), client.notJsonLines(), "stdout carries JSON-RPC only");
        }
    }

    @Test
    void pipelinedThenSequentialCallsAllAnsweredThenExitWithinTwoSecondsOfEof() throws Exception {
        Path stderr = dir.resolve("stderr.txt");
        try (RawClient client = client(stderr, Map.of())) {
            client.initialize();
            for (int n = 0; n < 500; n++) {
                Call call = mixed(n);
                client.call(n, call.tool(), call.arguments());
            }
            assertAllAnswered(client, 0, 500);

            for (int n = 1000; n < 6000; n++) {
                Call call = mixed(n % 100 == 99 ? n + 1 : n); // no browser in the sequential run: it would take minutes
                client.call(n, call.tool(), call.arguments());
                JsonNode answer = client.await(n, 30_000);
                assertNotNull(answer, "no answer to sequential call " + n);
                assertAnswers(call, answer);
            }

            long exitMs = client.closeAndTimeExit(2_000);
            assertTrue(exitMs >= 0, "the server still runs 2 s after stdin closed");
            assertEquals(0, client.process().exitValue());
            System.err.println("exited " + exitMs + " ms after stdin closed");
            assertEquals(List.of(), client.notJsonLines(), "stdout carries JSON-RPC only");
        }
        assertFalse(Files.readString(stderr).contains("Failed to enqueue"), "no message lost on the way out");
    }

    private static void assertAllAnswered(RawClient client, int first, int count) throws Exception {
        for (int n = first; n < first + count; n++) {
            JsonNode answer = client.await(n, 120_000);
            assertNotNull(answer, "call " + n + " (" + mixed(n).tool() + ") was never answered; "
                    + client.answerCount() + " answers so far");
            assertAnswers(mixed(n), answer);
        }
    }

    private static void assertAnswers(Call call, JsonNode answer) throws Exception {
        assertTrue(answer.has("result"), call.tool() + ": " + answer);
        JsonNode result = answer.get("result");
        String text = result.at("/content/0/text").asText();
        assertFalse(result.path("isError").asBoolean(), call.tool() + " failed: " + text);
        JsonNode body = RawClient.JSON.readTree(text.substring(text.indexOf('{')));
        assertTrue(call.isItsAnswer().test(body), "answer " + answer.get("id") + " is not the answer to "
                + call.tool() + " " + call.arguments() + ": " + text.substring(0, Math.min(300, text.length())));
    }

    /** The client the tests talk through; {@code …ModernIT} runs every test again in the stateless era. */
    RawClient client(Path stderr, java.util.Map<String, String> env) throws java.io.IOException {
        return new RawClient(stderr, env);
    }
}
