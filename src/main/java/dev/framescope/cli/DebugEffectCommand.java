package dev.framescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code framescope debug-effect}: debug_effect for a person at a terminal: the trace of one pixel as a few lines
 * (the step that makes the first NaN/Inf, its line of the file, its operands, the output, native against Chromium,
 * the capture to open in qrenderdoc). The same tool call as an MCP client's, so it is also its smoke test.
 */
@Command(name = "debug-effect", description = "Step one pixel of an effect's pass in RenderDoc's shader debugger "
        + "(drawn natively with the inputs Chromium's draw had) and print the trace.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the pixel was stepped", "1:the tool failed or answered unsupported (the reason is printed)",
                "2:bad command line"})
final class DebugEffectCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    @Parameters(index = "0", paramLabel = "EFFECT", description = "One effect id, e.g. 'isf/Two Pass NaN'.")
    String effect;

    @Option(names = "--pass", paramLabel = "N", description = "Pass index; default the first writing NaN/Inf.")
    Integer pass;

    @Option(names = "--face", paramLabel = "F", description = "Face of a cube-map pass, 0-5 (+X -X +Y -Y +Z -Z).")
    Integer face;

    @Option(names = "--pixel", paramLabel = "X,Y", split = ",", description = "Frame pixel (0,0 top left); default "
            + "the pass's first non-finite pixel.")
    int[] pixel;

    @Option(names = "--size", paramLabel = "W,H", split = ",", description = "Frame size; default 256,256.")
    int[] size;

    @Option(names = "--time", paramLabel = "T", description = "Time, 0..1 over the effect's 8 s loop; default 0.")
    Double time;

    @Option(names = "--source", paramLabel = "FILE", description = "Try a fix: draw the pass from FILE's text instead "
            + "of its file (the file is not touched); the trace shows before and after.")
    Path source;

    @Option(names = "--json", description = "Print the tool's whole answer as JSON instead of the trace.")
    boolean json;

    DebugEffectCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("effect", effect);
        if (pass != null) {
            args.put("pass", pass);
        }
        if (face != null) {
            args.put("face", face);
        }
        if (pixel != null || size != null) {
            if (pixel != null && pixel.length != 2 || size != null && size.length != 2) {
                System.err.println("--pixel and --size take two numbers: X,Y and W,H");
                return ExitCodes.USAGE;
            }
        }
        if (pixel != null) {
            args.put("x", pixel[0]);
            args.put("y", pixel[1]);
        }
        if (size != null) {
            args.put("width", size[0]);
            args.put("height", size[1]);
        }
        if (time != null) {
            args.put("time", time);
        }
        if (source != null) {
            if (!Files.isRegularFile(source)) {
                System.err.println("--source " + source + ": no such file");
                return ExitCodes.USAGE;
            }
            args.put("source", Files.readString(source, StandardCharsets.UTF_8));
        }
        ToolGroups.Toolkit toolkit = streams.toolkit();
        ToolDef<?> tool = toolkit.registry().find("debug_effect").orElseThrow();
        CallToolResult result = toolkit.invoker().call(tool, toolkit.registry().arguments("debug_effect", args),
                ToolContext.SILENT);
        String text = ((TextContent) result.content().get(0)).text();
        if (Boolean.TRUE.equals(result.isError())) {
            streams.out().println(text);
            return ExitCodes.FAILED;
        }
        JsonNode answer = Json.mapper().readTree(text.substring(text.indexOf('{')));
        if (json) {
            streams.out().println(CliJson.pretty(answer));
        } else {
            print(answer, streams.out());
        }
        return answer.path("status").asText().equals("debugged") ? ExitCodes.OK : ExitCodes.FAILED;
    }

    /** The trace as a person reads it. */
    static void print(JsonNode a, PrintStream out) {
        if (!a.path("status").asText().equals("debugged")) {
            out.println(a.path("summary").asText());
            return;
        }
        JsonNode pass = a.get("pass");
        JsonNode pixel = a.get("pixel");
        JsonNode trace = a.get("trace");
        out.printf("%s pass %d (%s) at pixel (%d, %d): %s%n", a.path("effect").asText(), pass.path("index").asInt(),
                pass.path("name").asText(), pixel.path("x").asInt(), pixel.path("y").asInt(),
                pixel.path("chosen").asText());
        out.printf("  %d steps run%s%n", trace.path("steps_run").asInt(), trace.path("complete").asBoolean(true) ? ""
                : " (stopped at the step limit)");
        JsonNode first = trace.path("first_non_finite");
        if (first.isObject()) {
            JsonNode src = first.path("source");
            out.printf("  first %s at step %d, %s%n", first.path("kind").asText(), first.path("step").asInt(),
                    src.path("line").isInt() ? src.path("file").asText() + ":" + src.path("line").asInt()
                            : "in FrameScope's prelude");
            out.printf("    %s%n", src.path("text").asText("").strip());
            StringBuilder operands = new StringBuilder();
            first.path("operands").forEach(o -> operands.append(operands.isEmpty() ? "" : ", ")
                    .append(o.path("source_name").asText(o.path("name").asText())).append(" = ")
                    .append(o.path("value")));
            out.printf("    %s   with %s%n", first.path("text").asText(), operands);
        } else {
            out.println("  no step made a NaN, an Inf or a denormal");
        }
        trace.path("outputs").forEach(o -> out.printf("  output %s = %s%n", o.path("name").asText(),
                o.path("value")));
        JsonNode agree = a.path("agreement");
        if (agree.isObject()) {
            out.printf("  native %s %s Chromium %s; %d pixel(s) of the pass differ (%s)%n", agree.path("native_value"),
                agree.path("at_pixel").asBoolean() ? "agrees with" : "DIFFERS from", agree.path("chromium"),
                    agree.path("pixels_differing").asInt(), agree.path("tolerance").asText());
        }
        if (a.has("before")) {
            out.printf("  before the source: %s%n", a.at("/before/summary").asText());
        }
        a.path("notes").forEach(n -> out.printf("  note: %s%n", n.asText()));
        out.printf("  capture: %s (event %d, pixel (%d, %d); open it in qrenderdoc or with the RenderDoc tools)%n",
                a.path("capture").asText(), a.path("event_id").asInt(), pixel.path("capture_x").asInt(),
                pixel.path("capture_y").asInt());
    }
}
