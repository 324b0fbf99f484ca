package dev.framescope.shader.nativepass;

import dev.framescope.common.ToolException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One draw for {@link NativeRenderer}: a fragment shader's SPIR-V over a {@code width} x {@code height} RGBA32F
 * target. {@code vertex}: a vertex shader's SPIR-V replacing the built-in full-screen triangle (3 vertices from
 * {@code gl_VertexIndex}, no vertex buffer), or null. {@code uniforms}: raw std140 bytes (at most 64 KiB, zero-filled
 * past the file to 16 KiB) for a uniform buffer at {@code uniformBinding}; both null for none. {@code inputs}: up to
 * {@value #MAX_INPUTS} textures, each at its own binding. Everything is in descriptor set 0. {@code pixels}: the file
 * written, {@code width * height} RGBA floats from the top row ({@code gl_FragCoord.y = 0.5}). {@code captureTemplate}:
 * RenderDoc's capture path template (it appends e.g. {@code _capture.rdc}), or null for no capture.
 */
public record NativeDraw(Path fragment, Path vertex, int width, int height, Integer uniformBinding, Path uniforms,
                         List<NativeInput> inputs, Path pixels, String captureTemplate) {

    static final int MAX_SIZE = 8192;
    static final int MAX_BINDING = 255;
    static final int MAX_INPUTS = 16;
    /** All inputs together, as effect_pass bounds them. */
    static final long MAX_INPUT_BYTES = 1L << 30;

    public NativeDraw {
        Objects.requireNonNull(fragment, "fragment");
        Objects.requireNonNull(pixels, "pixels");
        checkRange("width", width, 1, MAX_SIZE);
        checkRange("height", height, 1, MAX_SIZE);
        if ((uniformBinding == null) != (uniforms == null)) {
            throw ToolException.invalidArgument("uniforms", "a file and a binding together, or neither",
                    uniformBinding == null ? uniforms.toString() : uniformBinding);
        }
        if (uniformBinding != null) {
            checkRange("uniform_binding", uniformBinding, 0, MAX_BINDING);
        }
        inputs = inputs == null ? List.of() : List.copyOf(inputs);
        if (inputs.size() > MAX_INPUTS) {
            throw ToolException.invalidArgument("inputs", "at most " + MAX_INPUTS + " textures", inputs.size());
        }
        Set<Integer> bindings = new HashSet<>();
        if (uniformBinding != null) {
            bindings.add(uniformBinding);
        }
        long bytes = 0;
        for (NativeInput input : inputs) {
            if (!bindings.add(input.binding())) {
                throw ToolException.invalidArgument("inputs", "one resource per binding", input.binding());
            }
            bytes += input.bytes();
        }
        if (bytes > MAX_INPUT_BYTES) {
            throw ToolException.invalidArgument("inputs", "at most " + MAX_INPUT_BYTES + " bytes in all", bytes);
        }
    }

    /** The draw without a vertex shader, uniforms, inputs or capture. */
    public static NativeDraw of(Path fragment, int width, int height, Path pixels) {
        return new NativeDraw(fragment, null, width, height, null, null, List.of(), pixels, null);
    }

    static void checkRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw ToolException.invalidArgument(name, "an integer " + min + ".." + max, value);
        }
    }

    /** effect_pass's arguments for this draw, after the program's path. */
    List<String> arguments() {
        List<String> args = new ArrayList<>(List.of("--shader", fragment.toString(), "--size",
                Integer.toString(width), Integer.toString(height), "--pixels", pixels.toString()));
        if (captureTemplate != null) {
            args.addAll(List.of("--capture", captureTemplate));
        }
        if (vertex != null) {
            args.addAll(List.of("--vertex", vertex.toString()));
        }
        if (uniforms != null) {
            args.addAll(List.of("--uniforms", uniformBinding.toString(), uniforms.toString()));
        }
        for (NativeInput in : inputs) {
            if (in.cube()) {
                args.addAll(List.of("--cube", Integer.toString(in.binding()), Integer.toString(in.width()),
                        in.linear() ? "linear" : "nearest", in.data().toString()));
                continue;
            }
            args.addAll(List.of("--input", Integer.toString(in.binding()), Integer.toString(in.width()),
                    Integer.toString(in.height()), in.linear() ? "linear" : "nearest", in.wrapS(), in.wrapT(),
                    in.data().toString()));
        }
        return args;
    }
}
