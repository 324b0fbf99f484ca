package dev.framescope.cli;

import dev.framescope.server.ToolDocs;
import dev.framescope.server.ToolRegistry;
import java.io.IOException;
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
        // Both files are made before either is written: a folder that is not a checkout gets nothing at all.
        Path readme = repo.resolve("README.md");
        String updatedReadme = ToolDocs.updateReadme(checkoutReadme(readme), registry);
        Path toolsFile = repo.resolve("docs/tools.md");
        Files.createDirectories(toolsFile.getParent());
        Files.writeString(toolsFile, tools, StandardCharsets.UTF_8);
        Files.writeString(readme, updatedReadme, StandardCharsets.UTF_8);
        System.err.println("wrote " + toolsFile + " and the tool table in " + readme);
        return ExitCodes.OK;
    }

    /** REPO's README.md, which must hold the generated tool table; else REPO is not a FrameScope checkout. */
    private String checkoutReadme(Path readme) throws IOException {
        String expected = "--write takes a FrameScope checkout (a folder with README.md and its tool table); ";
        if (!Files.isDirectory(repo)) {
            throw new UsageException(expected + repo + (Files.exists(repo) ? " is not a folder" : " does not exist"));
        }
        if (!Files.isRegularFile(readme)) {
            throw new UsageException(expected + repo + " has no README.md");
        }
        String text = Files.readString(readme);
        if (!ToolDocs.hasToolTable(text)) {
            throw new UsageException(expected + readme + " has no tool table (" + ToolDocs.README_BEGIN + " … "
                    + ToolDocs.README_END + ")");
        }
        return text;
    }
}
