package dev.framescope.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.Suggestions;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Content;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "call", description = "Run one tool in-process and print its result: the terminal smoke test. "
        + "Validation, errors and output are exactly those an MCP client gets.")
final class CallCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    @Parameters(index = "0", paramLabel = "TOOL", description = "Tool name, see 'framescope tools'.")
    String toolName;

    @Parameters(index = "1", paramLabel = "JSON_ARGS", defaultValue = "{}",
            description = "Arguments as one JSON object, e.g. '{\"refresh\":true}'. Default: {}.")
    String argumentsJson;

    @Option(names = "--json", description = "Print the whole MCP CallToolResult as JSON instead of its text.")
    boolean json;

    @Option(names = "--image-dir", paramLabel = "DIR",
            description = "Write image content to DIR as <tool>-<n>.png (or .jpg) instead of only naming it.")
    Path imageDir;

    CallCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        ToolGroups.Toolkit toolkit = streams.toolkit();
        Optional<ToolDef<?>> tool = toolkit.registry().find(toolName);
        if (tool.isEmpty()) {
            List<String> names = toolkit.registry().tools().stream().map(ToolDef::name).toList();
            System.err.println("Unknown tool '" + toolName + "'." + Suggestions.didYouMean(toolName, names)
                    + " `framescope tools` lists all " + names.size() + ".");
            return ExitCodes.USAGE;
        }
        Map<String, Object> arguments = parseArguments();
        if (arguments == null) {
            return ExitCodes.USAGE;
        }
        if (imageDir != null) {
            OutputOption.checkFolder("--image-dir", imageDir);
        }
        CallToolResult result = toolkit.invoker().call(tool.get(),
                toolkit.registry().arguments(toolName, arguments), ToolContext.SILENT);
        print(result);
        return Boolean.TRUE.equals(result.isError()) ? ExitCodes.FAILED : ExitCodes.OK;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> parseArguments() {
        try {
            JsonNode node = Json.mapper().readTree(argumentsJson);
            if (node != null && node.isObject()) {
                return Json.mapper().convertValue(node, Map.class);
            }
        } catch (JsonProcessingException e) {
            System.err.println("JSON_ARGS is not valid JSON: " + e.getOriginalMessage());
            return null;
        }
        System.err.println("JSON_ARGS must be a JSON object, e.g. '{}'; given: " + argumentsJson);
        return null;
    }

    private void print(CallToolResult result) throws Exception {
        if (json) {
            streams.out().println(CliJson.pretty(result));
            return;
        }
        int images = 0;
        for (Content content : result.content()) {
            if (content instanceof TextContent text) {
                streams.out().println(text.text());
            } else if (content instanceof ImageContent image) {
                images++;
                byte[] bytes = Base64.getDecoder().decode(image.data());
                String suffix = image.mimeType().endsWith("jpeg") ? ".jpg" : ".png";
                if (imageDir != null) {
                    Path file = imageDir.resolve(toolName + "-" + images + suffix);
                    Files.write(file, bytes);
                    streams.out().println("[" + image.mimeType() + ", " + bytes.length + " bytes written to " + file + "]");
                } else {
                    streams.out().println("[" + image.mimeType() + ", " + bytes.length + " bytes; use --image-dir to save]");
                }
            }
        }
    }
}
