package dev.framescope.shader.nativepass;

import dev.framescope.common.ToolException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;

/**
 * One texture a native draw samples: a {@code sampler2D} at {@code binding} of descriptor set 0, read from
 * {@code data}, {@code width * height} RGBA pixels as 32-bit little-endian floats with row 0 at texture coordinate
 * t = 0 (the order WebGL's {@code readPixels} gives). {@code linear}: linear filtering, else nearest (one mip level,
 * no mipmaps). {@code wrapS}, {@code wrapT}: {@code repeat}, {@code clamp} (to edge) or {@code mirror}. With
 * {@code cube}, a {@code samplerCube}: six square faces of that size one after the other, in GL's order (+X, -X,
 * +Y, -Y, +Z, -Z), clamped to their edges.
 */
public record NativeInput(int binding, int width, int height, boolean linear, String wrapS, String wrapT, Path data,
                          boolean cube) {

    static final Set<String> WRAPS = Set.of("repeat", "clamp", "mirror");

    public NativeInput {
        NativeDraw.checkRange("binding", binding, 0, NativeDraw.MAX_BINDING);
        NativeDraw.checkRange("width", width, 1, NativeDraw.MAX_SIZE);
        NativeDraw.checkRange("height", height, 1, NativeDraw.MAX_SIZE);
        checkWrap("wrap_s", wrapS);
        checkWrap("wrap_t", wrapT);
        Objects.requireNonNull(data, "data");
        if (cube && width != height) {
            throw ToolException.invalidArgument("height", "the width (" + width + ") of a cube map's square faces",
                    height);
        }
    }

    /** A {@code sampler2D}. */
    public NativeInput(int binding, int width, int height, boolean linear, String wrapS, String wrapT, Path data) {
        this(binding, width, height, linear, wrapS, wrapT, data, false);
    }

    /** The bytes {@link #data} must hold. */
    public long bytes() {
        return (cube ? 6L : 1L) * width * height * 4 * Float.BYTES;
    }

    private static void checkWrap(String name, String wrap) {
        if (!WRAPS.contains(wrap)) {
            throw ToolException.invalidArgument(name, "repeat, clamp or mirror", wrap);
        }
    }
}
