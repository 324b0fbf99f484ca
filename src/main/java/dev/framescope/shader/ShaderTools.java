package dev.framescope.shader;

import dev.framescope.common.Components;
import dev.framescope.common.PromptRecipe;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.common.WritableRoots;
import dev.framescope.shader.ShaderArgs.AnalyzeEffectArgs;
import dev.framescope.shader.ShaderArgs.BenchmarkEffectArgs;
import dev.framescope.shader.ShaderArgs.CompileEffectArgs;
import dev.framescope.shader.ShaderArgs.GenerateManifestArgs;
import dev.framescope.shader.ShaderArgs.RenderEffectFrameArgs;
import dev.framescope.shader.ShaderArgs.SearchEffectsArgs;
import dev.framescope.shader.ShaderArgs.TestEffectArgs;
import dev.framescope.shader.harness.BrowserHarness;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Shader effects compiled in real headless Chromium (WebGL2 and WebGPU). */
public final class ShaderTools implements ToolGroup {

    private final Path defaultEffectsRoot;
    private final Path stateDir;
    private final BrowserHarness harness;
    private final EffectCompiler compiler;
    private final FrameRenderer renderer;
    private final UniformResponsiveness responsiveness;
    private final PassthroughCheck passthrough;
    private final PixelParity parity;
    private final ReferenceCheck reference;
    private final TransitionEndpoints endpoints;
    private final StructureCheck structure;
    private final EffectCatalog catalog;
    private final EffectBenchmark benchmark;
    private final EffectDescriber describer;
    private final EffectSearch search = new EffectSearch();
    private final EffectAnalysis analysis = new EffectAnalysis();
    private final ShaderComparison comparison = new ShaderComparison();
    private final EffectDebugger debugger;

    /**
     * @param outputDir a folder the manifest may be written into besides the working directory and the configured
     *                  effects root, or null
     */
    public ShaderTools(Path chromium, boolean strictBrowser, String browserEndpoint, Path defaultEffectsRoot,
                       String glslangValidator, Path stateDir, Path outputDir, long browserMemoryMb,
                       Components components, Supplier<ToolCaller> tools) {
        this.defaultEffectsRoot = defaultEffectsRoot;
        this.stateDir = stateDir;
        List<Path> writable = new ArrayList<>(List.of(Path.of(""), defaultEffectsRoot));
        if (outputDir != null) {
            writable.add(outputDir);
        }
        this.catalog = new EffectCatalog(new WritableRoots(writable, "the working directory, the effects root "
                + "FrameScope was started with, or FRAMESCOPE_OUTPUT_DIR"));
        this.structure = new StructureCheck(glslangValidator);
        this.harness = new BrowserHarness(chromium, strictBrowser, browserEndpoint, stateDir, LOCAL_BROWSERS,
                browserMemoryMb);
        components.register(Components.BROWSER, harness::status);
        this.compiler = new EffectCompiler(harness);
        this.renderer = new FrameRenderer(harness);
        this.responsiveness = new UniformResponsiveness(harness);
        this.passthrough = new PassthroughCheck(harness);
        this.parity = new PixelParity(harness);
        this.reference = new ReferenceCheck(harness);
        this.endpoints = new TransitionEndpoints(harness);
        this.benchmark = new EffectBenchmark(harness);
        this.describer = new EffectDescriber(harness);
        this.debugger = new EffectDebugger(harness, glslangValidator, stateDir, tools);
    }

    @Override
    public String name() {
        return "shader";
    }

    @Override
    public List<PromptRecipe> prompts() {
        return EffectPrompts.all(defaultEffectsRoot);
    }

    @Override
    public String guide() {
        return "Shader effects in real headless Chromium (WebGL2 and WebGPU on SwiftShader here): call compile_effect "
                + "with an effect id or glob first (search_effects without a query lists the ids); it returns "
                + "diagnostics with line numbers in your files. A selector runs as a batch (one broken effect never "
                + "stops it), paged.";
    }

    @Override
    public List<SharedParam> sharedParams() {
        return List.of(new SharedParam("effect", ShaderArgs.EFFECT),
                new SharedParam("effects_root", ShaderArgs.EFFECTS_ROOT),
                new SharedParam("offset", BatchPage.OFFSET_DOC), new SharedParam("limit", BatchPage.LIMIT_DOC),
                new SharedParam("mode", BatchPage.MODE_DOC), new SharedParam("width", ShaderArgs.WIDTH),
                new SharedParam("height", ShaderArgs.HEIGHT), new SharedParam("backend", ShaderArgs.BACKEND),
                new SharedParam("time", ShaderArgs.TIME), new SharedParam("uniforms", ShaderArgs.UNIFORMS));
    }

    @Override
    public List<ToolDef<?>> tools() {
        return ToolDef.all(searchEffects(), generateShaderManifest(), analyzeEffect(), compileEffect(),
                renderEffectFrame(), testEffect(), benchmarkEffectFps(), debugEffect());
    }

    private ToolDef.Builder<DebugEffectArgs> debugEffect() {
        return ToolDef.of("debug_effect", "Debug an effect's pass at a pixel",
                "RenderDoc's debugger on one GLSL pass at one pixel, no capture needed: Chromium draws the frame, "
                + "the pass is redrawn natively (lavapipe) with its uniforms and inputs and captured. Answers "
                + "debug_shader's trace on your file's lines, the pixel native vs Chromium, the .rdc. WGSL-only: "
                + "UNSUPPORTED. ~3-10 s.",
                DebugEffectArgs.class, ToolHints.READS_ONLY,
                (a, c) -> ToolOutput.of(debugger.debug(library(a.effectsRoot()), a, c)))
                .returns(EffectDebugger.DebugEffectReport.class)
                .withTimeLimit(a -> Duration.ofMinutes(5));
    }

    private ToolDef.Builder<SearchEffectsArgs> searchEffects() {
        return batch("search_effects", "Find effects",
                "From disk. Without query or source_regex: lists each effect (id, name, format, kind, "
                + "description, tags, passes, languages, globals); start here. query matches metadata, "
                + "source_regex source lines (file:line, text); scans stop at 32 MiB or 10 s.",
                SearchEffectsArgs.class, ToolHints.READS_ONLY, (a, c) -> ToolOutput.of(a.isListing()
                        ? catalog.list(library(a.effectsRoot()), a.effect(), a.offset(), a.limit())
                        : search.search(library(a.effectsRoot()), a.effect(), a.query(), a.sourceRegex(),
                                a.offset(), a.limit())))
                .returns(EffectSearch.SearchReport.class, EffectCatalog.EffectList.class)
                .withAliases("list_effects", "listEffects", "searchEffects");
    }

    private ToolDef.Builder<GenerateManifestArgs> generateShaderManifest() {
        return batch("generate_shader_manifest", "Write the effects manifest",
                "Writes manifest.json in the effects root from the native effect folders ({id: "
                + "{description, tags, hasTex, glsl, wgsl}}), only when an entry is added, removed or "
                + "changed, in the file's own layout; reports those ids. Writes only that file.",
                GenerateManifestArgs.class, ToolHints.REWRITES_GENERATED_FILE,
                (a, c) -> ToolOutput.of(catalog.generate(library(a.effectsRoot()), a.dryRun())))
                .returns(EffectCatalog.ManifestReport.class)
                .withAliases("generateShaderManifest");
    }

    private ToolDef.Builder<CompileEffectArgs> compileEffect() {
        return batch("compile_effect", "Compile effects",
                "Compiles every program on the browser's WebGL2 (GLSL ES 3.00) and WebGPU (WGSL): "
                + "diagnostics {pass, program, language, stage, severity, line, column, message}, lines in "
                + "your files; no such language: not_available. ~2 s first call, then 0.1–0.5 s.",
                CompileEffectArgs.class, ToolHints.READS_ONLY,
                (a, c) -> ToolOutput.of(compiler.compile(library(a.effectsRoot()), a, c)))
                .returns(EffectCompiler.CompileReport.class)
                .withAliases("compileEffect");
    }

    private ToolDef.Builder<RenderEffectFrameArgs> renderEffectFrame() {
        return batch("render_effect_frame", "Render and describe a frame",
                "Renders a frame per effect; returns 0–1 metrics: mean/std RGB, alpha, luma variance, unique "
                + "colours, flags (all-zero, transparent, monochrome, blank); non_finite: NaN/±Inf any pass "
                + "wrote, before 8-bit rounding. ~0.5 s. describe (first effect "
                + "that renders): the PNG, a text from its pixels (luma, hues, edges, halves, centre) and the "
                + "client's model's words by MCP sampling.",
                RenderEffectFrameArgs.class, ToolHints.READS_ONLY,
                (a, c) -> a.describe() ? describer.describe(library(a.effectsRoot()), a, c)
                        : renderer.render(library(a.effectsRoot()), a, c))
                .returnsImages()
                .withAliases("renderEffectFrame")
                .withAlias("describe_effect_frame", DESCRIBE).withAlias("describeEffectFrame", DESCRIBE);
    }

    private ToolDef.Builder<BenchmarkEffectArgs> benchmarkEffectFps() {
        return batch("benchmark_effect_fps", "Benchmark an effect",
                "Renders frames back to back, each GPU-fenced: elapsed ms, ms per frame (p50, p95, max, "
                + "mean), frames/s, renderer. SwiftShader (CPU) here: compare effects, not absolute speed. 60 "
                + "frames at 512²: ~1 s for a simple effect.",
                BenchmarkEffectArgs.class, ToolHints.READS_ONLY,
                (a, c) -> ToolOutput.of(benchmark.benchmark(library(a.effectsRoot()), a, c)))
                .returns(EffectBenchmark.BenchmarkReport.class)
                .withAliases("benchmarkEffectFPS");
    }

    /** compare_shaders and check_effect_structure before: the same selection and paging, read from disk. */
    private ToolDef.Builder<AnalyzeEffectArgs> analyzeEffect() {
        return batch("analyze_effect", "Analyse effect files",
                "From the files, no browser. overview: format, kind, passes (program, inputs, target, size), "
                + "inputs (type, default, range), textures, feedback, languages, line counts, pixels shaded per "
                + "frame. structure: findings {code, severity, file, line, message} on programs, files, uniforms, "
                + "globals, GLSL errors, reserved names, docs. glsl_wgsl: per pass, functions, uniforms, textures, "
                + "constants in both languages or one (by pattern).",
                AnalyzeEffectArgs.class, ToolHints.READS_ONLY, (a, c) -> ToolOutput.of(switch (a.analysis()) {
                    case overview -> analysis.analyze(library(a.effectsRoot()), a.effect(), a.width(), a.height(),
                            a.offset(), a.limit(), a.mode());
                    case structure -> structure.check(library(a.effectsRoot()), a.effect(), a.offset(), a.limit(),
                            a.mode());
                    case glsl_wgsl -> comparison.compare(library(a.effectsRoot()), a.effect(), a.offset(), a.limit(),
                            a.mode());
                }))
                .returns(EffectAnalysis.AnalysisReport.class, StructureCheck.StructureReport.class,
                        ShaderComparison.ComparisonReport.class)
                .withAliases("analyzeEffect")
                .withAlias("check_effect_structure", STRUCTURE).withAlias("checkEffectStructure", STRUCTURE)
                .withAlias("compare_shaders", GLSL_WGSL).withAlias("compareShaders", GLSL_WGSL);
    }

    /** test_uniform_responsiveness, test_no_passthrough and test_pixel_parity before: each renders and compares. */
    private ToolDef.Builder<TestEffectArgs> testEffect() {
        return batch("test_effect", "Test an effect's pixels",
                "Renders each effect (64², parity 128²; ~0.1 s a frame) and compares pixels. responsiveness: each "
                + "global moved to values picked for its type vs the base frame: per value "
                + "mean_abs_diff (0–1), max_diff (0–255), changed_pixels. passthrough: filters, every input moved "
                + "(time-dependent: moving card), vs their input card: similarity = 1 − mean_abs_diff (RGB), per channel "
                + "with alpha, moved_channels. parity: WebGL2 vs WebGPU per time, "
                + "at defaults and moved: max/mean diff, % beyond epsilon, y_flip_detected. reference: vs a golden "
                + "PNG (its size): differing fraction, max diff, a diff picture. endpoints: transitions at progress "
                + "0 vs the from image, 1 vs the to image.",
                TestEffectArgs.class, ToolHints.READS_ONLY, (a, c) -> switch (a.check()) {
                    case responsiveness -> ToolOutput.of(responsiveness.responsiveness(library(a.effectsRoot()), a,
                            c));
                    case passthrough -> ToolOutput.of(passthrough.passthrough(library(a.effectsRoot()), a, c));
                    case parity -> ToolOutput.of(parity.parity(library(a.effectsRoot()), a, c));
                    case reference -> reference.check(library(a.effectsRoot()), a, c);
                    case endpoints -> ToolOutput.of(endpoints.check(library(a.effectsRoot()), a, c));
                })
                .returnsImages()
                .withAliases("test_uniform_responsiveness", "testUniformResponsiveness")
                .withAlias("test_no_passthrough", PASSTHROUGH).withAlias("testNoPassthrough", PASSTHROUGH)
                .withAlias("test_pixel_parity", PARITY).withAlias("testPixelParity", PARITY)
                .withAlias("checkAlgEquiv", PARITY); // the original server's second name for the parity test
    }

    /*
     * Older names that stand for a setting of the tool they were folded into. The camelCase names are the original
     * shader server's, still accepted so prompts written for it run.
     */
    private static final Map<String, Object> DESCRIBE = Map.of("describe", true);
    private static final Map<String, Object> STRUCTURE = Map.of("analysis", "structure");
    private static final Map<String, Object> GLSL_WGSL = Map.of("analysis", "glsl_wgsl");
    private static final Map<String, Object> PASSTHROUGH = Map.of("check", "passthrough");
    private static final Map<String, Object> PARITY = Map.of("check", "parity");

    /**
     * Chromium browsers launched here (without FRAMESCOPE_BROWSER_WS): two, so back-to-back calls alternate and each
     * browser prepares its next fresh pages while the other serves a call, and batches run on both.
     */
    static final int LOCAL_BROWSERS = 2;

    /** Closing the browsers at the end of serving: part of the 2 s a client gives a server after its stdin closes. */
    static final long CLOSE_AT_EXIT_MS = 400;

    /**
     * The process ends next and kills what it started: the browsers are closed first, through Playwright while its
     * drivers still run, so that nothing is written into a killed driver's pipe (a "Broken pipe" stack trace).
     */
    @Override
    public void clientGone() {
        harness.close(CLOSE_AT_EXIT_MS);
    }

    /** A selector may name a whole folder of effects, each rendered several times on the browsers. */
    static final Duration BATCH_TIME_LIMIT = Duration.ofMinutes(30);

    /** Every shader tool runs as a batch: the declaration of one, with the batch's time limit. */
    private static <A> ToolDef.Builder<A> batch(String name, String title, String description, Class<A> args,
                                                ToolHints hints, ToolDef.Handler<A> handler) {
        return ToolDef.of(name, title, description, args, hints, handler).withTimeLimit(a -> BATCH_TIME_LIMIT);
    }

    private EffectLibrary library(String effectsRoot) {
        return new EffectLibrary(effectsRoot == null ? BundledEffects.defaultRoot(defaultEffectsRoot, stateDir)
                : Path.of(effectsRoot));
    }

    @Override
    public List<DemoCall> demoCalls() {
        return List.of(
                new DemoCall("List the demo effects", "search_effects", "{\"effect\": \"*\", \"limit\": 5}"),
                new DemoCall("Check the effect folders on disk (an unused file, a leaked uniform)",
                        "analyze_effect", "{\"effect\": \"*\", \"analysis\": \"structure\"}"),
                new DemoCall("Compile every demo effect on WebGL2 and WebGPU (known errors at GLSL line 8, WGSL line 6)",
                        "compile_effect", "{\"effect\": \"*\"}"),
                new DemoCall("Render and measure a frame read back from WebGPU", "render_effect_frame",
                        "{\"effect\": \"synth/gradient\", \"backend\": \"webgpu\"}"),
                new DemoCall("Describe a frame from its pixels (an ISF file with a quarter-size pass)",
                        "render_effect_frame", "{\"effect\": \"Quarter Res\", \"describe\": true, \"effects_root\": "
                        + "\"demo/shaders/isf\"}"),
                new DemoCall("GLSL vs WGSL pixel parity (one effect forgets the y flip)", "test_effect",
                        "{\"effect\": \"synth/gradient,broken/parity-mismatch\", \"check\": \"parity\"}"),
                new DemoCall("Does each filter filter? (one passes its input through)",
                        "test_effect", "{\"effect\": \"filter/*,broken/passthrough\", \"check\": "
                        + "\"passthrough\"}"),
                new DemoCall("Step an effect's NaN to its line (RenderDoc's debugger on a native redraw of the pass)",
                        "debug_effect", "{\"effect\": \"isf/Two Pass NaN\", \"effects_root\": "
                        + "\"demo/shaders/debug\", \"width\": 64, \"height\": 32}"));
    }
}
