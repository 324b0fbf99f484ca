package dev.framescope.console;

import dev.framescope.common.FileProblem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A console request that cannot be served, with the HTTP status to answer and a body of the same shape as a tool
 * error: {@code {code, message, context}} naming the parameter or path at fault.
 */
public final class ConsoleException extends RuntimeException {
    private static final long serialVersionUID = 1L;

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

    /**
     * A folder the console must write to cannot be used: names the folder and the cause (not a folder, read-only,
     * no permission, disk full), so the person can fix it.
     *
     * @param what which folder, as the context names it ({@code projects}, {@code state})
     */
    public static ConsoleException unusableFolder(String what, Path folder, IOException cause) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put(what, folder.toString());
        context.put("reason", FileProblem.reason(cause));
        ConsoleException e = new ConsoleException(500, "FAILED_PRECONDITION", "The console cannot use its " + what
                + " folder " + folder + ": " + FileProblem.describe(cause) + ". Give it a folder it can write to.",
                context);
        e.initCause(cause);
        return e;
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
