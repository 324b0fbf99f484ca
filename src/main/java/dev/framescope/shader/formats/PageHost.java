package dev.framescope.shader.formats;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a format's host changes in the page's pass runtime, handed to it as the runners' {@code host} option
 * (runtime/host.js says what each field does there); the runtime itself never asks which format an effect is.
 * {@link #NATIVE} is how FrameScope's native effects draw, and every format that changes nothing.
 *
 * @param pingPong        every pass reads the latest copy of what it reads and its targets swap right after it draws
 *                        (noisemaker's surfaces), instead of all targets once a frame
 * @param flipY           on WebGPU, images and the test card are stored bottom row first and the frame is read flipped
 *                        (noisemaker's WGSL draws y down and its runtime flips the frame it shows)
 * @param frameUniforms   further names under which a pass gets the frame's index and the normalised time since the
 *                        previous frame (noisemaker's globals), or null
 * @param frameResolution {@code resolution} is the frame's size in every pass, whatever its target's (noisemaker)
 */
public record PageHost(boolean pingPong, boolean flipY, FrameUniforms frameUniforms, boolean frameResolution) {

    public static final PageHost NATIVE = new PageHost(false, false, null, false);

    /** The names of the per-frame globals: the frame's index and the time since the previous frame. */
    public record FrameUniforms(String index, String delta) {
    }

    /** As the page takes it: host.js's names, no {@code frameUniforms} when there are none. */
    public Map<String, Object> toPage() {
        Map<String, Object> page = new LinkedHashMap<>();
        page.put("pingPong", pingPong);
        page.put("flipY", flipY);
        if (frameUniforms != null) {
            page.put("frameUniforms", Map.of("index", frameUniforms.index(), "delta", frameUniforms.delta()));
        }
        page.put("frameResolution", frameResolution);
        return page;
    }
}
