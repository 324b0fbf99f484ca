package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The native model of a literal noisemaker definition (globals, passes with inputs and outputs, {@code format:
 * noisemaker}), with its uniform layouts, the {@code define}s of its globals, its surfaces as image inputs, passes
 * repeated by a count unrolled, a pass's further render targets in {@code moreOutputs}, and {@code unsupported}
 * naming what FrameScope cannot run (compute, mesh draws, 3D volumes); point and billboard draws keep their
 * {@code drawMode}, {@code count} and {@code blend}.
 */
final class NoisemakerModel {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** Color attachments every WebGL2 and WebGPU implementation offers (MAX_DRAW_BUFFERS, maxColorAttachments). */
    static final int MAX_TARGETS = 4;
    /** Draw modes the page runtime draws besides the full-screen triangle: one point, or one quad, per count. */
    private static final Set<String> DRAWN = Set.of("points", "billboards");
    /** Counts taken from a texture's pixels, as noisemaker's backends resolve them. */
    private static final Set<String> COUNT_WORDS = Set.of("input", "auto", "screen");
    /** The most points one draw may have: one per texel of the largest texture (8192²). */
    static final long MAX_COUNT = (long) NoisemakerTextures.MAX_SIZE * NoisemakerTextures.MAX_SIZE;
    /** noisemaker's count when a point draw names none. */
    private static final int DEFAULT_COUNT = 1000;

    private NoisemakerModel() {
    }

    /** The native model of a literal definition; {@code fallbackName} names it when the literal does not. */
    static ObjectNode of(ObjectNode js, String fallbackName) {
        ObjectNode d = F.objectNode();
        d.put("name", js.path("name").asText(fallbackName));
        for (String key : List.of("namespace", "func", "description")) {
            if (js.path(key).isTextual()) {
                d.put(key, js.get(key).asText());
            }
        }
        if (js.path("tags").isArray()) {
            d.set("tags", js.get("tags"));
        }
        d.put("format", NoisemakerImport.FORMAT);
        ObjectNode defines = F.objectNode();
        ArrayNode surfaces = F.arrayNode();
        d.set("globals", globals(js, defines, surfaces));
        d.set("defines", defines);
        d.set("surfaces", surfaces);
        d.set("imageInputs", surfaces); // bindable by name through `images`
        if (js.path("uniformLayout").isObject()) {
            d.set("uniformLayout", js.get("uniformLayout"));
        }
        if (js.path("uniformLayouts").isObject()) {
            d.set("uniformLayouts", js.get("uniformLayouts")); // per program; before uniformLayout, as noisemaker
        }
        if (js.path("textures").isObject()) {
            d.set("textures", js.get("textures"));
        }
        for (String key : List.of("outputTex3d", "outputGeo")) {
            if (js.path(key).isTextual()) {
                d.put(key, js.get(key).asText()); // a 3D volume and its geometry: drawn in a chain (NoisemakerChains)
            }
        }
        List<String> why = new ArrayList<>();
        String ns = js.path("namespace").asText("");
        if (ns.endsWith("3d") && !js.path("outputTex3d").isTextual()) {
            why.add("3D volume effects without an outputTex3d (namespace " + ns + ")");
        }
        for (String external : List.of("externalTexture", "externalMesh")) {
            if (js.path(external).isTextual()) {
                // noisemaker's demo page fills it (text drawn on a canvas, a video, an OBJ file), not the effect
                why.add("an " + (external.endsWith("Mesh") ? "external mesh '" : "external texture '")
                        + js.get(external).asText() + "' that noisemaker's host page loads");
            }
        }
        ArrayNode passes = F.arrayNode();
        for (JsonNode p : js.path("passes")) {
            addPass(passes, p, js, why);
        }
        for (JsonNode t : js.path("textures")) {
            if (t.has("depth")) {
                why.add("3D textures (depth)");
                break;
            }
        }
        d.set("passes", passes);
        if (!why.isEmpty()) {
            d.put("unsupported", "UNSUPPORTED: noisemaker " + String.join(", ", new LinkedHashSet<>(why))
                    + "; FrameScope runs full-screen fragment passes and point or billboard draws into 2D targets");
        }
        return d;
    }

    /**
     * The globals without their UI hints, colours as vectors, and no uniform for the kinds no shader reads; fills
     * {@code defines} (a global compiled in as a define) and {@code surfaces} (a global naming a texture).
     */
    private static ObjectNode globals(JsonNode js, ObjectNode defines, ArrayNode surfaces) {
        ObjectNode globals = F.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = js.path("globals").properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isObject()) {
                continue;
            }
            ObjectNode g = ((ObjectNode) e.getValue()).deepCopy();
            g.remove("ui");
            String type = g.path("type").asText("float");
            if (type.equals("color")) {
                JsonNode rgb = color(g.path("default"));
                g.put("type", rgb.size() == 4 ? "vec4" : "vec3");
                g.set("default", rgb);
            }
            if (type.equals("surface")) {
                surfaces.add(e.getKey());
            }
            if (type.equals("member") && g.path("enum").asText().equals("palette") && g.has("uniform")) {
                // an enum member reaches the shader as its number (filter/palette's paletteIndex); dropped, the
                // shader read 0 and passed its input through
                int index = NoisemakerPalettes.memberIndex(g.path("default").asText(""));
                if (index >= 0) {
                    g.put("type", "int");
                    g.put("default", index);
                    g.put("min", 0);
                    g.put("max", NoisemakerPalettes.names() - 1);
                    g.put("member", "palette");
                    type = "int";
                }
            }
            if (g.has("define")) {
                defines.set(g.get("define").asText(), g.path("default"));
                g.put("defineGlobal", e.getKey());
            }
            if (!g.has("uniform") || type.equals("surface") || type.equals("string") || type.equals("member")
                    || type.equals("palette") || type.equals("button")) {
                g.remove("uniform");
            }
            globals.set(e.getKey(), g);
        }
        NoisemakerPalettes.expandDefaults(globals);
        return globals;
    }

    /**
     * Pass {@code p} as the native model has it, once per draw when a count repeats it; adds to {@code why} what
     * FrameScope cannot run of it.
     */
    private static void addPass(ArrayNode passes, JsonNode p, JsonNode js, List<String> why) {
        ObjectNode pass = F.objectNode();
        String program = p.path("program").asText(p.path("name").asText(""));
        pass.put("name", p.path("name").asText(program));
        pass.put("program", program);
        pass.set("inputs", p.path("inputs").isObject() ? p.get("inputs") : F.objectNode());
        if (p.path("uniforms").isObject()) {
            pass.set("uniforms", p.get("uniforms")); // shader uniform -> global (NoisemakerRuntime.passUniforms)
        }
        ObjectNode outputs = F.objectNode();
        Iterator<JsonNode> outs = p.path("outputs").elements();
        outputs.put("fragColor", outs.hasNext() ? outs.next().asText() : "outputTex");
        pass.set("outputs", outputs);
        if (outs.hasNext()) {
            // several render targets: attachment i is the i-th output, as noisemaker's backends bind them
            ArrayNode more = pass.putArray("moreOutputs");
            outs.forEachRemaining(more::add);
        }
        String label = "pass '" + pass.get("name").asText() + "'";
        draw(p, pass);
        unsupportedDraws(p, label, why);
        JsonNode repeatNode = repeatCount(p, js, label, why);
        for (JsonNode input : pass.get("inputs")) {
            String t = input.asText();
            if ((t.endsWith("3d") && !t.equals("inputTex3d")) || t.startsWith("global_mesh") || t.startsWith("vol")) {
                why.add("3D or mesh input '" + t + "' (" + label + ")");
            }
        }
        int repeat = repeatNode.canConvertToInt() ? Math.max(1, Math.min(64, repeatNode.asInt(1))) : 1;
        for (int r = 0; r < repeat; r++) {
            ObjectNode copy = pass.deepCopy();
            if (p.path("repeat").isTextual()) {
                // the global's default count; a render repeats it by the global's value (NoisemakerRuntime)
                copy.put("repeatOf", p.get("repeat").asText()).put("repeatIndex", r).put("repeatDefault", repeat);
            }
            passes.add(copy);
        }
    }

    /**
     * A point or billboard draw as the page runtime takes it: {@code drawMode}, {@code count} (a number, or
     * {@code input}/{@code auto}/{@code screen}: the state texture's or the target's pixels) and {@code blend}.
     */
    private static void draw(JsonNode p, ObjectNode pass) {
        String mode = p.path("drawMode").asText("fullscreen");
        if (DRAWN.contains(mode)) {
            pass.put("drawMode", mode);
            pass.set("count", p.has("count") ? p.get("count") : F.numberNode(DEFAULT_COUNT));
        }
        for (String key : List.of("blend", "conditions")) {
            if (p.has(key)) {
                pass.set(key, p.get(key));
            }
        }
    }

    /** Draws other than full-screen fragment passes and point or billboard draws into up to four targets. */
    private static void unsupportedDraws(JsonNode p, String label, List<String> why) {
        String type = p.path("type").asText("render");
        if (!type.equals("render")) {
            why.add(type + " pass (" + label + ")");
        }
        String mode = p.path("drawMode").asText("fullscreen");
        if (!mode.equals("fullscreen") && !DRAWN.contains(mode)) {
            why.add(mode + " draw mode (" + label + ")");
        }
        if (p.path("outputs").size() > MAX_TARGETS) {
            why.add("more than " + MAX_TARGETS + " render targets (" + label + ")");
        }
        JsonNode count = p.path("count");
        if (DRAWN.contains(mode) && p.has("count") && !count.isNumber() && !COUNT_WORDS.contains(count.asText())) {
            why.add("a draw count '" + count.asText() + "' (" + label + ")");
        } else if (DRAWN.contains(mode) && count.isNumber() && count.asDouble() > MAX_COUNT) {
            // it would only run into the call's time limit, with an answer that does not say why
            why.add("a draw of " + count.asText() + " points, more than the " + MAX_COUNT + " a state texture of "
                    + "the largest size holds (" + label + ")");
        }
        if (p.has("vertexCount") || p.has("countUniform") || (p.has("count") && !DRAWN.contains(mode))) {
            why.add("instanced vertex draws (" + label + ")");
        }
    }

    /**
     * The pass's repeat count: a number, or a global's default when it names one (noisemaker reads the global's value
     * each frame); anything else adds to {@code why}.
     */
    private static JsonNode repeatCount(JsonNode p, JsonNode js, String label, List<String> why) {
        JsonNode repeatNode = p.path("repeat");
        if (repeatNode.isTextual()) {
            repeatNode = js.path("globals").path(repeatNode.asText()).path("default");
            if (!repeatNode.canConvertToInt()) {
                why.add("a repeat count from '" + p.get("repeat").asText() + "' (" + label + ")");
            }
        } else if (p.has("repeat") && !repeatNode.canConvertToInt()) {
            why.add("a repeat count that is not a number (" + label + ")");
        }
        return repeatNode;
    }

    /** A colour default as [r, g, b] (or 4) in 0..1: an array as given, "#rrggbb" parsed. */
    static JsonNode color(JsonNode value) {
        if (value.isArray()) {
            return value;
        }
        ArrayNode rgb = F.arrayNode();
        String hex = value.asText("#000000").replace("#", "");
        for (int k = 0; k + 2 <= Math.min(hex.length(), 8); k += 2) {
            try {
                rgb.add(Integer.parseInt(hex.substring(k, k + 2), 16) / 255.0);
            } catch (NumberFormatException e) {
                rgb.add(0.0);
            }
        }
        while (rgb.size() < 3) {
            rgb.add(0.0);
        }
        return rgb;
    }
}
