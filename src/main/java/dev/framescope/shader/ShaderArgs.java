package dev.framescope.shader;

import dev.framescope.common.Param;
import dev.framescope.common.ToolException;
import java.util.List;
import java.util.Map;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.EffectCompiler.OneBackend;

/** Inputs of the shader tools. */
public final class ShaderArgs {

    private ShaderArgs() {
    }

    static final String EFFECT = "Effect id ('namespace/effect'), glob ('synth/*') or comma-separated list.";
    static final String EFFECTS_ROOT = "Effects folder; default FRAMESCOPE_EFFECTS_ROOT or the bundled demos.";
    static final String WIDTH = "Width in pixels.";
    static final String HEIGHT = "Height in pixels.";

    /** Tools that render take one backend: webgl2 by default. */
    static OneBackend singleBackend(OneBackend backend) {
        return backend == null ? OneBackend.webgl2 : backend;
    }

    public record CompileEffectArgs(
            @Param(value = EFFECT,
                    required = true, maxLength = 500) String effect,
            @Param(value = "webgl2 (GLSL), webgpu (WGSL) or both.", defaultValue = "\"both\"") Backend backend,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = BatchPage.OFFSET_DOC, defaultValue = "0", min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(value = BatchPage.MODE_DOC, defaultValue = "\"full\"") BatchPage.Mode mode) {
        public CompileEffectArgs {
            backend = backend == null ? Backend.both : backend;
            mode = mode == null ? BatchPage.Mode.full : mode;
        }

        public CompileEffectArgs(String effect, Backend backend, String effectsRoot) {
            this(effect, backend, effectsRoot, null, null, null);
        }
    }

    public record RenderEffectFrameArgs(
            @Param(value = EFFECT,
                    required = true, maxLength = 500) String effect,
            @Param(value = "webgl2 (GLSL) or webgpu (WGSL).", defaultValue = "\"webgl2\"") OneBackend backend,
            @Param(value = "Time, 0..1 over the effect's 8 s loop.", defaultValue = "0.0",
                    min = 0, max = 1) Double time,
            @Param(value = WIDTH, defaultValue = "256", min = 1, max = 2048) Integer width,
            @Param(value = HEIGHT, defaultValue = "256", min = 1, max = 2048)
            Integer height,
            @Param("Values by global or uniform name, e.g. {\"speed\": 1.5}; others keep defaults (gl-transition "
                    + "progress 0.5).")
            Map<String, Object> uniforms,
            @Param(value = "Also return the first frame as a PNG (then no structuredContent).",
                    defaultValue = "false") Boolean includeImage,
            @Param(value = "Also describe the frame from its pixels, with the PNG; 8–1024 px a side, at `time` "
                    + "(no frames).", defaultValue = "false") Boolean describe,
            @Param(value = "With describe: also ask the client's model to describe the image (MCP sampling; the "
                    + "client may ask its user).", defaultValue = "true") Boolean askModel,
            @Param(value = "With describe: question for the client's model instead of 'describe what it shows'.",
                    maxLength = 2000) String question,
            @Param(value = "With describe: most tokens the client's model may answer with.", defaultValue = "300",
                    min = 16, max = 4000) Integer maxTokens,
            @Param(value = "With describe: seconds to wait for the client's model before answering without its "
                    + "words.", defaultValue = "60", min = 1, max = 600) Integer modelTimeoutS,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param("PNG/JPEG (≤ 4096 px) per image input name, e.g. {\"from\": \"/a.png\"}: gl-transition "
                    + "from/to/samplers, ISF INPUTS/IMPORTED, Shadertoy iChannel0..3 (bufferA.iChannel0). Others get "
                    + "test cards.")
            Map<String, String> images,
            @Param(value = "Frames up to `time`, ≤ 1/60 s apart; default floor(time × 480) + 1, as a 60 fps host. "
                    + "Only feedback effects draw them all.", min = 1, max = 1000)
            Integer frames,
            @Param(value = BatchPage.OFFSET_DOC, defaultValue = "0", min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(value = BatchPage.MODE_DOC, defaultValue = "\"full\"") BatchPage.Mode mode) {
        public RenderEffectFrameArgs {
            describe = describe != null && describe;
            if (!describe) {
                onlyWithDescribe("ask_model", askModel);
                onlyWithDescribe("question", question);
                onlyWithDescribe("max_tokens", maxTokens);
                onlyWithDescribe("model_timeout_s", modelTimeoutS);
            } else {
                describable("width", width);
                describable("height", height);
                if (frames != null) {
                    throw ToolException.invalidArgument("frames", "absent with describe (the description renders "
                            + "the frame at `time` directly)", frames);
                }
            }
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
        }

        private static void onlyWithDescribe(String parameter, Object given) {
            if (given != null) {
                throw ToolException.invalidArgument(parameter, "given only with describe: true", given);
            }
        }

        private static void describable(String parameter, Integer size) {
            if (size != null && (size < 8 || size > 1024)) {
                throw ToolException.invalidArgument(parameter, "from 8 to 1024 with describe", size);
            }
        }
    }

    public record PixelParityArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param(value = WIDTH, defaultValue = "128", min = 1, max = 1024) Integer width,
            @Param(value = HEIGHT, defaultValue = "128", min = 1, max = 1024) Integer height,
            @Param(value = "Times to compare at, each 0..1 over the loop.", defaultValue = "[0.0,0.5]",
                    min = 0, max = 1, maxLength = 8) List<Double> times,
            @Param(value = "Also compare with every numeric global moved off its default.",
                    defaultValue = "true") Boolean moveUniforms,
            @Param(value = "Largest per-channel difference (0–255) that still counts as equal.", defaultValue = "1",
                    min = 0, max = 255) Integer epsilon,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = BatchPage.OFFSET_DOC, defaultValue = "0", min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(value = BatchPage.MODE_DOC, defaultValue = "\"full\"") BatchPage.Mode mode) {
        public PixelParityArgs {
            mode = mode == null ? BatchPage.Mode.full : mode;
            width = width == null ? 128 : width;
            height = height == null ? 128 : height;
            times = times == null || times.isEmpty() ? List.of(0.0, 0.5) : List.copyOf(times);
            moveUniforms = moveUniforms == null || moveUniforms;
            epsilon = epsilon == null ? 1 : epsilon;
        }
    }

    /** What {@code test_uniform_responsiveness} compares a moved uniform's frame with. */
    public enum UniformCheck { responsiveness, passthrough }

    public record UniformResponsivenessArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param(value = "responsiveness: each global's frames vs the base frame; passthrough: filters with every "
                    + "numeric uniform moved vs the input test card.", defaultValue = "\"responsiveness\"")
            UniformCheck check,
            @Param(value = "webgl2, webgpu or both.", defaultValue = "\"both\"")
            EffectCompiler.Backend backend,
            @Param(value = WIDTH, defaultValue = "64", min = 1, max = 1024) Integer width,
            @Param(value = HEIGHT, defaultValue = "64", min = 1, max = 1024) Integer height,
            @Param(value = "Time, 0..1 over the loop (not 0, so uniforms that scale time show).",
                    defaultValue = "0.25", min = 0, max = 1) Double time,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param("Starting values by global or uniform name: the base frame and other globals' trials use them; a "
                    + "global's own trials start from its value here (passthrough keeps them fixed).")
            Map<String, Object> uniforms,
            @Param(value = BatchPage.OFFSET_DOC, defaultValue = "0", min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(value = BatchPage.MODE_DOC, defaultValue = "\"full\"") BatchPage.Mode mode) {
        public UniformResponsivenessArgs {
            check = check == null ? UniformCheck.responsiveness : check;
            mode = mode == null ? BatchPage.Mode.full : mode;
            uniforms = uniforms == null ? Map.of() : uniforms;
            backend = backend == null ? Backend.both : backend;
            width = width == null ? 64 : width;
            height = height == null ? 64 : height;
            time = time == null ? 0.25 : time;
        }
    }

    public record CheckEffectStructureArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(value = BatchPage.OFFSET_DOC, defaultValue = "0", min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.MODE_DOC, defaultValue = "\"full\"") BatchPage.Mode mode) {
        public CheckEffectStructureArgs {
            mode = mode == null ? BatchPage.Mode.full : mode;
        }
    }

    public record BenchmarkEffectArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param(value = "webgl2 or webgpu.", defaultValue = "\"webgl2\"") OneBackend backend,
            @Param(value = "Frames to render back to back, each fenced.", defaultValue = "60", min = 1, max = 1000)
            Integer frames,
            @Param(value = WIDTH, defaultValue = "512", min = 1, max = 2048) Integer width,
            @Param(value = HEIGHT, defaultValue = "512", min = 1, max = 2048) Integer height,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = "meets_target = frames_per_second (1000 / mean ms) ≥ target_fps; null without it.",
                    min = 0.001,
                    max = 100000) Double targetFps,
            @Param(value = BatchPage.OFFSET_DOC, defaultValue = "0", min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(value = BatchPage.MODE_DOC, defaultValue = "\"full\"") BatchPage.Mode mode) {
        public BenchmarkEffectArgs {
            mode = mode == null ? BatchPage.Mode.full : mode;
            backend = singleBackend(backend);
            frames = frames == null ? 60 : frames;
            width = width == null ? 512 : width;
            height = height == null ? 512 : height;
        }
    }

    public record ListEffectsArgs(
            @Param(value = EFFECT, defaultValue = "\"*\"", maxLength = 500)
            String effect,
            @Param(value = "Most effects listed in the preview.", defaultValue = "200", min = 1, max = 1000)
            Integer limit,
            @Param(EFFECTS_ROOT)
            String effectsRoot) {
        public ListEffectsArgs {
            effect = effect == null ? "*" : effect;
            limit = limit == null ? 200 : limit;
        }
    }

    public record GenerateManifestArgs(
            @Param("Effects folder whose manifest.json is written; default FRAMESCOPE_EFFECTS_ROOT or the bundled "
                    + "demos.") String effectsRoot,
            @Param(value = "Report what would change without writing.", defaultValue = "false") Boolean dryRun) {
        public GenerateManifestArgs {
            dryRun = dryRun != null && dryRun;
        }
    }

    public record SearchEffectsArgs(
            @Param(value = "Case-insensitive text in id, name, description, tags, author, license, ISF "
                    + "CATEGORIES/CREDIT, Shadertoy title or manifest entry.", maxLength = 200)
            String query,
            @Param(value = "Java regex matched against each shader source line (every format), e.g. "
                    + "\"texture\\\\(inputTex\".", maxLength = 500) String sourceRegex,
            @Param(value = "Effects to search: id, glob or comma-separated list.", defaultValue = "\"*\"",
                    maxLength = 500) String effect,
            @Param(value = "Most effect matches and most source lines in each preview.", defaultValue = "50",
                    min = 1, max = 500) Integer limit,
            @Param(EFFECTS_ROOT)
            String effectsRoot) {
        public SearchEffectsArgs {
            effect = effect == null ? "*" : effect;
            limit = limit == null ? 50 : limit;
        }
    }

    public record AnalyzeEffectArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param(value = "Width in pixels the cost is counted at.", defaultValue = "512", min = 1,
                    max = 8192) Integer width,
            @Param(value = "Height in pixels the cost is counted at.", defaultValue = "512", min = 1,
                    max = 8192) Integer height,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = BatchPage.OFFSET_DOC, defaultValue = "0", min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.MODE_DOC, defaultValue = "\"full\"") BatchPage.Mode mode) {
        public AnalyzeEffectArgs {
            width = width == null ? 512 : width;
            height = height == null ? 512 : height;
            mode = mode == null ? BatchPage.Mode.full : mode;
        }
    }

    public record CompareShadersArgs(
            @Param(value = EFFECT, required = true, maxLength = 500) String effect,
            @Param(value = BatchPage.LIMIT_DOC, min = 1, max = 100000) Integer limit,
            @Param(EFFECTS_ROOT)
            String effectsRoot,
            @Param(value = BatchPage.OFFSET_DOC, defaultValue = "0", min = 0, max = 100000) Integer offset,
            @Param(value = BatchPage.MODE_DOC, defaultValue = "\"full\"") BatchPage.Mode mode) {
        public CompareShadersArgs {
            mode = mode == null ? BatchPage.Mode.full : mode;
        }
    }
}
