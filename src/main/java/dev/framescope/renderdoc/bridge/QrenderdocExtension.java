package dev.framescope.renderdoc.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Installs the bridge as a qrenderdoc extension: {@code <extensions>/framescope/} with {@code extension.json},
 * {@code __init__.py} (the extension) and the bridge's own Python files, and, when asked,
 * marks it "always load" in qrenderdoc's {@code UI.config}. qrenderdoc 1.24 finds extensions in
 * {@code $XDG_DATA_HOME/qrenderdoc/extensions} (default {@code ~/.local/share/qrenderdoc/extensions}) and does not
 * follow symbolic links there, so the files are copied.
 */
public final class QrenderdocExtension {

    /** The extension's package name as qrenderdoc knows it: its folder name. */
    public static final String PACKAGE = "framescope";

    /** Resource → installed name: the manifest, the extension as the package's __init__, the bridge's files. */
    private static Map<String, String> files() throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(BridgeCode.FOLDER + "extension.json", "extension.json");
        files.put(BridgeCode.FOLDER + "qrenderdoc_extension.py", "__init__.py");
        BridgeCode.pythonFiles().forEach(name -> files.put(BridgeCode.FOLDER + name, name));
        return files;
    }

    private QrenderdocExtension() {
    }

    /** qrenderdoc's data folder for this environment: {@code $XDG_DATA_HOME/qrenderdoc} or the default. */
    public static Path dataDir(Map<String, String> env) {
        String xdg = env.get("XDG_DATA_HOME");
        Path base = xdg == null || xdg.isBlank() ? Config.home(env).resolve(".local").resolve("share") : Path.of(xdg);
        return base.resolve("qrenderdoc");
    }

    /** Copies the extension into {@code dataDir/extensions/framescope}; returns that folder. */
    public static Path install(Path dataDir) throws IOException {
        Path target = dataDir.resolve("extensions").resolve(PACKAGE);
        Files.createDirectories(target);
        for (Map.Entry<String, String> file : files().entrySet()) {
            try (InputStream in = QrenderdocExtension.class.getResourceAsStream(file.getKey())) {
                if (in == null) {
                    throw new IOException(file.getKey() + " is missing from the JAR");
                }
                Files.write(target.resolve(file.getValue()), in.readAllBytes());
            }
        }
        return target;
    }

    /**
     * Adds the extension to {@code AlwaysLoad_Extensions} in {@code dataDir/UI.config} (created when missing). Run
     * it while qrenderdoc is closed: qrenderdoc writes its whole config back when it exits.
     *
     * @return true if the file changed
     */
    public static boolean enable(Path dataDir) throws IOException {
        Path config = dataDir.resolve("UI.config");
        ObjectNode root;
        if (Files.exists(config)) {
            JsonNode parsed = Json.mapper().readTree(Files.readString(config, StandardCharsets.UTF_8));
            if (!(parsed instanceof ObjectNode object)) {
                throw new IOException(config + " is not a JSON object; not touching it");
            }
            root = object;
        } else {
            root = Json.mapper().createObjectNode();
            root.put("rdocConfigData", 1);
        }
        JsonNode existing = root.get("AlwaysLoad_Extensions");
        ArrayNode always = existing instanceof ArrayNode array ? array : root.putArray("AlwaysLoad_Extensions");
        for (JsonNode name : always) {
            if (name.asText().equals(PACKAGE)) {
                return false;
            }
        }
        always.add(PACKAGE);
        Files.createDirectories(dataDir);
        Files.writeString(config, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(root),
                StandardCharsets.UTF_8);
        return true;
    }
}
