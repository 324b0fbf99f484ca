package dev.framescope.common;

import java.util.List;

/**
 * What a tool answers with, as its declaration says it: the server makes the tool's {@code outputSchema} from it and
 * the contract tests check real answers against it. Declared once, next to the tool ({@link ToolDef#returns}).
 */
public sealed interface AnswerShape permits AnswerShape.Records, AnswerShape.Images, AnswerShape.SchemaFile {

    /**
     * One of these records, each with a {@code schema_version} (several when a parameter picks which): the
     * {@code outputSchema} lists the properties they share.
     */
    record Records(List<Class<?>> types) implements AnswerShape {
        public Records {
            types = List.copyOf(types);
            if (types.isEmpty() || !types.stream().allMatch(Class::isRecord)) {
                throw new IllegalArgumentException("answer types must be one or more records: " + types);
            }
        }
    }

    /**
     * An answer that may carry images: no {@code outputSchema} and no {@code structuredContent}, since a client
     * that shows structured content (Claude Code) would show it instead of the image.
     */
    record Images() implements AnswerShape {
    }

    /**
     * An answer built outside Java (the RenderDoc bridge's Python): its whole shape, nested parts, required keys and
     * closed sets included, is the JSON Schema 2020-12 file at {@code resource} on the class path, whose
     * {@code schema_version} const names the shape's version. The tests check real answers against it; the listed
     * {@code outputSchema} promises only the envelope every answer shares (the server's OutputSchemas says why).
     *
     * @param resource class-path resource, e.g. {@code dev/framescope/renderdoc/answers/open_capture.schema.json}
     * @param images   the answer may also carry images (diff_captures' diff picture): then, as for {@link Images},
     *                 no {@code outputSchema} is listed and no {@code structuredContent} sent; the schema file still
     *                 declares the text part, and the tests still check it
     */
    record SchemaFile(String resource, boolean images) implements AnswerShape {
        public SchemaFile {
            if (resource.startsWith("/") || !resource.endsWith(".schema.json")) {
                throw new IllegalArgumentException("a schema file is a class-path resource named *.schema.json "
                        + "without a leading slash: " + resource);
            }
        }

        public SchemaFile(String resource) {
            this(resource, false);
        }
    }

    /** The answer may carry images, so the tool lists no {@code outputSchema}. */
    default boolean mayCarryImages() {
        return this instanceof Images || this instanceof SchemaFile file && file.images();
    }
}
