package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A person's mistakes on the command line of every command: a folder that is not there, a port out of range or in
 * use, an output file that cannot be written, a setting in the environment that is not a number. Each is exit 2 and
 * one line on stderr, "framescope COMMAND: what was wrong" (as the console has always said it), never exit 70 and a
 * stack trace; nothing is written where it should not be, and a long run is not started only to fail at its end.
 */
@Timeout(300)
class CliMistakesIT {

    @TempDir
    Path dir;

    private ProcessRun run(Map<String, String> env, String... args) throws Exception {
        return ProcessRun.run(BuiltJar.command(args), dir, Duration.ofSeconds(60), e -> {
            e.putAll(env);
            e.put("FRAMESCOPE_STATE_DIR", dir.resolve("state").toString());
        });
    }

    /**
     * Exit 2 and a single line on stderr that starts with {@code prefix}, besides FrameScope's informational logs
     * (unpacking the bundled effects in a folder without its own).
     */
    private static void assertMistake(ProcessRun run, String prefix) {
        assertEquals(2, run.exit(), run.output());
        String err = run.stderr().lines().filter(line -> !line.matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO .*"))
                .collect(Collectors.joining("\n")).strip();
        assertTrue(err.startsWith(prefix), "expected '" + prefix + "…', got:\n" + err);
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), err);
    }

    @Test
    void docsWriteRefusesAFolderThatIsNotACheckoutAndWritesNothing() throws Exception {
        Path missing = dir.resolve("no/such/clone");
        assertMistake(run(Map.of(), "docs", "--write", missing.toString()),
                "framescope docs: --write takes a FrameScope checkout (a folder with README.md and its tool "
                        + "table); " + missing + " does not exist");
        assertFalse(Files.exists(dir.resolve("no")), "nothing created under a folder that was not there");

        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertMistake(run(Map.of(), "docs", "--write", empty.toString()),
                "framescope docs: --write takes a FrameScope checkout");
        try (var left = Files.list(empty)) {
            assertEquals(List.of(), left.toList(), "no docs/tools.md written into a folder that is not a checkout");
        }
    }

    @Test
    void portsOutOfRangeOrInUseAreSaidTheSameWayByEveryServerCommand() throws Exception {
        for (String command : List.of("page", "browser-server", "console")) {
            assertMistake(run(Map.of(), command, "--port", "99999"),
                    "framescope " + command + ": --port takes 0..65535, was 99999");
        }
        assertMistake(run(Map.of(), "browser-server", "--host", "no-such-host.invalid"),
                "framescope browser-server: --host takes an address of this machine, was 'no-such-host.invalid'");
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String port = String.valueOf(busy.getLocalPort());
            for (String command : List.of("page", "browser-server", "console")) {
                ProcessRun run = run(Map.of(), command, "--port", port);
                assertMistake(run, "framescope " + command + ": could not start ");
                assertTrue(run.stderr().contains("127.0.0.1:" + port) && run.stderr().contains(
                        "is another program using the port? --port 0 picks a free one"), run.stderr());
            }
        }
    }

    @Test
    void helpIsACommandToo() throws Exception {
        ProcessRun help = run(Map.of(), "help");
        assertEquals(0, help.exit(), help.output());
        assertTrue(help.stdout().startsWith("Usage: framescope "), help.stdout());
        assertTrue(help.stdout().contains("74"), "the exit codes include 74: " + help.stdout());
        ProcessRun call = run(Map.of(), "help", "call");
        assertEquals(0, call.exit(), call.output());
        assertTrue(call.stdout().startsWith("Usage: framescope call"), call.stdout());
    }

    @Test
    void aBadSettingInTheEnvironmentIsOneLineForServeAndEveryCommand() throws Exception {
        assertMistake(run(Map.of("FRAMESCOPE_MAX_MESSAGE_BYTES", "abc")),
                "framescope: FRAMESCOPE_MAX_MESSAGE_BYTES must be a positive integer, was 'abc'");
        assertMistake(run(Map.of("FRAMESCOPE_DIALOG_PORT", "99999"), "call", "get_server_diagnostics", "{}"),
                "framescope: FRAMESCOPE_DIALOG_PORT must be 0 to 65535, was 99999");
        assertMistake(run(Map.of("FRAMESCOPE_DIALOG_CHANNEL", "carrier-pigeon"), "tools"),
                "framescope: FRAMESCOPE_DIALOG_CHANNEL must be one of");
    }

    @Test
    void anOutputThatCannotBeWrittenIsRefusedBeforeTheWork() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
        ProcessRun plot = run(Map.of(), "call", "plot_energy", "{\"recording\":\""
                + Path.of("demo/recordings/energy_injection.db").toAbsolutePath() + "\"}", "--image-dir",
                file.resolve("pictures").toString());
        assertMistake(plot, "framescope call: --image-dir ");
        assertEquals("", plot.stdout(), "the tool did not run");

        ProcessRun gate = run(Map.of(), "assert-capture", Path.of("demo/captures/gl_scene.rdc").toAbsolutePath()
                .toString(), "--junit", file.resolve("report.xml").toString());
        assertMistake(gate, "framescope assert-capture: --junit ");
        assertEquals("", gate.stdout(), "the capture was not replayed");

        assertMistake(run(Map.of(), "renderdoc-extension", "--data-dir", file.toString()),
                "framescope renderdoc-extension: cannot use " + file.resolve("extensions"));
        ProcessRun person = run(Map.of(), "dialogs-demo", "--person", "robot");
        assertMistake(person, "framescope dialogs-demo: --person takes you or browser, was 'robot'");
    }

    @Test
    void noCommandAnswersAMistakeWithAStackTrace() throws Exception {
        Path effects = Files.createDirectories(dir.resolve("effects/mine/solid"));
        Files.writeString(effects.resolve("definition.json"),
                "{\"description\": \"d\", \"passes\": [{\"name\": \"main\", \"program\": \"main\"}]}");
        List<String> traces = new ArrayList<>();
        for (String[] args : List.of(new String[] {"docs", "--write", "/proc/1/nope"},
                new String[] {"call", "get_server_diagnostics", "{}", "--image-dir", "/proc/1/nope"},
                new String[] {"assert-effects", dir.resolve("effects").toString(), "--golden", dir.toString(),
                        "--junit", "/proc/1/nope/r.xml"},
                new String[] {"dialogs-demo", "--person", "browser", "--screenshots", "/proc/1/nope"})) {
            ProcessRun run = run(Map.of(), args);
            if (run.exit() == 70 || run.stderr().contains("\tat ")) {
                traces.add(String.join(" ", args) + " -> " + run.exit() + "\n" + run.stderr());
            }
        }
        assertEquals(List.of(), traces);
    }
}
