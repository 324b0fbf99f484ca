package dev.framescope.cli;

import dev.framescope.server.FrameScopeServer;
import dev.framescope.server.ToolGroups;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;

@Command(name = "serve", description = "Serve MCP over stdio (the default). Exits 0 within 2 s when the client "
        + "closes stdin, 74 when stdin or stdout fails.")
final class ServeCommand implements Callable<Integer> {

    /**
     * The process is gone this long after stdin ends, whatever is still running (what it started is killed first):
     * clients expect a server gone within about 2 s of closing its stdin, and the JVM's own exit can take 0.3 s more
     * (it waits for threads still in native code).
     */
    static final long EXIT_DEADLINE_MS = 1_600;

    /**
     * After serving ends, shutdown hooks get this long before the process halts: a hook may wait on an engine that is
     * already being killed.
     */
    static final long EXIT_GRACE_MS = 500;

    private final FrameScopeCli.Streams streams;

    ServeCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        ToolGroups.Toolkit toolkit = streams.toolkit();
        AtomicInteger exitStatus = new AtomicInteger();
        int status = FrameScopeServer.serve(toolkit, streams.in(), streams.out(),
                () -> ProcessTree.exitAfter(EXIT_DEADLINE_MS, exitStatus::get));
        exitStatus.set(status);
        ProcessTree.killDescendants();
        ProcessTree.exitAfter(EXIT_GRACE_MS, exitStatus::get);
        return status;
    }
}
