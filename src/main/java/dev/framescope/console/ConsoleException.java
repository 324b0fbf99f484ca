package dev.framescope.console;

import java.util.Map;

/**
 * A console request that cannot be served, with the HTTP status to answer and a body of the same shape as a tool
 * error: {@code {code, message, context}} naming the parameter or path at fault.
 */
public final class ConsoleException extends RuntimeException {

    private final int status;
    private final String code;
    private final Map<String, Object> context;

    public ConsoleException(int status, String code, String message, Map<String, Object> context) {
        super(message);
        this.status = status;
        this.code = code;
        this.context = Map.copyOf(context);
    }

    public static ConsoleException badRequest(String parameter, String message) {
        return new ConsoleException(400, "INVALID_ARGUMENT", message, Map.of("parameter", parameter));
    }

    public static ConsoleException notFound(String what, String message) {
        return new ConsoleException(404, "NOT_FOUND", message, Map.of("what", what));
    }

    public static ConsoleException conflict(String message, Map<String, Object> context) {
        return new ConsoleException(409, "CONFLICT", message, context);
    }

    public static ConsoleException tooLarge(String parameter, long limit) {
        return new ConsoleException(413, "OUTPUT_TOO_LARGE", parameter + " is over the limit of " + limit + " bytes",
                Map.of("parameter", parameter, "limit_bytes", limit));
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public Map<String, Object> context() {
        return context;
    }
}
