package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Config;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The instructions a client reads in {@code initialize} name real first calls, the same ones the README names. */
class ServerInstructionsTest {

    /**
     * A client pays for the instructions in every conversation: they stay a short paragraph per group, with the
     * parameters each group's tools share (said here once, ~1 KB, instead of in every schema of tools/list, ~9 KB).
     */
    private static final int MAX_CHARS = 3_500;

    private static final Pattern FIRST_CALL = Pattern.compile("call (\\w+)\\b[^;]{0,60}? first");
    private static final Pattern README_START = Pattern.compile("start with `(\\w+)`");

    @Test
    void everyFirstCallTheInstructionsNameIsAToolOfThatGroup(@TempDir Path stateDir) {
        ToolRegistry registry = ToolGroups.create(Config.defaults(stateDir)).registry();
        for (ToolGroup group : registry.groups()) {
            Matcher first = FIRST_CALL.matcher(group.guide());
            if (first.find()) {
                String tool = first.group(1);
                assertTrue(group.tools().stream().map(ToolDef::name).anyMatch(tool::equals),
                        group.name() + "'s instructions start with " + tool + ", which is not one of its tools");
            }
        }
        String text = ServerInstructions.text(registry);
        assertTrue(text.length() <= MAX_CHARS, "instructions are " + text.length() + " chars:\n" + text);
    }

    @Test
    void readmeStartsEachGroupWithTheCallTheInstructionsName(@TempDir Path stateDir) throws Exception {
        ToolRegistry registry = ToolGroups.create(Config.defaults(stateDir)).registry();
        Matcher start = README_START.matcher(Files.readString(Path.of("README.md")));
        int checked = 0;
        while (start.find()) {
            String tool = start.group(1);
            ToolGroup owner = registry.groups().stream()
                    .filter(g -> g.tools().stream().anyMatch(t -> t.name().equals(tool)))
                    .findFirst().orElseThrow(() -> new AssertionError("README starts with unknown tool " + tool));
            Matcher first = FIRST_CALL.matcher(owner.guide());
            assertTrue(first.find(), owner.name() + "'s instructions name no first call: " + owner.guide());
            assertEquals(tool, first.group(1), "README and the " + owner.name() + " instructions disagree on the "
                    + "first call");
            checked++;
        }
        assertFalse(checked == 0, "README names no first call (\"start with `tool`\")");
    }
}
