package dev.framescope.physics.sim;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.physics.store.Vec3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Generates the physics fixture recordings and their ground truth ({@code ground-truth.json}): two clean scenes,
 * a clean free-body collision, and one scene per injected defect, each defect at a known frame and body. Run by
 * {@code scripts/make-recordings.sh}; {@code --large} also writes the 10,000-frame × 20-body benchmark recording.
 * Deterministic: the same code writes the same rows.
 */
public final class FixtureScenes {

    /** One defect as the ground truth states it: the code a check reports, where, and the numbers. */
    record Defect(String code, long frame, List<Long> bodies, Map<String, Object> values) {
        Defect {
            values = new TreeMap<>(values); // Map.of iterates in a per-run order; the manifest must not churn
        }
    }

    interface Scene {
        String name();

        String description();

        int frames();

        /** Builds the world, runs it, and returns the defects it injected (empty for a clean scene). */
        List<Defect> run(RecordingWriter writer) throws Exception;

        /** What the simulator observed besides defects (when a body came to rest, its impacts), read after run. */
        default Map<String, Object> facts() {
            return Map.of();
        }
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "demo/recordings");
        boolean large = List.of(args).contains("--large");
        Files.createDirectories(out);
        ObjectNode truth = Json.mapper().createObjectNode();
        truth.put("generator", FixtureScenes.class.getName());
        truth.put("dt_s", World.DT);
        truth.put("environment_body_flag", RecordingWriter.ENVIRONMENT_FLAG);
        ArrayNode scenes = truth.putArray("scenes");
        for (Scene scene : Scenes.all()) {
            scenes.add(write(out, scene));
        }
        Files.writeString(out.resolve("ground-truth.json"), Json.pretty(truth) + "\n");
        if (large) {
            write(out, Scenes.large());
        }
    }

    static ObjectNode write(Path out, Scene scene) throws Exception {
        Path file = out.resolve(scene.name() + ".db");
        List<Defect> defects;
        try (RecordingWriter writer = new RecordingWriter(file)) {
            defects = scene.run(writer);
        }
        ObjectNode entry = Json.mapper().createObjectNode();
        entry.put("name", scene.name());
        entry.put("file", file.getFileName().toString());
        entry.put("description", scene.description());
        entry.put("frames", scene.frames());
        entry.put("clean", defects.isEmpty());
        entry.set("defects", Json.tree(new ArrayList<>(defects)));
        if (!scene.facts().isEmpty()) {
            entry.set("facts", Json.tree(scene.facts()));
        }
        entry.put("sha256", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(Files.readAllBytes(file))));
        System.err.println("wrote " + file + " (" + Files.size(file) + " bytes, " + defects.size() + " defects)");
        return entry;
    }

    static Vec3 at(double x, double y, double z) {
        return new Vec3(x, y, z);
    }
}
