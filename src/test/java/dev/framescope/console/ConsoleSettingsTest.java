package dev.framescope.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.framescope.common.ClientModel;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the model planners' endpoint, models and key come from, and how the key is kept (real files, real modes). */
class ConsoleSettingsTest {

    private static final String KEY = "sk-or-v1-secret-0123456789";

    @TempDir
    Path stateDir;

    @Test
    void storesTheKeyOwnerOnlyAndNeverShowsIt() throws Exception {
        var settings = new ConsoleSettings(stateDir, Map.of());
        SettingsView view = settings.update(put("{\"apiKey\": \"" + KEY + "\"}"));

        Path file = stateDir.resolve("console/settings.json");
        assertEquals(file, settings.file());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertTrue(Files.readString(file).contains(KEY), "the key is stored");
        try (Stream<Path> left = Files.list(file.getParent())) {
            assertEquals(List.of(file), left.toList(), "no temp file left beside it");
        }

        assertTrue(view.hasApiKey());
        assertEquals("settings", view.apiKeySource());
        for (String shown : List.of(new ObjectMapper().writeValueAsString(view), Json.write(view),
                Json.write(settings.view()), settings.toString(), view.toString(),
                SettingsUpdate.from(Json.mapper().readTree("{\"apiKey\":\"" + KEY + "\"}")).toString())) {
            assertFalse(shown.contains(KEY), shown);
        }
        JsonNode asJson = Json.tree(settings.view());
        assertTrue(asJson.get("hasApiKey").asBoolean(), "camelCase whatever mapper writes it: " + asJson);
        assertEquals(List.of("hasApiKey", "apiKeySource", "baseUrl", "plannerModel", "actionModel", "defaultPlanner"),
                fieldNames(asJson));

        var reopened = new ConsoleSettings(stateDir, Map.of());
        assertTrue(reopened.hasApiKey());
        assertEquals(KEY, reopened.endpoint(question(null)).apiKey());
        assertFalse(reopened.endpoint(question(null)).toString().contains(KEY));
    }

    @Test
    void savingTheKeyLogsThatSettingsChangedButNotTheKey() {
        var settings = new ConsoleSettings(stateDir, Map.of());
        java.io.PrintStream stderr = System.err;
        var captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            settings.update(put("{\"apiKey\": \"" + KEY + "\"}"));
        } finally {
            System.setErr(stderr);
        }
        String log = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(log.contains("Console settings saved (SettingsUpdate[apiKey=[set]"), log);
        assertFalse(log.contains(KEY), log);
    }

    @Test
    void tightensAFolderAndFileThatOthersCouldRead() throws Exception {
        Path folder = Files.createDirectories(stateDir.resolve("console"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path file = Files.writeString(folder.resolve("settings.json"), "{\"apiKey\":\"" + KEY + "\"}");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        var settings = new ConsoleSettings(stateDir, Map.of());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        settings.update(put("{\"plannerModel\": \"openai/gpt-4o\"}"));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(settings.hasApiKey(), "the other settings are kept");
    }

    @Test
    void environmentFillsInWhatIsNotSavedAndDefaultsTheRest() throws Exception {
        var defaults = new ConsoleSettings(stateDir, Map.of());
        assertEquals(new SettingsView(false, null, "https://openrouter.ai/api/v1", ConsoleSettings.DEFAULT_PLANNER_MODEL,
                ConsoleSettings.DEFAULT_ACTION_MODEL, "builtin"), defaults.view());

        var openRouter = new ConsoleSettings(stateDir, Map.of("OPENROUTER_API_KEY", "sk-or-env"));
        assertEquals("OPENROUTER_API_KEY", openRouter.view().apiKeySource());
        assertEquals("sk-or-env", openRouter.endpoint(question(null)).apiKey());

        var env = Map.of("OPENROUTER_API_KEY", "sk-or-env", "FRAMESCOPE_LLM_API_KEY", "sk-framescope-env",
                "FRAMESCOPE_LLM_BASE_URL", "http://localhost:11434/v1/", "FRAMESCOPE_LLM_PLANNER_MODEL", "llama3.1:8b",
                "FRAMESCOPE_LLM_ACTION_MODEL", "qwen2.5:14b");
        var fromEnv = new ConsoleSettings(stateDir, env);
        assertEquals(new SettingsView(true, "FRAMESCOPE_LLM_API_KEY", "http://localhost:11434/v1", "llama3.1:8b",
                "qwen2.5:14b", "builtin"), fromEnv.view());
        assertTrue(fromEnv.baseUrlIsLoopback());

        // what is saved wins over the environment; clearing it gives the environment back
        fromEnv.update(put("{\"apiKey\": \"" + KEY + "\", \"plannerModel\": \"openai/gpt-4o\"}"));
        assertEquals("settings", fromEnv.view().apiKeySource());
        assertEquals("openai/gpt-4o", fromEnv.plannerModel());
        fromEnv.update(put("{\"apiKey\": \"\", \"plannerModel\": null}"));
        assertEquals("FRAMESCOPE_LLM_API_KEY", fromEnv.view().apiKeySource());
        assertEquals("llama3.1:8b", fromEnv.plannerModel());
        assertFalse(Files.readString(fromEnv.file()).contains(KEY), "a cleared key is gone from the file");
    }

    @Test
    void keyGivenWithOneRequestIsUsedAndNotStored() throws Exception {
        var settings = new ConsoleSettings(stateDir, Map.of());
        ChatEndpoint endpoint = settings.endpoint(new Planner.Question("why?", "/c.rdc", "openai-compatible",
                "google/gemini-2.5-flash", "sk-request"));
        assertEquals("sk-request", endpoint.apiKey());
        assertEquals(ConsoleSettings.DEFAULT_PLANNER_MODEL, endpoint.plannerModel(), "a planner id is no model name");
        assertEquals("google/gemini-2.5-flash", endpoint.actionModel());
        assertFalse(settings.hasApiKey());
        assertFalse(Files.exists(settings.file()));
        var e = assertThrows(Planner.PlannerException.class, () -> settings.endpoint(
                new Planner.Question("why?", "/c.rdc", "model with spaces", null, null)));
        assertTrue(e.getMessage().startsWith("plannerModel is not a model name"), e.getMessage());
    }

    @Test
    void refusesABaseUrlThatIsNotHttpsOrLoopbackHttp() {
        var settings = new ConsoleSettings(stateDir, Map.of());
        for (String bad : List.of("ftp://example.com/v1", "http://example.com/v1", "not a url", "/v1",
                "https://user:pw@example.com/v1", "https://example.com/v1?key=1", "http://10.0.0.5:8080/v1",
                "file:///etc/passwd")) {
            var e = assertThrows(ConsoleException.class, () -> settings.update(put(
                    Json.mapper().createObjectNode().put("baseUrl", bad).toString())), bad);
            assertEquals(400, e.status(), bad);
            assertEquals(Map.of("parameter", "baseUrl"), e.context(), bad);
            assertTrue(e.getMessage().startsWith("baseUrl "), e.getMessage());
        }
        assertFalse(Files.exists(settings.file()), "nothing was saved");
        for (String good : List.of("http://127.0.0.1:8080/v1", "http://localhost:11434/v1", "http://[::1]:1234/v1",
                "https://api.openai.com/v1/")) {
            settings.update(put(Json.mapper().createObjectNode().put("baseUrl", good).toString()));
        }
        assertEquals("https://api.openai.com/v1", settings.baseUrl());
        var e = assertThrows(IllegalArgumentException.class, () -> new ConsoleSettings(stateDir,
                Map.of("FRAMESCOPE_LLM_BASE_URL", "http://example.com/v1")));
        assertTrue(e.getMessage().startsWith("FRAMESCOPE_LLM_BASE_URL must use https"), e.getMessage());
    }

    @Test
    void refusedUpdateNamesTheFieldAndChangesNothing() throws Exception {
        var settings = new ConsoleSettings(stateDir, Map.of());
        settings.update(put("{\"actionModel\": \"anthropic/claude-sonnet-4\"}"));
        String before = Files.readString(settings.file());
        Map<String, String> bad = Map.of(
                "{\"actionModel\": \"openai/gpt-4o\", \"defaultPlanner\": \"gpt\"}", "defaultPlanner",
                "{\"plannerModel\": \"rm -rf /\"}", "plannerModel",
                "{\"apiKey\": \"two words\"}", "apiKey",
                "{\"apiKey\": 12345}", "apiKey",
                "{\"apikey\": \"x\"}", "apikey",
                "[1]", "body");
        for (var entry : bad.entrySet()) {
            var e = assertThrows(ConsoleException.class, () -> settings.update(put(entry.getKey())), entry.getKey());
            assertEquals(400, e.status());
            assertEquals(entry.getValue(), e.context().get("parameter"), entry.getKey());
            assertFalse(e.getMessage().contains("two words") || e.getMessage().contains("12345"), e.getMessage());
        }
        assertEquals(before, Files.readString(settings.file()));
        assertEquals("anthropic/claude-sonnet-4", settings.actionModel());
        settings.update(put("{\"defaultPlanner\": \"mcp-sampling\"}"));
        assertEquals("mcp-sampling", settings.view().defaultPlanner());
    }

    @Test
    void unreadableFileFallsBackToTheEnvironment() throws Exception {
        Files.createDirectories(stateDir.resolve("console"));
        Files.writeString(stateDir.resolve("console/settings.json"), "{\"apiKey\": \"" + KEY + "\", trunc");
        var settings = new ConsoleSettings(stateDir, Map.of("OPENROUTER_API_KEY", "sk-env"));
        assertEquals("OPENROUTER_API_KEY", settings.view().apiKeySource());
    }

    @Test
    void modelsListsEachPlannerWithItsAvailabilityAndTheConfiguredModels() throws Exception {
        var settings = new ConsoleSettings(stateDir, Map.of());
        List<Planner> planners = List.of(builtin(), new OpenAiCompatiblePlanner(settings),
                new SamplingPlanner(ClientModel.NONE));
        ModelList models = settings.models(planners);

        assertEquals("builtin", models.defaultPlanner());
        assertEquals(ConsoleSettings.DEFAULT_ACTION_MODEL, models.defaultAction());
        assertEquals(List.of("builtin", "openai-compatible", ConsoleSettings.DEFAULT_PLANNER_MODEL,
                ConsoleSettings.DEFAULT_ACTION_MODEL, "mcp-sampling"), models.models().stream()
                .map(ModelList.Entry::id).toList());
        ModelList.Entry builtin = models.models().get(0);
        assertTrue(builtin.available());
        assertNull(builtin.unavailableReason());
        ModelList.Entry remote = models.models().get(1);
        assertFalse(remote.available());
        assertTrue(remote.unavailableReason().startsWith("no API key for openrouter.ai"), remote.unavailableReason());
        assertEquals(List.of("planner", "planner", "planner", "action", "planner"), models.models().stream()
                .map(ModelList.Entry::role).toList());
        assertEquals("openai-compatible", models.models().get(3).planner());
        assertFalse(models.models().get(4).available(), "no MCP client here");

        JsonNode json = Json.tree(models);
        assertTrue(json.has("defaultPlanner") && json.has("defaultAction"), json.toString());
        assertTrue(json.get("models").get(1).has("unavailableReason"), json.toString());
        assertFalse(json.get("models").get(0).has("unavailableReason"), "absent when available: " + json);

        settings.update(put("{\"apiKey\": \"" + KEY + "\", \"defaultPlanner\": \"openai-compatible\"}"));
        ModelList now = settings.models(planners);
        assertTrue(now.models().get(1).available());
        assertEquals("openai-compatible", now.defaultPlanner());
        assertFalse(Json.write(now).contains(KEY));
    }

    @Test
    void choosesThePlannerARequestNames() {
        var settings = new ConsoleSettings(stateDir, Map.of());
        assertEquals(new ConsoleSettings.Choice("builtin", null), settings.choose(null));
        assertEquals(new ConsoleSettings.Choice("mcp-sampling", null), settings.choose("mcp-sampling"));
        assertEquals(new ConsoleSettings.Choice("openai-compatible", "openai/gpt-4o"), settings.choose("openai/gpt-4o"));
        settings.update(put("{\"defaultPlanner\": \"openai-compatible\"}"));
        assertEquals(new ConsoleSettings.Choice("openai-compatible", null), settings.choose(" "));
    }

    private static SettingsUpdate put(String body) {
        try {
            return SettingsUpdate.from(Json.mapper().readTree(body));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Planner.Question question(String key) {
        return new Planner.Question("why?", "/c.rdc", null, null, key);
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Stands in for the lead's BuiltinPlanner in the model list: always available, plans nothing. */
    private static Planner builtin() {
        return new Planner() {
            public String id() {
                return "builtin";
            }

            public String label() {
                return "Built-in (no model)";
            }

            public String unavailableReason() {
                return null;
            }

            public Step next(Question question, List<ToolCaller.Answer> done, List<ToolCaller.ToolInfo> tools) {
                return null;
            }

            public Explanation explain(Question question, List<ToolCaller.Answer> done) {
                return new Explanation("", "builtin", "warning");
            }
        };
    }
}
