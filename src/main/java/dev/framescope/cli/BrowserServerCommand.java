package dev.framescope.cli;

import com.microsoft.playwright.CLI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "browser-server", description = "Run a Playwright browser server from the JAR's own Playwright, for a "
        + "FrameScope on another machine (or in a container) without a local browser: there, set "
        + "FRAMESCOPE_BROWSER_WS=ws://<this host>:<port>/. It launches Chromium with the flags and path the client "
        + "asks for (--unsafe), so run it only where the port is not exposed to others. Runs until interrupted.")
final class BrowserServerCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "3789", description = "Port to listen on (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to listen on (default "
            + "${DEFAULT-VALUE}; use an SSH tunnel rather than 0.0.0.0).")
    String host;

    @Override
    public Integer call() throws Exception {
        PortOption.checkFree("the browser server", host, port);
        List<String> args = new ArrayList<>(List.of("run-server", "--port", String.valueOf(port), "--host", host,
                "--unsafe"));
        // Playwright's own CLI entry point: it runs the bundled Node driver with these arguments and exits with it.
        CLI.main(args.toArray(String[]::new));
        return ExitCodes.OK;
    }
}
