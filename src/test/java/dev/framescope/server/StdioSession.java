package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** An in-process FrameScope server on in-memory pipes, for tests of the stdio layer without a process. */
final class StdioSession implements AutoCloseable {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final PipedOutputStream toServer = new PipedOutputStream();
    private final BufferedReader fromServer;
    private final CompletableFuture<Void> serving;
    private final List<String> lines = new ArrayList<>();

    StdioSession(ToolGroups.Toolkit toolkit) throws IOException {
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 20);
        PipedInputStream clientIn = new PipedInputStream(1 << 20);
        OutputStream serverOut = new PipedOutputStream(clientIn);
        fromServer = new BufferedReader(new InputStreamReader(clientIn, StandardCharsets.UTF_8));
        serving = CompletableFuture.runAsync(() -> {
            try {
                FrameScopeServer.serve(toolkit, serverIn, serverOut);
                serverOut.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    void send(String line) throws IOException {
        toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        toServer.flush();
    }

    /** Next line the server wrote, parsed; every line must be JSON. */
    JsonNode receive() throws IOException {
        String line = fromServer.readLine();
        if (line == null) {
            throw new IOException("server closed its output");
        }
        lines.add(line);
        return MAPPER.readTree(line);
    }

    /** The next answer, after the progress notifications that come before it, which go to {@code progress}. */
    JsonNode receiveAfterProgress(List<JsonNode> progress) throws IOException {
        JsonNode message = receive();
        while (message.has("method")) {
            if (!message.get("method").asText().equals("notifications/progress")) {
                throw new IOException("expected progress or an answer, got " + message);
            }
            progress.add(message.get("params"));
            message = receive();
        }
        return message;
    }

    JsonNode request(int id, String method, String paramsJson) throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + paramsJson + "}");
        return receive();
    }

    void initialize() throws IOException {
        request(0, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    /** Closes the server's input and waits for it to return. */
    @Override
    public void close() throws Exception {
        toServer.close();
        serving.get(5, TimeUnit.SECONDS);
    }
}
