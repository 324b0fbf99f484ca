package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The built JAR carries no build time: FrameScope's own entries are stamped with {@code project.build.outputTimestamp}
 * and the dependencies' keep their own (older) times, so two builds of one commit give the same bytes (checked by
 * hand: two clean builds, with Maven 3.8.7 and with ./mvnw's 3.9.16, gave identical JARs).
 */
class ReproducibleJarIT {

    @Test
    void jarEntriesCarryTheFixedTimestampNotTheBuildTime() throws Exception {
        Matcher property = Pattern.compile("<project.build.outputTimestamp>([^<]+)</")
                .matcher(Files.readString(Path.of("pom.xml")));
        property.find();
        LocalDateTime fixed = OffsetDateTime.parse(property.group(1)).withOffsetSameInstant(ZoneOffset.UTC)
                .toLocalDateTime();
        try (ZipFile jar = new ZipFile(BuiltJar.path().toFile())) {
            List<String> ownNotFixed = jar.stream().filter(e -> e.getName().startsWith("dev/framescope/"))
                    .filter(e -> !e.getTimeLocal().equals(fixed)).map(e -> e.getName() + " " + e.getTimeLocal())
                    .limit(5).toList();
            assertEquals(List.of(), ownNotFixed, "FrameScope's entries must carry " + fixed);
            List<String> newer = jar.stream().filter(e -> e.getTimeLocal().isAfter(fixed))
                    .map(e -> e.getName() + " " + e.getTimeLocal()).limit(5).toList();
            assertEquals(List.of(), newer, "no entry may carry the build's time (or a dependency is newer than "
                    + "outputTimestamp: move it forward)");
            assertEquals(true, jar.stream().map(ZipEntry::getName).anyMatch(n -> n.startsWith("dev/framescope/")));
        }
    }
}
