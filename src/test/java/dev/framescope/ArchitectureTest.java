package dev.framescope;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the layers honest by reading the main sources: imports flow cli → server → *Tools → core and never back,
 * core code never sees MCP, common depends on nothing of ours, and no two packages depend on each other (directly
 * or round a longer loop). Dependencies must be visible to this test: a class is imported, never named inline by its
 * fully qualified name, and never named in a string (a rename must be a compile error).
 */
class ArchitectureTest {

    private static final Path MAIN = Path.of("src/main/java/dev/framescope");
    private static final Pattern QUALIFIED = Pattern.compile(
            "(?<![\\w.])(?:java|javax|com|org|io|dev|reactor|picocli)(?:\\.[a-z_]\\w*)+\\.[A-Z]\\w*");
    private static final Pattern OUR_CLASS = Pattern.compile("dev\\.framescope\\.[\\w.$]*[A-Z]");

    /** One main source file: its package (relative to dev.framescope, "" for the root) and text. */
    private record Source(Path file, String pkg, String text) {

        boolean isEdge() {
            return pkg.equals("cli") || pkg.equals("server") || pkg.startsWith("server.") || file.getFileName().toString().endsWith("Tools.java");
        }

        List<String> imports() {
            return text.lines().filter(l -> l.startsWith("import ")).map(l -> l.substring(7).replace("static ", "")
                    .replace(";", "").trim()).toList();
        }
    }

    private static List<Source> sources() throws IOException {
        List<Source> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String pkg = MAIN.relativize(file.getParent()).toString().replace('/', '.');
                sources.add(new Source(file, pkg, Files.readString(file)));
            }
        }
        return sources;
    }

    @Test
    void importsFollowTheLayers() throws IOException {
        List<String> violations = new ArrayList<>();
        for (Source source : sources()) {
            for (String imported : source.imports()) {
                if (imported.startsWith("io.modelcontextprotocol") && !source.isEdge()) {
                    violations.add(source.file() + " imports MCP: " + imported);
                }
                if (source.pkg().equals("common") && imported.startsWith("dev.framescope.")
                        && !imported.startsWith("dev.framescope.common.")) {
                    violations.add(source.file() + " (common) imports " + imported);
                }
                if (imported.startsWith("dev.framescope.cli.") && !source.pkg().equals("cli")
                        && !source.pkg().isEmpty()) {
                    violations.add(source.file() + " imports the CLI: " + imported);
                }
                // server wires the groups; only the CLI above it may use it, no group and no *Tools class
                if (imported.startsWith("dev.framescope.server.") && !source.pkg().equals("server")
                        && !source.pkg().equals("cli") && !source.pkg().isEmpty()) {
                    violations.add(source.file() + " imports server: " + imported);
                }
            }
        }
        assertEquals(List.of(), violations);
    }

    @Test
    void noPackageDependsOnItselfRoundALoop() throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        for (Source source : sources()) {
            for (String imported : source.imports()) {
                Matcher m = Pattern.compile("^dev\\.framescope\\.((?:[a-z]\\w*\\.)*)[A-Z]").matcher(imported);
                String target = m.find() && !m.group(1).isEmpty() ? m.group(1).substring(0, m.group(1).length() - 1)
                        : "";
                if (!target.equals(source.pkg()) && imported.startsWith("dev.framescope.")) {
                    uses.computeIfAbsent(source.pkg(), p -> new TreeSet<>()).add(target);
                }
            }
        }
        Set<String> cycles = new TreeSet<>();
        for (String pkg : uses.keySet()) {
            for (String used : uses.get(pkg)) {
                List<String> back = path(uses, used, pkg, new TreeSet<>());
                if (back != null) {
                    List<String> loop = new ArrayList<>(List.of(pkg));
                    loop.addAll(back);
                    cycles.add(String.join(" → ", loop));
                }
            }
        }
        assertEquals(Set.of(), cycles, "package cycles (each found from every package on it)");
    }

    /** The packages from {@code from} to {@code to} along imports, or null when there is no way. */
    private static List<String> path(Map<String, Set<String>> uses, String from, String to, Set<String> seen) {
        if (from.equals(to)) {
            return new ArrayList<>(List.of(to));
        }
        if (!seen.add(from)) {
            return null;
        }
        for (String next : uses.getOrDefault(from, Set.of())) {
            List<String> rest = path(uses, next, to, seen);
            if (rest != null) {
                rest.add(0, from);
                return rest;
            }
        }
        return null;
    }

    @Test
    void classesAreImportedNotNamedInlineOrInStrings() throws IOException {
        Map<String, String> violations = new LinkedHashMap<>();
        for (Source source : sources()) {
            JavaText text = JavaText.split(source.text());
            int line = 0;
            for (String codeLine : text.code().split("\n", -1)) {
                line++;
                String trimmed = codeLine.trim();
                if (trimmed.startsWith("import ") || trimmed.startsWith("package ")) {
                    continue;
                }
                Matcher inline = QUALIFIED.matcher(codeLine);
                if (inline.find()) {
                    violations.put(source.file() + ":" + line, "inline qualified name " + inline.group());
                }
            }
            for (String literal : text.strings()) {
                Matcher named = OUR_CLASS.matcher(literal);
                if (named.find()) {
                    violations.put(source.file() + " \"" + literal + "\"", "class named in a string");
                }
            }
        }
        assertEquals(Map.of(), violations);
    }

    @Test
    void theCheckSeesInlineNamesAndNamesInStringsButNotComments() {
        JavaText text = JavaText.split("""
                // see java.util.List for why
                /* dev.framescope.server.ToolCaller */
                Object a = new java.util.ArrayList<>();
                String b = "dev.framescope.physics.Triage$TriageReport";
                String c = "a \\" quote // not a comment";
                """);
        assertEquals(1, QUALIFIED.matcher(text.code()).results().count(), text.code());
        assertEquals(List.of("dev.framescope.physics.Triage$TriageReport", "a \\\" quote // not a comment"),
                text.strings());
    }

    /** A Java source split into its code (comments and string literals blanked, lines kept) and its literals. */
    private record JavaText(String code, List<String> strings) {

        static JavaText split(String source) {
            StringBuilder code = new StringBuilder();
            List<String> strings = new ArrayList<>();
            int i = 0;
            while (i < source.length()) {
                char c = source.charAt(i);
                int end;
                if (source.startsWith("//", i)) {
                    end = source.indexOf('\n', i);
                    end = end < 0 ? source.length() : end;
                } else if (source.startsWith("/*", i)) {
                    end = source.indexOf("*/", i + 2) + 2;
                } else if (source.startsWith("\"\"\"", i)) {
                    end = source.indexOf("\"\"\"", i + 3);
                    while (source.charAt(end - 1) == '\\') {
                        end = source.indexOf("\"\"\"", end + 1);
                    }
                    end += 3;
                    strings.add(source.substring(i + 3, end - 3));
                } else if (c == '"' || c == '\'') {
                    end = i + 1;
                    while (source.charAt(end) != c) {
                        end += source.charAt(end) == '\\' ? 2 : 1;
                    }
                    end++;
                    if (c == '"') {
                        strings.add(source.substring(i + 1, end - 1));
                    }
                } else {
                    code.append(c);
                    i++;
                    continue;
                }
                source.substring(i, end).chars().filter(ch -> ch == '\n').forEach(ch -> code.append('\n'));
                i = end;
            }
            return new JavaText(code.toString(), strings);
        }
    }
}
