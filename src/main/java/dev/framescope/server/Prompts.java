package dev.framescope.server;

import dev.framescope.common.PromptRecipe;
import dev.framescope.common.ToolGroup;
import dev.framescope.server.transport.InboundCheck;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncCompletionSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncPromptSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema.CompleteRequest;
import io.modelcontextprotocol.spec.McpSchema.CompleteResult;
import io.modelcontextprotocol.spec.McpSchema.GetPromptResult;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;
import io.modelcontextprotocol.spec.McpSchema.Prompt;
import io.modelcontextprotocol.spec.McpSchema.PromptArgument;
import io.modelcontextprotocol.spec.McpSchema.PromptMessage;
import io.modelcontextprotocol.spec.McpSchema.PromptReference;
import io.modelcontextprotocol.spec.McpSchema.Role;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * The served groups' prompts ({@link ToolGroup#prompts()}) as MCP prompts and completions: clients show them as
 * slash commands (Claude Code: {@code /mcp__framescope__triage-capture}), and each argument completes from where
 * its group says. A prompt is offered only when its group is served (see {@link ToolSelection}).
 */
final class Prompts {

    private static final int MAX_COMPLETIONS = 100;
    /**
     * The longest prompt argument: a recipe quotes its arguments into its text, so a larger one would come back whole
     * (and twice); no path or effect id the tools take is longer.
     */
    static final int MAX_ARGUMENT_CHARS = 4096;

    private Prompts() {
    }

    static List<AsyncPromptSpecification> specifications(ToolRegistry registry) {
        return served(registry).stream().map(recipe -> new AsyncPromptSpecification(prompt(recipe),
                (exchange, request) -> Mono.fromCallable(() -> {
                    Map<String, Object> args = request.arguments() == null ? Map.of() : request.arguments();
                    for (PromptRecipe.Argument argument : recipe.arguments()) {
                        if (argument.required() && !PromptRecipe.present(args.get(argument.name()))) {
                            throw new McpError(new JSONRPCError(InboundCheck.INVALID_PARAMS, "Invalid params: prompt "
                                    + recipe.name() + " needs the argument '" + argument.name() + "'", null));
                        }
                        int length = String.valueOf(args.get(argument.name())).length();
                        if (length > MAX_ARGUMENT_CHARS) {
                            throw new McpError(new JSONRPCError(InboundCheck.INVALID_PARAMS, "Invalid params: the "
                                    + "argument '" + argument.name() + "' of prompt " + recipe.name() + " is " + length
                                    + " characters; at most " + MAX_ARGUMENT_CHARS, null));
                        }
                    }
                    return GetPromptResult.builder(List.of(new PromptMessage(Role.USER,
                            TextContent.builder(recipe.text().apply(args)).build())))
                            .description(recipe.description()).build();
                }))).toList();
    }

    static List<AsyncCompletionSpecification> completions(ToolRegistry registry) {
        return served(registry).stream().map(recipe -> new AsyncCompletionSpecification(
                new PromptReference(recipe.name()),
                (exchange, request) -> Mono.fromCallable(() -> complete(recipe, request)))).toList();
    }

    /** The prompts served with {@code registry}'s tools, for docs/tools.md. */
    static String markdown(ToolRegistry registry) {
        StringBuilder md = new StringBuilder("""

                ## Prompts and resources

                Prompts (clients show them as slash commands; arguments complete from the disk: capture and \
                recording paths under the working directory, effect ids from the effects root):

                """);
        for (PromptRecipe recipe : served(registry)) {
            md.append("- `").append(recipe.name()).append('(').append(String.join(", ", recipe.arguments().stream()
                    .map(a -> a.name() + (a.required() ? "" : "?")).toList())).append(")` — ")
                    .append(recipe.description()).append('\n');
        }
        md.append("""

                Resources: `framescope://docs/tools.md` (this reference), `framescope://docs/benchmarks.md`, the \
                files writing tools reported in the session (under the working directory or \
                FRAMESCOPE_OUTPUT_DIR) and the last 20 images tools answered with (`framescope://images/…`).
                """);
        return md.toString();
    }

    static boolean any(ToolRegistry registry) {
        return !served(registry).isEmpty();
    }

    private static List<PromptRecipe> served(ToolRegistry registry) {
        return registry.groups().stream().flatMap(group -> group.prompts().stream()).toList();
    }

    private static Prompt prompt(PromptRecipe recipe) {
        return Prompt.builder(recipe.name()).title(recipe.title()).description(recipe.description())
                .arguments(recipe.arguments().stream()
                        .map(a -> new PromptArgument(a.name(), a.title(), a.description(), a.required())).toList())
                .build();
    }

    private static CompleteResult complete(PromptRecipe recipe, CompleteRequest request) {
        String typed = request.argument().value() == null ? "" : request.argument().value();
        Map<String, String> given = request.context() == null || request.context().arguments() == null ? Map.of()
                : request.context().arguments();
        List<String> all = recipe.arguments().stream()
                .filter(a -> a.name().equals(request.argument().name()) && a.completer() != null).findFirst()
                .map(a -> a.completer().values(given)).orElse(List.of());
        List<String> matching = all.stream().filter(v -> v.contains(typed)).toList();
        List<String> first = matching.stream().limit(MAX_COMPLETIONS).toList();
        return new CompleteResult(new CompleteResult.CompleteCompletion(first, matching.size(),
                matching.size() > first.size()));
    }
}
