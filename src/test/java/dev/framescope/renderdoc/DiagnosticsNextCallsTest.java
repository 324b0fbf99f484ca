package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The bridge report (get_server_diagnostics' renderdoc_bridge) says what to do next at each status, on the capture
 * the last call named.
 */
class DiagnosticsNextCallsTest {

    @Test
    void eachStatusLeadsToItsNextCall() {
        assertEquals("get_frame_digest", Captures.nextCalls("healthy", "/c.rdc").get(0).tool());
        assertEquals(Map.of("capture", "/c.rdc"), Captures.nextCalls("healthy", "/c.rdc").get(0).arguments());
        assertEquals("open_capture", Captures.nextCalls("degraded", "/c.rdc").get(0).tool());
        assertEquals("get_server_diagnostics", Captures.nextCalls("stalled", null).get(0).tool());
        assertEquals(Map.of("include_environment", false), Captures.nextCalls("stalled", null).get(0).arguments(),
                "looking again starts no environment check");
        assertEquals(List.of(), Captures.nextCalls("not_started", null), "no capture named yet: nothing to send");
    }
}
