package dev.framescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** README's "Exit codes" paragraph names every status a command can end with, and only those. */
class ExitCodesTest {

    @Test
    void theReadmeListsEveryExitCode() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("Exit codes:");
        assertTrue(start >= 0, "README has an 'Exit codes:' paragraph");
        String paragraph = readme.substring(start, readme.indexOf("\n\n", start));
        Matcher code = Pattern.compile("`(\\d+)` ").matcher(paragraph);
        Set<Integer> stated = new TreeSet<>();
        while (code.find()) {
            stated.add(Integer.parseInt(code.group(1)));
        }
        Set<Integer> declared = new TreeSet<>();
        for (Field field : ExitCodes.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
                declared.add(field.getInt(null));
            }
        }
        assertEquals(declared, stated, paragraph);
    }
}
