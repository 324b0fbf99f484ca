package dev.framescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolGroup.DemoCall;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "demo", description = "Run every tool group's scripted calls on the bundled demo data and print a "
        + "readable report. Exits 1 if any step fails.")
final class DemoCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    @Option(names = "--full", description = "Print each step's whole JSON result, not only its summary and headline fields.")
    boolean full;

    @Option(names = "--screenshots", paramLabel = "DIR", description = "Save a screenshot of each dialog-page question "
            + "of the dialogs part into DIR.")
    Path screenshots;

    DemoCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        // The dialogs part is answered by a scripted person in headless Chromium: never open the user's browser.
        streams.overrides().put("FRAMESCOPE_DIALOG_OPEN_BROWSER", "0");
        ToolGroups.Toolkit toolkit = streams.toolkit();
        PrintStream out = streams.out();
        out.println("FrameScope demo: " + toolkit.registry().tools().size() + " tools in "
                + toolkit.registry().groups().size() + " group(s)\n");
        int steps = 0;
        int failed = 0;
        for (ToolGroup group : toolkit.registry().groups()) {
            if (group.demoCalls().isEmpty()) {
                continue; // shown by the flows below (dialogs, console), or nothing to show
            }
            out.println("== " + group.name() + " ==");
            for (DemoCall demo : group.demoCalls()) {
                steps++;
                if (!runStep(toolkit, demo, out)) {
                    failed++;
                }
            }
            out.println();
        }
        if (Files.isRegularFile(DialogDemo.QUESTIONS)) {
            out.println("== dialogs: the dialog page flow (" + DialogDemo.QUESTIONS + "), answered by a scripted "
                    + "person in headless Chromium; try it yourself with `framescope dialogs-demo` ==");
            int questions = Json.mapper().readTree(DialogDemo.QUESTIONS.toFile()).get("questions").size();
            steps += questions;
            failed += DialogDemo.run(toolkit, out, true, screenshots);
            out.println();
        }
        if (Files.isRegularFile(ConsoleDemo.CAPTURE)) {
            out.println("== console: one question through the capture console's HTTP API (try it yourself with "
                    + "`framescope console`) ==");
            steps++;
            failed += ConsoleDemo.run(toolkit, out);
            out.println();
        }
        out.println(steps - failed + " passed, " + failed + " failed");
        return failed == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }

    @SuppressWarnings("unchecked")
    private boolean runStep(ToolGroups.Toolkit toolkit, DemoCall demo, PrintStream out) throws Exception {
        ToolDef<?> tool = toolkit.registry().find(demo.tool())
                .orElseThrow(() -> new IllegalStateException("demo names unknown tool " + demo.tool()));
        Map<String, Object> args = Json.mapper().readValue(demo.argumentsJson(), Map.class);
        long start = System.nanoTime();
        CallToolResult result = toolkit.invoker().call(tool, toolkit.registry().arguments(demo.tool(), args),
                ToolContext.SILENT);
        double ms = (System.nanoTime() - start) / 1e6;
        boolean isError = Boolean.TRUE.equals(result.isError());
        boolean ok = isError == demo.expectsError();
        out.printf("%s %s  (%s %s, %.0f ms)%n", ok ? "[ok]  " : "[FAIL]", demo.title(), demo.tool(),
                demo.argumentsJson(), ms);
        String text = ((TextContent) result.content().get(0)).text();
        if (isError || full) {
            out.println(indent(text));
            return ok;
        }
        JsonNode body = Json.mapper().readTree(text.substring(text.indexOf('{')));
        out.println(indent(body.path("summary").asText()));
        body.properties().forEach(field -> {
            JsonNode value = field.getValue();
            JsonNode items = value.isArray() ? value : value.path("preview");
            if (items.isArray() && !items.isEmpty()) {
                out.println(indent(field.getKey() + (value.has("count") ? " (" + value.get("count") + ")" : "") + ":"));
                for (int i = 0; i < Math.min(items.size(), DEMO_ITEMS); i++) {
                    out.println(indent("  - " + headline(items.get(i))));
                }
            }
        });
        return true;
    }

    private static final int DEMO_ITEMS = 5;

    /**
     * One line for a list item: the item itself, or its scalar fields; a recommended call also shows its arguments,
     * so the line is the call to make.
     */
    private static String headline(JsonNode item) {
        if (item.isValueNode()) {
            return item.asText();
        }
        StringBuilder line = new StringBuilder();
        item.properties().forEach(field -> {
            if (field.getValue().isValueNode() && !field.getValue().isNull()) {
                line.append(line.length() == 0 ? "" : ", ").append(field.getKey()).append('=')
                        .append(field.getValue().asText());
                if (field.getKey().equals("tool") && item.path("arguments").isObject()) {
                    line.append(' ').append(Json.write(item.get("arguments")));
                }
            }
        });
        return line.toString();
    }

    private static String indent(String text) {
        return "    " + text.replace("\n", "\n    ");
    }
}
