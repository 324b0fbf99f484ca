package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Page;
import dev.framescope.common.Bounded;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.Program;
import dev.framescope.shader.harness.BrowserHarness;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code compile_effect}: compiles every program of the selected effects on the browser's real WebGL2 (GLSL ES 3.00,
 * linked with a full-screen vertex shader) and WebGPU (WGSL, {@code getCompilationInfo}) and returns diagnostics
 * with line numbers in the user's files (a {@code #line 1} after the prepended {@code #version}). One failing
 * effect never stops the batch.
 */
public final class EffectCompiler {

    public static final int SCHEMA_VERSION = 1;

    private final BrowserHarness harness;

    public EffectCompiler(BrowserHarness harness) {
        this.harness = harness;
    }

    public enum Backend {
        webgl2, webgpu, both;

        /** The backends a per-backend test runs on: this one, or both (WebGL2 first). */
        List<Backend> each() {
            return this == both ? List.of(webgl2, webgpu) : List.of(this);
        }
    }

    /** The backend of a tool that renders on one per call (so its schema never offers {@code both}). */
    public enum OneBackend {
        webgl2, webgpu;

        public Backend asBackend() {
            return Backend.valueOf(name());
        }
    }

    public record Diagnostic(String pass, String program, String language, String stage, String severity,
                             Integer line, Integer column, String message) {
    }

    public record ProgramResult(String pass, String program, String language, String file, String status,
                                List<Diagnostic> diagnostics) {
    }

    public record EffectResult(String effect, String status, List<ProgramResult> programs, Map<String, Object> error) {
    }

    /** {@code effects}: the results shown (all, or the failures in summary mode); {@code page}: what they cover. */
    public record CompileReport(int schemaVersion, String summary, String effectsRoot, String webgl2Renderer,
                                String webgpuAdapter, BatchPage.Info page, Bounded<EffectResult> effects) {
    }

    public CompileReport compile(EffectLibrary library, String selector, Backend backend, ToolContext context) {
        return compile(library, new ShaderArgs.CompileEffectArgs(selector, backend, null), context);
    }

    public CompileReport compile(EffectLibrary library, ShaderArgs.CompileEffectArgs args, ToolContext context) {
        EffectBatch batch = EffectBatch.select(library, args.effect(), args.offset(), args.limit(), args.mode());
        Backend backend = args.backend();
        String[] renderer = {null, null};
        // One fresh page per browser for the whole call; each effect is compiled in it and fails on its own.
        List<EffectResult> results = batch.spread(harness, 10_000L, context, new EffectBatch.Run<>(
                (page, effect, index) -> compileOne(page, effect, backend, renderer),
                (effect, why) -> new EffectResult(effect.id(), "error", List.of(), Map.of("message", why)),
                (effect, result) -> "compiled " + result.effect() + " (" + result.status() + ")"));
        BatchPage.Answer<EffectResult> answer = batch.answer(results, EffectResult::status, args.mode());
        return new CompileReport(SCHEMA_VERSION, summary(results, backend) + BatchPage.more(answer.page()),
                library.root().toString(), renderer[0], renderer[1], answer.page(), answer.results());
    }

    /**
     * Counts each effect status apart: ok, with errors, unsupported (a feature FrameScope cannot run), not available
     * (no program in the backend's language).
     */
    static String summary(List<EffectResult> results, Backend backend) {
        long ok = results.stream().filter(r -> r.status().equals("ok")).count();
        long missing = results.stream().filter(r -> r.status().equals("not_available")).count();
        long unsupported = results.stream().filter(r -> r.status().equals("unsupported")).count();
        long failed = results.size() - ok - missing - unsupported;
        return results.size() + " effect(s) compiled on " + backend + ": " + ok + " ok, " + failed + " with errors"
                + (unsupported == 0 ? "" : ", " + unsupported + " unsupported")
                + (missing == 0 ? "" : ", " + missing + " not available (no " + (backend == Backend.webgpu ? "WGSL"
                : backend == Backend.webgl2 ? "GLSL" : "program") + " to compile)") + firstError(results) + ".";
    }

    /**
     * An effect's status from its programs': error if any failed, unsupported if one is a kind FrameScope cannot run
     * (a noisemaker WGSL compute shader), not_available if none was there to compile (e.g.
     * a GLSL-only ISF file on WebGPU), else ok (a program missing in one language of two is not a failure).
     */
    static String status(List<ProgramResult> programs) {
        if (programs.stream().anyMatch(p -> !p.status().equals("ok") && !p.status().equals("not_available")
                && !p.status().equals("unsupported"))) {
            return "error";
        }
        if (programs.stream().anyMatch(p -> p.status().equals("unsupported"))) {
            return "unsupported";
        }
        return programs.stream().allMatch(p -> p.status().equals("not_available")) ? "not_available" : "ok";
    }

    private EffectResult compileOne(Page page, Effect effect, Backend backend, String[] renderer) {
        if (effect.unsupported() != null) {
            return new EffectResult(effect.id(), "unsupported", List.of(), Map.of("code", "UNSUPPORTED", "message",
                    effect.unsupported()));
        }
        List<ProgramResult> programs = new ArrayList<>();
        for (Program program : effect.programs()) {
            if (program.refused() != null) {
                programs.add(new ProgramResult(program.pass(), program.name(), "any", null, "error",
                        List.of(new Diagnostic(program.pass(), program.name(), "any", "load", "error", null, null,
                                program.refused()))));
                continue;
            }
            if (backend != Backend.webgpu) {
                programs.add(program.glsl() == null ? missing(program, "glsl")
                        : run(page, effect, program, "glsl", program.glsl(), renderer, 0));
            }
            String computeOnly = effect.format().wgslUnsupported(program);
            if (backend != Backend.webgl2 && computeOnly != null) {
                programs.add(new ProgramResult(program.pass(), program.name(), "wgsl", program.wgsl().toString(),
                        "unsupported", List.of(new Diagnostic(program.pass(), program.name(), "wgsl", "backend",
                        "warning", null, null, computeOnly))));
            } else if (backend != Backend.webgl2) {
                programs.add(program.wgsl() == null ? missing(program, "wgsl")
                        : run(page, effect, program, "wgsl", program.wgsl(), renderer, 1));
            }
        }
        String status = status(programs);
        if (status.equals("unsupported")) {
            String message = programs.stream().filter(p -> p.status().equals("unsupported"))
                    .map(p -> p.diagnostics().get(0).message()).findFirst().orElse("UNSUPPORTED");
            return new EffectResult(effect.id(), status, programs, Map.of("code", "UNSUPPORTED", "message", message));
        }
        return new EffectResult(effect.id(), status, programs, null);
    }

    private static ProgramResult missing(Program program, String language) {
        return new ProgramResult(program.pass(), program.name(), language, null, "not_available", List.of());
    }

    private static ProgramResult run(Page page, Effect effect, Program program, String language, Path file,
                                     String[] renderer, int slot) {
        JsonNode result = Json.mapper().valueToTree(compile(page, effect, program, file, slot));
        if (result.has("unavailable")) {
            return new ProgramResult(program.pass(), program.name(), language, file.toString(), "unavailable",
                    List.of(new Diagnostic(program.pass(), program.name(), language, "backend", "error", null, null,
                            result.get("unavailable").asText())));
        }
        renderer[slot] = result.path(slot == 0 ? "renderer" : "adapter").asText(renderer[slot]);
        List<Diagnostic> diagnostics = new ArrayList<>();
        for (JsonNode d : result.path("diagnostics")) {
            diagnostics.add(PageDiagnostics.of(d, effect, program, language));
        }
        if (result.has("fell_back")) {
            diagnostics.add(new Diagnostic(program.pass(), program.name(), language, "version", "info", null, null,
                    PageDiagnostics.fellBack(result.get("fell_back").asText())));
        }
        for (JsonNode d : result.path("fallback_diagnostics")) {
            diagnostics.add(new Diagnostic(program.pass(), program.name(), language, d.path("stage").asText(),
                    d.path("severity").asText("error"), d.path("line").isNumber() ? d.get("line").asInt() : null,
                    d.path("column").isNumber() ? d.get("column").asInt() : null,
                    "as GLSL ES 1.00 (tried because GLSL ES 3.00 failed): " + d.path("message").asText()));
        }
        return new ProgramResult(program.pass(), program.name(), language, file.toString(),
                result.path("ok").asBoolean() ? "ok" : "error", diagnostics);
    }

    /**
     * The page's answer for one program: GLSL (slot 0) linked with the format's vertex stage, or with its own
     * stages and a GLSL ES 1.00 fallback (an ISF pass); WGSL (slot 1) through getCompilationInfo.
     */
    private static Object compile(Page page, Effect effect, Program program, Path file, int slot) {
        String source = effect.source(program, file);
        if (slot == 1) {
            return page.evaluate("source => framescope.compileWgsl(source)", source);
        }
        Map<String, Object> stages = effect.format().glslStages(effect, program);
        if (!stages.isEmpty()) {
            Map<String, Object> primary = new HashMap<>(stages);
            primary.put("source", source);
            return page.evaluate("([p]) => framescope.compileIsf(p, p.fallback)", List.of(primary));
        }
        // A GLSL program may ask for GLSL ES 1.00 (gl-transitions); the runtime then links a 1.00 vertex shader.
        return page.evaluate("([source, version, vertex]) => framescope.compileGlsl(source, {}, version, vertex)",
                Arrays.asList(source, program.spec().path("glslVersion").asText("300 es"),
                        effect.format().glslVertex(effect, program, null)));
    }

    private static String firstError(List<EffectResult> results) {
        for (EffectResult r : results) {
            for (ProgramResult p : r.programs()) {
                for (Diagnostic d : p.diagnostics()) {
                    if (d.severity().equals("error")) {
                        return "; first: " + r.effect() + " " + p.language() + " line " + d.line() + ": " + d.message();
                    }
                }
            }
        }
        return "";
    }
}
