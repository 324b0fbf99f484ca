package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A 3D volume effect drawn as noisemaker's demo page draws it: its volume is an atlas of slices in a 2D texture
 * ({@code outputTex3d}, with a geometry buffer {@code outputGeo}) that no frame shows by itself, so a generator
 * ({@code synth3d/*}) is followed by {@code render/render3d}, and a processor (reading {@code inputTex3d}) is fed by
 * {@code synth3d/noise3d} at its {@code volumeSize} and, unless it renders itself, followed by {@code render3d}.
 * Those two are read from the same effects root. The stages are merged into one effect: each stage's internal
 * textures, and globals whose name or uniform an earlier stage already has, are renamed with the stage's
 * {@code func} as prefix (a renamed uniform reaches that stage's shaders under its own name), {@code volumeSize} is
 * shared, each pass keeps only its stage's defines, and {@code inputTex3d}/{@code inputGeo} read the stage before.
 */
final class NoisemakerChains {

    static final String SOURCE = "synth3d/noise3d";
    static final String VIEWER = "render/render3d";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Set<String> PIPELINE = Set.of("inputTex", "inputTex3d", "inputGeo", "outputTex");

    /** A merged effect: its model and its programs, each looked up in its own stage's folder. */
    record Composed(ObjectNode definition, List<JsonNode> passes, List<Path> dirs) {
    }

    private record Stage(String id, ObjectNode model, Path dir) {
    }

    private NoisemakerChains() {
    }

    /** Whether a model writes or reads a 3D volume, so that it is drawn in a chain. */
    static boolean inChain(JsonNode model) {
        return model.has("outputTex3d") || reads3d(model);
    }

    private static boolean reads3d(JsonNode model) {
        for (JsonNode pass : model.path("passes")) {
            for (JsonNode input : pass.path("inputs")) {
                if (input.asText().equals("inputTex3d") || input.asText().equals("inputGeo")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean writesOutput(JsonNode model) {
        for (JsonNode pass : model.path("passes")) {
            if (pass.path("outputs").path("fragColor").asText().equals("outputTex")) {
                return true;
            }
        }
        return false;
    }

    /** The chain for effect {@code id} (its model and folder) within {@code root}. */
    static Composed compose(String id, ObjectNode model, Path dir, Path root) throws IOException {
        List<Stage> stages = new ArrayList<>();
        if (reads3d(model)) {
            ObjectNode source = neighbour(root, SOURCE);
            if (source == null) {
                return alone(model, dir, "a 3D processor that noisemaker's demo feeds from " + SOURCE
                        + ", which is not in this effects root");
            }
            JsonNode size = model.path("globals").path("volumeSize").path("default");
            if (size.canConvertToInt() && source.path("globals").path("volumeSize").isObject()) {
                ((ObjectNode) source.get("globals").get("volumeSize")).put("default", size.asInt());
            }
            stages.add(new Stage(SOURCE, source, root.resolve(SOURCE)));
        }
        stages.add(new Stage(id, model, dir));
        if (!writesOutput(model)) {
            ObjectNode viewer = neighbour(root, VIEWER);
            if (viewer == null) {
                return alone(model, dir, "a 3D volume that noisemaker's demo shows through " + VIEWER
                        + ", which is not in this effects root");
            }
            stages.add(new Stage(VIEWER, viewer, root.resolve(VIEWER)));
        }
        return merge(model, stages);
    }

    /** The stage's model, or null when it is missing or leads outside the root (a symlink elsewhere). */
    private static ObjectNode neighbour(Path root, String id) throws IOException {
        Path file = root.resolve(id).resolve(NoisemakerImport.FILE);
        return Files.isRegularFile(file) && !EffectFile.outside(root, file) ? NoisemakerImport.definition(file) : null;
    }

    private static Composed alone(ObjectNode model, Path dir, String why) {
        ObjectNode d = model.deepCopy();
        d.put("unsupported", "UNSUPPORTED: noisemaker " + why);
        List<JsonNode> passes = new ArrayList<>();
        d.path("passes").forEach(passes::add);
        return new Composed(d, passes, passes.stream().map(p -> dir).toList());
    }

    private static Composed merge(ObjectNode main, List<Stage> stages) {
        ObjectNode d = main.deepCopy();
        ObjectNode globals = F.objectNode();
        ObjectNode defines = F.objectNode();
        ObjectNode textures = F.objectNode();
        ArrayNode surfaces = F.arrayNode();
        ArrayNode passes = F.arrayNode();
        ArrayNode chain = F.arrayNode();
        List<Path> dirs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        String volume = null;
        String geometry = null;
        List<String> why = new ArrayList<>();
        for (Stage stage : stages) {
            chain.add(stage.id());
            if (stage.model().has("unsupported")) {
                why.add(stage.id() + ": " + stage.model().get("unsupported").asText().replace("UNSUPPORTED: ", ""));
            }
            String prefix = stage.model().path("func").asText(stage.id().replaceAll(".*/", "")) + "_";
            Map<String, String> renamedTextures = new HashMap<>();
            for (String name : internalNames(stage.model())) {
                renamedTextures.put(name, names.contains(name) ? prefix + name : name);
            }
            names.addAll(renamedTextures.values());
            if (volume != null) {
                renamedTextures.put("inputTex3d", volume);
            }
            if (geometry != null) {
                renamedTextures.put("inputGeo", geometry);
            }
            ObjectNode renamedUniforms = F.objectNode();
            Map<String, String> renamedGlobals = new HashMap<>();
            mergeGlobals(stage, prefix, globals, renamedGlobals, renamedUniforms);
            ArrayNode ownDefines = F.arrayNode();
            stage.model().path("defines").properties().forEach(e -> {
                if (defines.has(e.getKey()) && !defines.get(e.getKey()).equals(e.getValue())) {
                    why.add("the define " + e.getKey() + " in two stages");
                }
                defines.set(e.getKey(), e.getValue());
                ownDefines.add(e.getKey());
            });
            stage.model().path("textures").properties().forEach(e ->
                    textures.set(renamedTextures.getOrDefault(e.getKey(), e.getKey()), e.getValue()));
            stage.model().path("surfaces").forEach(surfaces::add);
            for (JsonNode p : stage.model().path("passes")) {
                ObjectNode pass = ((ObjectNode) p).deepCopy();
                rename(pass.path("inputs"), renamedTextures);
                rename(pass.path("outputs"), renamedTextures);
                if (pass.get("moreOutputs") instanceof ArrayNode more) {
                    for (int i = 0; i < more.size(); i++) {
                        more.set(i, F.textNode(renamed(more.get(i).asText(), renamedTextures, null)));
                    }
                }
                renameUniformMap(pass, renamedGlobals, renamedUniforms);
                if (renamedUniforms.size() > 0) {
                    pass.set("renamedUniforms", renamedUniforms);
                }
                pass.set("defineNames", ownDefines);
                if (stage.model() != main) { // the other stages' passes say whose they are
                    pass.put("name", stage.id() + ": " + pass.path("name").asText());
                }
                passes.add(pass);
                dirs.add(stage.dir());
            }
            volume = renamed(stage.model().path("outputTex3d").asText(null), renamedTextures, volume);
            geometry = renamed(stage.model().path("outputGeo").asText(null), renamedTextures, geometry);
        }
        d.set("globals", globals);
        d.set("defines", defines);
        d.set("textures", textures);
        d.set("surfaces", surfaces);
        d.set("imageInputs", surfaces);
        d.set("passes", passes);
        d.set("chain", chain);
        d.remove("unsupported");
        if (!why.isEmpty()) {
            d.put("unsupported", "UNSUPPORTED: noisemaker " + String.join("; ", why));
        }
        List<JsonNode> list = new ArrayList<>();
        passes.forEach(list::add);
        return new Composed(d, list, dirs);
    }

    /** Textures a stage names that are its own: declared, written, or read and not the pipeline's. */
    private static Set<String> internalNames(JsonNode model) {
        Set<String> out = new HashSet<>();
        model.path("textures").fieldNames().forEachRemaining(out::add);
        for (JsonNode pass : model.path("passes")) {
            pass.path("outputs").forEach(o -> out.add(o.asText()));
            pass.path("moreOutputs").forEach(o -> out.add(o.asText()));
            pass.path("inputs").forEach(i -> out.add(i.asText()));
        }
        out.removeAll(PIPELINE);
        model.path("surfaces").forEach(s -> out.remove(s.asText()));
        return out;
    }

    private static String renamed(String name, Map<String, String> renamedTextures, String before) {
        return name == null ? before : renamedTextures.getOrDefault(name, name);
    }

    private static void rename(JsonNode map, Map<String, String> renamedTextures) {
        if (!(map instanceof ObjectNode o)) {
            return;
        }
        o.properties().forEach(e -> {
            String to = renamedTextures.get(e.getValue().asText());
            if (to != null) {
                e.setValue(F.textNode(to));
            }
        });
    }

    /**
     * Adds a stage's globals; one whose name or uniform is taken is renamed with {@code prefix}, and its uniform
     * recorded in {@code renamedUniforms} (shader name -> merged uniform), except {@code volumeSize}, which the
     * stages share as noisemaker's chain does (the volume's size wins downstream).
     */
    private static void mergeGlobals(Stage stage, String prefix, ObjectNode globals,
                                     Map<String, String> renamedGlobals, ObjectNode renamedUniforms) {
        Set<String> uniforms = new HashSet<>();
        globals.forEach(g -> uniforms.add(g.path("uniform").asText()));
        for (Iterator<Map.Entry<String, JsonNode>> it = stage.model().path("globals").properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            ObjectNode g = ((ObjectNode) e.getValue()).deepCopy();
            String uniform = g.path("uniform").asText(null);
            boolean taken = globals.has(e.getKey()) || (uniform != null && uniforms.contains(uniform));
            if (taken && e.getKey().equals("volumeSize")) {
                continue;
            }
            String key = taken ? prefix + e.getKey() : e.getKey();
            if (taken) {
                renamedGlobals.put(e.getKey(), key);
                if (uniform != null) {
                    g.put("uniform", prefix + uniform);
                    renamedUniforms.put(uniform, prefix + uniform);
                }
                if (g.has("defineGlobal")) {
                    g.put("defineGlobal", key);
                }
            }
            globals.set(key, g);
        }
    }

    /** A pass's {@code uniforms} (shader name -> global) that name a renamed global read it as renamed. */
    private static void renameUniformMap(ObjectNode pass, Map<String, String> renamedGlobals,
                                         ObjectNode renamedUniforms) {
        if (!(pass.path("uniforms") instanceof ObjectNode map)) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = map.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String to = renamedGlobals.get(e.getValue().asText());
            if (to != null) {
                e.setValue(F.textNode(to));
            }
        }
    }
}
