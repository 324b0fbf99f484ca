package dev.framescope.cli;

import dev.framescope.server.FrameScopeServer;
import dev.framescope.server.ToolGroups;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "serve", description = "Serve MCP over stdio (the default). Exits 0 within 2 s when the client "
        + "closes stdin, 74 when stdin or stdout fails.")
final class ServeCommand implements Callable<Integer> {

    /**
     * After serving ends, shutdown hooks get this long before the process halts: clients expect a server gone within
     * about 2 s of closing its stdin, and a hook may wait on an engine that is already being killed.
     */
    static final long EXIT_GRACE_MS = 700;

    private final FrameScopeCli.Streams streams;

    ServeCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        ToolGroups.Toolkit toolkit = streams.toolkit();
        int status = FrameScopeServer.serve(toolkit, streams.in(), streams.out());
        ProcessTree.killDescendants();
        ProcessTree.haltAfter(EXIT_GRACE_MS, status);
        return status;
    }
}
