package dev.framescope.shader;

import dev.framescope.common.Components;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.common.WritableRoots;
import dev.framescope.shader.ShaderArgs.AnalyzeEffectArgs;
import dev.framescope.shader.ShaderArgs.BenchmarkEffectArgs;
import dev.framescope.shader.ShaderArgs.CompareShadersArgs;
import dev.framescope.shader.ShaderArgs.SearchEffectsArgs;
import dev.framescope.shader.ShaderArgs.CheckEffectStructureArgs;
import dev.framescope.shader.ShaderArgs.CompileEffectArgs;
import dev.framescope.shader.ShaderArgs.GenerateManifestArgs;
import dev.framescope.shader.ShaderArgs.ListEffectsArgs;
import dev.framescope.shader.ShaderArgs.PixelParityArgs;
import dev.framescope.shader.ShaderArgs.UniformResponsivenessArgs;
import dev.framescope.shader.ShaderArgs.RenderEffectFrameArgs;
import dev.framescope.shader.harness.BrowserHarness;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/** Shader effects compiled in real headless Chromium (WebGL2 and WebGPU). */
public final class ShaderTools implements ToolGroup {

    private final Path defaultEffectsRoot;
    private final Path stateDir;
    private final EffectCompiler compiler;
    private final FrameRenderer renderer;
    private final EffectTests tests;
    private final StructureCheck structure;
    private final EffectCatalog catalog;
    private final EffectBenchmark benchmark;
    private final EffectDescriber describer;
    private final EffectSearch search = new EffectSearch();
    private final EffectAnalysis analysis = new EffectAnalysis();
    private final ShaderComparison comparison = new ShaderComparison();

    /**
     * @param outputDir a folder the manifest may be written into besides the working directory and the configured
     *                  effects root, or null
     */
    public ShaderTools(Path chromium, boolean strictBrowser, String browserEndpoint, Path defaultEffectsRoot,
                       String glslangValidator, Path stateDir, Path outputDir, Components components) {
        this.defaultEffectsRoot = defaultEffectsRoot;
        this.stateDir = stateDir;
        List<Path> writable = new java.util.ArrayList<>(List.of(Path.of(""), defaultEffectsRoot));
        if (outputDir != null) {
            writable.add(outputDir);
        }
        this.catalog = new EffectCatalog(new WritableRoots(writable, "the working directory, the effects root "
                + "FrameScope was started with, or FRAMESCOPE_OUTPUT_DIR"));
        this.structure = new StructureCheck(glslangValidator);
        BrowserHarness harness = new BrowserHarness(chromium, strictBrowser, browserEndpoint, stateDir,
                LOCAL_BROWSERS);
        components.register(Components.BROWSER, harness::status);
        this.compiler = new EffectCompiler(harness);
        this.renderer = new FrameRenderer(harness);
        this.tests = new EffectTests(harness);
        this.benchmark = new EffectBenchmark(harness);
        this.describer = new EffectDescriber(harness);
    }

    @Override
    public String name() {
        return "shader";
    }

    @Override
    public String guide() {
        return "Shader effects in real headless Chromium (WebGL2 and WebGPU on SwiftShader here): call compile_effect "
                + "with an effect id or glob first; it returns diagnostics with line numbers in your files. A "
                + "selector runs as a batch (one broken effect never stops it), paged.";
    }

    @Override
    public List<SharedParam> sharedParams() {
        return List.of(new SharedParam("effect", ShaderArgs.EFFECT),
                new SharedParam("effects_root", ShaderArgs.EFFECTS_ROOT),
                new SharedParam("offset", BatchPage.OFFSET_DOC), new SharedParam("limit", BatchPage.LIMIT_DOC),
                new SharedParam("mode", BatchPage.MODE_DOC), new SharedParam("width", ShaderArgs.WIDTH),
                new SharedParam("height", ShaderArgs.HEIGHT));
    }

    @Override
    public List<ToolDef<?>> tools() {
        return Stream.<ToolDef<?>>of(ToolDef.of("list_effects", "List effects",
                "Lists effects under the effects root from disk (native folders, ISF .fs, gl-transitions, .glsl "
                + "transitions): id, name, format, kind, description, tags, passes, GLSL/WGSL coverage, globals. "
                + "Start here for effect ids.",
                ListEffectsArgs.class, ToolHints.READS_ONLY,
                        (a, c) -> ToolOutput.of(catalog.list(library(a.effectsRoot()), a.effect(), a.limit()))),
                ToolDef.of("generate_shader_manifest", "Generate the effects manifest",
                        "Writes manifest.json in the effects root from the effect folders ({id: {description, tags, "
                        + "hasTex, glsl, wgsl}}), sorted and idempotent; reports ids added, removed and changed. "
                        + "dry_run writes nothing. Writes only that file.",
                        GenerateManifestArgs.class,
                        ToolHints.REWRITES_GENERATED_FILE,
                        (a, c) -> ToolOutput.of(catalog.generate(library(a.effectsRoot()), a.dryRun()))),
                ToolDef.of("search_effects", "Search effects and shader source",
                        "Finds effects from disk: query matches id, name, description, tags, author, license and "
                        + "format metadata; source_regex matches shader source lines (file:line, text). Either or "
                        + "both. The scan stops after 32 MiB or 10 s (scan_cut).",
                        SearchEffectsArgs.class,
                        ToolHints.READS_ONLY, (a, c) -> ToolOutput.of(search.search(library(a.effectsRoot()),
                                a.effect(), a.query(), a.sourceRegex(), a.limit()))),
                ToolDef.of("analyze_effect", "Summarise an effect's structure",
                        "Static summary of each effect from disk (no browser): format, kind, passes (program, "
                        + "inputs, target, size), inputs (uniform, type, default, range), textures, feedback, "
                        + "GLSL/WGSL coverage, line counts, pixels shaded per frame.",
                        AnalyzeEffectArgs.class,
                        ToolHints.READS_ONLY, (a, c) -> ToolOutput.of(analysis.analyze(library(a.effectsRoot()),
                                a.effect(), a.width(), a.height(), a.offset(), a.limit(), a.mode()))),
                ToolDef.of("compare_shaders", "Compare an effect's GLSL and WGSL",
                        "Static structural diff of each pass's GLSL and WGSL (pattern-based, not a compiler): "
                        + "functions and parameter counts, value uniforms, textures and samplers, constants, as "
                        + "matched names and names only one language has; 'unsupported' without both languages. "
                        + "Pixels: test_pixel_parity.",
                        CompareShadersArgs.class,
                        ToolHints.READS_ONLY, (a, c) -> ToolOutput.of(comparison.compare(library(a.effectsRoot()),
                                a.effect(), a.offset(), a.limit(), a.mode()))),
                ToolDef.of("check_effect_structure", "Check effect folders",
                        "On-disk checks of effect folders (no browser): programs no file provides, unused files, "
                        + "uniforms no global sets, globals no program declares, uniforms never read, GLSL errors, "
                        + "names clashing with GLSL/WGSL, missing description or help.md. Findings: code, severity, "
                        + "file, line, message.",
                        CheckEffectStructureArgs.class, ToolHints.READS_ONLY,
                        (a, c) -> ToolOutput.of(structure.check(library(a.effectsRoot()), a.effect(), a.offset(),
                                a.limit(), a.mode()))),
                ToolDef.of("compile_effect", "Compile effects",
                        "Compiles every program of the selected effects on the browser's real WebGL2 (GLSL ES 3.00) "
                        + "and WebGPU (WGSL): diagnostics {pass, program, language, stage, severity, line, column, "
                        + "message} with lines in your files; a missing language is 'not_available'. ~2 s first "
                        + "call, then ~0.1–0.5 s.",
                        CompileEffectArgs.class, ToolHints.READS_ONLY,
                (a, c) -> ToolOutput.of(compiler.compile(library(a.effectsRoot()), a, c))),
                ToolDef.of("render_effect_frame", "Render, measure and describe a frame",
                        "Renders one frame of each effect at a time, size and uniform values, reads it back and "
                        + "returns raw 0–1 metrics: mean/std RGB, alpha, luma variance, unique colours, "
                        + "all-zero/transparent/monochrome/blank flags. include_image adds a PNG. Feedback effects "
                        + "run from time 0. ~0.5 s. describe: the PNG and a description computed from the pixels "
                        + "(luma and spread, colourful share, hue names, edge density, left/right, top/bottom and "
                        + "centre/edge differences, one sentence), and with ask_model the client's own model's words "
                        + "by MCP sampling (model_description: ok, not_supported, declined, timeout or error; "
                        + "FrameScope holds no API keys), for the first effect that renders.",
                        RenderEffectFrameArgs.class, ToolHints.READS_ONLY,
                        (a, c) -> a.describe() ? describer.describe(library(a.effectsRoot()), a, c)
                                : renderer.render(library(a.effectsRoot()), a, c))
                        .withAlias("describe_effect_frame", DESCRIBE).withAlias("describeEffectFrame", DESCRIBE),
                parity(),
                ToolDef.of("test_uniform_responsiveness", "Test that uniforms change the frame",
                        "check 'responsiveness' (default): for every global with a uniform, of any type (numbers with "
                        + "or without a range, listed values, bool/event, colour, point, vectors, gl-transition "
                        + "progress, Shadertoy iMouse), renders the base frame (defaults or the given 'uniforms') and "
                        + "frames with only that global moved to each value picked for its type; per value: "
                        + "mean_abs_diff (0–1), max_diff (0–255), changed_pixels; changed = false: no value changed a "
                        + "pixel. Per pixel, so shifts and hue swaps count. check 'passthrough': for each filter (a "
                        + "pass reads inputTex), moves every numeric uniform off its default, renders over the test "
                        + "card and reports similarity = 1 − mean_abs_diff to the card; 'passthrough' when ≥ 0.99, "
                        + "non-filters 'skipped'.",
                        UniformResponsivenessArgs.class, ToolHints.READS_ONLY,
                        (a, c) -> ToolOutput.of(a.check() == ShaderArgs.UniformCheck.passthrough
                                ? tests.passthrough(library(a.effectsRoot()), a, c)
                                : tests.responsiveness(library(a.effectsRoot()), a, c)))
                        .withAlias("test_no_passthrough", PASSTHROUGH)
                        .withAlias("testNoPassthrough", PASSTHROUGH),
                ToolDef.of("benchmark_effect_fps", "Benchmark an effect",
                        "Renders frames back to back, each GPU-fenced (not requestAnimationFrame, capped near 60/s "
                        + "headless): elapsed ms, ms per frame (p50, p95, max, mean), frames/s and the renderer. "
                        + "Both backends are SwiftShader on the CPU here: compare effects, not absolute speed. With "
                        + "target_fps, meets_target per result. 60 frames at 512×512 take ~1 s for a simple effect.",
                                BenchmarkEffectArgs.class,
                        ToolHints.READS_ONLY,
                        (a, c) -> ToolOutput.of(benchmark.benchmark(library(a.effectsRoot()), a, c))))
                .<ToolDef<?>>map(ShaderTools::batchLimit).<ToolDef<?>>map(ShaderTools::withOriginalNames).toList();
    }

    /**
     * The original shader server's camelCase names, still accepted by tools/call so prompts written for it run;
     * checkAlgEquiv was its second name for the pixel-parity test.
     */
    static final java.util.Map<String, List<String>> ORIGINAL_NAMES = java.util.Map.ofEntries(
            java.util.Map.entry("list_effects", List.of("listEffects")),
            java.util.Map.entry("generate_shader_manifest", List.of("generateShaderManifest")),
            java.util.Map.entry("search_effects", List.of("searchEffects")),
            java.util.Map.entry("analyze_effect", List.of("analyzeEffect")),
            java.util.Map.entry("compare_shaders", List.of("compareShaders")),
            java.util.Map.entry("check_effect_structure", List.of("checkEffectStructure")),
            java.util.Map.entry("compile_effect", List.of("compileEffect")),
            java.util.Map.entry("render_effect_frame", List.of("renderEffectFrame")),
            java.util.Map.entry("test_pixel_parity", List.of("testPixelParity", "checkAlgEquiv")),
            java.util.Map.entry("test_uniform_responsiveness", List.of("testUniformResponsiveness")),
            java.util.Map.entry("benchmark_effect_fps", List.of("benchmarkEffectFPS")));

    /** describe_effect_frame, folded into render_effect_frame. */
    private static final java.util.Map<String, Object> DESCRIBE = java.util.Map.of("describe", true);

    /** test_no_passthrough, folded into test_uniform_responsiveness. */
    private static final java.util.Map<String, Object> PASSTHROUGH = java.util.Map.of("check", "passthrough");

    private static <A> ToolDef<A> withOriginalNames(ToolDef<A> tool) {
        return tool.withAliases(ORIGINAL_NAMES.getOrDefault(tool.name(), List.of()).toArray(String[]::new));
    }

    /**
     * Chromium browsers launched here (without FRAMESCOPE_BROWSER_WS): two, so back-to-back calls alternate and each
     * browser prepares its next fresh pages while the other serves a call, and batches run on both.
     */
    static final int LOCAL_BROWSERS = 2;


    /** A selector may name a whole folder of effects, each rendered several times in the one browser. */
    static final Duration BATCH_TIME_LIMIT = Duration.ofMinutes(30);

    private static <A> ToolDef<A> batchLimit(ToolDef<A> tool) {
        return tool.withTimeLimit(args -> BATCH_TIME_LIMIT);
    }

    private ToolDef<PixelParityArgs> parity() {
        return ToolDef.of("test_pixel_parity", "GLSL/WGSL pixel parity",
                       "Renders each effect on WebGL2 (GLSL) and WebGPU (WGSL) with the same uniforms at several "
                       + "times and two settings (defaults; every numeric global moved) and compares pixels: max and "
                       + "mean difference (0–255), % of pixels beyond epsilon, y_flip_detected (WGSL frame upside "
                       + "down), programs or uniforms only one language has. status 'mismatch' when any case exceeds "
                       + "epsilon. ~0.1 s per case at 128×128.", PixelParityArgs.class,
                ToolHints.READS_ONLY, (a, c) -> ToolOutput.of(tests.parity(library(a.effectsRoot()), a, c)));
    }

    private EffectLibrary library(String effectsRoot) {
        return new EffectLibrary(effectsRoot == null ? BundledEffects.defaultRoot(defaultEffectsRoot, stateDir)
                : Path.of(effectsRoot));
    }

    @Override
    public List<DemoCall> demoCalls() {
        return List.of(
                new DemoCall("List the demo effects", "list_effects", "{\"effect\": \"*\", \"limit\": 5}"),
                new DemoCall("Check the effect folders on disk (an unused file, a leaked uniform)",
                        "check_effect_structure", "{\"effect\": \"*\"}"),
                new DemoCall("Compile every demo effect on WebGL2 and WebGPU (known errors at GLSL line 8, WGSL line 6)",
                        "compile_effect", "{\"effect\": \"*\"}"),
                new DemoCall("Render and measure a frame read back from WebGPU", "render_effect_frame",
                        "{\"effect\": \"synth/gradient\", \"backend\": \"webgpu\"}"),
                new DemoCall("Describe a frame from its pixels (an ISF file with a quarter-size pass)",
                        "render_effect_frame", "{\"effect\": \"Quarter Res\", \"describe\": true, \"effects_root\": "
                        + "\"demo/shaders/isf\"}"),
                new DemoCall("GLSL vs WGSL pixel parity (one effect forgets the y flip)", "test_pixel_parity",
                        "{\"effect\": \"synth/gradient,broken/parity-mismatch\"}"),
                new DemoCall("Does each filter filter? (one passes its input through)",
                        "test_uniform_responsiveness", "{\"effect\": \"filter/*,broken/passthrough\", \"check\": "
                        + "\"passthrough\"}"));
    }
}
