package dev.framescope.shader;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.SystemFolders;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * Effects on disk: the native format ({@code <root>/<namespace>/<effect>/definition.json} with
 * {@code glsl/<program>.glsl} and {@code wgsl/<program>.wgsl} per pass), ISF {@code .fs} files, and gl-transitions
 * (each entry of a {@code gl-transitions.json}, id {@code <folder>/<name>}, and {@code .glsl} files that define
 * {@code vec4 transition(...)}), and Shadertoy shaders ({@code .glsl} files defining {@code mainImage}, {@code .json}
 * exports in the shape of Shadertoy's API). Selectors are ids or globs ({@code synth/*}, {@code *}, comma-separated lists).
 */
public final class EffectLibrary {

    /**
     * One program of an effect: its pass, name and the source files (null when the language is missing).
     * {@code refused} says why no file was looked up (the name leads outside the effect's folder), else null.
     */
    public record Program(String pass, String name, Path glsl, Path wgsl, JsonNode spec, String refused) {
        Program(String pass, String name, Path glsl, Path wgsl, JsonNode spec) {
            this(pass, name, glsl, wgsl, spec, null);
        }
    }

    /** One effect; {@code root} is the effects root it was found under, the limit of what it may read. */
    public record Effect(String id, Path dir, JsonNode definition, List<Program> programs, Path root) {

        /** True for an ISF file, whose GLSL runs under {@link IsfImport#wrap}. */
        public boolean isIsf() {
            return definition.path("format").asText().equals("isf");
        }

        /** True for a gl-transition, whose GLSL runs under {@link GlTransitionImport#wrap}. */
        public boolean isGlTransition() {
            return definition.path("format").asText().equals(GlTransitionImport.FORMAT);
        }

        /** True for a Shadertoy shader, whose passes run under {@link ShadertoyImport#wrap}. */
        public boolean isShadertoy() {
            return definition.path("format").asText().equals(ShadertoyImport.FORMAT);
        }

        /** True for a noisemaker definition.js effect, whose programs run under {@link NoisemakerImport}. */
        public boolean isNoisemaker() {
            return definition.path("format").asText().equals(NoisemakerImport.FORMAT);
        }

        /** Why FrameScope cannot run this effect ("UNSUPPORTED: ..." naming the feature), or null. */
        public String unsupported() {
            return definition.path("unsupported").asText(null);
        }

        /** The format's name as search_effects lists it: native, isf, gl-transition or shadertoy. */
        public String format() {
            return definition.path("format").asText("native");
        }

        /**
         * The source the runtime compiles for {@code file} of {@code program} (an ISF pass: wrapped for its index; a
         * gl-transition: its entry, wrapped).
         */
        public String source(Program program, Path file) {
            if (isShadertoy()) {
                return ShadertoyImport.wrap(definition, program.spec());
            }
            if (isNoisemaker()) {
                return NoisemakerImport.source(this, program, file, null);
            }
            if (isGlTransition() && definition.has("glsl")) {
                return GlTransitionImport.wrap(definition.get("glsl").asText());
            }
            try {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                if (isGlTransition()) {
                    return GlTransitionImport.wrap(text);
                }
                return isIsf() && file.toString().endsWith(".fs")
                        ? IsfImport.wrap(text, definition, program.spec().path("passIndex").asInt(0)) : text;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /**
         * Whether rendering needs the pass runtime: several passes, named images (ISF IMPORTED, transitions), or an
         * ISF file (its one pass may draw into a PERSISTENT or FLOAT target and reads FRAMEINDEX per frame).
         */
        public boolean usesPassRuntime() {
            return programs.size() > 1 || definition.path("imported").size() > 0 || isGlTransition() || isIsf()
                    || isShadertoy() || isNoisemaker();
        }
    }

    private final Path root;

    public EffectLibrary(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Effects whose id matches the selector, sorted by id; fails naming the selector when none match. */
    public List<Effect> select(String selector) {
        Path base = checkRoot();
        List<Glob> globs = new ArrayList<>();
        for (String part : selector.split(",")) {
            globs.add(new Glob(part.trim()));
        }
        List<Effect> effects = new ArrayList<>();
        try {
            for (Path file : effectFiles(base)) {
                String name = file.getFileName().toString();
                if (name.equals(GlTransitionImport.COLLECTION)) {
                    effects.addAll(loadTransitions(file, base, globs));
                    continue;
                }
                boolean isf = name.endsWith(".fs");
                boolean glsl = name.endsWith(".glsl");
                boolean export = name.endsWith(".json") && !name.equals("definition.json");
                boolean noisemaker = name.equals(NoisemakerImport.FILE);
                String id = (isf || glsl || export
                        ? base.relativize(file).toString().replaceFirst("\\.(fs|glsl|json)$", "")
                        : base.relativize(file.getParent()).toString()).replace('\\', '/');
                if (globs.stream().anyMatch(g -> g.matches(id))) {
                    effects.add(noisemaker ? loadNoisemaker(id, file, base)
                            : isf ? loadIsf(id, file, base) : glsl ? loadGlsl(id, file, base)
                            : export ? loadShadertoyExport(id, file, base) : load(id, file, base));
                }
            }
        } catch (IOException e) {
            throw new ToolException(ErrorCode.ENGINE_FAILED, "Cannot read effects under " + root + ": "
                    + e.getMessage(), Map.of("effects_root", root.toString()), e);
        }
        if (effects.isEmpty()) {
            throw ToolException.notFound("effect", selector, "no effect id under " + root + " matches; ids look "
                    + "like 'namespace/effect', globs like 'synth/*'");
        }
        return effects;
    }

    /** The folder to walk: the root as given, or where it leads when it is itself a link. */
    private Path checkRoot() {
        if (!Files.isDirectory(root)) {
            throw ToolException.notFound("effects root", root, "pass effects_root or set FRAMESCOPE_EFFECTS_ROOT");
        }
        Path real;
        try {
            real = root.toRealPath();
        } catch (IOException e) {
            throw ToolException.invalidArgument("effects_root", "a readable folder of effects", root.toString());
        }
        if (real.getNameCount() == 0 || SystemFolders.contains(real)) {
            throw ToolException.invalidArgument("effects_root", "a folder of effects (namespace/effect/"
                    + "definition.json or *.fs), not the file-system root or a system folder (/proc, /sys, /dev)",
                    root.toString());
        }
        return Files.isSymbolicLink(root) ? real : root;
    }

    /**
     * definition.json files, ISF .fs files, gl-transitions.json collections and .glsl transitions down to
     * namespace/effect depth, sorted. Only regular files count: a FIFO would block its reader for good, and a link
     * could lead anywhere. Unreadable folders are skipped.
     */
    private static List<Path> effectFiles(Path base) throws IOException {
        List<Path> found = new ArrayList<>();
        Files.walkFileTree(base, EnumSet.noneOf(FileVisitOption.class), 3, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                String name = file.getFileName() == null ? "" : file.getFileName().toString();
                if (attributes.isRegularFile() && (name.equals("definition.json") || name.endsWith(".fs")
                        || isNoisemakerDefinition(file)
                        || name.equals(GlTransitionImport.COLLECTION) || isGlslEffectFile(file, attributes)
                        || isShadertoyExport(file, attributes))) {
                    found.add(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
        found.sort(null);
        return found;
    }

    /** A definition.js with no definition.json beside it (that one wins). */
    private static boolean isNoisemakerDefinition(Path file) {
        return file.getFileName().toString().equals(NoisemakerImport.FILE)
                && !Files.isRegularFile(file.resolveSibling("definition.json"));
    }

    /**
     * A noisemaker effect: programs in glsl/ ({@code <program>.glsl}, or a {@code .frag} with its {@code .vert})
     * and wgsl/, as for definition.json.
     */
    private static Effect loadNoisemaker(String id, Path file, Path root) throws IOException {
        ObjectNode definition = NoisemakerImport.definition(file);
        Path dir = file.getParent();
        List<Program> programs = new ArrayList<>();
        for (JsonNode pass : definition.path("passes")) {
            String program = pass.path("program").asText();
            Path glsl = dir.resolve("glsl").resolve(program + ".glsl").normalize();
            Path frag = dir.resolve("glsl").resolve(program + ".frag").normalize();
            Path vert = dir.resolve("glsl").resolve(program + ".vert").normalize();
            Path wgsl = dir.resolve("wgsl").resolve(program + ".wgsl").normalize();
            if (outside(dir, glsl) || outside(dir, frag) || outside(dir, vert) || outside(dir, wgsl)) {
                programs.add(new Program(pass.path("name").asText(program), program, null, null, pass,
                        "program '" + program + "' leads outside the effect's folder " + dir));
                continue;
            }
            Path fragment = Files.isRegularFile(glsl) ? glsl : Files.isRegularFile(frag) ? frag : null;
            if (Files.isRegularFile(vert) && pass instanceof ObjectNode o) {
                o.put("vertexFile", vert.toString());
            }
            programs.add(new Program(pass.path("name").asText(program), program, fragment,
                    Files.isRegularFile(wgsl) ? wgsl : null, pass));
        }
        return new Effect(id, dir, definition, programs, root);
    }

    /** Largest .glsl or .json file read to see whether it is a transition or a Shadertoy shader. */
    private static final long MAX_TRANSITION_BYTES = 1 << 20;

    /**
     * A .glsl file that defines {@code vec4 transition(...)} (a gl-transition) or {@code void mainImage(...)} (a
     * Shadertoy shader), not a native effect's program.
     */
    private static boolean isGlslEffectFile(Path file, BasicFileAttributes attributes) {
        if (!file.getFileName().toString().endsWith(".glsl") || attributes.size() > MAX_TRANSITION_BYTES
                || Files.isRegularFile(file.getParent().resolveSibling("definition.json"))
                || Files.isRegularFile(file.getParent().resolveSibling(NoisemakerImport.FILE))) {
            return false;
        }
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            return GlTransitionImport.isTransition(text) || ShadertoyImport.isShadertoy(text);
        } catch (IOException e) {
            return false; // unreadable or not UTF-8: not a shader FrameScope can run
        }
    }

    /** A .json file (not definition.json, manifest.json or gl-transitions.json) holding a Shadertoy export. */
    private static boolean isShadertoyExport(Path file, BasicFileAttributes attributes) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".json") || name.equals("definition.json") || name.equals("manifest.json")
                || name.equals(GlTransitionImport.COLLECTION) || attributes.size() > MAX_TRANSITION_BYTES) {
            return false;
        }
        try {
            return ShadertoyImport.shader(Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8)))
                    != null;
        } catch (IOException e) {
            return false; // not JSON, or unreadable: not an effect
        }
    }

    private static Effect loadGlsl(String id, Path file, Path root) throws IOException {
        if (GlTransitionImport.isTransition(Files.readString(file, StandardCharsets.UTF_8))) {
            return loadTransition(id, file, root);
        }
        return shadertoy(id, file, root, ShadertoyImport.file(file));
    }

    private static Effect loadShadertoyExport(String id, Path file, Path root) throws IOException {
        String name = file.getFileName().toString().replaceFirst("\\.json$", "");
        return shadertoy(id, file, root, ShadertoyImport.export(name, ShadertoyImport.read(file)));
    }

    /** A Shadertoy shader: one program per pass, all in {@code file}; no WGSL. */
    private static Effect shadertoy(String id, Path file, Path root, JsonNode definition) {
        List<Program> programs = new ArrayList<>();
        for (JsonNode pass : definition.path("passes")) {
            programs.add(new Program(pass.get("name").asText(), pass.get("name").asText(), file, null, pass));
        }
        return new Effect(id, file.getParent(), definition, programs, root);
    }

    /** The entries of a gl-transitions.json whose id ({@code <folder>/<name>}) a glob matches. */
    private static List<Effect> loadTransitions(Path file, Path root, List<Glob> globs) throws IOException {
        String folder = root.relativize(file.getParent()).toString().replace('\\', '/');
        List<Effect> effects = new ArrayList<>();
        for (JsonNode definition : GlTransitionImport.collection(file)) {
            String name = definition.get("name").asText();
            String id = folder.isEmpty() ? name : folder + "/" + name;
            if (globs.stream().anyMatch(g -> g.matches(id))) {
                JsonNode pass = definition.get("passes").get(0);
                effects.add(new Effect(id, file.getParent(), definition,
                        List.of(new Program("main", name, file, null, pass)), root));
            }
        }
        return effects;
    }

    private static Effect loadTransition(String id, Path file, Path root) throws IOException {
        JsonNode definition = GlTransitionImport.file(file);
        return new Effect(id, file.getParent(), definition, List.of(new Program("main",
                definition.get("name").asText(), file, null, definition.get("passes").get(0))), root);
    }

    private static Effect loadIsf(String id, Path file, Path root) throws IOException {
        JsonNode definition = IsfImport.definition(file);
        List<Program> programs = new ArrayList<>();
        for (JsonNode pass : definition.path("passes")) {
            programs.add(new Program(pass.get("name").asText(), definition.get("name").asText(), file, null, pass));
        }
        return new Effect(id, file.getParent(), definition, programs, root);
    }

    /**
     * Whether {@code file} lies outside {@code dir}, by its name ("../../x") or, once it exists, by where its links
     * lead: an effect reads only its own files.
     */
    static boolean outside(Path dir, Path file) {
        if (!file.normalize().startsWith(dir.normalize())) {
            return true;
        }
        try {
            return Files.exists(file) && !file.toRealPath().startsWith(dir.toRealPath());
        } catch (IOException e) {
            return true;
        }
    }

    private static Effect load(String id, Path definitionFile, Path root) throws IOException {
        JsonNode definition = readDefinition(definitionFile);
        Path dir = definitionFile.getParent();
        List<Program> programs = new ArrayList<>();
        for (JsonNode pass : definition.path("passes")) {
            String program = pass.path("program").asText();
            String name = pass.path("name").asText(program);
            Path glsl = dir.resolve("glsl").resolve(program + ".glsl").normalize();
            Path wgsl = dir.resolve("wgsl").resolve(program + ".wgsl").normalize();
            if (outside(dir, glsl) || outside(dir, wgsl)) {
                programs.add(new Program(name, program, null, null, pass, "program '" + program + "' leads outside "
                        + "the effect's folder " + dir + "; a program names files in its glsl/ and wgsl/ folders"));
                continue;
            }
            programs.add(new Program(name, program, Files.isRegularFile(glsl) ? glsl : null,
                    Files.isRegularFile(wgsl) ? wgsl : null, pass));
        }
        return new Effect(id, dir, definition, programs, root);
    }

    /** The definition, or an error that says where the JSON breaks without quoting the file. */
    private static JsonNode readDefinition(Path file) throws IOException {
        try {
            return Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            var where = e.getLocation();
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, file + " is not valid JSON"
                    + (where == null ? "" : " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")"),
                    Map.of("file", file.toString()));
        } catch (MalformedInputException e) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, file + " is not UTF-8 text",
                    Map.of("file", file.toString()));
        }
    }
}
