package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** The JAR under test (Failsafe passes its path) and the command lines that start it. */
final class BuiltJar {

    private BuiltJar() {
    }

    static Path path() {
        Path jar = Path.of(System.getProperty("framescope.jar", "target/framescope.jar")).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "built JAR missing: " + jar + " (run mvn verify)");
        return jar;
    }

    /** {@code java -jar framescope.jar <args>}, exactly as a client without the launcher would start it. */
    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(javaExecutable(), "-jar", path().toString()));
        command.addAll(List.of(args));
        return command;
    }

    /**
     * The MCP Java SDK's client, connected to the JAR over stdio and initialised; {@code configure} adds
     * capabilities and their handlers (sampling, elicitation) before it connects.
     */
    static McpSyncClient client(UnaryOperator<McpClient.SyncSpec> configure) {
        return client(Map.of(), configure);
    }

    /** As {@link #client(UnaryOperator)}, with these variables added to the server's environment. */
    static McpSyncClient client(Map<String, String> env, UnaryOperator<McpClient.SyncSpec> configure) {
        List<String> command = command();
        var params = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).env(env)
                .build();
        McpSyncClient client = configure.apply(McpClient.sync(new StdioClientTransport(params,
                new JacksonMcpJsonMapper(new ObjectMapper()))).requestTimeout(Duration.ofSeconds(90))).build();
        client.initialize();
        return client;
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
