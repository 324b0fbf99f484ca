package dev.framescope.shader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Many programs in one {@code glslangValidator} run. glslang links all files of a run into one program, and an ES
 * program takes one shader per stage ("Cannot attach multiple ES shaders of the same type"), so a batch is compiled
 * without linking, with {@code -i}: per file, its path on a line of its own, then its errors ({@code ERROR: 0:8: …},
 * the source-string number instead of the path) and its syntax tree. The active uniforms are read from the tree as
 * glslang's reflection finds them (glslang 12, {@code TReflection::addStage}): uniforms referenced in {@code main}
 * and the functions it calls, directly or not; code under a constant-false condition still counts. Programs with
 * uniform blocks or struct uniforms (reflection lists their members) are left to a run of their own.
 */
final class GlslBatch {

    private static final int MAX_FILES = 48;
    private static final long TIMEOUT_MS = 60_000;
    /** "0:12    node" or "0:?     node": after "?" one space more, then two spaces per depth. */
    private static final Pattern NODE = Pattern.compile("^\\d+:(?:\\d+|\\? )( *)(.*)$");
    private static final Pattern DEFINITION = Pattern.compile("^Function Definition: (\\S+) \\(");
    private static final Pattern CALL = Pattern.compile("^Function Call: (\\S+) \\(");
    private static final Pattern UNIFORM = Pattern.compile("^'(\\w+)' \\((?:.*\\s)?uniform\\s(.*)\\)$");

    private final GlslReflection glslang;

    GlslBatch(GlslReflection glslang) {
        this.glslang = glslang;
    }

    /** Results for the jobs a batch could answer exactly; the others are absent from the map. */
    Map<GlslReflection.Job, GlslReflection.Result> run(List<GlslReflection.Job> jobs) {
        Map<GlslReflection.Job, GlslReflection.Result> results = new HashMap<>();
        if (jobs.isEmpty()) {
            return results;
        }
        int cores = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<List<GlslReflection.Job>> chunks = new ArrayList<>();
        Map<String, List<GlslReflection.Job>> byStage = new LinkedHashMap<>();
        jobs.forEach(j -> byStage.computeIfAbsent(j.stage(), s -> new ArrayList<>()).add(j));
        for (List<GlslReflection.Job> stage : byStage.values()) {
            int size = Math.min(MAX_FILES, Math.max(1, (stage.size() + cores - 1) / cores));
            for (int i = 0; i < stage.size(); i += size) {
                chunks.add(stage.subList(i, Math.min(stage.size(), i + size)));
            }
        }
        if (chunks.size() == 1) {
            results.putAll(chunk(chunks.get(0)));
            return results;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(cores, chunks.size()));
        try {
            List<Future<Map<GlslReflection.Job, GlslReflection.Result>>> futures = new ArrayList<>();
            chunks.forEach(c -> futures.add(pool.submit(() -> chunk(c))));
            for (Future<Map<GlslReflection.Job, GlslReflection.Result>> future : futures) {
                try {
                    results.putAll(future.get());
                } catch (ExecutionException e) {
                    // that chunk's jobs run one by one later
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            pool.shutdownNow();
        }
        return results;
    }

    /** One glslang run over jobs of one stage. */
    private Map<GlslReflection.Job, GlslReflection.Result> chunk(List<GlslReflection.Job> jobs) {
        Map<GlslReflection.Job, GlslReflection.Result> results = new HashMap<>();
        Path dir = null;
        try {
            dir = Files.createTempDirectory("framescope-glslang-");
            List<String> command = new ArrayList<>(List.of(glslang.executable(), "-S", jobs.get(0).stage(), "-i"));
            List<String> paths = new ArrayList<>();
            for (int i = 0; i < jobs.size(); i++) {
                Path file = dir.resolve("p" + i + "." + jobs.get(i).stage());
                Files.writeString(file, jobs.get(i).text(), StandardCharsets.UTF_8);
                paths.add(file.toString());
            }
            command.addAll(paths);
            glslang.processes.incrementAndGet();
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return results;
            }
            List<String> sections = sections(new String(out, StandardCharsets.UTF_8), paths);
            for (int i = 0; i < jobs.size(); i++) {
                GlslReflection.Result result = section(sections.get(i));
                if (result != null) {
                    results.put(jobs.get(i), GlslReflection.withPreludeText(result, jobs.get(i).source()));
                }
            }
        } catch (IOException e) {
            return results; // glslang could not run: the single runs say so
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (dir != null) {
                try (var files = Files.list(dir)) {
                    files.forEach(f -> f.toFile().delete());
                } catch (IOException ignored) {
                    // a temp folder left behind
                }
                dir.toFile().delete();
            }
        }
        return results;
    }

    /** The output of each file: from the line naming its path to the line naming the next one. */
    static List<String> sections(String output, List<String> paths) {
        List<String> sections = new ArrayList<>();
        StringBuilder current = null;
        int next = 0;
        for (String line : output.split("\n", -1)) {
            if (next < paths.size() && line.equals(paths.get(next))) {
                if (current != null) {
                    sections.add(current.toString());
                }
                current = new StringBuilder();
                next++;
            } else if (current != null) {
                current.append(line).append('\n');
            }
        }
        if (current != null) {
            sections.add(current.toString());
        }
        while (sections.size() < paths.size()) {
            sections.add(null); // output cut short: those files are checked alone
        }
        return sections;
    }

    /** One file's result from its section, or null when the tree cannot answer exactly (blocks, structs). */
    static GlslReflection.Result section(String section) {
        if (section == null) {
            return null;
        }
        List<GlslReflection.Error> errors = GlslReflection.errors(section);
        if (!errors.isEmpty()) {
            return new GlslReflection.Result(true, Set.of(), errors, null); // nothing links, nothing is active
        }
        CallGraph graph = CallGraph.of(section);
        return graph == null ? null : new GlslReflection.Result(true, graph.readFromMain(), List.of(), null);
    }

    /** Which functions each function calls and which uniforms it reads, by function signature ("main("). */
    private record CallGraph(Map<String, Set<String>> calls, Map<String, Set<String>> reads) {

        /** The graph of a section's intermediate tree, or null when a uniform is a block or a struct. */
        static CallGraph of(String section) {
            Map<String, Set<String>> calls = new HashMap<>();
            Map<String, Set<String>> reads = new HashMap<>();
            String function = null;
            int depth = -1;
            for (String line : section.split("\n")) {
                Matcher node = NODE.matcher(line);
                if (!node.matches()) {
                    continue;
                }
                int indent = node.group(1).length();
                String text = node.group(2);
                Matcher uniform = UNIFORM.matcher(text);
                if (uniform.matches() && (uniform.group(2).contains("block")
                        || uniform.group(2).contains("structure"))) {
                    return null;
                }
                if (function != null && indent <= depth) {
                    function = null;
                }
                Matcher definition = DEFINITION.matcher(text);
                if (definition.find()) {
                    function = definition.group(1);
                    depth = indent;
                    continue;
                }
                if (function == null) {
                    continue;
                }
                Matcher call = CALL.matcher(text);
                if (call.find()) {
                    calls.computeIfAbsent(function, f -> new HashSet<>()).add(call.group(1));
                } else if (uniform.matches()) {
                    reads.computeIfAbsent(function, f -> new LinkedHashSet<>()).add(uniform.group(1));
                }
            }
            return new CallGraph(calls, reads);
        }

        /** The uniforms read by main and every function it reaches: the active ones. */
        Set<String> readFromMain() {
            Set<String> active = new LinkedHashSet<>();
            Set<String> seen = new HashSet<>();
            Deque<String> todo = new ArrayDeque<>(List.of("main("));
            while (!todo.isEmpty()) {
                String f = todo.pop();
                if (seen.add(f)) {
                    active.addAll(reads.getOrDefault(f, Set.of()));
                    todo.addAll(calls.getOrDefault(f, Set.of()));
                }
            }
            return active;
        }
    }
}
