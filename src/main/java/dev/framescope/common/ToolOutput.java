package dev.framescope.common;

import java.util.List;

/**
 * What a tool handler returns. {@code body} is a record that serialises to a JSON object; by convention it carries a
 * one-sentence {@code summary} and, for analysis results, a {@code schema_version}. A result with an image is sent
 * without {@code structuredContent}, because Claude Code replaces all content by it and would drop the image.
 */
public sealed interface ToolOutput permits ToolOutput.Structured, ToolOutput.WithImage,
        ToolOutput.WithImages {

    Object body();

    static ToolOutput of(Object body) {
        return new Structured(body);
    }

    record Structured(Object body) implements ToolOutput {
    }

    /** A result plus one image, e.g. a rendered frame or a plot. {@code mimeType} is image/png or image/jpeg. */
    record WithImage(Object body, byte[] image, String mimeType) implements ToolOutput {
    }

    /** A result plus several images, in order (e.g. what a person attached to an answer). */
    record WithImages(Object body, List<Image> images) implements ToolOutput {
    }

    /** One image of {@link WithImages}; {@code mimeType} is image/png or image/jpeg. */
    record Image(byte[] image, String mimeType) {
    }
}
