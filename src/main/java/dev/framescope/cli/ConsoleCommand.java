package dev.framescope.cli;

import dev.framescope.common.ClientModel;
import dev.framescope.console.CaptureConsole;
import dev.framescope.console.ConsoleException;
import dev.framescope.console.ConsoleServer;
import dev.framescope.server.RegistryCaller;
import dev.framescope.server.ToolGroups;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "console", description = "Start the capture console: a local web page and HTTP API (the RenderDoc "
        + "orchestrator's contract) where you keep debugging projects, upload .rdc captures and ask questions in "
        + "plain words, answered by FrameScope's RenderDoc tools — with no API key (builtin planner) or with a model. "
        + "Listens on 127.0.0.1 only and prints the URL with its access token on stderr. Runs until interrupted.")
final class ConsoleCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    @Option(names = "--port", defaultValue = "8765", description = "Port on 127.0.0.1 (default ${DEFAULT-VALUE}; 0 "
            + "for any free port).")
    int port;

    @Option(names = "--projects", description = "Folder of the projects (default: the state directory's "
            + "console/projects).")
    Path projects;

    @Option(names = "--max-upload-mb", defaultValue = "2048", description = "Largest capture upload in MiB (default "
            + "${DEFAULT-VALUE}).")
    long maxUploadMb;

    @Option(names = "--allow-origin", description = "An origin of a separate front end allowed to call the API "
            + "(e.g. http://localhost:5173); repeatable. The console's own page needs none.")
    List<String> origins = new ArrayList<>();

    ConsoleCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        PortOption.check(port);
        if (maxUploadMb < 1) {
            throw new UsageException("--max-upload-mb takes at least 1, was " + maxUploadMb);
        }
        ConsoleServer server;
        try {
            ToolGroups.Toolkit toolkit = streams.toolkit();
            server = CaptureConsole.start(new RegistryCaller(toolkit), toolkit.config().stateDir(), ClientModel.NONE,
                    new CaptureConsole.Options(port, projects, maxUploadMb * 1024 * 1024, Set.copyOf(origins)));
        } catch (IllegalArgumentException | IOException e) {
            // a bad FRAMESCOPE_LLM_* variable, a port in use: say which, no stack trace
            System.err.println("framescope console: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (ConsoleException e) {
            // the projects folder is another console's, or cannot be written: the message names it and why
            System.err.println("framescope console: " + e.getMessage());
            return ExitCodes.FAILED;
        }
        System.err.println("FrameScope console: " + server.url());
        System.err.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "console-shutdown"));
        stopped.await();
        return ExitCodes.OK;
    }
}
