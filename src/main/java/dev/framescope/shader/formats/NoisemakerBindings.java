package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which texture a noisemaker WGSL program's {@code texture_2d} binding reads, as noisemaker's WebGPU backend decides
 * it: the pass input of the same name; {@code tex0} and {@code inputColor} for {@code inputTex}; {@code texN} for the
 * pass's N-th input; anything else transparent black (its placeholder texture). The GLSL side binds inputs by
 * sampler name and needs none of this. Without it FrameScope read the pipeline's input card where noisemaker reads
 * black (filter/reindex's WGSL names its stats texture {@code stats_texture}, its pass {@code statsTex}).
 */
final class NoisemakerBindings {

    /** The input name the page runtime binds to a 1×1 transparent black texture. */
    static final String BLANK = "framescope:blank";

    private static final Pattern TEXTURE = Pattern.compile(
            "@group\\(0\\)\\s*@binding\\(\\d+\\)\\s*var\\s+(\\w+)\\s*:\\s*texture_2d<f32>");
    private static final Pattern NUMBERED = Pattern.compile("tex(\\d+)");

    private NoisemakerBindings() {
    }

    /** The pass's inputs, plus an entry for every texture binding of {@code wgsl} that no input names. */
    static Map<String, Object> wgslInputs(JsonNode pass, String wgsl) {
        Map<String, Object> inputs = new LinkedHashMap<>();
        pass.path("inputs").properties().forEach(e -> inputs.put(e.getKey(), e.getValue().asText()));
        List<Object> byPosition = new ArrayList<>(inputs.values());
        Matcher texture = TEXTURE.matcher(wgsl);
        Map<String, Object> added = new LinkedHashMap<>();
        while (texture.find()) {
            String name = texture.group(1);
            if (inputs.containsKey(name)) {
                continue;
            }
            Matcher numbered = NUMBERED.matcher(name);
            Object bound = BLANK;
            if ((name.equals("tex0") || name.equals("inputColor")) && inputs.containsKey("inputTex")) {
                bound = inputs.get("inputTex");
            } else if (numbered.matches() && Integer.parseInt(numbered.group(1)) < byPosition.size()) {
                bound = byPosition.get(Integer.parseInt(numbered.group(1)));
            }
            added.put(name, bound);
        }
        inputs.putAll(added);
        return inputs;
    }
}
