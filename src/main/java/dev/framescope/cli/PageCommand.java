package dev.framescope.cli;

import dev.framescope.shader.BundledEffects;
import dev.framescope.shader.harness.PageServer;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "page", description = "Serve the shader page for a person on 127.0.0.1 until interrupted: pick or "
        + "search an effect (links: ?effect=ns/name), see it on WebGL2 and WebGPU side by side with compile errors "
        + "over the canvas, move its inputs and the clock. Over SSH, forward the port.")
final class PageCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    @Option(names = "--port", defaultValue = "0", description = "Port on 127.0.0.1; 0 picks a free one.")
    int port;

    PageCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        // --effects-root, FRAMESCOPE_EFFECTS_ROOT, the clone's demo effects or those bundled in the JAR
        Path root = BundledEffects.defaultRoot(streams.config().effectsRoot(), streams.config().stateDir());
        try (PageServer server = PageServer.start(root, port)) {
            streams.out().println("FrameScope shader page: " + server.url("index.html") + "  (effects: " + root
                    + "; Ctrl-C to stop)");
            new CountDownLatch(1).await();
        }
        return ExitCodes.OK;
    }
}
