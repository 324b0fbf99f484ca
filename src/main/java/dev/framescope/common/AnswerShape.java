package dev.framescope.common;

import java.util.List;

/**
 * What a tool answers with, as its declaration says it: the server makes the tool's {@code outputSchema} from it and
 * the contract tests check real answers against it. Declared once, next to the tool ({@link ToolDef#returns}).
 */
public sealed interface AnswerShape permits AnswerShape.Records, AnswerShape.Images, AnswerShape.SchemaFile {

    /**
     * One of these records, each with a {@code schema_version} (several when a parameter picks which): the
     * {@code outputSchema} is their union.
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
     * @param resource   class-path resource, e.g. {@code dev/framescope/renderdoc/answers/open_capture.schema.json}
     * @param withImages the answer may carry images beside the JSON (replace_shader's before/after picture): then,
     *                   as for {@link Images}, no {@code outputSchema} is listed and no {@code structuredContent}
     *                   sent, while the tests still check the JSON against the file
     */
    record SchemaFile(String resource, boolean withImages) implements AnswerShape {
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

    /** Whether answers may carry images, so that the tool lists no output schema and sends no structured content. */
    default boolean mayCarryImages() {
        return this instanceof Images || this instanceof SchemaFile file && file.withImages();
    }
}
