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
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the layers honest by reading the sources. The layers, top to bottom: cli → server → a group's tools (its
 * {@code …Tools} class) → the group's core → engine adapters (a group's {@code bridge/}, {@code harness/},
 * {@code store/}; {@code web/}) → common. An import goes down or stays in its layer, never up; a group imports no
 * other group; a core never names its own group's {@code …Tools} class (the same package needs no import, so the
 * test reads the code); only cli, server and the tools see MCP; no two packages depend on each other, directly or
 * round a longer loop. Dependencies must be visible to this test: in main and test sources alike a class is
 * imported, never named inline by its qualified name (annotations too), and never named in a string (a rename must be
 * a compile error).
 */
class ArchitectureTest {

    private static final Path MAIN = Path.of("src/main/java/dev/framescope");
    private static final Path TEST = Path.of("src/test/java/dev/framescope");
    private static final Pattern QUALIFIED = Pattern.compile(
            "(?<![\\w.])(?:java|javax|com|org|io|dev|reactor|picocli)(?:\\.(?:@[\\w.]+\\s+)?[a-z_]\\w*)+"
                    + "\\.(?:@[\\w.]+\\s+)?[A-Z]\\w*");
    private static final Pattern OUR_CLASS = Pattern.compile("dev\\.framescope\\.[\\w.$]*[A-Z]");
    /** The groups: each a package of its own, with sub-packages; none imports another. */
    private static final Set<String> GROUPS = Set.of("console", "diagnostics", "dialogs", "physics", "renderdoc",
            "shader");
    /** Sub-packages of a group that drive an engine: the RenderDoc bridge, the browsers, the recordings' SQLite. */
    private static final Set<String> ADAPTERS = Set.of("bridge", "harness", "store");

    /** Top to bottom: a class may use its own layer and those below it. */
    enum Layer { CLI, SERVER, TOOLS, CORE, ADAPTER, COMMON }

    /** One source file: its package (relative to dev.framescope, "" for the root), class name and text. */
    private record Source(Path file, String pkg, String name, String text) {

        Layer layer() {
            String top = pkg.split("\\.")[0];
            if (pkg.isEmpty() || top.equals("cli")) {
                return Layer.CLI;
            } else if (top.equals("server")) {
                return Layer.SERVER;
            } else if (top.equals("common")) {
                return Layer.COMMON;
            } else if (top.equals("web") || ADAPTERS.contains(pkg.substring(pkg.lastIndexOf('.') + 1))) {
                return Layer.ADAPTER;
            }
            return name.endsWith("Tools") && pkg.equals(top) ? Layer.TOOLS : Layer.CORE;
        }

        /** The group this source belongs to, or null outside the groups. */
        String group() {
            String top = pkg.split("\\.")[0];
            return GROUPS.contains(top) ? top : null;
        }

        List<String> imports() {
            return text.lines().filter(l -> l.startsWith("import ")).map(l -> l.substring(7).replace("static ", "")
                    .replace(";", "").trim()).toList();
        }
    }

    private static List<Source> sources(Path root) throws IOException {
        List<Source> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String pkg = root.relativize(file.getParent()).toString().replace('/', '.');
                String name = file.getFileName().toString().replace(".java", "");
                sources.add(new Source(file, pkg, name, Files.readString(file)));
            }
        }
        return sources;
    }

    /** Main sources by qualified name relative to dev.framescope ("physics.PhysicsTools"). */
    private static Map<String, Source> byName(List<Source> sources) {
        Map<String, Source> named = new TreeMap<>();
        sources.forEach(s -> named.put(s.pkg().isEmpty() ? s.name() : s.pkg() + "." + s.name(), s));
        return named;
    }

    /** The main source an import names (a class, a nested class or a static member of it), or null. */
    private static Source target(Map<String, Source> named, String imported) {
        String name = imported.substring("dev.framescope.".length());
        while (!named.containsKey(name) && name.contains(".")) {
            name = name.substring(0, name.lastIndexOf('.'));
        }
        return named.get(name);
    }

    @Test
    void importsFollowTheLayers() throws IOException {
        List<Source> sources = sources(MAIN);
        Map<String, Source> named = byName(sources);
        List<String> violations = new ArrayList<>();
        for (Source source : sources) {
            for (String imported : source.imports()) {
                if (imported.startsWith("io.modelcontextprotocol") && source.layer().compareTo(Layer.TOOLS) > 0) {
                    violations.add(source.file() + " (" + source.layer() + ") imports MCP: " + imported);
                }
                Source target = imported.startsWith("dev.framescope.") ? target(named, imported) : null;
                if (target == null) {
                    continue;
                }
                if (target.layer().compareTo(source.layer()) < 0) {
                    violations.add(source.file() + " (" + source.layer() + ") imports " + imported + " ("
                            + target.layer() + "), a layer above it");
                }
                if (source.group() != null && target.group() != null && !source.group().equals(target.group())) {
                    violations.add(source.file() + " (group " + source.group() + ") imports " + imported
                            + " of group " + target.group());
                }
            }
        }
        assertEquals(List.of(), violations);
    }

    @Test
    void noCoreUsesItsOwnToolsClass() throws IOException {
        List<Source> sources = sources(MAIN);
        List<String> violations = new ArrayList<>();
        for (Source tools : sources) {
            if (tools.layer() != Layer.TOOLS) {
                continue;
            }
            Pattern named = Pattern.compile("(?<![\\w.])" + tools.name() + "\\b");
            for (Source source : sources) {
                if (source != tools && tools.group().equals(source.group())
                        && named.matcher(JavaText.split(source.text()).code()).find()) {
                    violations.add(source.file() + " (" + source.layer() + ") uses " + tools.name());
                }
            }
        }
        assertEquals(List.of(), violations);
    }

    @Test
    void noPackageDependsOnItselfRoundALoop() throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        for (Source source : sources(MAIN)) {
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
        List<Source> sources = new ArrayList<>(sources(MAIN));
        // This class holds, as examples for its own check, the names it refuses everywhere else.
        sources.addAll(sources(TEST).stream().filter(s -> !s.name().equals("ArchitectureTest")).toList());
        for (Source source : sources) {
            // In the tests only our own classes count: a rename of one must fail to compile there too.
            boolean onlyOurs = source.file().startsWith(TEST);
            JavaText text = JavaText.split(source.text());
            int line = 0;
            for (String codeLine : text.code().split("\n", -1)) {
                line++;
                String trimmed = codeLine.trim();
                if (trimmed.startsWith("import ") || trimmed.startsWith("package ")) {
                    continue;
                }
                Matcher inline = QUALIFIED.matcher(codeLine);
                while (inline.find()) {
                    if (!onlyOurs || inline.group().startsWith("dev.")) {
                        violations.put(source.file() + ":" + line, "inline qualified name " + inline.group());
                        break;
                    }
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
                @dev.framescope.common.Param("d") String d;
                java.util.@Deprecated List<String> e;
                """);
        assertEquals(List.of("java.util.ArrayList", "dev.framescope.common.Param", "java.util.@Deprecated List"),
                QUALIFIED.matcher(text.code()).results().map(MatchResult::group).toList());
        assertEquals(List.of("dev.framescope.physics.Triage$TriageReport", "a \\\" quote // not a comment", "d"),
                text.strings());
    }

    @Test
    void theLayersAreReadFromPackageAndName() {
        assertEquals(List.of(Layer.CLI, Layer.CLI, Layer.SERVER, Layer.SERVER, Layer.TOOLS, Layer.CORE, Layer.CORE,
                        Layer.ADAPTER, Layer.ADAPTER, Layer.ADAPTER, Layer.COMMON),
                List.of(source("", "Main"), source("cli", "DocsCommand"), source("server", "ToolInvoker"),
                        source("server.transport", "StdioTransport"), source("physics", "PhysicsTools"),
                        source("physics.checks", "EnergyChecks"), source("shader.formats", "IsfFormat"),
                        source("renderdoc.bridge", "BridgeProcess"), source("physics.store", "RecordingStore"),
                        source("web", "LoopbackGuard"), source("common", "ToolDef")).stream()
                        .map(Source::layer).toList());
    }

    private static Source source(String pkg, String name) {
        return new Source(Path.of(name + ".java"), pkg, name, "");
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
