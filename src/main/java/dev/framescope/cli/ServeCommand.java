package dev.framescope.cli;

import dev.framescope.server.FrameScopeServer;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "serve", description = "Serve MCP over stdio (the default). Exits 0 when the client closes stdin.")
final class ServeCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    ServeCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        FrameScopeServer.serve(streams.toolkit(), streams.in(), streams.out());
        return ExitCodes.OK;
    }
}
