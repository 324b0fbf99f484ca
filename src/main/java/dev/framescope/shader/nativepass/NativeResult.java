package dev.framescope.shader.nativepass;

import java.nio.file.Path;

/**
 * What a native draw made: the pixel file written ({@link NativeDraw#pixels()}), the RenderDoc capture (null when
 * none was asked for) and the wall time of the child process, start to exit, in milliseconds.
 */
public record NativeResult(Path pixels, Path capture, long millis) {
}
