package dev.framescope.shader;

import dev.framescope.shader.PassProbes.Pass;
import java.util.List;

/**
 * What one pass wrote at the traced pixel on the frame that was read back, in drawing order, so the pass where a
 * value goes wrong can be found. Values are the shader's output as 32-bit floats: a float target's own contents, or
 * for an 8-bit target a float twin drawn with the same inputs ({@code read_from}), so before quantisation.
 *
 * @param index           drawing order, from 0
 * @param pass            the pass's name
 * @param output          the texture it writes
 * @param format          that texture's format (rgba8, rgba16f, rgba32f; WebGPU's names on webgpu)
 * @param readFrom        target, or the float twin that was read
 * @param width           its target's width in pixels
 * @param height          its target's height in pixels
 * @param at              the traced pixel in this target's pixels (x, y; rows top-down), scaled from the frame's
 * @param value           RGBA there; a non-finite component is null and named in {@code kinds}
 * @param kinds           per component: finite, nan, +inf or -inf
 * @param nonFinite       any component at the traced pixel is not finite
 * @param nonFinitePixels pixels of this pass with any non-finite component
 */
public record PassTrace(int index, String pass, String output, String format, String readFrom, int width, int height,
                        List<Integer> at, List<Double> value, List<String> kinds, boolean nonFinite,
                        long nonFinitePixels) {

    static PassTrace of(Pass p, String fallbackName) {
        List<String> kinds = p.kinds() == null ? List.of() : p.kinds();
        return new PassTrace(p.index(), p.name() == null ? fallbackName : p.name(), p.output(), p.format(),
                p.readFrom(), p.width(), p.height(), p.at() == null ? List.of() : p.at(),
                p.value() == null ? List.of() : p.value(), kinds, kinds.stream().anyMatch(k -> !k.equals("finite")),
                p.pixels());
    }
}
