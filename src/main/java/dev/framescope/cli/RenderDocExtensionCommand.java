package dev.framescope.cli;

import dev.framescope.common.Config;
import dev.framescope.renderdoc.bridge.QrenderdocExtension;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "renderdoc-extension", description = "Install FrameScope's bridge as a qrenderdoc extension, so an "
        + "agent can analyse the capture open in your RenderDoc UI (start FrameScope with "
        + "FRAMESCOPE_RENDERDOC_ATTACH=qrenderdoc). Run it while RenderDoc is closed.")
final class RenderDocExtensionCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    @Option(names = "--data-dir", paramLabel = "DIR", description = "qrenderdoc's data folder (default "
            + "$XDG_DATA_HOME/qrenderdoc, else ~/.local/share/qrenderdoc).")
    Path dataDir;

    @Option(names = "--enable", description = "Also mark it 'always load' in UI.config (else enable it in RenderDoc: "
            + "Tools > Manage Extensions).")
    boolean enable;

    RenderDocExtensionCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        Path data = dataDir != null ? dataDir : QrenderdocExtension.dataDir(streams.env());
        Path installed = QrenderdocExtension.install(data);
        streams.out().println("Installed the FrameScope bridge extension in " + installed);
        if (enable) {
            boolean changed = QrenderdocExtension.enable(data);
            streams.out().println((changed ? "Enabled" : "Already enabled") + " in " + data.resolve("UI.config")
                    + " (AlwaysLoad_Extensions)");
        } else {
            streams.out().println("Enable it in RenderDoc: Tools > Manage Extensions > " + QrenderdocExtension.PACKAGE
                    + " > Load (and Always Load), or run this again with --enable while RenderDoc is closed.");
        }
        streams.out().println("It serves " + Config.qrenderdocSpool(streams.env()) + " (or $FRAMESCOPE_RENDERDOC_SPOOL as RenderDoc "
                + "sees it); start FrameScope with FRAMESCOPE_RENDERDOC_ATTACH=qrenderdoc to use it.");
        return ExitCodes.OK;
    }
}
