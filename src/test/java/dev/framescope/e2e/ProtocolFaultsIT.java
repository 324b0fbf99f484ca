package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A raw client that misbehaves: malformed JSON, batches, unknown methods and tools, wrong types and a line over the
 * 16 MiB limit. Every reply must be a well-formed JSON-RPC error, stdout must hold nothing but JSON-RPC lines, the
 * server must keep answering, and it must exit 0 within 2 s of stdin closing.
 */
@Timeout(120)
class ProtocolFaultsIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void answersEveryFaultWithJsonRpcErrorAndKeepsServing() throws Exception {
        Path stdout = dir.resolve("stdout.txt");
        Path stderr = dir.resolve("stderr.txt");
        Process server = new ProcessBuilder(BuiltJar.command()).redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile()).start();
        OutputStream in = server.getOutputStream();
        try (BufferedReader replies = Files.newBufferedReader(stdout)) {
            Tail tail = new Tail(replies);
            handshake(in, tail::next);

            send(in, "{this is not json");
            assertError(tail.next(), null, -32700);
            send(in, "[{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}]");
            assertError(tail.next(), null, -32600);
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/teleport\",\"params\":{}}");
            assertError(tail.next(), 3, -32601);
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\"}}");
            assertError(tail.next(), 4, -32602);
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":\"get_server_diagnostics\"}");
            assertError(tail.next(), 5, -32602);
            send(in, "\"just a string\"");
            assertError(tail.next(), null, -32600);

            byte[] huge = new byte[17 * 1024 * 1024];
            Arrays.fill(huge, (byte) 'x');
            in.write("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\",\"pad\":\"".getBytes(StandardCharsets.UTF_8));
            in.write(huge);
            send(in, "\"}");
            JsonNode tooLarge = tail.next();
            assertError(tooLarge, 6, -32600); // its id is at the start of the line: the reply carries it
            assertTrue(tooLarge.at("/error/message").asText().contains("too large"), tooLarge.toString());

            send(in, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":"
                    + "\"get_server_diagnostics\",\"arguments\":{\"include_environment\":\"yes\"}}}");
            JsonNode badArgs = tail.next();
            assertEquals(7, badArgs.get("id").asInt());
            assertTrue(badArgs.at("/result/isError").asBoolean(), badArgs.toString());
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}");
            JsonNode pong = tail.next();
            assertEquals(8, pong.get("id").asInt());
            assertTrue(pong.get("result").isObject(), pong.toString());

            long closedAt = System.nanoTime();
            in.close();
            assertTrue(server.waitFor(2, TimeUnit.SECONDS), "process still running 2 s after stdin closed");
            long exitMs = (System.nanoTime() - closedAt) / 1_000_000;
            assertEquals(0, server.exitValue(), "exit code after EOF");
            System.err.println("exited " + exitMs + " ms after stdin closed");
        } finally {
            server.destroyForcibly();
        }
        List<String> lines = Files.readAllLines(stdout);
        for (String line : lines) {
            JsonNode message = JSON.readTree(line);
            assertEquals("2.0", message.get("jsonrpc").asText(), "not JSON-RPC on stdout: " + line);
        }
        assertEquals(10, lines.size(), "one stdout line per reply, nothing else: " + lines);
        assertTrue(Files.readString(stderr).contains("Rejected an inbound line"), "logs go to stderr");
        servedInThisEra(stderr);
    }

    /**
     * MCP allows ping at any time, before initialize too; and a line holds one message: a second one on the same
     * line (or anything after the first) is a parse error for the line, not silently dropped.
     */
    @Test
    void pingBeforeInitializeIsAnsweredAndALineWithTwoMessagesIsAParseError() throws Exception {
        try (RawClient client = client(dir.resolve("stderr.txt"), java.util.Map.of())) {
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"early\",\"method\":\"ping\"}");
            JsonNode early = client.await("s:early", 20_000);
            assertTrue(early != null, "ping before initialize was not answered");
            assertTrue(early.get("result").isObject() && early.get("result").isEmpty(), early.toString());
            client.initialize();

            client.send("{\"jsonrpc\":\"2.0\",\"id\":20,\"method\":\"ping\"}"
                    + "{\"jsonrpc\":\"2.0\",\"id\":21,\"method\":\"ping\"}");
            JsonNode twoOnALine = client.awaitWithoutId(1, 20_000);
            assertTrue(twoOnALine != null, "two messages on one line got no parse error");
            assertError(twoOnALine, null, -32700);
            assertTrue(twoOnALine.at("/error/message").asText().contains("one message per line"),
                    twoOnALine.toString());
            client.send("{\"jsonrpc\":\"2.0\",\"id\":22,\"method\":\"ping\"} trailing");
            JsonNode trailing = client.awaitWithoutId(2, 20_000);
            assertTrue(trailing != null, "a message with trailing text got no parse error");
            assertError(trailing, null, -32700);
            client.send("{\"jsonrpc\":\"2.0\",\"id\":23,\"method\":\"ping\"}");
            assertTrue(client.await(23, 20_000) != null, "the server stopped serving");
            assertEquals(null, client.answer("n:20"), "half of a malformed line was served");
            assertEquals(null, client.answer("n:21"));
            assertEquals(null, client.answer("n:22"), "a message with trailing text was served");
            assertEquals(java.util.List.of(), client.notJsonLines());
            client.send("{\"jsonrpc\":\"2.0\",\"id\":24,\"method\":\"tools/list\"}"); // a request of the era
            assertTrue(client.await(24, 20_000).at("/result/tools").size() > 0, "tools/list after the faults");
        }
    }

    /** A client that stops reading would leave a silent server; it exits 74 instead, and a client can restart it. */
    @Test
    void aClientThatStopsReadingMakesTheServerExitWithStatus74() throws Exception {
        Process server = new ProcessBuilder(BuiltJar.command()).redirectError(dir.resolve("stderr.txt").toFile())
                .start();
        try {
            OutputStream in = server.getOutputStream();
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8));
            handshake(in, () -> JSON.readTree(out.readLine()));
            server.getInputStream().close();
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            assertTrue(server.waitFor(10, TimeUnit.SECONDS), "the server went on after its stdout broke");
            assertEquals(74, server.exitValue());
            assertTrue(Files.readString(dir.resolve("stderr.txt")).contains("writing to stdout failed"));
        } finally {
            server.destroyForcibly();
        }
    }

    /** The next line the server wrote. */
    interface Reader {
        JsonNode next() throws Exception;
    }

    /** Opens the session: initialize, in this era. */
    void handshake(OutputStream in, Reader replies) throws Exception {
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
        assertEquals("framescope", replies.next().at("/result/serverInfo/name").asText());
        send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    /** Fails if the stream was served in another era than this test's. */
    void servedInThisEra(Path stderr) throws IOException {
        assertTrue(Files.readString(stderr).contains("MCP era chosen: 2025-11-25"), "served the 2025-11-25 era");
    }

    /** A line as this era's client would send it. */
    String asSent(String line) {
        return line;
    }

    void send(OutputStream in, String line) throws IOException {
        in.write((asSent(line) + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static void assertError(JsonNode reply, Integer id, int code) {
        assertEquals("2.0", reply.get("jsonrpc").asText(), reply.toString());
        assertEquals(id == null ? "null" : id.toString(), String.valueOf(reply.get("id")), reply.toString());
        assertEquals(code, reply.at("/error/code").asInt(), reply.toString());
        assertTrue(reply.at("/error/message").isTextual(), reply.toString());
    }

    /** Reads the server's stdout file as it grows, one JSON line at a time. */
    private record Tail(BufferedReader reader) {
        JsonNode next() throws Exception {
            StringBuilder partial = new StringBuilder();
            long deadline = System.currentTimeMillis() + 30_000;
            while (System.currentTimeMillis() < deadline) {
                int c = reader.read();
                if (c == -1) {
                    Thread.sleep(5);
                } else if (c == '\n') {
                    return JSON.readTree(partial.toString());
                } else {
                    partial.append((char) c);
                }
            }
            throw new AssertionError("no reply within 30 s; got so far: " + partial);
        }
    }

    /** The client the tests talk through; {@code …ModernIT} runs every test again in the stateless era. */
    RawClient client(Path stderr, java.util.Map<String, String> env) throws java.io.IOException {
        return new RawClient(stderr, env);
    }
}
