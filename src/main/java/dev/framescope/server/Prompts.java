package dev.framescope.server;

import dev.framescope.common.Json;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncCompletionSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncPromptSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema.CompleteRequest;
import io.modelcontextprotocol.spec.McpSchema.CompleteResult;
import io.modelcontextprotocol.spec.McpSchema.GetPromptResult;
import io.modelcontextprotocol.spec.McpSchema.Prompt;
import io.modelcontextprotocol.spec.McpSchema.PromptArgument;
import io.modelcontextprotocol.spec.McpSchema.PromptMessage;
import io.modelcontextprotocol.spec.McpSchema.PromptReference;
import io.modelcontextprotocol.spec.McpSchema.Role;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * MCP prompts: short recipes of tool calls that clients show as slash commands (Claude Code: {@code
 * /mcp__framescope__triage-capture}), each with completions for its arguments from what is on disk
 * ({@link PromptCompletions}). A prompt is offered only when the tools it names are served (see
 * {@link ToolSelection}).
 */
final class Prompts {

    private record Recipe(Prompt prompt, String requiredTool, Function<Map<String, Object>, String> text) {
    }

    private static final List<Recipe> RECIPES = List.of(
            new Recipe(new Prompt("triage-capture", "Triage a RenderDoc capture",
                    "Finds what is wrong in one frame of a RenderDoc capture (.rdc): digest, NaN/Inf, slow and odd "
                            + "draws, then the evidence for the worst finding.",
                    List.of(new PromptArgument("capture", "Capture", "Path of the .rdc capture", true))),
                    "get_frame_digest", a -> """
                    Triage the RenderDoc capture %s with the framescope tools:
                    1. get_frame_digest {"capture": %s}: the frame's findings ranked by severity, with the next calls \
                    each one suggests.
                    2. For each finding of severity error or warning, make the call it suggests (analyze_nan_inf for \
                    NaN/Inf, get_event_insight for one event, geometry_anomalies, get_counters for slow draws).
                    3. Report: the findings in order, each with its event id and marker path, the evidence, and the \
                    likely cause. Say what could not be checked and why (UNSUPPORTED answers name the reason).
                    """.formatted(quote(a.get("capture")), json(a.get("capture")))),
            new Recipe(new Prompt("triage-recording", "Triage a physics recording",
                    "Runs every physics check over an MSD-CPP recording (.db) and explains the worst anomalies.",
                    List.of(new PromptArgument("recording", "Recording", "Path of the recording (.db)", true))),
                    "check_recording", a -> """
                    Triage the MSD-CPP recording %s with the framescope tools:
                    1. check_recording {"recording": %s}: every check, anomalies ranked by severity, then first frame.
                    2. For the top three anomalies, make the calls each one names, then look closer: \
                    get_recording_frame (with body_id), check_recording with check "contact_history" for contact \
                    problems, "energy" and plot_energy for energy, "momentum" / "restitution" for impacts.
                    3. Report each anomaly with its code, bodies, first and worst frame, the measured value against \
                    its bound, and the most likely cause in the engine (solver, contact model, integration).
                    """.formatted(quote(a.get("recording")), json(a.get("recording")))),
            new Recipe(new Prompt("check-effect", "Check a shader effect",
                    "Checks one effect end to end: folder structure, compilation on WebGL2 and WebGPU, a rendered "
                            + "frame, uniform responsiveness, passthrough and GLSL/WGSL pixel parity.",
                    List.of(new PromptArgument("effect", "Effect", "Effect id 'namespace/effect'", true),
                            new PromptArgument("effects_root", "Effects root",
                                    "Folder of effects; default the server's", false))),
                    "compile_effect", a -> {
                        String root = a.get("effects_root") == null || a.get("effects_root").toString().isBlank()
                                ? "" : ", \"effects_root\": " + json(a.get("effects_root"));
                        String args = "{\"effect\": " + json(a.get("effect")) + root + "}";
                        return """
                                Check the shader effect %s with the framescope tools, each with %s:
                                1. analyze_effect with analysis "structure", then compile_effect (both backends).
                                2. render_effect_frame: is the frame blank, constant or non-finite?
                                3. test_effect (check "responsiveness"), again with check "passthrough" for filters, \
                                then with check "parity" (GLSL vs WGSL).
                                4. Report each check as pass / fail / unsupported with its figures, and for every \
                                failure the file and line or the uniform to look at.
                                """.formatted(quote(a.get("effect")), args);
                    }),
            new Recipe(new Prompt("explain-nan", "Explain NaN/Inf pixels",
                    "Finds which events write NaN or Inf into a capture's render targets and why; with x and y, "
                            + "follows that one pixel.",
                    List.of(new PromptArgument("capture", "Capture", "Path of the .rdc capture", true),
                            new PromptArgument("x", "x", "Pixel column (optional)", false),
                            new PromptArgument("y", "y", "Pixel row, top-left origin (optional)", false))),
                    "analyze_nan_inf", a -> {
                        boolean pixel = present(a.get("x")) && present(a.get("y"));
                        String first = pixel
                                ? "analyze_nan_inf {\"capture\": " + json(a.get("capture")) + ", \"texture\": <the "
                                + "target from get_frame_digest>, \"x\": " + a.get("x") + ", \"y\": " + a.get("y")
                                + "}: the events whose output at that pixel has a NaN or Inf component; then "
                                + "pixel_history at the same pixel for the values before and after each."
                                : "analyze_nan_inf {\"capture\": " + json(a.get("capture")) + "}: NaN/Inf texel counts, "
                                + "bounding boxes, and the events after which new ones appear.";
                        return """
                                Explain the NaN/Inf values in the RenderDoc capture %s with the framescope tools:
                                1. get_frame_digest {"capture": %s} to see the targets.
                                2. %s
                                3. For the first event that produces them: get_event_insight and get_shader_info \
                                (inputs, constants, the operations that can produce NaN: 0/0, sqrt or log of a \
                                negative, normalize of a zero vector, pow with a negative base).
                                4. Report the event, marker path, the shader and the most likely operation, with the \
                                evidence.
                                """.formatted(quote(a.get("capture")), json(a.get("capture")), first);
                    }));

    private Prompts() {
    }

    static List<AsyncPromptSpecification> specifications(ToolRegistry registry) {
        List<AsyncPromptSpecification> specs = new ArrayList<>();
        for (Recipe recipe : served(registry)) {
            specs.add(new AsyncPromptSpecification(recipe.prompt(), (exchange, request) -> Mono.fromCallable(() -> {
                Map<String, Object> args = request.arguments() == null ? Map.of() : request.arguments();
                for (PromptArgument argument : recipe.prompt().arguments()) {
                    if (Boolean.TRUE.equals(argument.required()) && !present(args.get(argument.name()))) {
                        throw new McpError(
                                new McpSchema.JSONRPCResponse.JSONRPCError(
                                        InboundCheck.INVALID_PARAMS, "Invalid params: prompt "
                                        + recipe.prompt().name() + " needs the argument '" + argument.name() + "'",
                                        null));
                    }
                }
                return new GetPromptResult(recipe.prompt().description(), List.of(new PromptMessage(Role.USER,
                        new TextContent(recipe.text().apply(args)))));
            })));
        }
        return specs;
    }

    static List<AsyncCompletionSpecification> completions(ToolRegistry registry, PromptCompletions values) {
        return served(registry).stream().map(recipe -> new AsyncCompletionSpecification(
                new PromptReference(recipe.prompt().name()),
                (exchange, request) -> Mono.fromCallable(() -> complete(values, request)))).toList();
    }

    /** The prompts served with {@code registry}'s tools, for docs/tools.md. */
    static String markdown(ToolRegistry registry) {
        StringBuilder md = new StringBuilder("""

                ## Prompts and resources

                Prompts (clients show them as slash commands; arguments complete from the disk: capture and \
                recording paths under the working directory, effect ids from the effects root):

                """);
        for (Recipe recipe : served(registry)) {
            md.append("- `").append(recipe.prompt().name()).append('(').append(String.join(", ", recipe.prompt()
                    .arguments().stream().map(a -> a.name() + (Boolean.TRUE.equals(a.required()) ? "" : "?"))
                    .toList())).append(")` — ").append(recipe.prompt().description()).append('\n');
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

    private static List<Recipe> served(ToolRegistry registry) {
        return RECIPES.stream().filter(r -> registry.find(r.requiredTool()).isPresent()).toList();
    }

    private static CompleteResult complete(PromptCompletions values, CompleteRequest request) {
        String name = request.argument().name();
        String typed = request.argument().value() == null ? "" : request.argument().value();
        Map<String, String> context = request.context() == null || request.context().arguments() == null ? Map.of()
                : request.context().arguments();
        List<String> all = switch (name) {
            case "capture" -> values.files(".rdc");
            case "recording" -> values.files(".db");
            case "effect" -> values.effects(context.get("effects_root"));
            default -> List.of();
        };
        List<String> matching = all.stream().filter(v -> v.contains(typed)).toList();
        List<String> first = matching.stream().limit(100).toList();
        return new CompleteResult(new CompleteResult.CompleteCompletion(first, matching.size(),
                matching.size() > first.size()));
    }

    private static boolean present(Object value) {
        return value != null && !value.toString().isBlank();
    }

    private static String quote(Object value) {
        return "`" + value + "`";
    }

    private static String json(Object value) {
        return Json.write(value == null ? "" : value.toString());
    }
}
