package dev.framescope.shader;

import dev.framescope.common.Bounded;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.Program;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code analyze_effect}'s {@code glsl_wgsl} analysis (compare_shaders before): a static structural diff of each
 * pass's GLSL and WGSL programs, read from disk with patterns over the top level of the source (comments removed,
 * function bodies blanked), not a compiler: functions (name and parameter count; GLSL {@code main} and the WGSL
 * {@code @fragment} function are paired as entry points), value uniforms, textures and samplers, constants
 * ({@code const} at the top level, {@code #define} in GLSL, {@code const}/{@code override} in WGSL). Names are
 * matched exactly. Stateless.
 */
public final class ShaderComparison {

    private static final Pattern GLSL_FUNCTION = Pattern.compile("\\b(\\w+)\\s+(\\w+)\\s*\\(([^)]*)\\)\\s*\\{");
    private static final Pattern GLSL_UNIFORM = Pattern.compile(
            "\\buniform\\s+(?:(?:highp|mediump|lowp)\\s+)?(\\w+)\\s+(\\w+)");
    private static final Pattern GLSL_CONST = Pattern.compile("\\bconst\\s+(?:(?:highp|mediump|lowp)\\s+)?\\w+\\s+"
            + "(\\w+)\\s*(?:\\[[^\\]]*\\])?\\s*=");
    private static final Pattern GLSL_DEFINE = Pattern.compile("(?m)^[ \\t]*#[ \\t]*define[ \\t]+(\\w+)(?![(\\w])");
    private static final Pattern WGSL_FUNCTION = Pattern.compile("(@fragment\\s+)?\\bfn\\s+(\\w+)\\s*\\(");
    private static final Pattern WGSL_VAR = Pattern.compile("\\bvar(?:<\\s*(\\w+)[^>]*>)?\\s+(\\w+)\\s*:\\s*([^;=]+)");
    private static final Pattern WGSL_CONST = Pattern.compile("\\b(?:const|override)\\s+(\\w+)\\s*[:=]");
    private static final Pattern WGSL_STRUCT = Pattern.compile("\\bstruct\\s+(\\w+)\\s*\\{([^}]*)}");
    private static final Set<String> NOT_FUNCTIONS = Set.of("if", "for", "while", "switch",
            "return", "else");

    /** A name both programs have (parameter counts for functions: equal or not) or one only one has. */
    public record Item(String name, String glsl, String wgsl) {
    }

    /**
     * One category's diff: {@code matched} names both programs declare, {@code onlyGlsl}/{@code onlyWgsl} the rest;
     * an item's glsl/wgsl text is its type (uniforms), its parameter count (functions) or its value (constants).
     */
    public record Diff(List<Item> matched, List<Item> onlyGlsl, List<Item> onlyWgsl) {
    }

    public record PassComparison(String pass, String program, String glslFile, String wgslFile, Diff functions,
                                 Diff uniforms, Diff textures, Diff constants, List<String> parameterCountMismatches) {
    }

    /** {@code status}: compared, or unsupported (message says which language is missing). */
    public record EffectComparison(String effect, String status, String message, List<PassComparison> passes) {
    }

    public record ComparisonReport(int schemaVersion, String summary, BatchPage.Info page,
                                   Bounded<EffectComparison> effects) {
    }

    /** The parts of one program compared: name → type, parameter count or value. */
    record Shape(Map<String, String> functions, Map<String, String> uniforms, Map<String, String> textures,
                 Map<String, String> constants, String entryPoint) {
    }

    public ComparisonReport compare(EffectLibrary library, String selector, Integer limit) {
        return compare(library, selector, null, limit, BatchPage.Mode.full);
    }

    /**
     * The effects {@code offset..offset+limit−1} of the selection, paged as the browser batch tools are (status
     * for counts and summary mode: ok, differs, or the effect's own).
     */
    public ComparisonReport compare(EffectLibrary library, String selector, Integer offset, Integer limit,
                                    BatchPage.Mode mode) {
        EffectBatch batch = EffectBatch.select(library, selector, offset, limit);
        List<EffectComparison> results = batch.effects().stream().map(ShaderComparison::compare).toList();
        long compared = results.stream().filter(r -> r.status().equals("compared")).count();
        long differing = results.stream().filter(r -> r.passes() != null && r.passes().stream().anyMatch(
                ShaderComparison::differs)).count();
        String summary = results.size() + " effect(s): " + compared + " compared (" + differing + " with a name only "
                + "one language has or a parameter count that differs), " + (results.size() - compared)
                + " unsupported (GLSL or WGSL missing).";
        BatchPage.Answer<EffectComparison> answer = batch.answer(results, r -> !r.status().equals("compared")
                ? r.status() : r.passes().stream().anyMatch(ShaderComparison::differs) ? "differs" : "ok", mode);
        return new ComparisonReport(EffectCompiler.SCHEMA_VERSION, summary + BatchPage.more(answer.page()),
                answer.page(), answer.results());
    }

    private static boolean differs(PassComparison p) {
        return !p.parameterCountMismatches().isEmpty() || List.of(p.functions(), p.uniforms(), p.textures(),
                p.constants()).stream().anyMatch(d -> !d.onlyGlsl().isEmpty() || !d.onlyWgsl().isEmpty());
    }

    static EffectComparison compare(Effect effect) {
        boolean glsl = !effect.programs().isEmpty() && effect.programs().stream().allMatch(p -> p.glsl() != null);
        boolean wgsl = !effect.programs().isEmpty() && effect.programs().stream().allMatch(p -> p.wgsl() != null);
        if (!glsl || !wgsl) {
            return new EffectComparison(effect.id(), "unsupported", "UNSUPPORTED: the GLSL/WGSL comparison needs a "
                    + "GLSL and a WGSL program for every pass; " + effect.id() + " (" + effect.formatName() + ") has "
                    + (glsl ? "GLSL only" : wgsl ? "WGSL only" : "neither for every pass"), null);
        }
        List<PassComparison> passes = new ArrayList<>();
        for (Program p : effect.programs()) {
            Shape g = glsl(read(p.glsl()));
            Shape w = wgsl(read(p.wgsl()));
            Diff functions = diff(g.functions(), w.functions(), g.entryPoint(), w.entryPoint());
            List<String> mismatches = new ArrayList<>();
            for (Item item : functions.matched()) {
                // Entry points differ by design: GLSL main takes nothing, a WGSL @fragment fn its built-ins.
                boolean entry = item.name().equals(g.entryPoint()) || item.name().equals(w.entryPoint())
                        || item.name().endsWith("(entry point)");
                if (!entry && !item.glsl().equals(item.wgsl())) {
                    mismatches.add(item.name() + ": " + item.glsl() + " parameter(s) in GLSL, " + item.wgsl()
                            + " in WGSL");
                }
            }
            Path root = effect.root();
            passes.add(new PassComparison(p.pass(), p.name(), root.relativize(p.glsl()).toString(),
                    root.relativize(p.wgsl()).toString(), functions, diff(g.uniforms(), w.uniforms(), null, null),
                    diff(g.textures(), w.textures(), null, null), diff(g.constants(), w.constants(), null, null),
                    mismatches));
        }
        return new EffectComparison(effect.id(), "compared", null, passes);
    }

    private static Diff diff(Map<String, String> glsl, Map<String, String> wgsl, String glslEntry, String wgslEntry) {
        List<Item> matched = new ArrayList<>();
        List<Item> onlyGlsl = new ArrayList<>();
        List<Item> onlyWgsl = new ArrayList<>();
        glsl.forEach((name, value) -> {
            if (wgsl.containsKey(name)) {
                matched.add(new Item(name, value, wgsl.get(name)));
            } else if (name.equals(glslEntry) && wgslEntry != null && !glsl.containsKey(wgslEntry)) {
                matched.add(new Item(name + " ↔ " + wgslEntry + " (entry point)", value, wgsl.get(wgslEntry)));
            } else {
                onlyGlsl.add(new Item(name, value, null));
            }
        });
        wgsl.forEach((name, value) -> {
            boolean pairedEntry = name.equals(wgslEntry) && glslEntry != null && glsl.containsKey(glslEntry)
                    && !wgsl.containsKey(glslEntry);
            if (!glsl.containsKey(name) && !pairedEntry) {
                onlyWgsl.add(new Item(name, null, value));
            }
        });
        return new Diff(matched, onlyGlsl, onlyWgsl);
    }

    static Shape glsl(String source) {
        String top = topLevel(source);
        Map<String, String> functions = new LinkedHashMap<>();
        Matcher f = GLSL_FUNCTION.matcher(top);
        while (f.find()) {
            if (!NOT_FUNCTIONS.contains(f.group(2)) && !NOT_FUNCTIONS.contains(f.group(1))) {
                String params = f.group(3).strip();
                functions.put(f.group(2), String.valueOf(params.isEmpty() || params.equals("void") ? 0
                        : params.split(",").length));
            }
        }
        Map<String, String> uniforms = new LinkedHashMap<>();
        Map<String, String> textures = new LinkedHashMap<>();
        Matcher u = GLSL_UNIFORM.matcher(top);
        while (u.find()) {
            (u.group(1).startsWith("sampler") ? textures : uniforms).put(u.group(2), u.group(1));
        }
        Map<String, String> constants = new LinkedHashMap<>();
        Matcher c = GLSL_CONST.matcher(top);
        while (c.find()) {
            constants.put(c.group(1), "const");
        }
        Matcher d = GLSL_DEFINE.matcher(top);
        while (d.find()) {
            constants.put(d.group(1), "#define");
        }
        return new Shape(functions, uniforms, textures, constants, functions.containsKey("main") ? "main" : null);
    }

    static Shape wgsl(String source) {
        String stripped = stripComments(source);
        String top = topLevel(source);
        Map<String, String> functions = new LinkedHashMap<>();
        String entry = null;
        Matcher f = WGSL_FUNCTION.matcher(top);
        while (f.find()) {
            functions.put(f.group(2), String.valueOf(countParameters(stripped, f.end())));
            if (f.group(1) != null) {
                entry = f.group(2);
            }
        }
        Map<String, Map<String, String>> structs = new LinkedHashMap<>();
        Matcher s = WGSL_STRUCT.matcher(stripped);
        while (s.find()) {
            Map<String, String> members = new LinkedHashMap<>();
            for (String member : s.group(2).split(",")) {
                String[] parts = member.replaceAll("@\\w+(\\([^)]*\\))?", "").split(":", 2);
                if (parts.length == 2) {
                    members.put(parts[0].strip(), parts[1].strip());
                }
            }
            structs.put(s.group(1), members);
        }
        Map<String, String> uniforms = new LinkedHashMap<>();
        Map<String, String> textures = new LinkedHashMap<>();
        Matcher v = WGSL_VAR.matcher(top);
        while (v.find()) {
            String type = v.group(3).strip();
            if (type.startsWith("texture") || type.startsWith("sampler")) {
                textures.put(v.group(2), type);
            } else if ("uniform".equals(v.group(1)) && structs.containsKey(type)) {
                uniforms.putAll(structs.get(type)); // a packed block: its members are the uniforms GLSL names
            } else if ("uniform".equals(v.group(1))) {
                uniforms.put(v.group(2), type);
            }
        }
        Map<String, String> constants = new LinkedHashMap<>();
        Matcher c = WGSL_CONST.matcher(top);
        while (c.find()) {
            constants.put(c.group(1), "const");
        }
        return new Shape(functions, uniforms, textures, constants, entry);
    }

    /** Top-level parameters between the parenthesis opened just before {@code from} and its match. */
    private static int countParameters(String source, int from) {
        int depth = 0;
        int count = 0;
        boolean content = false;
        for (int i = from; i < source.length(); i++) {
            char ch = source.charAt(i);
            if (ch == '(' || ch == '<') {
                depth++;
            } else if (ch == ')' && depth == 0) {
                return content ? count + 1 : count;
            } else if (ch == ')' || ch == '>') {
                depth = Math.max(0, depth - (source.startsWith("->", i - 1) ? 0 : 1));
            } else if (ch == ',' && depth == 0) {
                count++;
                content = false;
                continue;
            }
            content |= !Character.isWhitespace(ch);
        }
        return count;
    }

    /** The source without comments, with everything inside braces blanked (positions kept). */
    static String topLevel(String source) {
        char[] chars = stripComments(source).toCharArray();
        int depth = 0;
        for (int i = 0; i < chars.length; i++) {
            char ch = chars[i];
            if (ch == '}') {
                depth--;
            }
            if (depth > 0 && ch != '\n') {
                chars[i] = ' ';
            }
            if (ch == '{') {
                depth++;
            }
        }
        return new String(chars);
    }

    private static String stripComments(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", "");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
