package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every tool that takes a path or an effect selector, through the built JAR, with what a careless or hostile caller
 * sends: a NUL byte, a FIFO, a link to a secret file outside the allowed roots, a climb out with "..", /proc and
 * /, a selector of many stars, a linked effects root. Each call must be answered (none may pin a worker), with a
 * result or a structured error that is not INTERNAL and quotes nothing of the secret; the server must keep
 * answering; and no file outside the allowed roots (nor the demo data) may change.
 */
@Timeout(600)
class HostilePathsIT {

    private static final String SECRET = "SECRET-SENTINEL-7f3a";
    private static final String GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();
    private static final List<String> PATH_PARAMS = List.of("recording", "path", "directory", "capture", "output",
            "effects_root", "effect");

    @TempDir
    Path allowed;
    @TempDir
    Path outside;

    @Test
    void everyPathAndSelectorParameterSurvivesHostileValues() throws Exception {
        Path secret = Files.writeString(outside.resolve("secret.txt"), SECRET + "\nroot:x:0:0\n");
        Path victim = Files.writeString(outside.resolve("victim.bin"), "precious");
        Files.createDirectories(outside.resolve("effects/ns/fx"));
        Files.writeString(outside.resolve("effects/manifest.json"), "{\"mine\": {}}\n");
        Path fifo = allowed.resolve("pipe");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Path fifoRoot = Files.createDirectories(allowed.resolve("fifo-effects/ns/fx"));
        assertEquals(0, new ProcessBuilder("mkfifo", fifoRoot.resolve("definition.json").toString()).start()
                .waitFor());
        List<String> hostile = new ArrayList<>(List.of("a\u0000b", fifo.toString(), "../../../../../../etc/passwd",
                "/proc/self/mem", "/proc", "/", "/dev/zero", "*a".repeat(240) + "b"));
        for (String extension : List.of(".db", ".rdc", ".png", ".json")) {
            hostile.add(Files.createSymbolicLink(allowed.resolve("secret" + extension), secret).toString());
            hostile.add(Files.createSymbolicLink(allowed.resolve("victim" + extension), victim).toString());
        }
        hostile.add(Files.createSymbolicLink(allowed.resolve("linked-effects"), outside.resolve("effects"))
                .toString());
        hostile.add(allowed.resolve("fifo-effects").toString());
        Map<String, String> before = hashes(outside, Path.of("demo"));

        try (RawClient client = client(allowed.resolve("stderr.txt"),
                Map.of("FRAMESCOPE_OUTPUT_DIR", allowed.toString(), "FRAMESCOPE_DIALOG_OPEN_BROWSER", "0"))) {
            client.initialize();
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"list\",\"method\":\"tools/list\"}");
            JsonNode tools = client.await("s:list", 30_000).at("/result/tools");
            long id = 0;
            int calls = 0;
            for (JsonNode tool : tools) {
                ObjectNode schema = (ObjectNode) tool.get("inputSchema");
                for (String param : PATH_PARAMS) {
                    if (!schema.path("properties").has(param)) {
                        continue;
                    }
                    for (String value : hostile) {
                        ObjectNode args = fill(schema);
                        args.put(param, value);
                        if (param.equals("effects_root")) {
                            args.put("effect", "*");
                        }
                        client.call(++id, tool.get("name").asText(), args.toString());
                        JsonNode answer = client.await(id, 60_000);
                        assertNotNull(answer, tool.get("name") + " " + param + "=" + value + ": no answer in 60 s");
                        assertAcceptable(answer, tool.get("name").asText() + " " + param + "=" + value);
                        calls++;
                    }
                }
            }
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"ping\",\"method\":\"ping\"}");
            assertNotNull(client.await("s:ping", 10_000), "still serving after " + calls + " hostile calls");
            System.err.println(calls + " hostile calls answered");
            assertTrue(calls > 300, "the registry offered " + calls + " path parameters × values");
        }
        assertEquals(before, hashes(outside, Path.of("demo")), "nothing outside the allowed roots changed");
        assertEquals("precious", Files.readString(victim));
    }

    /** Every required parameter with a harmless value of its type; the capture is the GL fixture. */
    private static ObjectNode fill(ObjectNode schema) {
        ObjectNode args = RawClient.JSON.createObjectNode();
        for (JsonNode required : schema.path("required")) {
            String name = required.asText();
            JsonNode property = schema.at("/properties/" + name);
            switch (property.path("type").asText()) {
                case "integer" -> args.put(name, Math.max(1, property.path("minimum").asInt(1)));
                case "array" -> args.set(name, RawClient.object("{\"o\":[{\"label\":\"a\"},{\"label\":\"b\"}]}")
                        .get("o"));
                default -> args.put(name, name.equals("capture") ? GL : "x");
            }
        }
        if (schema.at("/properties/timeout_s").isObject()) {
            args.put("timeout_s", 5); // a dialog tool waits 5 s at most for nobody
        }
        return args;
    }

    private static void assertAcceptable(JsonNode answer, String what) throws Exception {
        String text = answer.toString();
        assertFalse(text.contains(SECRET) || text.contains("root:x:0"), what + " echoed the secret: " + text);
        if (answer.has("error")) {
            assertNotEquals(-32603, answer.at("/error/code").asInt(), what + ": " + text);
            return;
        }
        JsonNode result = answer.get("result");
        if (result.path("isError").asBoolean()) {
            JsonNode body = RawClient.JSON.readTree(result.at("/content/0/text").asText());
            assertNotEquals("INTERNAL", body.path("code").asText(), what + ": " + text);
        }
    }

    private static Map<String, String> hashes(Path... roots) throws Exception {
        Map<String, String> hashes = new TreeMap<>();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    hashes.put(file.toString(), HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                            .digest(Files.readAllBytes(file))));
                }
            }
        }
        return hashes;
    }

    /** The client the tests talk through; {@code …ModernIT} runs every test again in the stateless era. */
    RawClient client(Path stderr, java.util.Map<String, String> env) throws java.io.IOException {
        return new RawClient(stderr, env);
    }
}
