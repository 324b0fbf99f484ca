package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's first screen is what a new user reads: one sentence on what FrameScope is, whether it is for them and
 * what it needs, then their first two minutes (clone, the demo command, Claude Code, the prompts to type, each with
 * a real demo file), the picture, and the two commands; and the JAR size it states is the size of the JAR this build
 * makes.
 */
class ReadmeFirstScreenIT {

    private static final Pattern PROMPT = Pattern.compile("`/mcp__framescope__([\\w-]+) ([^`]+)`");

    @Test
    void firstScreenSaysWhoItIsForThenTheFirstTwoMinutes() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        List<String> blocks = List.of(readme.split("\\n\\s*\\n"));
        assertEquals("# FrameScope", blocks.get(0).strip());
        String sentence = blocks.get(1).replace('\n', ' ').strip();
        assertTrue(sentence.startsWith("FrameScope is ") && sentence.endsWith(".")
                && sentence.indexOf(". ") < 0, "one sentence: " + sentence);
        assertEquals("## Is it for you?", blocks.get(2).strip());
        for (String need : List.of("Linux x86_64", "Debian", "Java 17", "Chromium", "RenderDoc 1.24",
                "/usr/bin/python3", "MSD-CPP")) {
            assertTrue(blocks.get(3).contains(need), "'Is it for you?' names " + need + ": " + blocks.get(3));
        }
        int minutes = blocks.indexOf("## Your first two minutes");
        assertEquals(4, minutes, "the first two minutes come next: " + blocks.subList(0, 6));
        assertTrue(blocks.get(minutes + 1).contains("scripts/demo.sh") && blocks.get(minutes + 1).contains("claude"),
                blocks.get(minutes + 1));
        String firstScreen = readme.substring(0, readme.indexOf("![")); // everything before the picture
        Matcher prompts = PROMPT.matcher(firstScreen);
        int found = 0;
        while (prompts.find()) {
            found++;
            assertTrue(List.of("triage-capture", "triage-recording", "check-effect", "explain-nan")
                    .contains(prompts.group(1)), "a prompt FrameScope offers: " + prompts.group(0));
            String argument = prompts.group(2);
            assertTrue(Files.exists(Path.of(argument))
                    || Files.isDirectory(Path.of("demo/shaders/effects").resolve(argument)),
                    "the prompt's argument is on disk in a clone: " + prompts.group(0));
        }
        assertTrue(found >= 3, "prompts to try on the demo data: " + firstScreen);

        Matcher picture = Pattern.compile("^!\\[[^]]+]\\((docs/images/[\\w.-]+\\.png)\\)$", Pattern.MULTILINE)
                .matcher(readme);
        assertTrue(picture.find(), "a picture after the first two minutes");
        assertTrue(Files.size(Path.of(picture.group(1))) > 50_000, picture.group(1));
        int commands = blocks.indexOf("## The two commands");
        assertTrue(commands > minutes, "the two commands follow: " + blocks);
        assertTrue(blocks.get(commands + 2).contains("scripts/demo.sh")
                && blocks.get(commands + 2).contains("scripts/test.sh"), blocks.get(commands + 2));
    }

    @Test
    void statedJarSizeIsTheBuiltJars() throws Exception {
        Matcher stated = Pattern.compile("linux x86_64 only \\((\\d+\\.\\d) MB")
                .matcher(Files.readString(Path.of("README.md")));
        assertTrue(stated.find(), "README states the JAR size as 'linux x86_64 only (NN.N MB'");
        double builtMb = Files.size(BuiltJar.path()) / 1e6;
        assertTrue(Math.abs(builtMb - Double.parseDouble(stated.group(1))) <= 1.0,
                "README says " + stated.group(1) + " MB, the built JAR is " + String.format("%.1f MB", builtMb));
    }
}
