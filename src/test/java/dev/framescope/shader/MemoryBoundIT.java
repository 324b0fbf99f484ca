package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.MachineMemory;
import dev.framescope.server.ToolGroups;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-process memory bound of a shader call (issue 27 point 7), in real Chromium: demo/shaders/isf-memory's
 * Memory Hog draws eight 4096² float targets (4 GiB on SwiftShader, in the GPU process), and with
 * FRAMESCOPE_BROWSER_MEMORY_MB=1024 its call is stopped with an error naming the bound, the process, its size and the
 * variable; the next call, in the same server, renders.
 */
@Timeout(300)
class MemoryBoundIT {

    @TempDir
    Path stateDir;

    @Test
    void aCallPastTheBoundIsStoppedAndTheNextOneRenders() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.fromEnvironment(Map.of(
                "FRAMESCOPE_STATE_DIR", stateDir.toString(), "FRAMESCOPE_BROWSER_MEMORY_MB", "1024")));
        JsonNode error = ShaderCalls.call(toolkit, "render_effect_frame", Map.of("effect", "Memory Hog",
                "effects_root", Path.of("demo/shaders/isf-memory").toString(), "backend", "webgl2"));
        assertEquals("ENGINE_FAILED", error.path("code").asText(), error.toString());
        JsonNode context = error.get("context");
        assertEquals(1024, context.get("limit_mb").asInt(), error.toString());
        assertTrue(context.get("rss_mb").asInt() > 1024, error.toString());
        assertTrue(context.get("process").asText().matches("gpu-process|renderer"), error.toString());
        assertEquals("FRAMESCOPE_BROWSER_MEMORY_MB", context.get("env").asText());
        String message = error.get("message").asText();
        assertTrue(message.contains("1024 MiB") && message.contains("FRAMESCOPE_BROWSER_MEMORY_MB")
                && message.contains("pid " + context.get("pid").asLong()), message);

        JsonNode next = ShaderCalls.call(toolkit, "render_effect_frame", Map.of("effect", "Channel Swap",
                "effects_root", Path.of("demo/shaders/isf").toString(), "backend", "webgl2"));
        assertEquals("ok", next.at("/frames/preview/0/status").asText(), next.toString());
    }

    /**
     * Issue 33: the default bound was 8192 MiB, so on a 24 GiB machine shared with others a GPU process could take a
     * third of it (noisemaker's octaveWarp reached 5.3 GB before its 40 s limit) and Memory Hog XL's sixteen 256 MiB
     * targets rendered. The default is now an eighth of the machine's (or its container's) memory (512–8192 MiB) and
     * stops it without any setting.
     */
    @Test
    void theDefaultBoundIsAnEighthOfTheMachineAndStopsFourGibibytes() throws Exception {
        long expected = Math.min(8192, Math.max(512, MachineMemory.ofThisProcess().totalMb() / 8));
        assertEquals(expected, Config.DEFAULT_BROWSER_MEMORY_MB);
        Assumptions.assumeTrue(expected < 4096, "this machine's default bound (" + expected + " MiB) is above Memory "
                + "Hog's 4 GiB");
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        JsonNode error = ShaderCalls.call(toolkit, "render_effect_frame", Map.of("effect", "Memory Hog XL",
                "effects_root", Path.of("demo/shaders/isf-memory").toString(), "backend", "webgl2"));
        assertEquals("ENGINE_FAILED", error.path("code").asText(), error.toString());
        assertEquals(expected, error.at("/context/limit_mb").asLong(), error.toString());
        assertTrue(error.get("message").asText().contains("an eighth of the machine's memory"), error.toString());
    }
}
