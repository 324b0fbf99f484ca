package dev.framescope.shader.formats;

import java.util.List;

/** The formats FrameScope reads, in the order a file is offered to them. */
public final class EffectFormats {

    /**
     * gl-transitions before Shadertoy: a {@code .glsl} file that defines {@code transition(...)} is a transition even
     * if it also has a {@code mainImage}. The names of the files the others hold never overlap.
     */
    private static final List<EffectFormat> ALL = List.of(new GlTransitionFormat(), new NoisemakerFormat(),
            new IsfFormat(), new ShadertoyFormat(), new PlainShaderFormat(), new NativeFormat());
    private static final EffectFormat NATIVE = ALL.get(ALL.size() - 1);

    private EffectFormats() {
    }

    public static List<EffectFormat> all() {
        return ALL;
    }

    /** The format a definition names; a name FrameScope does not know reads as native. */
    static EffectFormat named(String name) {
        for (EffectFormat format : ALL) {
            if (format.name().equals(name)) {
                return format;
            }
        }
        return NATIVE;
    }
}
