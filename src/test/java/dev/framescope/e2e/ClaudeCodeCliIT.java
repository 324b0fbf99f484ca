package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's {@code claude mcp add} commands, run word for word (with {@code /path/to/framescope} replaced by this
 * clone) by the Claude Code CLI from npm ({@code @anthropic-ai/claude-code}, installed by scripts/setup.sh into
 * src/test/node), each in a fresh HOME and from a folder outside the clone; then {@code claude mcp list} must report
 * the server connected. Neither command needs a model key: {@code mcp list} only starts the server and initialises.
 */
@Timeout(180)
class ClaudeCodeCliIT {

    private static final Pattern SECTION = Pattern.compile("## Adding FrameScope to Claude Code\\n(.*?)\\n## ",
            Pattern.DOTALL);

    @Test
    void readmeCommandsAddAServerThatClaudeCodeReportsConnected(@TempDir Path dir) throws Exception {
        String claude = NodeClients.require(".bin/claude", "the Claude Code CLI").toString();
        Path root = Path.of("").toAbsolutePath();
        BuiltJar.path();
        ProcessRun version = run(List.of(claude, "--version"), dir, dir);
        Assumptions.assumeTrue(version.exit() == 0, "assuming the Claude Code CLI cannot run on this platform "
                + "(claude --version exited " + version.exit() + "): " + version.output());

        List<String> commands = readmeCommands();
        assertEquals(2, commands.size(), "README's Claude Code section should show two `claude mcp add` commands: "
                + commands);
        int i = 0;
        for (String command : commands) {
            Path home = Files.createDirectories(dir.resolve("home" + i));
            Path elsewhere = Files.createDirectories(dir.resolve("project" + i++));
            String line = command.replace("/path/to/framescope", root.toString());
            ProcessRun add = run(List.of("bash", "-c", line), home, elsewhere);
            assertEquals(0, add.exit(), line + "\n" + add.output());
            assertTrue(add.output().contains("Added stdio MCP server framescope"), add.output());
            ProcessRun list = run(List.of(claude, "mcp", "list"), home, elsewhere);
            assertEquals(0, list.exit(), list.output());
            assertTrue(list.output().lines().anyMatch(l -> l.startsWith("framescope:") && l.contains("Connected")
                    && !l.contains("Failed")), "claude mcp list after `" + line + "`:\n" + list.output());
        }
    }

    /**
     * The project's own .mcp.json, as Claude Code reads it when started in a folder of the clone: from the root and
     * from a subfolder (where a command relative to the root was not found), the server connects.
     */
    @Test
    void theProjectConfigConnectsFromAnyFolderOfTheClone(@TempDir Path home) throws Exception {
        String claude = NodeClients.require(".bin/claude", "the Claude Code CLI").toString();
        Path root = Path.of("").toAbsolutePath();
        BuiltJar.path();
        Assumptions.assumeTrue(run(List.of(claude, "--version"), home, home).exit() == 0,
                "assuming the Claude Code CLI cannot run on this platform");
        List<Path> folders = List.of(root, root.resolve("docs"), root.resolve("demo/captures"));
        // The person has trusted the clone and approved its server, as `claude` asks them to on first start.
        // In a git worktree Claude Code keeps the project's settings under the main checkout's root, so that is
        // trusted too (git's common dir is that checkout's .git).
        List<Path> trusted = new ArrayList<>(folders);
        ProcessRun common = ProcessRun.run(List.of("git", "rev-parse", "--path-format=absolute", "--git-common-dir"),
                root, Duration.ofSeconds(20), env -> { });
        Path checkout = common.exit() == 0 && common.stdout().strip().endsWith("/.git")
                ? Path.of(common.stdout().strip()).getParent() : root;
        if (!trusted.contains(checkout)) {
            trusted.add(checkout);
        }
        StringBuilder projects = new StringBuilder();
        for (Path folder : trusted) {
            projects.append(projects.length() == 0 ? "" : ",").append('"').append(folder).append("\":{")
                    .append("\"hasTrustDialogAccepted\":true,\"enabledMcpjsonServers\":[\"framescope\"]}");
        }
        Files.writeString(home.resolve(".claude.json"), "{\"projects\":{" + projects + "}}");
        for (Path folder : folders) {
            ProcessRun list = run(List.of(claude, "mcp", "list"), home, folder);
            assertEquals(0, list.exit(), list.output());
            assertTrue(list.output().lines().anyMatch(l -> l.startsWith("framescope:") && l.contains("Connected")),
                    "claude mcp list in " + folder + ":\n" + list.output());
        }
    }

    /**
     * Which protocol era Claude Code takes with this server: {@code claude mcp list} connects to a server whose stderr
     * a wrapper keeps in a file, and the server's log names the era its first message chose ({@code MCP era chosen:
     * 2026-07-28 (first message server/discover)}, or 2025-11-25 after {@code initialize}). Claude Code 2.1.331
     * probes {@code server/discover} on the server's own stdin and sends {@code initialize} there when the answer
     * offers no modern revision. Printed, not held: the choice is Claude Code's.
     */
    @Test
    void claudeCodeChoosesAnEraTheServerLogs(@TempDir Path dir) throws Exception {
        String claude = NodeClients.require(".bin/claude", "the Claude Code CLI").toString();
        Path home = Files.createDirectories(dir.resolve("home"));
        Assumptions.assumeTrue(run(List.of(claude, "--version"), home, dir).exit() == 0,
                "assuming the Claude Code CLI cannot run on this platform");
        Path log = dir.resolve("server-stderr.txt");
        Path wrapper = dir.resolve("framescope-logged.sh");
        Files.writeString(wrapper, "#!/bin/sh\nexec \"$@\" 2>>'" + log + "'\n");
        assertTrue(wrapper.toFile().setExecutable(true));
        List<String> add = new ArrayList<>(List.of(claude, "mcp", "add", "--scope", "user", "framescope", "--",
                wrapper.toString()));
        add.addAll(BuiltJar.command());
        assertEquals(0, run(add, home, dir).exit());

        ProcessRun list = run(List.of(claude, "mcp", "list"), home, dir);

        assertTrue(list.output().lines().anyMatch(l -> l.startsWith("framescope:") && l.contains("Connected")),
                list.output());
        Matcher era = InspectorCliIT.ERA_CHOSEN.matcher(Files.exists(log) ? Files.readString(log) : "");
        assertTrue(era.find(), "the server logged no 'MCP era chosen: ' line:\n" + (Files.exists(log)
                ? Files.readString(log) : "(no stderr)"));
        assertTrue(Set.of("2026-07-28", "2025-11-25").contains(era.group(1)), era.group());
        System.out.println("Claude Code " + run(List.of(claude, "--version"), home, dir).stdout().strip() + ": "
                + era.group());
    }

    /** The {@code claude mcp add} lines of the README's Claude Code section, as written. */
    static List<String> readmeCommands() throws IOException {
        Matcher section = SECTION.matcher(Files.readString(Path.of("README.md")));
        assertTrue(section.find(), "README has no '## Adding FrameScope to Claude Code' section");
        List<String> commands = section.group(1).lines().map(String::strip)
                .filter(l -> l.startsWith("claude mcp add")).toList();
        assertFalse(commands.isEmpty(), "no `claude mcp add` in README's Claude Code section");
        return commands;
    }

    private static ProcessRun run(List<String> command, Path home, Path workingDir) throws Exception {
        return ProcessRun.run(command, workingDir, Duration.ofSeconds(120), env -> {
            env.put("HOME", home.toString());
            env.put("PATH", NodeClients.BIN + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
            env.remove("XDG_CONFIG_HOME");
            env.remove("CLAUDE_CONFIG_DIR");
            // No update checks, telemetry or other calls home: CI has no network for them.
            env.put("DISABLE_AUTOUPDATER", "1");
            env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
        });
    }
}
