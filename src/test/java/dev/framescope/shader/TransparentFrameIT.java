package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.server.ToolGroups;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** render_effect_frame with describe on a white spiral drawn on a transparent background, rendered in real Chromium. */
@Timeout(120)
class TransparentFrameIT {

    @TempDir
    Path stateDir;

    @Test
    void aWhiteSpiralOnTransparentIsDescribedAsThat() throws Exception {
        JsonNode report = ShaderCalls.call(ToolGroups.create(Config.defaults(stateDir)), "render_effect_frame",
                Map.of("effect", "White Spiral", "effects_root", "demo/shaders/alpha", "describe", true, "ask_model", false,
                        "width", 96, "height", 96));
        JsonNode result = ShaderCalls.effect(report, "White Spiral");
        assertEquals("ok", result.get("status").asText(), result.toString());
        JsonNode d = result.get("description");
        double coverage = d.get("coverage").asDouble();
        assertTrue(coverage > 0.1 && coverage < 0.5, d.toString());
        assertEquals(1.0, d.get("mean_luma").asDouble(), 0.01, "white where it is covered: " + d);
        String text = d.get("text").asText();
        assertTrue(text.startsWith("Very bright, grey shapes covering ") && text.contains("on a transparent background"),
                text);
        assertTrue(report.get("summary").asText().contains("transparent background"), report.toString());
        assertTrue(result.at("/metrics/mean_alpha").asDouble() < 0.5, result.toString());
    }
}
