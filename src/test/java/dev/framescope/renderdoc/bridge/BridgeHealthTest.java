package dev.framescope.renderdoc.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Echo;
import dev.framescope.common.ErrorCode;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the bridge's diagnostics keep of a failed call says back at most what an error may echo: the bridge quotes
 * the capture path (up to 4096 characters) or the remote a client sent, and get_server_diagnostics returns it.
 */
class BridgeHealthTest {

    @Test
    void theLastFailureEchoesAtMostAFewHundredCharactersOfAQuotedArgument() {
        BridgeHealth health = new BridgeHealth();
        String path = "/captures/" + "d".repeat(4_086);
        String said = "capture not found: " + path + " (give a path to an existing .rdc file)";
        health.failed("error", "open_capture", "open_capture", "0123", ErrorCode.NOT_FOUND, said);

        String kept = health.lastFailure();
        assertTrue(kept.endsWith("NOT_FOUND: capture not found: " + Echo.cut(path)
                + " (give a path to an existing .rdc file)"), kept);
        assertTrue(kept.length() < 700, "kept " + kept.length() + " characters");
    }

    @Test
    void aThreeMebibyteMessageIsKeptWithinAnErrorsBound() {
        BridgeHealth health = new BridgeHealth();
        health.failed("error", "get_texture_data", "get_texture_data", "0123", ErrorCode.ENGINE_FAILED,
                "RenderDoc said: " + "word ".repeat(3 << 18));
        assertTrue(health.lastFailure().length() <= Echo.MAX_MESSAGE_CHARS + 64,
                "kept " + health.lastFailure().length() + " characters");
    }

    @Test
    void aCrashedCallOnALongCapturePathIsListedWithThePathCut() {
        CrashedCalls crashed = new CrashedCalls();
        String path = "/captures/" + "d".repeat(4_086);
        BridgeCall call = new BridgeCall("save_texture", "save_texture", "0123",
                Map.of("capture", path, "texture", "7"), 60_000, 30_000);
        crashed.remember(call, 139);
        String listed = crashed.all().keySet().iterator().next();
        assertEquals("save_texture on " + Echo.cut(path) + " texture 7", listed);
        assertTrue(crashed.refusal(call, Map.of("capture", path, "texture", "7")) != null,
                "still refused by its whole key");
    }
}
