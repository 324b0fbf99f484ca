package dev.framescope.common;

import java.util.List;

/**
 * What a tool answers with, as its declaration says it: the server makes the tool's {@code outputSchema} from it and
 * the contract tests check real answers against it. Declared once, next to the tool ({@link ToolDef#returns}).
 */
public sealed interface AnswerShape permits AnswerShape.Records, AnswerShape.Images, AnswerShape.Envelope {

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
     * An answer built outside Java (the RenderDoc bridge): only the envelope every answer shares is promised,
     * {@code schema_version} and {@code summary}.
     */
    record Envelope() implements AnswerShape {
    }
}
