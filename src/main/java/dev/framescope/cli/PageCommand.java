package dev.framescope.cli;

import dev.framescope.shader.BundledEffects;
import dev.framescope.shader.harness.PageServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "page", description = {
        "Serve the shader page for a person on 127.0.0.1 and print its link; Ctrl-C stops it. Over SSH, forward the "
                + "port.",
        "The page lists the effects under the effects root (search; a link per effect, ?effect=ns/name), opens on one "
                + "that works and draws it with WebGL2 and WebGPU side by side. A backend whose program does not "
                + "compile shows the errors over its cleared canvas (file, line, message, source line); one this "
                + "browser lacks says so. Sliders for the effect's inputs; pause, scrub or restart its 8 s loop."})
final class PageCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    @Option(names = "--port", defaultValue = "0", description = "Port on 127.0.0.1 (default: 0, a free one).")
    int port;

    PageCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        // --effects-root, FRAMESCOPE_EFFECTS_ROOT, the clone's demo effects or those bundled in the JAR
        PortOption.check(port);
        Path root = BundledEffects.defaultRoot(streams.config().effectsRoot(), streams.config().stateDir());
        PageServer started;
        try {
            started = PageServer.start(root, port);
        } catch (IOException e) {
            throw PortOption.inUse("the shader page", "127.0.0.1", port, e);
        }
        try (PageServer server = started) {
            streams.out().println("FrameScope shader page: " + server.url("index.html") + "  (effects: " + root
                    + "; Ctrl-C to stop)");
            new CountDownLatch(1).await();
        }
        return ExitCodes.OK;
    }
}
