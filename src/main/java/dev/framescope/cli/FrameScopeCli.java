package dev.framescope.cli;

import dev.framescope.common.Config;
import dev.framescope.common.FileProblem;
import dev.framescope.common.SettingException;
import dev.framescope.common.Version;
import dev.framescope.server.ToolGroups;
import dev.framescope.server.ToolSelection;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line of the one JAR: {@code serve} (default), {@code tools}, {@code call}, {@code doctor},
 * {@code demo}, {@code dialogs-demo}, {@code docs}, {@code page}, {@code browser-server},
 * {@code renderdoc-extension}, {@code console}, {@code assert-capture}, {@code assert-effects},
 * {@code debug-effect}, {@code help}.
 * Parsing and help come from picocli; each command prints to the real stdout it is given, because {@code System.out}
 * itself is redirected to stderr for the whole process. A person's mistake is exit 2 and one line, a bug exit 70.
 */
@Command(name = "framescope", mixinStandardHelpOptions = true, versionProvider = FrameScopeCli.VersionProvider.class,
        description = "Graphics-debugging MCP server. With no command it serves MCP over stdio.",
        subcommands = {ServeCommand.class, ToolsCommand.class, CallCommand.class, DoctorCommand.class,
                DemoCommand.class, DialogsDemoCommand.class, DocsCommand.class, PageCommand.class,
                BrowserServerCommand.class, RenderDocExtensionCommand.class, ConsoleCommand.class,
                AssertCaptureCommand.class, AssertEffectsCommand.class, DebugEffectCommand.class,
                CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:tool error (call), required part missing (doctor), failed step (demo), "
                + "findings (assert-capture), failing effects (assert-effects)", "2:bad command line, unknown tool, "
                + "a setting that cannot be used, a path or port that cannot be used",
                "69:capture could not be replayed (assert-capture), effects could not be rendered (assert-effects)",
                "70:internal error", "74:stdin or stdout failed while serving (serve)"})
public final class FrameScopeCli implements Callable<Integer> {

    private final Streams streams;

    /**
     * The process's real stdout/stdin and environment, handed to every command; {@code overrides} holds what
     * command-line options set in place of environment variables.
     */
    record Streams(PrintStream out, InputStream in, Map<String, String> env, Map<String, String> overrides) {
        Streams(PrintStream out, InputStream in, Map<String, String> env) {
            this(out, in, env, new HashMap<>());
        }

        Config config() {
            Map<String, String> merged = new HashMap<>(env);
            merged.putAll(overrides);
            return Config.fromEnvironment(merged);
        }

        ToolGroups.Toolkit toolkit() {
            Map<String, String> merged = new HashMap<>(env);
            merged.putAll(overrides);
            return ToolGroups.create(config(), ToolSelection.fromEnvironment(merged));
        }
    }

    private FrameScopeCli(Streams streams) {
        this.streams = streams;
    }

    @picocli.CommandLine.Option(names = "--effects-root", paramLabel = "DIR", scope = CommandLine.ScopeType.INHERIT,
            description = "Shader effects folder for this run (instead of FRAMESCOPE_EFFECTS_ROOT; default "
                    + "demo/shaders/effects). Works before or after the command, e.g. in an MCP client's args.")
    void effectsRoot(String dir) {
        streams.overrides().put("FRAMESCOPE_EFFECTS_ROOT", dir);
    }

    @picocli.CommandLine.Option(names = "--groups", paramLabel = "LIST", scope = CommandLine.ScopeType.INHERIT,
            description = "Serve only these tool groups, comma-separated (server, physics, renderdoc, dialogs, "
                    + "shader, console; the server group always stays); instead of FRAMESCOPE_GROUPS.")
    void groups(String list) {
        streams.overrides().put("FRAMESCOPE_GROUPS", list);
    }

    @picocli.CommandLine.Option(names = "--read-only", scope = CommandLine.ScopeType.INHERIT,
            description = "Hide the tools that are not read-only: they write files, change a capture's replay or "
                    + "start a server (FRAMESCOPE_READ_ONLY=1).")
    void readOnly(boolean on) {
        streams.overrides().put("FRAMESCOPE_READ_ONLY", on ? "1" : "");
    }

    @picocli.CommandLine.Option(names = "--era", paramLabel = "ERA", scope = CommandLine.ScopeType.INHERIT,
            description = "MCP era served on stdio: auto (the client's first request chooses), legacy (2025-11-25 "
                    + "and older only) or modern (2026-07-28 only); instead of FRAMESCOPE_MCP_ERA.")
    void era(String era) {
        streams.overrides().put("FRAMESCOPE_MCP_ERA", era);
    }

    public static int run(String[] args, PrintStream out, InputStream in, Map<String, String> env) {
        Streams streams = new Streams(out, in, env);
        if (args.length == 0) {
            // How MCP clients start us. picocli's classes target Java 5, which AppCDS cannot archive, and loading
            // its parser model costs ~0.1 s of cold start, so the default command skips it.
            try {
                return new ServeCommand(streams).call();
            } catch (Exception e) {
                return failed(null, e);
            }
        }
        CommandLine cli = new CommandLine(new FrameScopeCli(streams), new Factory(streams));
        // Every command answers --help and --version, not only the top one (`framescope call --help`); `help` has
        // its own --help already.
        cli.getSubcommands().values().stream().filter(sub -> !(sub.getCommand() instanceof CommandLine.HelpCommand))
                .forEach(sub -> sub.getCommandSpec().mixinStandardHelpOptions(true)
                        .versionProvider(new VersionProvider()));
        cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(System.err, true, StandardCharsets.UTF_8));
        cli.setExecutionExceptionHandler((e, command, parsed) -> failed(command.getCommandSpec().name(), e));
        return cli.execute(args);
    }

    /**
     * A command that threw. A person's mistake is one line and exit 2, as picocli answers a bad option: a setting
     * in the environment ({@code framescope: FRAMESCOPE_… must be …}), a command's own option
     * ({@code framescope page: --port takes …}), or a file or folder the command was pointed at that cannot be used.
     * Anything else is a bug: the stack trace and exit 70.
     */
    private static int failed(String command, Exception e) {
        String prefix = "framescope" + (command == null || command.equals("framescope") ? "" : " " + command) + ": ";
        if (e instanceof SettingException) {
            System.err.println("framescope: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (e instanceof UsageException) {
            System.err.println(prefix + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (e instanceof FileSystemException fileProblem) {
            System.err.println(prefix + "cannot use " + FileProblem.describe(fileProblem));
            return ExitCodes.USAGE;
        }
        e.printStackTrace(System.err);
        return ExitCodes.INTERNAL;
    }

    @Override
    public Integer call() throws Exception {
        return new ServeCommand(streams).call();
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"framescope " + Version.current()};
        }
    }

    /** Gives each command the shared streams through its constructor instead of a static. */
    private record Factory(Streams streams) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            try {
                return type.getDeclaredConstructor(Streams.class).newInstance(streams);
            } catch (NoSuchMethodException e) {
                return CommandLine.defaultFactory().create(type);
            }
        }
    }
}
