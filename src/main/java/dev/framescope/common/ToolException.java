package dev.framescope.common;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The one failure type a tool core throws. The server turns it into a tool result with {@code isError: true} and
 * the JSON body {@code {code, message, context}}; it never becomes a JSON-RPC error. Messages say what to do next.
 */
public final class ToolException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final Map<String, Object> context;

    public ToolException(ErrorCode code, String message, Map<String, Object> context) {
        this(code, message, context, null);
    }

    public ToolException(ErrorCode code, String message, Map<String, Object> context, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.context = context == null ? Map.of() : Collections.unmodifiableMap(withoutNulls(context));
    }

    public ErrorCode code() {
        return code;
    }

    public Map<String, Object> context() {
        return context;
    }

    /**
     * This error as it may be said back to a client: its message and context quote at most {@link Echo#MAX_CHARS}
     * characters of any one value (a core may put a whole argument, however large, into either).
     */
    public ToolException bounded() {
        String message = Echo.message(getMessage());
        Map<String, Object> bounded = Echo.context(context);
        if (Objects.equals(message, getMessage()) && bounded.equals(context)) {
            return this;
        }
        return new ToolException(code, message, bounded, getCause());
    }

    /** {@code given} is echoed in context as JSON when short, else as a cut JSON text, so errors stay small. */
    public static ToolException invalidArgument(String param, String expected, Object given) {
        return invalidArgument(param, expected, given, given == null ? "nothing" : Json.compact(given, 120));
    }

    /**
     * As {@link #invalidArgument(String, String, Object)}, with the message saying the given value as {@code said}
     * (e.g. "the string \"a\"" where an object was expected: its kind is the mistake).
     */
    public static ToolException invalidArgument(String param, String expected, Object given, String said) {
        String json = given == null ? "null" : Json.compact(given, Integer.MAX_VALUE);
        Object echoed = json.length() <= Echo.MAX_CHARS ? given : Echo.cut(json);
        return new ToolException(ErrorCode.INVALID_ARGUMENT,
                "Invalid argument '" + param + "': expected " + expected + "; given " + said + ".",
                ordered("parameter", param, "expected", expected, "given", echoed));
    }

    public static ToolException notFound(String kind, Object id, String hint) {
        String message = kind + " '" + id + "' not found" + (hint == null ? "." : "; " + hint);
        return new ToolException(ErrorCode.NOT_FOUND, message, ordered("kind", kind, "id", String.valueOf(id)));
    }

    public static ToolException timeout(String operation, long limitMs) {
        return new ToolException(ErrorCode.TIMEOUT, operation + " did not finish within " + limitMs + " ms.",
                ordered("operation", operation, "limit_ms", limitMs));
    }

    public static ToolException engineUnavailable(String engine, String detail, String fix) {
        return new ToolException(ErrorCode.ENGINE_UNAVAILABLE, engine + " is not available: " + detail + ". Fix: " + fix,
                ordered("engine", engine, "fix", fix));
    }

    public static ToolException engineFailed(String engine, String detail, Throwable cause) {
        return new ToolException(ErrorCode.ENGINE_FAILED, engine + " failed: " + detail,
                ordered("engine", engine), cause);
    }

    /** A map that keeps the given key order, so context reads the way the factory lists it. */
    private static Map<String, Object> ordered(Object... keyValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    private static Map<String, Object> withoutNulls(Map<String, Object> context) {
        Map<String, Object> copy = new LinkedHashMap<>();
        context.forEach((k, v) -> {
            if (v != null) {
                copy.put(k, v);
            }
        });
        return copy;
    }
}
