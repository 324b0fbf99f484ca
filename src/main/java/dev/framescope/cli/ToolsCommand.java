package dev.framescope.cli;

import dev.framescope.server.FrameScopeServer;
import dev.framescope.server.ToolRegistry;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "tools", description = "List the tools with their input schemas, as MCP clients see them.")
final class ToolsCommand implements Callable<Integer> {

    enum Format { table, json }

    private final FrameScopeCli.Streams streams;

    @Option(names = "--format", defaultValue = "table", description = "table (default) or json (the tools/list array).")
    Format format;

    ToolsCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        ToolRegistry registry = streams.toolkit().registry();
        List<Tool> tools = FrameScopeServer.describeAll(registry);
        if (format == Format.json) {
            streams.out().println(CliJson.pretty(tools));
            return ExitCodes.OK;
        }
        TextTable table = new TextTable("TOOL", "READ-ONLY", "PARAMETERS", "TITLE");
        for (Tool tool : tools) {
            @SuppressWarnings("unchecked")
            var properties = (Map<String, Object>) tool.inputSchema().get("properties");
            table.row(tool.name(), String.valueOf(tool.annotations().readOnlyHint()),
                    properties == null || properties.isEmpty() ? "-" : String.join(", ", properties.keySet()),
                    tool.title());
        }
        streams.out().print(table.render(TextTable.width(streams.env())));
        streams.out().println(tools.size() + " tools. Schemas: framescope tools --format json");
        return ExitCodes.OK;
    }
}
