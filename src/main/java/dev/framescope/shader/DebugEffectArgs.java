package dev.framescope.shader;

import dev.framescope.common.Param;
import dev.framescope.common.ToolException;
import java.util.Map;

/**
 * debug_effect: one effect's pass at one pixel through RenderDoc's shader debugger, drawn natively with the inputs
 * Chromium's draw had. Pixel coordinates are the frame's (0, 0 top left), as render_effect_frame's trace takes them.
 */
public record DebugEffectArgs(
        @Param(value = "One effect id.", required = true, maxLength = 500) String effect,
        @Param(ShaderArgs.EFFECTS_ROOT) String effectsRoot,
        @Param(value = ShaderArgs.TIME, min = 0, max = 1) Double time,
        @Param(value = "Frames drawn up to time (feedback).", min = 1, max = 1000) Integer frames,
        @Param(value = ShaderArgs.WIDTH, min = 1, max = 1024) Integer width,
        @Param(value = ShaderArgs.HEIGHT, min = 1, max = 1024) Integer height,
        @Param(ShaderArgs.UNIFORMS) Map<String, Object> uniforms,
        @Param("Image paths by input name, as render_effect_frame.") Map<String, String> images,
        @Param(value = "Pass index; default the first writing NaN/Inf, else the last.", min = 0, max = 255)
        Integer pass,
        @Param(value = "Face of a cube-map pass, +X -X +Y -Y +Z -Z.", min = 0, max = 5) Integer face,
        @Param(value = "Pixel column; default the pass's first non-finite pixel, else the centre.", min = 0,
                max = 1023) Integer x,
        @Param(value = "Pixel row (0 = top).", min = 0, max = 1023) Integer y,
        @Param(value = "Also the variables after this step.", min = 0, max = 1000000) Integer step,
        @Param(value = "First variable listed.", min = 0, max = 100000) Integer offset,
        @Param(value = "Variables listed.", min = 1, max = 256) Integer limit,
        @Param(value = "Most steps run.", min = 1, max = 1000000) Integer maxSteps,
        @Param(value = "A fix to try: the pass's file text for this call only; the answer adds before.",
                maxLength = 200_000) String source) {

    /** The same call at the pass and pixel another call chose, without a source (the "before" of a tried fix). */
    DebugEffectArgs at(Integer passIndex, Integer pixelX, Integer pixelY, String withSource) {
        return new DebugEffectArgs(effect, effectsRoot, time, frames, width, height, uniforms, images, passIndex,
                face, pixelX, pixelY, step, offset, limit, maxSteps, withSource);
    }

    public DebugEffectArgs {
        time = time == null ? 0.0 : time;
        width = width == null ? 256 : width;
        height = height == null ? 256 : height;
        uniforms = uniforms == null ? Map.of() : uniforms;
        images = images == null ? Map.of() : images;
        offset = offset == null ? 0 : offset;
        limit = limit == null ? 32 : limit;
        maxSteps = maxSteps == null ? 50_000 : maxSteps;
        if ((x == null) != (y == null)) {
            throw ToolException.invalidArgument(x == null ? "x" : "y", "given with " + (x == null ? "y" : "x")
                    + " (a pixel needs both)", null);
        }
        if (x != null && (x >= width || y >= height)) {
            throw ToolException.invalidArgument(x >= width ? "x" : "y", "inside the " + width + "×" + height
                    + " frame", x >= width ? x : y);
        }
    }
}
