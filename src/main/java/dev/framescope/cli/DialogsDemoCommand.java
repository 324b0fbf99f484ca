package dev.framescope.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "dialogs-demo", description = "Ask the six demo questions of demo/dialogs/questions.json (ask_plan, "
        + "ask_text, ask_choice twice, ask_confirmation, ask_screenshot) on the dialog page and print each "
        + "answer as the agent gets it. You answer in your browser (the URL is printed), or a scripted person does.")
final class DialogsDemoCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    @Option(names = "--person", defaultValue = "you", description = "you (answer yourself) or browser (a scripted "
            + "person in headless Chromium).")
    String person;

    @Option(names = "--screenshots", paramLabel = "DIR", description = "With --person browser: save a screenshot of "
            + "each question as the page shows it into DIR.")
    Path screenshots;

    DialogsDemoCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        boolean scripted = person.equals("browser");
        if (!scripted && !person.equals("you")) {
            throw new UsageException("--person takes you or browser, was '" + person + "'");
        }
        if (scripted && screenshots != null) {
            OutputOption.checkFolder("--screenshots", screenshots);
        }
        if (scripted) {
            streams.overrides().put("FRAMESCOPE_DIALOG_OPEN_BROWSER", "0");
        }
        streams.overrides().put("FRAMESCOPE_DIALOG_CHANNEL", "page");
        int failed = DialogDemo.run(streams.toolkit(), streams.out(), scripted, scripted ? screenshots : null);
        return failed == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
