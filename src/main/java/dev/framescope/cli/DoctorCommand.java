package dev.framescope.cli;

import dev.framescope.common.Json;
import dev.framescope.diagnostics.EnvironmentCheck;
import dev.framescope.diagnostics.EnvironmentChecks;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "doctor", description = "Check the engines FrameScope drives and print the fix for each missing one. "
        + "Exits 1 when a required part is missing.")
final class DoctorCommand implements Callable<Integer> {

    private final FrameScopeCli.Streams streams;

    @Option(names = "--json", description = "Print the checks as JSON.")
    boolean json;

    DoctorCommand(FrameScopeCli.Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() {
        List<EnvironmentCheck> checks = new EnvironmentChecks(streams.config()).run(true);
        boolean requiredMissing = checks.stream().anyMatch(c -> c.required() && !c.ok());
        if (json) {
            streams.out().println(Json.pretty(checks));
        } else {
            streams.out().print(report(checks, TextTable.width(streams.env())));
        }
        return requiredMissing ? ExitCodes.FAILED : ExitCodes.OK;
    }

    static String report(List<EnvironmentCheck> checks, int width) {
        TextTable table = new TextTable("CHECK", "STATUS", "VERSION", "LOCATION", "NEEDED BY");
        for (EnvironmentCheck check : checks) {
            String status = check.ok() ? "ok" : check.required() ? "MISSING" : "missing (optional)";
            table.row(check.name(), status, check.version() == null ? "-" : check.version(), check.location(),
                    check.neededBy());
        }
        StringBuilder text = new StringBuilder(table.render(width));
        for (EnvironmentCheck check : checks) {
            if (!check.ok()) {
                text.append("\n").append(check.name()).append(": ").append(check.detail())
                        .append("\n  fix: ").append(check.fix()).append('\n');
            }
        }
        long missingRequired = checks.stream().filter(c -> c.required() && !c.ok()).count();
        text.append(missingRequired == 0 ? "\nAll required parts are present.\n"
                : "\n" + missingRequired + " required part(s) missing.\n");
        return text.toString();
    }
}
