package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Bounded;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.Program;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code analyze_effect}'s {@code structure} analysis (check_effect_structure before): on-disk checks of effect
 * folders, no browser. Findings: programs a pass names but no file provides, files nothing uses, uniforms a program
 * declares that no global sets (leaked), globals whose uniform no program declares (unused), a missing help.md.
 */
public final class StructureCheck {

    private final GlslReflection glslang;
    private final GlslangFindings compiled;
    private final boolean batched;

    /** @param glslangValidator the offline GLSL checker's executable (name on PATH or path) */
    public StructureCheck(String glslangValidator) {
        this(glslangValidator, true);
    }

    /** {@code batched} false: one glslang run per program, as before batching (tests compare both). */
    StructureCheck(String glslangValidator, boolean batched) {
        this.glslang = new GlslReflection(glslangValidator);
        this.compiled = new GlslangFindings(glslang);
        this.batched = batched;
    }

    GlslReflection glslang() {
        return glslang;
    }

    /** Uniforms the runtime sets itself; a program may declare them without a global. */
    static final Set<String> BUILT_INS = Set.of("resolution", "time", "aspect", "ratio", "inputTex", "inputSampler",
            "FRAMEINDEX", "TIMEDELTA", "DATE");

    private static final Pattern GLSL_UNIFORM = Pattern.compile(
            "^\\s*uniform\\s+(?:(?:lowp|mediump|highp)\\s+)?\\w+\\s+(\\w+)\\s*;", Pattern.MULTILINE);
    private static final Pattern WGSL_UNIFORM = Pattern.compile("var<uniform>\\s*(\\w+)\\s*:");

    public record Finding(String code, String severity, String file, Integer line, String message) {
    }

    public record EffectStructure(String effect, int errors, int warnings, List<Finding> findings) {
    }

    public record StructureReport(int schemaVersion, String summary, BatchPage.Info page,
                                  Bounded<EffectStructure> effects) {
    }

    public StructureReport check(EffectLibrary library, String selector) {
        return check(library, selector, null, null, BatchPage.Mode.full);
    }

    /** The effects {@code offset..offset+limit−1} of the selection, paged as the browser batch tools are. */
    public StructureReport check(EffectLibrary library, String selector, Integer offset, Integer limit,
                                 BatchPage.Mode mode) {
        List<EffectStructure> results = new ArrayList<>();
        EffectBatch batch = EffectBatch.select(library, selector, offset, limit);
        // Every program of the call in a few batched glslang runs; the per-effect checks below read the cache.
        if (batched) {
            glslang.prefetch(batch.effects().stream().flatMap(e -> GlslangFindings.jobs(e).stream()).toList());
        }
        for (Effect effect : batch.effects()) {
            // distinct: the passes of an ISF file share it, so its findings would repeat per pass
            List<Finding> findings = findings(effect).stream().distinct().toList();
            results.add(new EffectStructure(effect.id(), count(findings, "error"), count(findings, "warning"),
                    findings));
        }
        long withFindings = results.stream().filter(r -> r.errors() + r.warnings() > 0).count();
        BatchPage.Answer<EffectStructure> answer = batch.answer(results, r -> r.errors() > 0 ? "error"
                : r.warnings() > 0 ? "warning" : "ok", mode);
        return new StructureReport(EffectCompiler.SCHEMA_VERSION, results.size() + " effect(s) checked on disk: "
                + withFindings + " with errors or warnings." + BatchPage.more(answer.page()), answer.page(),
                answer.results());
    }

    private static int count(List<Finding> findings, String severity) {
        return (int) findings.stream().filter(f -> f.severity().equals(severity)).count();
    }

    List<Finding> findings(Effect effect) {
        List<Finding> findings = new ArrayList<>();
        if (effect.programs().isEmpty()) {
            findings.add(new Finding("NO_PASSES", "error", "definition.json", null, "definition.json has no passes"));
        }
        Map<String, String> declared = new TreeMap<>();
        Set<Path> used = programs(effect, findings, declared);
        findings.addAll(unusedFiles(effect, used));
        findings.addAll(leaked(declared, effect.definition()));
        if (!effect.nativeOnly()) { // desktop GLSL and HLSL are no GLSL ES: glslang's ES check would only misread them
            findings.addAll(compiled.of(effect));
        }
        effect.definition().path("globals").properties().forEach(global -> {
            String uniform = global.getValue().path("uniform").asText(null);
            if (uniform != null && !declared.containsKey(uniform) && !global.getValue().has("define")) {
                findings.add(new Finding("UNUSED_GLOBAL", "warning", "definition.json", null, "global '"
                        + global.getKey() + "' sets uniform '" + uniform + "', which no program declares"));
            }
        });
        findings.addAll(naming(effect));
        findings.addAll(unboundTextures(effect));
        findings.addAll(metadata(effect));
        return findings;
    }

    /**
     * The programs' own findings (refused, missing); fills {@code declared} with the uniforms they declare that the
     * format does not set itself (name → the first file declaring it). Returns the files the programs use.
     */
    private static Set<Path> programs(Effect effect, List<Finding> findings, Map<String, String> declared) {
        Set<Path> used = new HashSet<>();
        for (Program program : effect.programs()) {
            if (program.refused() != null) {
                findings.add(new Finding("PROGRAM_OUTSIDE_EFFECT", "error", "definition.json", null,
                        program.refused()));
                continue;
            }
            if (program.glsl() == null && program.wgsl() == null) {
                findings.add(new Finding("PROGRAM_MISSING", "error", "definition.json", null, "pass '" + program.pass()
                        + "' names program '" + program.name() + "', but neither glsl/" + program.name()
                        + ".glsl nor wgsl/" + program.name() + ".wgsl exists"));
            }
            for (Path file : new Path[] {program.glsl(), program.wgsl()}) {
                if (file != null) {
                    used.add(file.normalize());
                    uniforms(effect, file).stream().filter(name -> !effect.format().setsUniform(effect, file, name))
                            .forEach(name -> declared.putIfAbsent(name, effect.dir().relativize(file).toString()));
                }
            }
        }
        return used;
    }

    /** Files in the effect's glsl/ and wgsl/ folders that no pass uses. */
    private static List<Finding> unusedFiles(Effect effect, Set<Path> used) {
        List<Finding> findings = new ArrayList<>();
        Path dir = effect.dir();
        for (String language : List.of("glsl", "wgsl")) {
            Path folder = dir.resolve(language);
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (Stream<Path> files = Files.list(folder)) {
                files.filter(f -> !used.contains(f.normalize())).sorted().forEach(f -> findings.add(new Finding(
                        "UNUSED_FILE", "warning", dir.relativize(f).toString(), null,
                        "no pass uses this file (passes use programs " + effect.programs().stream()
                                .map(Program::name).toList() + ")")));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return findings;
    }

    /**
     * Each WGSL texture binding that reads the format's black placeholder (a noisemaker program's binding no pass
     * input names): the program reads zeros there, where its GLSL twin may read an input (filter/reindex's stats
     * texture).
     */
    private static List<Finding> unboundTextures(Effect effect) {
        List<Finding> findings = new ArrayList<>();
        for (Program program : effect.programs()) {
            List<String> unbound = effect.format().unboundTextures(program);
            if (unbound.isEmpty()) {
                continue;
            }
            List<String> names = new ArrayList<>();
            program.spec().path("inputs").fieldNames().forEachRemaining(names::add);
            String inputs = String.join(", ", names);
            for (String name : unbound) {
                findings.add(new Finding("UNBOUND_TEXTURE", "warning",
                        effect.dir().relativize(program.wgsl()).toString(),
                        SourcePositions.declarationLine(effect, program.wgsl(), name), "texture '" + name
                        + "' is no input of pass '" + program.pass() + "' (its inputs: "
                        + (inputs.isEmpty() ? "none" : inputs) + "), so noisemaker's WebGPU backend binds its "
                        + "transparent black placeholder there, as FrameScope does: the program reads zeros"));
            }
        }
        return findings;
    }

    /** What FrameScope cannot run, a missing description and (native folders) a missing help.md. */
    private static List<Finding> metadata(Effect effect) {
        List<Finding> findings = new ArrayList<>();
        if (effect.unsupported() != null) {
            findings.add(new Finding("UNSUPPORTED", "warning", effect.dir().relativize(effect.programs().isEmpty()
                    ? effect.dir() : effect.programs().get(0).glsl()).toString(), null, effect.unsupported()));
        }
        if (effect.definition().path("description").asText("").isBlank()) {
            findings.add(new Finding("NO_DESCRIPTION", "warning", effect.format().descriptionFile(effect), null,
                    "no description: search_effects and agents have only the id to go by"));
        }
        // help.md is the native format's: ISF (its DESCRIPTION/CREDIT header), gl-transitions (a collection shares one
        // folder) and Shadertoy keep their metadata in the file, so a missing help.md is no finding for them.
        if (effect.hasNativeLayout() && !Files.isRegularFile(effect.dir().resolve("help.md"))) {
            findings.add(new Finding("NO_HELP", "info", null, null, "no help.md"));
        }
        return findings;
    }

    /**
     * What the GLSL and WGSL sides of an effect declare differently: a program one language lacks, or a uniform one
     * program declares and its counterpart does not (textures and samplers, bound from pass inputs, are left out).
     */
    static List<String> languageDifferences(Effect effect) {
        List<String> differences = new ArrayList<>();
        Set<String> bound = new HashSet<>(Set.of("inputSampler"));
        effect.definition().path("passes").forEach(pass -> pass.path("inputs").fieldNames()
                .forEachRemaining(bound::add));
        for (Program program : effect.programs()) {
            if (program.glsl() == null || program.wgsl() == null) {
                if (program.glsl() != null || program.wgsl() != null) {
                    differences.add("pass '" + program.pass() + "': no " + (program.glsl() == null ? "GLSL" : "WGSL")
                            + " program '" + program.name() + "'");
                }
                continue;
            }
            Set<String> glsl = new TreeSet<>(uniforms(effect, program.glsl()));
            Set<String> wgsl = new TreeSet<>(uniforms(effect, program.wgsl()));
            glsl.removeAll(bound);
            wgsl.removeAll(bound);
            for (String name : glsl) {
                if (!wgsl.contains(name)) {
                    differences.add("program '" + program.name() + "': uniform '" + name + "' only in GLSL");
                }
            }
            for (String name : wgsl) {
                if (!glsl.contains(name)) {
                    differences.add("program '" + program.name() + "': uniform '" + name + "' only in WGSL");
                }
            }
        }
        return differences;
    }

    private static final Pattern ID_PART = Pattern.compile("[a-z0-9][a-z0-9-]*");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** Names a uniform cannot take without clashing with GLSL ES 3.00 or WGSL: keywords and built-in functions. */
    static final Set<String> RESERVED = Set.of("abs", "alias", "break", "ceil", "clamp", "const", "continue", "cos",
            "discard", "distance", "dot", "else", "enable", "exp", "false", "floor", "fn", "for", "fract", "if",
            "in", "inout", "int", "length", "let", "log", "loop", "main", "max", "min", "mix", "mod", "normalize",
            "out", "override", "pow", "return", "sampler", "select", "sign", "sin", "smoothstep", "sqrt", "step",
            "struct", "switch", "tan", "texture", "true", "uniform", "var", "while");

    /** Native ids are lower-case kebab segments; programs and uniforms must be identifiers neither language owns. */
    private static List<Finding> naming(Effect effect) {
        List<Finding> findings = new ArrayList<>();
        if (effect.hasNativeLayout()) { // ISF and gl-transition names are free text; the program is the file
            for (String part : effect.id().split("/")) {
                if (!ID_PART.matcher(part).matches()) {
                    findings.add(new Finding("NAMING", "warning", null, null, "id part '" + part + "' is not "
                            + "lower-case letters, digits and hyphens"));
                }
            }
            for (Program program : effect.programs()) {
                if (!IDENTIFIER.matcher(program.name()).matches()) {
                    findings.add(new Finding("NAMING", "warning", "definition.json", null, "program '"
                            + program.name() + "' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)"));
                }
            }
        }
        effect.definition().path("globals").properties().forEach(g -> {
            String uniform = g.getValue().path("uniform").asText(g.getKey());
            if (!IDENTIFIER.matcher(uniform).matches() || RESERVED.contains(uniform)) {
                findings.add(new Finding("NAMING", "error", effect.format().globalsFile(effect), null,
                        "global '" + g.getKey() + "' uses uniform name '" + uniform + "', which is not an identifier "
                                + "or is a GLSL/WGSL keyword or built-in function"));
            }
        });
        return findings;
    }

    /** The uniform names a program declares, in the source the runtime compiles (an ISF file with its prelude). */
    static Set<String> uniforms(Effect effect, Path file) {
        String source = effect.source(effect.programs().stream().filter(p -> file.equals(p.glsl())
                || file.equals(p.wgsl())).findFirst().orElse(effect.programs().get(0)), file);
        Set<String> names = new HashSet<>();
        Matcher m = (file.toString().endsWith(".wgsl") ? WGSL_UNIFORM : GLSL_UNIFORM).matcher(source);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** Uniforms declared by the programs that no global sets and the runtime does not set either. */
    static List<Finding> leaked(Map<String, String> declared, JsonNode definition) {
        List<Finding> findings = new ArrayList<>();
        Set<String> set = new HashSet<>(BUILT_INS);
        definition.path("globals").properties().forEach(g -> set.add(g.getValue().path("uniform")
                .asText(g.getKey())));
        // Samplers a pass reads are bound by the runtime from the pass's inputs.
        definition.path("passes").forEach(pass -> pass.path("inputs").fieldNames().forEachRemaining(set::add));
        declared.forEach((name, file) -> {
            if (!set.contains(name)) {
                findings.add(new Finding("LEAKED_UNIFORM", "warning", file, null, "uniform '" + name + "' is "
                        + "declared here but no global sets it, so it stays at its zero value"));
            }
        });
        return findings;
    }
}
