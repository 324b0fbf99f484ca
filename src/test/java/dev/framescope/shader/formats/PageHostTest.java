package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What each format hands the page runtime as its {@code host} option (runtime/host.js reads these names). */
class PageHostTest {

    private static final FrameInputs WEBGL = new FrameInputs(true, 64, 32, Map.of(), Map.of());
    private static final FrameInputs WEBGPU = new FrameInputs(false, 64, 32, Map.of(), Map.of());

    @Test
    void everyFormatButNoisemakerDrawsAsNativeEffectsDo() {
        for (EffectFormat format : EffectFormats.all()) {
            if (!format.name().equals("noisemaker")) {
                assertEquals(PageHost.NATIVE, format.pageHost(null, WEBGL), format.name());
                assertEquals(PageHost.NATIVE, format.pageHost(null, WEBGPU), format.name());
            }
        }
        assertEquals(Map.of("pingPong", false, "flipY", false, "frameResolution", false), PageHost.NATIVE.toPage());
    }

    @Test
    void noisemakerPingPongsFlipsItsWgslAndNamesItsFrameGlobals() {
        EffectFormat noisemaker = EffectFormats.named("noisemaker");
        Map<String, Object> frameUniforms = Map.of("index", "frame", "delta", "deltaTime");
        assertEquals(Map.of("pingPong", true, "flipY", false, "frameUniforms", frameUniforms, "frameResolution", true),
                noisemaker.pageHost(null, WEBGL).toPage());
        assertEquals(Map.of("pingPong", true, "flipY", true, "frameUniforms", frameUniforms, "frameResolution", true),
                noisemaker.pageHost(null, WEBGPU).toPage());
    }
}
