package dev.framescope.server;

import dev.framescope.common.Components;
import dev.framescope.common.Config;
import dev.framescope.common.DiagnosticsSection;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.console.ConsoleTools;
import dev.framescope.diagnostics.Diagnostics;
import dev.framescope.diagnostics.DiagnosticsTools;
import dev.framescope.diagnostics.EnvironmentChecks;
import dev.framescope.dialogs.DialogTools;
import dev.framescope.physics.PhysicsTools;
import dev.framescope.physics.store.Recordings;
import dev.framescope.renderdoc.RenderDocTools;
import dev.framescope.shader.ShaderTools;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one list of tool groups in this build, and the shared parts they are built on. Adding a group means adding
 * one line here; {@code serve}, {@code tools}, {@code call}, {@code demo} and the docs all follow.
 */
public final class ToolGroups {

    private ToolGroups() {
    }

    /** Everything a running FrameScope needs: the registry, the invoker that runs calls, and shared state. */
    public record Toolkit(Config config, ToolRegistry registry, ToolInvoker invoker, EnvironmentChecks environment,
                          Components components) {
    }

    public static Toolkit create(Config config) {
        return create(config, ToolSelection.ALL);
    }

    /** The toolkit serving only what {@code selection} keeps (groups, read-only). */
    public static Toolkit create(Config config, ToolSelection selection) {
        CallStats stats = new CallStats();
        Components components = new Components();
        EnvironmentChecks environment = new EnvironmentChecks(config);
        AtomicReference<List<String>> toolNames = new AtomicReference<>(List.of());
        // The console calls the served tools, itself among them: it gets them once they are all known.
        AtomicReference<Toolkit> served = new AtomicReference<>();
        List<ToolGroup> groups = new ArrayList<>(List.of(
                new PhysicsTools(new Recordings(config.recordingDirs())),
                new RenderDocTools(config.python(), config.stateDir(), config.outputDir(), config.renderdocAttach(),
                        components),
                new DialogTools(config.dialogs(), components),
                new ShaderTools(config.chromium(), config.strictBrowser(), config.browserEndpoint(),
                        config.effectsRoot(), config.glslangValidator(), config.stateDir(), config.outputDir(),
                        config.browserMemoryMb(), components, () -> new RegistryCaller(served.get())),
                new ConsoleTools(() -> new RegistryCaller(served.get()), config.stateDir())));
        List<DiagnosticsSection> sections = groups.stream().filter(g -> selection.includesGroup(g.name()))
                .map(ToolGroup::diagnostics).flatMap(Optional::stream).toList();
        groups.add(0, new DiagnosticsTools(new Diagnostics(stats::snapshot, components, environment, toolNames::get,
                sections)));
        ToolRegistry registry = new ToolRegistry(groups, selection);
        toolNames.set(registry.tools().stream().map(ToolDef::name).toList());
        Toolkit toolkit = new Toolkit(config, registry, new ToolInvoker(registry, stats), environment, components);
        served.set(toolkit);
        return toolkit;
    }
}
