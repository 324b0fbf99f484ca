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

    private static final JsonNode PALETTES = load();

    private NoisemakerPalettes() {
    }

    private static JsonNode load() {
        try (InputStream in = NoisemakerPalettes.class.getResourceAsStream("noisemaker-palettes.json")) {
            return Json.mapper().readTree(in).get("palettes");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
        for (Iterator<Map.Entry<String, JsonNode>> it = globals.fields(); it.hasNext(); ) {
            JsonNode g = it.next().getValue();
            int index = g.path("default").asInt(0);
            if (!g.path("type").asText().equals("palette") || index < 1 || index > count()) {
                continue;
            }
            JsonNode p = PALETTES.get(index - 1);
            for (String[] pair : new String[][] {{"paletteOffset", "offset"}, {"paletteAmp", "amp"},
                    {"paletteFreq", "freq"}, {"palettePhase", "phase"}, {"paletteMode", "mode"}}) {
                for (Iterator<Map.Entry<String, JsonNode>> gs = globals.fields(); gs.hasNext(); ) {
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
