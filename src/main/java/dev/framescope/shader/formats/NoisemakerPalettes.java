package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * noisemaker's classicNoisedeck palette presets: a {@code type: "palette"} global holds a 1-based index, and
 * noisemaker's runtime expands it into the {@code paletteOffset}, {@code paletteAmp}, {@code paletteFreq},
 * {@code palettePhase} and {@code paletteMode} uniforms the shaders read. The table is noisemaker's own
 * ({@code noisemaker-palettes.json}, written by {@code scripts/make-noisemaker-palettes.py}).
 */
final class NoisemakerPalettes {

    private static final JsonNode TABLE = load();
    private static final JsonNode PALETTES = TABLE.get("palettes");

    private NoisemakerPalettes() {
    }

    private static JsonNode load() {
        try (InputStream in = NoisemakerPalettes.class.getResourceAsStream("noisemaker-palettes.json")) {
            return Json.mapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The value of a {@code member} global of enum {@code palette} ("palette.brushedMetal", or the bare name): the
     * name's index in noisemaker's palette list, "none" being 0, as its language's enum gives it; -1 when unknown.
     */
    static int memberIndex(String member) {
        String name = member.startsWith("palette.") ? member.substring("palette.".length()) : member;
        JsonNode names = TABLE.path("names");
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).asText().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** How many palette names there are (member values 0..names - 1). */
    static int names() {
        return TABLE.path("names").size();
    }

    /** How many presets there are: indexes 1..count expand. */
    static int count() {
        return PALETTES.size();
    }

    /**
     * Sets the defaults of the globals a {@code palette} global's default index expands into, as noisemaker's
     * expander does before the first frame; an index out of 1..{@link #count()} changes nothing, as there.
     */
    static void expandDefaults(ObjectNode globals) {
        for (Iterator<Map.Entry<String, JsonNode>> it = globals.properties().iterator(); it.hasNext(); ) {
            JsonNode g = it.next().getValue();
            int index = g.path("default").asInt(0);
            if (!g.path("type").asText().equals("palette") || index < 1 || index > count()) {
                continue;
            }
            JsonNode p = PALETTES.get(index - 1);
            for (String[] pair : new String[][] {{"paletteOffset", "offset"}, {"paletteAmp", "amp"},
                    {"paletteFreq", "freq"}, {"palettePhase", "phase"}, {"paletteMode", "mode"}}) {
                for (Iterator<Map.Entry<String, JsonNode>> gs = globals.properties().iterator(); gs.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = gs.next();
                    // noisemaker sets the uniform of that name, whatever the global holding it is called
                    if (e.getValue().isObject() && pair[0].equals(e.getValue().path("uniform").asText(e.getKey()))) {
                        ((ObjectNode) e.getValue()).set("default", p.get(pair[1]).deepCopy());
                    }
                }
            }
        }
    }
}
