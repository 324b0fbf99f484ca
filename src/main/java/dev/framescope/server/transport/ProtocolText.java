package dev.framescope.server.transport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Words for protocol errors that a client can act on. JSON-RPC error messages go to the client and often to its
 * model, so they name the JSON field and the JSON type expected, never a Java or Jackson class (those stay in the
 * stderr log).
 */
public final class ProtocolText {

    /** {@code io.modelcontextprotocol.spec.McpSchema$CallToolRequest}, {@code java.lang.String} and the like. */
    private static final Pattern CLASS_NAME = Pattern.compile(
            "(?:`|\\[)?(?:(?:simple )?type,? )?(?:class |interface |record |enum )?"
                    + "\\b(?:[a-z_$][\\w$]*\\.){2,}[A-Za-z_$][\\w$]*(?:\\$[\\w$]+)*(?:<[^>]*>)?\\]?`?");
    private static final Pattern JACKSON_DETAIL = Pattern.compile(
            "(?s)\\s*(?:at \\[Source:|\\(through reference chain:|\\(for Object starting at).*");

    private ProtocolText() {
    }

    /** {@code text} without Java/Jackson class names or Jackson's source and reference-chain details. */
    static String scrub(String text) {
        if (text == null) {
            return null;
        }
        String cut = JACKSON_DETAIL.matcher(text).replaceAll("");
        String scrubbed = CLASS_NAME.matcher(cut).replaceAll("a value").replaceAll("\\s+", " ").trim();
        return scrubbed.isEmpty() ? "malformed message" : scrubbed;
    }

    public static boolean namesAClass(String text) {
        return text != null && CLASS_NAME.matcher(text).find();
    }

    /** What is wrong with {@code params}, from the exception the SDK's records threw while reading them. */
    static String describe(Throwable error) {
        Throwable e = error;
        while (e instanceof IllegalArgumentException && e.getCause() != null) {
            e = e.getCause(); // convertValue wraps Jackson's exception
        }
        if (e instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
            return "'" + path(mismatch) + "' must be " + jsonType(mismatch.getTargetType());
        }
        if (e instanceof ValueInstantiationException instantiation && instantiation.getCause() != null) {
            return scrub(instantiation.getCause().getMessage());
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return "'" + path(mapping) + "' is not valid: " + scrub(mapping.getOriginalMessage());
        }
        if (e instanceof JsonProcessingException processing) {
            return scrub(processing.getOriginalMessage());
        }
        return scrub(e.getMessage());
    }

    private static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder("params");
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                path.append('.').append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String jsonType(Class<?> type) {
        if (type == null) {
            return "of another type";
        }
        if (CharSequence.class.isAssignableFrom(type) || type == Character.class || type == char.class) {
            return "a string";
        }
        if (type == Integer.class || type == Long.class || type == int.class || type == long.class
                || type == Short.class || type == short.class || type == BigInteger.class) {
            return "an integer";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "a boolean";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(c -> '"' + c.toString()
                    .toLowerCase() + '"').toList();
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord() || type == Object.class) {
            return "an object";
        }
        return "of another type";
    }
}
