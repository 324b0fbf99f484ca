package dev.framescope.shader;

import dev.framescope.common.Components;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.shader.ShaderArgs.CompileEffectArgs;
import dev.framescope.shader.ShaderArgs.RenderEffectFrameArgs;
import dev.framescope.shader.harness.BrowserHarness;
import java.nio.file.Path;
import java.util.List;

/** Shader effects compiled in real headless Chromium (WebGL2 and WebGPU). */
public final class ShaderTools implements ToolGroup {

    private final Path defaultEffectsRoot;
    private final EffectCompiler compiler;
    private final FrameRenderer renderer;

    public ShaderTools(Path chromium, Path defaultEffectsRoot, Components components) {
        this.defaultEffectsRoot = defaultEffectsRoot;
        BrowserHarness harness = new BrowserHarness(chromium);
        components.register(Components.BROWSER, harness::status);
        this.compiler = new EffectCompiler(harness);
        this.renderer = new FrameRenderer(harness);
    }

    @Override
    public String name() {
        return "shader";
    }

    @Override
    public String guide() {
        return "Shader effects in real headless Chromium (WebGL2 and WebGPU on SwiftShader here): call compileEffect "
                + "with an effect id or glob first; it returns diagnostics with line numbers in your files.";
    }

    @Override
    public List<ToolDef<?>> tools() {
        return List.of(ToolDef.of("compileEffect", "Compile effects", "Compiles every program of the selected "
                + "effects on the browser's real WebGL2 (GLSL ES 3.00, linked with a full-screen vertex shader) and "
                + "WebGPU (WGSL via getCompilationInfo) and returns per-program diagnostics {pass, program, "
                + "language, stage, severity, line, column, message} with line numbers in your files, plus the "
                + "renderer/adapter strings. A language without a file is 'not_available', not a failure; one "
                + "broken effect never stops the batch. Launches Chromium on first use (~2 s), then ~0.5 s per "
                + "call.", CompileEffectArgs.class, ToolHints.READS_ONLY,
                (a, c) -> ToolOutput.of(compiler.compile(library(a.effectsRoot()), a.effect(), a.backend(), c))),
                ToolDef.of("renderEffectFrame", "Render and measure a frame", "Renders one frame of each selected "
                        + "effect offscreen on WebGL2 or WebGPU at a given time, size and uniform values, reads the "
                        + "pixels back from the GPU (not a screenshot) and returns raw metrics on a 0–1 scale: "
                        + "mean/std RGB, mean alpha, luma variance, unique sampled colours, all-zero / transparent / "
                        + "monochrome / essentially-blank flags (formulas in docs/shaders.md). include_image adds the "
                        + "first frame as PNG image content. Multi-pass effects render their first pass only for "
                        + "now. ~0.5 s per call once Chromium runs.", RenderEffectFrameArgs.class,
                        ToolHints.READS_ONLY, (a, c) -> renderer.render(library(a.effectsRoot()), a, c)));
    }

    private EffectLibrary library(String effectsRoot) {
        return new EffectLibrary(effectsRoot == null ? defaultEffectsRoot : Path.of(effectsRoot));
    }

    @Override
    public List<DemoCall> demoCalls() {
        return List.of(new DemoCall("Compile the demo effects on WebGL2 and WebGPU (one has a known GLSL error, "
                + "one a known WGSL error)", "compileEffect", "{\"effect\": \"*\"}"));
    }
}
