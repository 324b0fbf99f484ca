package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's model settings: which chat-completions endpoint, which models, which key, which planner by default.
 * A value saved with {@code PUT /settings} (in {@code <stateDir>/console/settings.json}) wins over the environment
 * ({@code FRAMESCOPE_LLM_*}, {@code OPENROUTER_API_KEY}), which wins over the defaults; a key given with one request
 * wins over both for that request only and is never stored.
 *
 * <p>The key is the one secret FrameScope keeps: its file is an {@link OwnerOnlyFile} (0600 in a 0700 folder,
 * written to an owner-only temp file and renamed into place), so it is never readable by others; it is never
 * returned ({@link #view()} says only whether there is one) and never logged ({@link #toString()} leaves it out).
 * Thread-safe: the console serves requests concurrently.
 */
public final class ConsoleSettings {

    public static final String DEFAULT_BASE_URL = "https://openrouter.ai/api/v1";
    /** Cheap, fast and reliable at function calling: the planner makes several small calls per question. */
    public static final String DEFAULT_PLANNER_MODEL = "openai/gpt-4.1-mini";
    /** Writes well in many languages and keeps to the evidence; called once per question. */
    public static final String DEFAULT_ACTION_MODEL = "anthropic/claude-sonnet-4.5";
    public static final String DEFAULT_PLANNER = "builtin";
    public static final Set<String> PLANNER_IDS = Set.of("builtin", OpenAiCompatiblePlanner.ID, SamplingPlanner.ID);

    private static final Logger log = LoggerFactory.getLogger(ConsoleSettings.class);
    // OpenRouter's vendor/model, OpenAI's gpt-4o, Ollama's llama3.1:8b, LM Studio's org/model@q4
    private static final Pattern MODEL_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}");

    /** What is saved; every field null when not set here. */
    private record Stored(String apiKey, String baseUrl, String plannerModel, String actionModel,
                          String defaultPlanner) {
        static final Stored EMPTY = new Stored(null, null, null, null, null);
    }

    /** The planner a request gets, and the model it names for that planner (null: the planner's default). */
    public record Choice(String planner, String model) {
    }

    private final OwnerOnlyFile file;
    private final Map<String, String> env;
    private Stored stored;

    public ConsoleSettings(Path stateDir, Map<String, String> env) {
        this.file = new OwnerOnlyFile(stateDir.resolve("console").resolve("settings.json"));
        this.env = Map.copyOf(env);
        String envBase = blankToNull(env.get("FRAMESCOPE_LLM_BASE_URL"));
        if (envBase != null) {
            try {
                checkBaseUrl("FRAMESCOPE_LLM_BASE_URL", envBase);
            } catch (ConsoleException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        this.stored = load();
    }

    public Path file() {
        return file.path();
    }

    public synchronized SettingsView view() {
        return new SettingsView(apiKey() != null, apiKeySource(), baseUrl(), plannerModel(), actionModel(),
                defaultPlanner());
    }

    /** Checks every field first, then saves them all at once; a refused update changes nothing. */
    public synchronized SettingsView update(SettingsUpdate change) {
        Stored next = new Stored(
                change.apiKey() == null ? stored.apiKey() : checkKey(change.apiKey()),
                change.baseUrl() == null ? stored.baseUrl()
                        : change.baseUrl().isEmpty() ? null : checkBaseUrl("baseUrl", change.baseUrl()).toString(),
                change.plannerModel() == null ? stored.plannerModel()
                        : checkModel("plannerModel", change.plannerModel()),
                change.actionModel() == null ? stored.actionModel() : checkModel("actionModel", change.actionModel()),
                change.defaultPlanner() == null ? stored.defaultPlanner() : checkPlanner(change.defaultPlanner()));
        save(next);
        stored = next;
        log.info("Console settings saved ({})", change);
        return view();
    }

    public synchronized String baseUrl() {
        return firstOf(stored.baseUrl(), env.get("FRAMESCOPE_LLM_BASE_URL"), DEFAULT_BASE_URL).replaceAll("/+$", "");
    }

    public synchronized String plannerModel() {
        return firstOf(stored.plannerModel(), env.get("FRAMESCOPE_LLM_PLANNER_MODEL"), DEFAULT_PLANNER_MODEL);
    }

    public synchronized String actionModel() {
        return firstOf(stored.actionModel(), env.get("FRAMESCOPE_LLM_ACTION_MODEL"), DEFAULT_ACTION_MODEL);
    }

    public synchronized String defaultPlanner() {
        return firstOf(stored.defaultPlanner(), null, DEFAULT_PLANNER);
    }

    public synchronized boolean hasApiKey() {
        return apiKey() != null;
    }

    /** A local server (Ollama, llama.cpp, LM Studio) usually needs no key. */
    public boolean baseUrlIsLoopback() {
        return isLoopback(URI.create(baseUrl()).getHost());
    }

    /**
     * The planner for a request's {@code plannerModel}: none given → the default planner; a planner id → that
     * planner with its default model; anything else is a model name for the chat-completions planner.
     */
    public synchronized Choice choose(String requested) {
        String name = blankToNull(requested);
        if (name == null) {
            return new Choice(defaultPlanner(), null);
        }
        return PLANNER_IDS.contains(name) ? new Choice(name, null) : new Choice(OpenAiCompatiblePlanner.ID, name);
    }

    /**
     * Where one question goes: the saved or environment settings, with the request's own key and models where it
     * gave them. A request's model that names a planner id means "that planner's default model".
     */
    public synchronized ChatEndpoint endpoint(Planner.Question question) throws Planner.PlannerException {
        String key = firstOf(blankToNull(question.apiKey()), apiKey(), null);
        return new ChatEndpoint(URI.create(baseUrl()), key, requestModel("plannerModel", question.plannerModel(),
                plannerModel()), requestModel("actionModel", question.actionModel(), actionModel()));
    }

    /** The design's model list, with each planner's availability now. */
    public ModelList models(List<Planner> planners) {
        List<ModelList.Entry> entries = new ArrayList<>();
        for (Planner planner : planners) {
            String reason = planner.unavailableReason();
            entries.add(new ModelList.Entry(planner.id(), planner.label(), "planner", planner.id(), reason == null,
                    reason));
            if (planner.id().equals(OpenAiCompatiblePlanner.ID)) {
                String host = URI.create(baseUrl()).getHost();
                entries.add(new ModelList.Entry(plannerModel(), plannerModel() + " via " + host, "planner",
                        planner.id(), reason == null, reason));
                entries.add(new ModelList.Entry(actionModel(), actionModel() + " via " + host, "action",
                        planner.id(), reason == null, reason));
            }
        }
        return new ModelList(entries, defaultPlanner(), actionModel());
    }

    @Override
    public synchronized String toString() {
        return "ConsoleSettings[file=" + file.path() + ", " + view() + "]";
    }

    private String apiKey() {
        return firstOf(stored.apiKey(), env.get("FRAMESCOPE_LLM_API_KEY"), env.get("OPENROUTER_API_KEY"));
    }

    private String apiKeySource() {
        if (blankToNull(stored.apiKey()) != null) {
            return "settings";
        }
        for (String name : List.of("FRAMESCOPE_LLM_API_KEY", "OPENROUTER_API_KEY")) {
            if (blankToNull(env.get(name)) != null) {
                return name;
            }
        }
        return null;
    }

    private static String requestModel(String field, String given, String fallback)
            throws Planner.PlannerException {
        String name = blankToNull(given);
        if (name == null || PLANNER_IDS.contains(name)) {
            return fallback;
        }
        if (!MODEL_NAME.matcher(name).matches()) {
            throw new Planner.PlannerException(field + " is not a model name (letters, digits and ._:/@+-, at most"
                    + " 200): " + name.substring(0, Math.min(name.length(), 60)));
        }
        return name;
    }

    static URI checkBaseUrl(String field, String value) {
        URI uri;
        try {
            uri = new URI(value.replaceAll("/+$", ""));
        } catch (URISyntaxException e) {
            throw ConsoleException.badRequest(field, field + " is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http") || uri.getHost() == null) {
            throw ConsoleException.badRequest(field, field + " must be an http(s) URL with a host, such as "
                    + DEFAULT_BASE_URL);
        }
        if (uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw ConsoleException.badRequest(field, field + " takes no user, query or fragment (the key goes in"
                    + " apiKey): scheme://host[:port]/path only");
        }
        if (scheme.equals("http") && !isLoopback(uri.getHost())) {
            throw ConsoleException.badRequest(field, field + " must use https for " + uri.getHost()
                    + ": plain http would send the key in the clear (http is allowed for 127.0.0.1, localhost, [::1])");
        }
        return uri;
    }

    static boolean isLoopback(String host) {
        if (host == null) {
            return false;
        }
        String name = host.toLowerCase(Locale.ROOT);
        return name.equals("localhost") || name.equals("[::1]") || name.equals("::1")
                || name.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }

    private static String checkModel(String field, String value) {
        if (value.isEmpty()) {
            return null;
        }
        if (!MODEL_NAME.matcher(value).matches()) {
            throw ConsoleException.badRequest(field, field + " must be a model name such as "
                    + DEFAULT_PLANNER_MODEL + " (letters, digits and ._:/@+-, at most 200)");
        }
        return value;
    }

    private static String checkPlanner(String value) {
        if (value.isEmpty()) {
            return null;
        }
        if (!PLANNER_IDS.contains(value)) {
            throw ConsoleException.badRequest("defaultPlanner", "defaultPlanner must be one of "
                    + PLANNER_IDS.stream().sorted().toList());
        }
        return value;
    }

    private static String checkKey(String value) {
        if (value.isEmpty()) {
            return null;
        }
        // the key goes into an HTTP header: no spaces or control characters; the message never shows it
        if (value.length() > 4096 || !value.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw ConsoleException.badRequest("apiKey", "apiKey must be printable ASCII without spaces, at most"
                    + " 4096 characters (it was " + value.length() + " characters)");
        }
        return value;
    }

    private Stored load() {
        try {
            String text = file.read();
            if (text == null) {
                return Stored.EMPTY;
            }
            JsonNode tree = Json.mapper().readTree(text);
            return new Stored(field(tree, "apiKey"), field(tree, "baseUrl"), field(tree, "plannerModel"),
                    field(tree, "actionModel"), field(tree, "defaultPlanner"));
        } catch (IOException | RuntimeException e) {
            // the message is the parser's, which may quote the file: name the file only
            log.warn("Console settings in {} are unreadable ({}); using the environment and defaults", file.path(),
                    e.getClass().getSimpleName());
            return Stored.EMPTY;
        }
    }

    private static String field(JsonNode tree, String name) {
        JsonNode value = tree.get(name);
        return value == null || !value.isTextual() || value.asText().isBlank() ? null : value.asText();
    }

    private void save(Stored next) {
        ObjectNode tree = Json.mapper().createObjectNode();
        putIfSet(tree, "apiKey", next.apiKey());
        putIfSet(tree, "baseUrl", next.baseUrl());
        putIfSet(tree, "plannerModel", next.plannerModel());
        putIfSet(tree, "actionModel", next.actionModel());
        putIfSet(tree, "defaultPlanner", next.defaultPlanner());
        try {
            file.write(tree.toString());
        } catch (IOException e) {
            throw new ConsoleException(500, "INTERNAL", "could not save the settings in " + file.path().getParent()
                    + ": " + e.getClass().getSimpleName(), Map.of("path", file.path().toString()));
        }
    }

    private static void putIfSet(ObjectNode tree, String name, String value) {
        if (value != null) {
            tree.put(name, value);
        }
    }

    private static String firstOf(String a, String b, String c) {
        return blankToNull(a) != null ? a.trim() : blankToNull(b) != null ? b.trim() : blankToNull(c);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
