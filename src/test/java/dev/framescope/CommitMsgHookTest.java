package dev.framescope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code scripts/commit-msg}, the hook CONTRIBUTING asks people to install: a short subject, then a blank line. */
class CommitMsgHookTest {

    @TempDir
    Path dir;

    private record Verdict(int exit, String stderr) {
    }

    private Verdict check(String message) throws Exception {
        Path file = dir.resolve("COMMIT_EDITMSG");
        Files.writeString(file, message, StandardCharsets.UTF_8);
        Process hook = new ProcessBuilder("bash", Path.of("scripts/commit-msg").toAbsolutePath().toString(),
                file.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String stderr = new String(hook.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(hook.waitFor(10, TimeUnit.SECONDS), "the hook did not finish");
        return new Verdict(hook.exitValue(), stderr);
    }

    @Test
    void aSubjectOfSeventyTwoCharactersThenABlankLineAndABodyPasses() throws Exception {
        String subject = "Größe " + "x".repeat(66); // 72 characters, 74 bytes: characters are what counts
        assertEquals(72, subject.length());
        Verdict verdict = check("\n" + subject + "\n\n" + "a body line far longer than the subject may be ".repeat(4)
                + "\n# Please enter the commit message (git's comment)\n");
        assertEquals(0, verdict.exit(), verdict.stderr());
    }

    @Test
    void aLongSubjectABodyWithoutABlankLineOrNoSubjectIsRefusedWithWhy() throws Exception {
        Verdict tooLong = check("x".repeat(73) + "\n");
        assertEquals(1, tooLong.exit());
        assertTrue(tooLong.stderr().contains("73 characters") && tooLong.stderr().contains("72"), tooLong.stderr());

        Verdict noBlank = check("Subject\nbody straight after it\n");
        assertEquals(1, noBlank.exit());
        assertTrue(noBlank.stderr().contains("blank line"), noBlank.stderr());

        Verdict empty = check("# only git's comments\n\n");
        assertEquals(1, empty.exit());
        assertTrue(empty.stderr().contains("no subject"), empty.stderr());
    }
}
