package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP Inspector CLI ({@code @modelcontextprotocol/inspector --cli}, pinned in src/test/node) against the built
 * JAR with a group filter passed as a user would, {@code -e FRAMESCOPE_GROUPS=physics,renderdoc}. Each call is one
 * Inspector run: it starts the server, initialises, sends one request and prints the result as JSON. The Inspector
 * checks every {@code tools/call} result against the tool's outputSchema with ajv and exits non-zero on a mismatch,
 * so a successful call is also a schema check. Completions are left to TypeScriptClientIT: Inspector 2.12's CLI
 * rejects {@code prompts/complete} as an unsupported method.
 */
@Timeout(180)
class InspectorCliIT {

    private static final String GROUPS = "physics,renderdoc";
    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final Path RECORDINGS = ROOT.resolve("demo/recordings");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The Inspector's exit status when the tool answered {@code isError: true} (its EXIT_CODES.TOOL_ERROR). */
    private static final int TOOL_ERROR = 5;
    /** The server's log line naming the era its first message chose (its stderr reaches the Inspector's). */
    static final Pattern ERA_CHOSEN = Pattern.compile("MCP era chosen: (\\S+).*");

    @TempDir
    static Path home;
    /** The tools the JAR itself lists with the same filter, and with none: what the Inspector must agree with. */
    private static JsonNode filteredByJar;
    private static Set<String> allToolNames;

    @BeforeAll
    static void askTheJarForItsToolLists() throws Exception {
        NodeClients.require("@modelcontextprotocol/inspector/package.json", "the MCP Inspector");
        filteredByJar = jarTools("--groups", GROUPS);
        allToolNames = names(jarTools());
    }

    @Test
    void toolsListIsTheFilteredGroupsWithPortableOutputSchemas() throws Exception {
        // --strict: the Inspector exits 6 when a tool schema has an error-severity portability problem.
        JsonNode tools = inspector("--strict", "--method", "tools/list").get("tools");

        Set<String> listed = names(tools);
        assertEquals(names(filteredByJar), listed, "tools/list through the Inspector vs `framescope --groups "
                + GROUPS + " tools`");
        assertTrue(allToolNames.containsAll(listed) && allToolNames.size() > listed.size(),
                "the filter should keep a part of the " + allToolNames.size() + " tools: " + listed);

        List<String> withoutSchema = new ArrayList<>();
        for (JsonNode tool : tools) {
            JsonNode schema = tool.get("outputSchema");
            if (schema == null) {
                withoutSchema.add(tool.get("name").asText());
                continue;
            }
            assertEquals("object", schema.path("type").asText(), tool.get("name") + " outputSchema: " + schema);
            assertEquals("integer", schema.path("properties").path("schema_version").path("type").asText(),
                    tool.get("name") + " outputSchema has no integer schema_version: " + schema);
        }
        List<String> withoutSchemaByJar = StreamSupport.stream(filteredByJar.spliterator(), false)
                .filter(t -> !t.has("outputSchema")).map(t -> t.get("name").asText()).toList();
        assertEquals(withoutSchemaByJar, withoutSchema, "tools the Inspector got without an outputSchema");
        assertTrue(withoutSchema.size() < listed.size() / 2, "most tools should declare an outputSchema: "
                + withoutSchema);
    }

    /**
     * {@code --protocol-era auto}: the Inspector probes {@code server/discover} on the server's own stdin and takes
     * the 2026-07-28 era when it is offered, else goes on with {@code initialize} in the same process; the tools it
     * lists are the same either way. Which era it took is printed from the server's log.
     */
    @Test
    void autoProtocolEraListsTheSameTools() throws Exception {
        ProcessRun run = runInspector("--protocol-era", "auto", "--method", "tools/list");

        assertEquals(0, run.exit(), run.output());
        assertEquals(names(filteredByJar), names(JSON.readTree(run.stdout()).get("result").get("tools")),
                "tools/list through the Inspector with --protocol-era auto");
        Matcher era = ERA_CHOSEN.matcher(run.stderr());
        System.out.println("Inspector --protocol-era auto: " + (era.find() ? era.group() : "the server logged no era"));
    }

    @Test
    void physicsToolAnswersStructuredContentOnADemoRecording() throws Exception {
        JsonNode truth = JSON.readTree(RECORDINGS.resolve("ground-truth.json").toFile());
        JsonNode scene = StreamSupport.stream(truth.get("scenes").spliterator(), false)
                .filter(s -> s.get("file").asText().equals("penetration.db")).findFirst().orElseThrow();

        String recording = RECORDINGS.resolve("penetration.db").toString();
        JsonNode result = inspector("--method", "tools/call", "--tool-name", "open_recording",
                "--tool-arg", "recording=" + recording);

        assertFalse(result.path("isError").asBoolean(), result.toString());
        JsonNode structured = result.path("structuredContent");
        assertEquals(1, structured.path("schema_version").asInt(), result.toString());
        assertEquals(recording, structured.path("path").asText());
        assertEquals(scene.get("frames").asInt(), structured.path("total_frames").asInt());
        assertEquals(truth.get("dt_s").asDouble(), structured.path("dt_s").asDouble());
    }

    @Test
    void badToolCallGivesTheStructuredError() throws Exception {
        String missing = RECORDINGS.resolve("no_such.db").toString();
        ProcessRun run = runInspector("--method", "tools/call", "--tool-name", "open_recording",
                "--tool-arg", "recording=" + missing);

        assertEquals(TOOL_ERROR, run.exit(), run.output());
        JsonNode result = JSON.readTree(run.stdout()).get("result");
        assertTrue(result.path("isError").asBoolean(), result.toString());
        JsonNode error = JSON.readTree(result.path("content").path(0).path("text").asText());
        assertEquals("NOT_FOUND", error.path("code").asText(), error.toString());
        assertEquals("recording", error.path("context").path("kind").asText(), error.toString());
        assertEquals(missing, error.path("context").path("id").asText(), error.toString());
        assertTrue(error.path("message").asText().contains("list_recordings"), "the error should name the next "
                + "call: " + error);
    }

    @Test
    void promptsOfTheServedGroupsAndTheirMessages() throws Exception {
        Set<String> prompts = names(inspector("--method", "prompts/list").get("prompts"));
        assertTrue(prompts.containsAll(Set.of("triage-recording", "triage-capture", "explain-nan")), prompts.toString());
        // check-effect is a recipe of shader tools, which the filter hides.
        assertFalse(names(filteredByJar).contains("compile_effect"));
        assertFalse(prompts.contains("check-effect"), prompts.toString());

        String recording = "demo/recordings/penetration.db";
        JsonNode messages = inspector("--method", "prompts/get", "--prompt-name", "triage-recording",
                "--prompt-args", "recording=" + recording).get("messages");
        assertEquals("user", messages.path(0).path("role").asText(), messages.toString());
        String text = messages.path(0).path("content").path("text").asText();
        assertTrue(text.contains("check_recording {\"recording\": \"" + recording + "\"}"), text);
        Set<String> named = toolsNamedIn(text);
        assertTrue(named.contains("check_recording") && named.size() >= 3, "the recipe should name its tools: "
                + text);
        assertTrue(names(filteredByJar).containsAll(named), "the recipe names tools the filter hides: " + named);
    }

    @Test
    void resourcesOfferTheToolReference() throws Exception {
        Set<String> uris = new TreeSet<>();
        inspector("--method", "resources/list").get("resources").forEach(r -> uris.add(r.get("uri").asText()));
        assertTrue(uris.contains("framescope://docs/tools.md"), uris.toString());

        JsonNode contents = inspector("--method", "resources/read", "--uri", "framescope://docs/tools.md")
                .get("contents");
        assertEquals("text/markdown", contents.path(0).path("mimeType").asText(), contents.toString());
        assertTrue(contents.path(0).path("text").asText().contains("open_recording"));
    }

    /** The result of one successful Inspector run. */
    private static JsonNode inspector(String... request) throws Exception {
        ProcessRun run = runInspector(request);
        assertEquals(0, run.exit(), String.join(" ", request) + "\n" + run.output());
        return JSON.readTree(run.stdout()).get("result");
    }

    private static ProcessRun runInspector(String... request) throws Exception {
        List<String> command = new ArrayList<>(List.of(NodeClients.BIN.resolve("mcp-inspector").toString(), "--cli",
                "--format", "json", "-e", "FRAMESCOPE_GROUPS=" + GROUPS));
        command.addAll(BuiltJar.command());
        command.addAll(List.of(request));
        // Its own HOME: the Inspector keeps a catalog and client config under ~/.mcp-inspector.
        return ProcessRun.run(command, ROOT, Duration.ofSeconds(60), env -> env.put("HOME", home.toString()));
    }

    /** {@code framescope tools --format json}: the tools/list array as the JAR reports it. */
    private static JsonNode jarTools(String... options) throws Exception {
        List<String> command = BuiltJar.command(options);
        command.addAll(List.of("tools", "--format", "json"));
        ProcessRun run = ProcessRun.run(command, ROOT, Duration.ofSeconds(60), env -> {
            env.remove("FRAMESCOPE_GROUPS");
            env.remove("FRAMESCOPE_READ_ONLY");
        });
        assertEquals(0, run.exit(), run.output());
        return JSON.readTree(run.stdout());
    }

    private static Set<String> names(JsonNode items) {
        Set<String> names = new TreeSet<>();
        items.forEach(item -> names.add(item.get("name").asText()));
        return names;
    }

    private static Set<String> toolsNamedIn(String text) {
        Set<String> named = new TreeSet<>();
        Matcher word = Pattern.compile("[a-z][a-z_]+").matcher(text);
        while (word.find()) {
            if (allToolNames.contains(word.group())) {
                named.add(word.group());
            }
        }
        return named;
    }
}
