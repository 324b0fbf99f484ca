package dev.framescope.console;

import dev.framescope.common.ClientModel;
import dev.framescope.common.ToolCaller;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Wires the capture console: store, settings, planners, nl-debug, API and server, for the CLI and for MCP. */
public final class CaptureConsole {

    /** 2 GiB: a large frame capture fits; larger uploads are refused before anything is written. */
    public static final long DEFAULT_MAX_UPLOAD_BYTES = 2L * 1024 * 1024 * 1024;

    /**
     * @param port           0 for any free port
     * @param projects       where projects live (default: the state directory's console/projects)
     * @param maxUploadBytes largest capture accepted
     * @param extraOrigins   origins of a separate front end allowed besides the console's own page
     */
    public record Options(int port, Path projects, long maxUploadBytes, Set<String> extraOrigins) {
    }

    private CaptureConsole() {
    }

    /**
     * @param tools    the served tools the console's questions are answered with
     * @param stateDir the server's state directory: settings, and projects unless {@code options} names a folder
     * @throws IOException      when the port cannot be had
     * @throws ConsoleException {@code FAILED_PRECONDITION} when the projects folder is another console's, or cannot
     *                          be written (the message names the folder and the cause)
     */
    public static ConsoleServer start(ToolCaller tools, Path stateDir, ClientModel clientModel, Options options)
            throws IOException {
        Path state = stateDir;
        Path projects = options.projects() != null ? options.projects() : state.resolve("console").resolve("projects");
        ProjectStore store = new ProjectStore(projects, options.maxUploadBytes());
        try {
            ConsoleSettings settings = new ConsoleSettings(state, System.getenv());
            List<Planner> planners = List.of(new BuiltinPlanner(), new OpenAiCompatiblePlanner(settings),
                    new SamplingPlanner(clientModel));
            Map<String, Planner> byId = new LinkedHashMap<>();
            planners.forEach(p -> byId.put(p.id(), p));
            NlDebug nlDebug = new NlDebug(tools, byId, settings, store);
            ConsoleServer server = ConsoleServer.start(new ConsoleApi(store, nlDebug, settings, planners),
                    options.port(), options.extraOrigins());
            store.describeHolder(server.address());
            return server;
        } catch (IOException | RuntimeException | Error e) {
            store.close();
            throw e;
        }
    }
}
