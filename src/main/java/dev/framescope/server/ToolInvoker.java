package dev.framescope.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Cancellation;
import dev.framescope.common.ClientHuman;
import dev.framescope.common.ClientModel;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.InputRequired;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolException;
import dev.framescope.common.ToolOutput;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one tool call the same way for MCP clients and the {@code call} command: schema check, conversion into the
 * input record, the handler, rendering, the output budget, and the call counters. Nothing escapes: a
 * {@link ToolException} becomes an {@code isError} result with {@code {code, message, context}}, anything else
 * becomes {@code INTERNAL} with its cause chain (stack trace on stderr).
 */
public final class ToolInvoker {

    private static final Logger log = LoggerFactory.getLogger(ToolInvoker.class);

    private final ToolRegistry registry;
    private final CallStats stats;
    private final ArgumentValidator validator = new ArgumentValidator();
    private final ToolWorkers workers = new ToolWorkers();

    public ToolInvoker(ToolRegistry registry, CallStats stats) {
        this.registry = registry;
        this.stats = stats;
    }

    /**
     * Runs the call and waits for its result; for the CLI, the console and tests. The call gets a cancellation of its
     * own (the context's may be shared by many calls, as {@link ToolContext#SILENT}'s is), cancelled with the
     * context's; what it changed is kept once its result is returned here, unless it was cancelled first, which
     * answers {@code CANCELLED}.
     */
    @SuppressWarnings("try") // the relay is a registration undone as the block ends: the body has no use for it
    public CallToolResult call(ToolDef<?> tool, Map<String, Object> arguments, ToolContext context) {
        Cancellation outer = context.cancellation();
        Cancellation own = Cancellation.untilAnswered();
        try (Cancellation.Registration relay = outer.onCancel(() -> own.cancel(outer.reason()))) {
            CallToolResult result = submit(tool, arguments, new OwnCancellation(context, own)).join();
            if (Boolean.TRUE.equals(result.isError()) || own.answered()) {
                return result;
            }
            return ResultRenderer.error(new ToolException(ErrorCode.CANCELLED, "The call was stopped: "
                    + own.reason() + ".", Map.of("reason", String.valueOf(own.reason()))));
        }
    }

    /** {@code context} with a cancellation of the call's own. */
    private record OwnCancellation(ToolContext context, Cancellation cancellation) implements ToolContext {

        @Override
        public void progress(double progress, Double total, String message) {
            context.progress(progress, total, message);
        }

        @Override
        public ClientHuman clientHuman() {
            return context.clientHuman();
        }

        @Override
        public ClientModel clientModel() {
            return context.clientModel();
        }
    }

    /**
     * Validates and converts the arguments and applies the tool's admission on the caller's thread, then runs the
     * handler on a worker of the tool's lane within its time limit. The future completes with a result, and
     * exceptionally only with {@link InputRequired} (the client answers it and calls again); a refusal before the
     * handler runs (bad arguments, a rate limit) completes it at once.
     */
    public CompletableFuture<CallToolResult> submit(ToolDef<?> tool, Map<String, Object> arguments,
                                                    ToolContext context) {
        long start = System.nanoTime();
        CompletableFuture<ToolOutput> output;
        try {
            output = start(tool, arguments, context);
        } catch (ToolException e) {
            return CompletableFuture.completedFuture(failure(tool, e, start));
        } catch (RuntimeException | Error e) {
            log.error("Tool {} failed with an unexpected exception", tool.name(), e);
            return CompletableFuture.completedFuture(failure(tool, internal(e), start));
        }
        return output.handle((value, error) -> {
            if (unwrap(error) instanceof InputRequired asked) {
                log.debug("{} asks the client ({}) and ends this round", tool.name(), asked.key());
                throw asked; // not a failure: the call goes on when the client calls again with the answer
            }
            CallToolResult result = finish(tool, value, error, start);
            if (Boolean.TRUE.equals(result.isError())) {
                context.cancellation().failed(); // what a failed call changed is undone: its caller sees an error
            }
            return result;
        });
    }

    private <A> CompletableFuture<ToolOutput> start(ToolDef<A> tool, Map<String, Object> arguments,
                                                    ToolContext context) {
        ObjectNode args = arguments == null ? Json.mapper().createObjectNode() : Json.mapper().valueToTree(arguments);
        ObjectNode schema = registry.inputSchema(tool);
        validator.validate(schema, args);
        A input = convert(args, tool.argsType(), schema.path("properties"));
        Duration limit = tool.timeLimit().of(input);
        Runnable admission = context.resumed() ? () -> { } : () -> tool.admission().admit(input);
        return workers.run(tool.lane(), tool.name(), admission, () -> {
            ToolOutput output = tool.handler().handle(input, context);
            if (output == null) {
                throw new IllegalStateException("handler of " + tool.name() + " returned null");
            }
            return output;
        }, limit, context.cancellation());
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    private CallToolResult finish(ToolDef<?> tool, ToolOutput output, Throwable error, long start) {
        Throwable cause = unwrap(error);
        try {
            if (cause == null) {
                CallToolResult result = ResultRenderer.success(output, tool.maxOutputBytes());
                stats.recordSuccess(tool.name(), System.nanoTime() - start);
                log.debug("{} answered in {} ms", tool.name(), (System.nanoTime() - start) / 1_000_000);
                return result;
            }
            if (cause instanceof ToolException toolException) {
                return failure(tool, toolException, start);
            }
            log.error("Tool {} failed with an unexpected exception", tool.name(), cause);
            return failure(tool, internal(cause), start);
        } catch (ToolException e) {
            return failure(tool, e, start);
        } catch (RuntimeException | Error e) {
            log.error("Tool {} failed with an unexpected exception", tool.name(), e);
            return failure(tool, internal(e), start);
        }
    }

    /** Stops the calls waiting for a person (the dialog tools): the client that would get the answer has gone. */
    public void stopCallsWaitingForPerson(String reason) {
        workers.stopWaitingForPerson(reason);
    }

    /** Threads of calls that were stopped but have not come back: see {@link ToolWorkers}. */
    public int writtenOffWorkers() {
        return workers.writtenOff();
    }

    private static <A> A convert(ObjectNode args, Class<A> type, JsonNode properties) {
        try {
            return Json.mapper().treeToValue(args, type);
        } catch (ValueInstantiationException e) {
            // A compact constructor rejected a combination the schema cannot express, e.g. end < start.
            if (e.getCause() instanceof ToolException toolException) {
                throw toolException;
            }
            throw new ToolException(ErrorCode.INVALID_ARGUMENT,
                    "Invalid arguments: " + (e.getCause() != null ? e.getCause().getMessage() : e.getOriginalMessage()),
                    Map.of());
        } catch (MismatchedInputException e) {
            String param = e.getPath().isEmpty() ? "arguments" : e.getPath().get(0).getFieldName();
            JsonNode given = args.get(param);
            throw ToolException.invalidArgument(param, "a value of type " + e.getTargetType().getSimpleName(), given);
        } catch (JsonProcessingException e) {
            throw outOfRange(args, type, properties, e);
        }
    }

    /**
     * A number too large for its parameter's type names the parameter, found by its type, and the range it may take:
     * the schema's bounds where it has them, else the type's. JSON Schema calls 1e30 an integer (its fraction is
     * zero) and a schema without a maximum lets it through, so the conversion is the first to refuse it, in the
     * mapper's words ("Numeric value (1.0E30) out of range of long") unless said here. Anything else the mapper
     * refused is said as it said it.
     */
    private static ToolException outOfRange(ObjectNode args, Class<?> type, JsonNode properties,
                                            JsonProcessingException e) {
        for (RecordComponent component : type.getRecordComponents()) {
            String param = PropertyNamingStrategies.SnakeCaseStrategy.INSTANCE
                    .translate(component.getName());
            JsonNode given = args.get(param);
            Class<?> target = component.getType();
            boolean isInt = target == Integer.class || target == int.class;
            boolean isLong = target == Long.class || target == long.class;
            if (given != null && given.isNumber()
                    && (isInt && !given.canConvertToInt() || isLong && !given.canConvertToLong())) {
                JsonNode schema = properties.path(param);
                long min = schema.has("minimum") ? schema.get("minimum").asLong()
                        : isInt ? Integer.MIN_VALUE : Long.MIN_VALUE;
                long max = schema.has("maximum") ? schema.get("maximum").asLong()
                        : isInt ? Integer.MAX_VALUE : Long.MAX_VALUE;
                return ToolException.invalidArgument(param, "an integer from " + min + " to " + max, given);
            }
        }
        return new ToolException(ErrorCode.INVALID_ARGUMENT, "Invalid arguments: " + e.getOriginalMessage(),
                Map.of());
    }

    /**
     * Every failed call ends here, from every front end: the error is bounded once, before it is counted (the
     * diagnostics keep each tool's last error) or said, so no argument comes back whole however large it was.
     */
    private CallToolResult failure(ToolDef<?> tool, ToolException e, long start) {
        ToolException said = e.bounded();
        stats.recordError(tool.name(), System.nanoTime() - start, said.code(), said.getMessage());
        log.debug("{} answered {} in {} ms", tool.name(), said.code(), (System.nanoTime() - start) / 1_000_000);
        return ResultRenderer.error(said);
    }

    private static ToolException internal(Throwable e) {
        List<String> causes = new ArrayList<>();
        for (Throwable t = e; t != null && causes.size() < 8; t = t.getCause()) {
            causes.add(t.getClass().getName() + ": " + t.getMessage());
        }
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("causes", causes);
        return new ToolException(ErrorCode.INTERNAL,
                "Internal error in FrameScope (" + e.getClass().getSimpleName() + "); the stack trace is on the "
                        + "server's stderr. Please report it.", context, e);
    }
}
