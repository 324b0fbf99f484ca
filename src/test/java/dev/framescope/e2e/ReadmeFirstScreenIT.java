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
 * The README's first screen is what a new user reads: one sentence on what FrameScope is, the picture, then the two
 * commands; and the JAR size it states is the size of the JAR this build makes.
 */
class ReadmeFirstScreenIT {

    @Test
    void firstScreenIsOneSentenceThePictureThenTheTwoCommands() throws Exception {
        List<String> blocks = List.of(Files.readString(Path.of("README.md")).split("\\n\\s*\\n"));
        assertEquals("# FrameScope", blocks.get(0).strip());
        String sentence = blocks.get(1).replace('\n', ' ').strip();
        assertTrue(sentence.startsWith("FrameScope is ") && sentence.endsWith(".")
                && sentence.indexOf(". ") < 0, "one sentence: " + sentence);
        Matcher picture = Pattern.compile("^!\\[[^]]+]\\((docs/images/[\\w.-]+\\.png)\\)$")
                .matcher(blocks.get(2).strip());
        assertTrue(picture.matches(), "a picture right after the sentence: " + blocks.get(2));
        assertTrue(Files.size(Path.of(picture.group(1))) > 50_000, picture.group(1));
        int commands = blocks.indexOf("## The two commands");
        assertTrue(commands > 2 && commands <= 4, "the two commands follow the picture: " + blocks.subList(0, 6));
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
