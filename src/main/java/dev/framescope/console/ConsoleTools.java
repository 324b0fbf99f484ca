package dev.framescope.console;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.Param;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolException;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the capture console from an MCP session, the same service {@code framescope console} runs: a person
 * opens the page, the agent keeps working. One console per server; a second call reports the running one.
 */
public final class ConsoleTools implements ToolGroup {

    private static final Logger log = LoggerFactory.getLogger(ConsoleTools.class);

    public record StartArgs(@Param(value = "Port on 127.0.0.1 (0: any free port).", min = 0,
            max = 65535) Integer port) {
        public StartArgs {
            port = port == null ? 0 : port;
        }
    }

    /**
     * @param address        where the console listens, without its token (the link with the token is for the
     *                       person: the server's stderr and this call's progress message)
     * @param alreadyRunning true when an earlier call started it
     */
    public record Started(int schemaVersion, String address, int port, String projects, boolean alreadyRunning,
                          String summary) {
    }

    private final Supplier<ToolCaller> tools;
    private final Path stateDir;
    private ConsoleServer running;
    private String projects;

    /**
     * @param tools    the served tools, asked for when the console starts (this group is one of them, so they are
     *                 not all known while it is built)
     * @param stateDir the server's state directory
     */
    public ConsoleTools(Supplier<ToolCaller> tools, Path stateDir) {
        this.tools = tools;
        this.stateDir = stateDir;
    }

    @Override
    public String name() {
        return "console";
    }

    @Override
    public String guide() {
        return "Capture console: start_capture_console opens a local web page where a person uploads RenderDoc "
                + "captures and asks questions in plain words (answered by the RenderDoc tools, no API key needed).";
    }

    @Override
    public List<ToolDef<?>> tools() {
        return ToolDef.all(startCaptureConsole());
    }

    private ToolDef.Builder<StartArgs> startCaptureConsole() {
        return ToolDef.of("start_capture_console", "Start the capture console",
                "Starts the capture console on 127.0.0.1 (or reports the running one), for a person who wants to "
                + "look at captures themselves: web page and HTTP API. Its link with the access token goes to the "
                + "person only (progress message, stderr). ~0.1 s.",
                StartArgs.class, ToolHints.WRITES_NEW_FILES,
                (args, context) -> ToolOutput.of(start(args, context))).returns(Started.class);
    }

    synchronized Started start(StartArgs args, ToolContext context) {
        boolean already = running != null;
        if (!already) {
            projects = stateDir.resolve("console").resolve("projects").toString();
            try {
                running = CaptureConsole.start(tools.get(), stateDir, context.clientModel(),
                        new CaptureConsole.Options(args.port(), null, CaptureConsole.DEFAULT_MAX_UPLOAD_BYTES,
                                Set.of()));
            } catch (IOException e) {
                throw new ToolException(ErrorCode.INVALID_ARGUMENT, "Could not start the console on port "
                        + args.port() + ": " + e.getMessage() + " (try port 0 for any free port)",
                        Map.of("parameter", "port", "valid_range", List.of(0, 65535)));
            } catch (ConsoleException e) {
                // its projects folder: another console's, or not writable (FRAMESCOPE_STATE_DIR picks it)
                throw new ToolException(ErrorCode.FAILED_PRECONDITION, e.getMessage() + " (This server keeps it in "
                        + "its state directory; FRAMESCOPE_STATE_DIR moves that.)",
                        e.context(), e);
            }
            log.info("FrameScope console: {}", running.url());
        }
        context.progress(1, 1.0, "Open the capture console: " + running.url());
        return new Started(1, running.address(), running.port(), projects, already, (already ? "The capture "
                + "console is already running at " : "Started the capture console at ") + running.address()
                + "; the person's link (with its access token) is in the progress message and on stderr.");
    }

    @Override
    public void clientGone() {
        // the console outlives no client: it is this session's service
        synchronized (this) {
            if (running != null) {
                running.close();
                running = null;
            }
        }
    }
}
