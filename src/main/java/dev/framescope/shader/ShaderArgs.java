package dev.framescope.shader;

import dev.framescope.common.Param;
import dev.framescope.common.ToolException;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.EffectCompiler.OneBackend;
import java.util.List;
import java.util.Map;

/** Inputs of the shader tools. */
public final class ShaderArgs {

    private ShaderArgs() {
    }

    static final String EFFECT = "Effect id ('namespace/effect'), glob ('synth/*') or comma-separated list.";
    static final String EFFECTS_ROOT = "Effects folder; default FRAMESCOPE_EFFECTS_ROOT or the bundled demos.";
    static final String WIDTH = "Width in pixels.";
    static final String HEIGHT = "Height in pixels.";
    static final String BACKEND = "webgl2 runs the GLSL, webgpu the WGSL; both where offered.";
    static final String TIME = "Time, 0..1 over the effect's 8 s loop.";
    static final String UNIFORMS = "Values by global or uniform name, e.g. {\"speed\": 1.5}; the rest keep their "
            + "defaults (gl-transition progress 0.5).";

    /** A parameter only some settings of a tool use, refused (not ignored) with the others. */
    static void onlyWith(String parameter, Object given, String setting) {
        if (given != null) {
            throw ToolException.invalidArgument(parameter, "given only with " + setting, given);
        }
    }

    /** Tools that render take one backend: webgl2 by default. */
    static OneBackend singleBackend(OneBackend backend) {
        return backend == null ? OneBackend.webgl2 : backend;
    }

    public record CompileEffectArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param(BACKEND) Backend backend,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = BatchPage.OFFSET_DOC, min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(BatchPage.MODE_DOC) BatchPage.Mode mode) {
        public CompileEffectArgs {
            backend = backend == null ? Backend.both : backend;
            offset = offset == null ? 0 : offset;
            mode = mode == null ? BatchPage.Mode.full : mode;
        }

        public CompileEffectArgs(String effect, Backend backend, String effectsRoot) {
            this(effect, backend, effectsRoot, null, null, null);
        }
    }

    public record RenderEffectFrameArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param(BACKEND) OneBackend backend,
            @Param(value = TIME, min = 0, max = 1) Double time,
            @Param(value = WIDTH, min = 1, max = 2048) Integer width,
            @Param(value = HEIGHT, min = 1, max = 2048)
            Integer height,
            @Param(UNIFORMS)
            Map<String, Object> uniforms,
            @Param("Also return the first frame as a PNG.")
            Boolean includeImage,
            @Param("Describe the frame; 8–1024 px, no frames.") Boolean describe,
            @Param("describe: also ask the client's model.")
            Boolean askModel,
            @Param(value = "describe: what to ask the model.", maxLength = 2000) String question,
            @Param(value = "describe: most tokens the model may answer.", min = 16, max = 4000) Integer maxTokens,
            @Param(value = "describe: seconds to wait for the model.", min = 1, max = 600) Integer modelTimeoutS,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param("PNG/JPEG paths (≤ 4096 px) by image input (from, to, iChannel0, bufferA.iChannel0…); others "
                    + "get test cards.")
            Map<String, String> images,
            @Param(value = "Frames drawn up to time (feedback effects); default floor(time × 480) + 1.",
                    min = 1, max = 1000)
            Integer frames,
            @Param(value = BatchPage.OFFSET_DOC, min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(BatchPage.MODE_DOC) BatchPage.Mode mode,
            @Param(value = "With trace_y: pass_trace, each pass's RGBA at this pixel column (0 = left).", min = 0,
                    max = 2047) Integer traceX,
            @Param(value = "Pixel row (0 = top).", min = 0, max = 2047) Integer traceY,
            @Param("With trace: also each pass's picture (first 8, first effect; non-finite magenta).")
            Boolean passImages) {
        public RenderEffectFrameArgs {
            describe = describe != null && describe;
            if ((traceX == null) != (traceY == null)) {
                throw ToolException.invalidArgument(traceX == null ? "trace_x" : "trace_y", "given with "
                        + (traceX == null ? "trace_y" : "trace_x") + " (a pixel needs both)", null);
            }
            if (traceX == null) {
                onlyWith("pass_images", passImages, "trace_x and trace_y");
            } else if (describe) {
                throw ToolException.invalidArgument("trace_x", "absent with describe", traceX);
            }
            if (!describe) {
                onlyWith("ask_model", askModel, "describe: true");
                onlyWith("question", question, "describe: true");
                onlyWith("max_tokens", maxTokens, "describe: true");
                onlyWith("model_timeout_s", modelTimeoutS, "describe: true");
            } else {
                describable("width", width);
                describable("height", height);
                if (frames != null) {
                    throw ToolException.invalidArgument("frames", "absent with describe (the description renders "
                            + "the frame at `time` directly)", frames);
                }
            }
            offset = offset == null ? 0 : offset;
            mode = mode == null ? BatchPage.Mode.full : mode;
            images = images == null ? Map.of() : images;
            backend = singleBackend(backend);
            time = time == null ? 0.0 : time;
            width = width == null ? 256 : width;
            height = height == null ? 256 : height;
            uniforms = uniforms == null ? Map.of() : uniforms;
            includeImage = includeImage != null && includeImage;
            askModel = askModel == null || askModel;
            maxTokens = maxTokens == null ? 300 : maxTokens;
            modelTimeoutS = modelTimeoutS == null ? 60 : modelTimeoutS;
            passImages = passImages != null && passImages;
            inFrame("trace_x", traceX, width);
            inFrame("trace_y", traceY, height);
        }

        private static void inFrame(String parameter, Integer at, int size) {
            if (at != null && at >= size) {
                throw ToolException.invalidArgument(parameter, "from 0 to " + (size - 1) + " (inside the frame)", at);
            }
        }

        private static void describable(String parameter, Integer size) {
            if (size != null && (size < 8 || size > 1024)) {
                throw ToolException.invalidArgument(parameter, "from 8 to 1024 with describe", size);
            }
        }
    }

    /** What {@code test_effect} checks. */
    public enum EffectCheck { responsiveness, passthrough, parity, reference, endpoints }

    /**
     * The behavioural tests share the selection, size and paging; each takes its own knobs and refuses the others'
     * (naming the check they belong to) rather than ignoring them. Size defaults differ by check (64² for the uniform
     * checks and endpoints, 128² for parity, as before the fold; the reference PNG's own size for reference), and so
     * does the backend (both, but one for reference and endpoints), so the schema gives neither.
     */
    public record TestEffectArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param("Each check refuses the others' parameters; reference and endpoints render on one backend, webgl2 by "
                    + "default.") EffectCheck check,
            @Param(value = BACKEND, defaultDependsOn = "check") Backend backend,
            @Param(value = WIDTH, defaultDependsOn = "check", min = 1, max = 1024) Integer width,
            @Param(value = HEIGHT, defaultDependsOn = "check", min = 1, max = 1024) Integer height,
            @Param(value = TIME, min = 0, max = 1) Double time,
            @Param(UNIFORMS)
            Map<String, Object> uniforms,
            @Param(value = "parity: times, each 0..1.", min = 0, max = 1, maxLength = 8) List<Double> times,
            @Param("parity: also with numeric globals moved.")
            Boolean moveUniforms,
            @Param(value = "parity: largest channel difference (0–255) counted equal.",
                    min = 0, max = 255) Integer epsilon,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = BatchPage.OFFSET_DOC, min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(BatchPage.MODE_DOC) BatchPage.Mode mode,
            @Param(value = "reference: a PNG, or a folder of <effect id>.png (read only).", maxLength = 1000)
            String reference,
            @Param(value = "reference, endpoints: largest channel difference (0–255) counted equal.", min = 0,
                    max = 255) Integer tolerance) {
        public TestEffectArgs {
            check = check == null ? EffectCheck.responsiveness : check;
            boolean parity = check == EffectCheck.parity;
            boolean golden = check == EffectCheck.reference || check == EffectCheck.endpoints;
            if (parity) {
                onlyWith("time", time, "checks other than parity");
                onlyWith("uniforms", uniforms, "checks other than parity");
                if (backend != null && backend != Backend.both) {
                    throw ToolException.invalidArgument("backend", "both or absent with check parity (it "
                            + "compares the two)", backend);
                }
            } else {
                onlyWith("times", times, "check parity");
                onlyWith("move_uniforms", moveUniforms, "check parity");
                onlyWith("epsilon", epsilon, "check parity");
            }
            if (check != EffectCheck.reference) {
                onlyWith("reference", reference, "check reference");
            } else if (reference == null || reference.isBlank()) {
                throw ToolException.invalidArgument("reference", "a PNG file or a folder of <effect id>.png with "
                        + "check reference", reference);
            }
            if (!golden) {
                onlyWith("tolerance", tolerance, "check reference or endpoints");
            } else if (backend == Backend.both) {
                throw ToolException.invalidArgument("backend", "webgl2 or webgpu with check " + check
                        + " (one frame per effect)", backend);
            }
            offset = offset == null ? 0 : offset;
            mode = mode == null ? BatchPage.Mode.full : mode;
            uniforms = uniforms == null ? Map.of() : uniforms;
            backend = backend == null ? (golden ? Backend.webgl2 : Backend.both) : backend;
            if (check != EffectCheck.reference) {
                width = width == null ? (parity ? 128 : 64) : width;
                height = height == null ? (parity ? 128 : 64) : height;
            }
            time = time == null ? 0.25 : time;
            times = times == null || times.isEmpty() ? List.of(0.0, 0.5) : List.copyOf(times);
            moveUniforms = moveUniforms == null || moveUniforms;
            epsilon = epsilon == null ? 1 : epsilon;
            tolerance = tolerance == null ? 1 : tolerance;
        }
    }

    /** What {@code analyze_effect} reports; all three read the files only. */
    public enum Analysis { overview, structure, glsl_wgsl }

    public record BenchmarkEffectArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param(BACKEND) OneBackend backend,
            @Param(value = "Frames to render.", min = 1, max = 1000)
            Integer frames,
            @Param(value = WIDTH, min = 1, max = 2048) Integer width,
            @Param(value = HEIGHT, min = 1, max = 2048) Integer height,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = "meets_target = frames/s ≥ this.", min = 0.001,
                    max = 100000) Double targetFps,
            @Param(value = BatchPage.OFFSET_DOC, min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(BatchPage.MODE_DOC) BatchPage.Mode mode) {
        public BenchmarkEffectArgs {
            offset = offset == null ? 0 : offset;
            mode = mode == null ? BatchPage.Mode.full : mode;
            backend = singleBackend(backend);
            frames = frames == null ? 60 : frames;
            width = width == null ? 512 : width;
            height = height == null ? 512 : height;
        }
    }

    public record GenerateManifestArgs(
            @Param(EFFECTS_ROOT) String effectsRoot,
            @Param("Report what would change, write nothing.") Boolean dryRun) {
        public GenerateManifestArgs {
            dryRun = dryRun != null && dryRun;
        }
    }

    /** Without query or source_regex the answer is the listing of every selected effect (list_effects before). */
    public record SearchEffectsArgs(
            @Param(value = "Case-insensitive text in id, name, description, tags or other metadata.", maxLength = 200)
            String query,
            @Param(value = "Java regex over each shader source line, e.g. \"texture\\\\(inputTex\".",
                    maxLength = 500) String sourceRegex,
            @Param(value = EFFECT, maxLength = 500) String effect,
            @Param(value = "Most per preview; default 50, listing 200.", defaultDependsOn = "query", min = 1,
                    max = 1000) Integer limit,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = "First item of the list (each list for a search), 0-based; pass page.next_offset to go on.",
                    min = 0, max = 100000) Integer offset) {
        public SearchEffectsArgs {
            effect = effect == null ? "*" : effect;
            limit = limit == null ? (isListing(query, sourceRegex) ? 200 : 50) : limit;
            offset = offset == null ? 0 : offset;
        }

        public boolean isListing() {
            return isListing(query, sourceRegex);
        }

        private static boolean isListing(String query, String sourceRegex) {
            return (query == null || query.isBlank()) && (sourceRegex == null || sourceRegex.isEmpty());
        }
    }

    public record AnalyzeEffectArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param("What to report; width and height are overview's.")
            Analysis analysis,
            @Param(value = WIDTH, min = 1, max = 8192) Integer width,
            @Param(value = HEIGHT, min = 1, max = 8192) Integer height,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = BatchPage.OFFSET_DOC, min = 0, max = 100000) Integer offset,
            @Param(BatchPage.MODE_DOC) BatchPage.Mode mode) {
        public AnalyzeEffectArgs {
            analysis = analysis == null ? Analysis.overview : analysis;
            if (analysis != Analysis.overview) {
                onlyWith("width", width, "analysis overview (the cost is counted at that size)");
                onlyWith("height", height, "analysis overview (the cost is counted at that size)");
            }
            width = width == null ? 512 : width;
            height = height == null ? 512 : height;
            offset = offset == null ? 0 : offset;
            mode = mode == null ? BatchPage.Mode.full : mode;
        }
    }
}
