package dev.framescope.cli;

import dev.framescope.server.ToolDocs;
import dev.framescope.server.ToolRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "docs", description = "Print docs/tools.md generated from the tool registry, or write it and the "
        + "README tool table into a checkout.")
final class DocsCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    @Option(names = "--write", paramLabel = "REPO", description = "Update REPO/docs/tools.md and the table in REPO/README.md.")
    Path repo;

    DocsCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        ToolRegistry registry = streams.toolkit().registry();
        String tools = ToolDocs.toolsMarkdown(registry);
        if (repo == null) {
            streams.out().print(tools);
            return ExitCodes.OK;
        }
        Path toolsFile = repo.resolve("docs/tools.md");
        Files.createDirectories(toolsFile.getParent());
        Files.writeString(toolsFile, tools, StandardCharsets.UTF_8);
        Path readme = repo.resolve("README.md");
        Files.writeString(readme, ToolDocs.updateReadme(Files.readString(readme), registry), StandardCharsets.UTF_8);
        System.err.println("wrote " + toolsFile + " and the tool table in " + readme);
        return ExitCodes.OK;
    }
}
