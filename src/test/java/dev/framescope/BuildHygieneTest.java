package dev.framescope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** What the build promises about itself: pinned, checked tool versions, one place per version, no outside docs. */
class BuildHygieneTest {

    private static Document pom() throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile());
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().strip();
    }

    /**
     * mcp-core 2.2.0 asks for reactor-core 3.9.0-RC1; the pom pins a release instead. What is on the class path (and
     * so in the JAR) must be a release: no RC, milestone or snapshot.
     */
    @Test
    void reactorOnTheClassPathIsARelease() throws Exception {
        Path jar = Path.of(reactor.core.publisher.Flux.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI());
        assertTrue(jar.getFileName().toString().matches("reactor-core-\\d+\\.\\d+\\.\\d+\\.jar"),
                "reactor-core must be a released version, found " + jar.getFileName());
    }

    @Test
    void everyDependencyVersionIsAPropertyAndTheJarHasAFixedTimestamp() throws Exception {
        Document pom = pom();
        NodeList dependencies = pom.getElementsByTagName("dependency");
        List<String> literal = new ArrayList<>();
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            String version = text(dependency, "version");
            if (version != null && !version.matches("\\$\\{[\\w.-]+}")) {
                literal.add(text(dependency, "artifactId") + ":" + version);
            }
        }
        assertEquals(List.of(), literal, "dependency versions belong in <properties>");
        String timestamp = text((Element) pom.getElementsByTagName("properties").item(0),
                "project.build.outputTimestamp");
        assertTrue(timestamp != null && timestamp.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"),
                "project.build.outputTimestamp: " + timestamp);
    }

    @Test
    void everyPropertyThePomUsesHasADefaultOutsideProfiles() throws Exception {
        // -Dall-platforms turns the natives profile off; its properties must still be defined, or shading fails.
        String pom = Files.readString(Path.of("pom.xml"));
        String global = pom.substring(pom.indexOf("<properties>"), pom.indexOf("</properties>"));
        Matcher used = Pattern.compile("\\$\\{(sqlite\\.[\\w.]+|playwright\\.node\\.platform)}").matcher(pom);
        List<String> undefined = new ArrayList<>();
        while (used.find()) {
            if (!global.contains("<" + used.group(1) + ">")) {
                undefined.add(used.group(1));
            }
        }
        assertEquals(List.of(), undefined, "properties without a default in the top <properties>");
    }

    @Test
    void enforcerChecksJavaAndMavenVersions() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        assertTrue(pom.contains("<artifactId>maven-enforcer-plugin</artifactId>"), "no enforcer plugin");
        assertTrue(pom.contains("<requireJavaVersion>") && pom.contains("<version>[17,)</version>"), "Java 17+");
        assertTrue(pom.contains("<requireMavenVersion>"), "no Maven version rule");
    }

    @Test
    void wrapperPinsACheckedMaven3Point9OrNewer() throws Exception {
        assertTrue(Files.isExecutable(Path.of("mvnw")), "mvnw missing or not executable");
        Properties wrapper = new Properties();
        try (var in = Files.newInputStream(Path.of(".mvn/wrapper/maven-wrapper.properties"))) {
            wrapper.load(in);
        }
        Matcher version = Pattern.compile("apache-maven/(\\d+)\\.(\\d+)\\.(\\d+)/")
                .matcher(wrapper.getProperty("distributionUrl", ""));
        assertTrue(version.find(), wrapper.toString());
        int major = Integer.parseInt(version.group(1));
        int minor = Integer.parseInt(version.group(2));
        assertTrue(major > 3 || major == 3 && minor >= 9, "wrapper Maven " + version.group());
        assertTrue(wrapper.getProperty("distributionSha256Sum", "").matches("[0-9a-f]{64}"),
                "the wrapper checks the download's SHA-256");
    }

    @Test
    void noRepositoryDocPointsOutsideTheRepository() throws Exception {
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of(""))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> !p.toString().contains("node_modules") && !p.startsWith("target")).toList()) {
                String content = Files.readString(file);
                if (content.contains("../shared") || content.contains("shared/reference")) {
                    offenders.add(file.toString());
                }
            }
        }
        assertEquals(List.of(), offenders, "docs must not point into ../shared; write the convention into the repo");
        assertTrue(Files.readString(Path.of("CLAUDE.md")).contains("CONTRIBUTING.md"), "CLAUDE.md points at the guide");
    }
}
